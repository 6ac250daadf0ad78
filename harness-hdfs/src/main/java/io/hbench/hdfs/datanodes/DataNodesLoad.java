package io.hbench.hdfs.datanodes;

import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;

/**
 * The datanodes suite's load: one client per process writing, one at a time, files each pinned
 * to its target (a DataNode alone, or an ordered pair of them as a two-replica pipeline), then
 * in a second phase reading them back. Each call names its operation after its phase and
 * target ({@code write 10.0.0.5:9866}), so that the core keeps every target's calls apart and
 * merges them over map tasks; {@link DataNodesVerdict} makes the targets' figures and names the
 * slow ones.
 */
final class DataNodesLoad implements LoadSpec {

  /** The phases a point's loads run as. */
  static final String WRITE = "write";
  static final String READ = "read";

  /** What the progress line counts; each call names its own operation. */
  @Override
  public String operation(OptionValues o, Point point) {
    return "files";
  }

  /** One file at a time per process, so that a target's time is its own. */
  @Override
  public int threads(OptionValues o, Point point) {
    return 1;
  }

  /** A fixed set of files, whatever the duration. */
  @Override
  public boolean timed(OptionValues options, Point point) {
    return false;
  }

  /** In {@link DataNodesCalls}, so that this class loads without Hadoop. */
  @Override
  public LoadClients open(LoadScope scope) throws Exception {
    return DataNodesCalls.clients(scope);
  }

  @Override
  public void figures(LoadResult merged, LoadScope scope, PhaseFigures into) {
    DataNodesVerdict.figures(merged, scope, into);
  }
}
