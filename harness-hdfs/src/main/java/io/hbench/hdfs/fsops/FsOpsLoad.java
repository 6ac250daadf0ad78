package io.hbench.hdfs.fsops;

import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import java.io.IOException;

/**
 * fsops's load: {@code --threads} clients per process, client c on {@code test_c}, each making
 * {@code --iterations} calls of one operation. The same in this process and in every map task of
 * {@code --maps}. Like every load, it loads without Hadoop: the clients are opened by {@link
 * FsOpsCalls}.
 */
final class FsOpsLoad implements LoadSpec {

  /** Under the base directory: the clients' files, kept between runs for the reads. */
  static final String DATA = "data";

  @Override
  public String operation(OptionValues o, Point point) {
    return o.get(FsOpsOptions.OP).text();
  }

  @Override
  public int threads(OptionValues o, Point point) {
    return o.get(FsOpsOptions.OP) == FsOperation.CLEAN ? 1 : o.get(FsOpsOptions.THREADS);
  }

  /** In {@link FsOpsCalls}, so that this class loads without Hadoop ({@code bench.jar --help}). */
  @Override
  public LoadClients open(LoadScope scope) throws IOException {
    return FsOpsCalls.clients(scope);
  }

  /** fs_benchmark_tool's summed times, which no comparison reads. */
  @Override
  public void figures(LoadResult r, LoadScope scope, PhaseFigures into) {
    FsOperation op = scope.options().get(FsOpsOptions.OP);
    double callSeconds = seconds(r.tally().stats(op.text()).timedNanos());
    switch (op.kind) {
      case WRITE -> into.figure(FsOpsFields.WRITE_TIME, callSeconds);
      case READ -> into.figure(FsOpsFields.OPEN_READER_TIME,
          seconds(r.tally().stats("open").timedNanos())).figure(FsOpsFields.READ_TIME, callSeconds);
      case META -> into.figure(FsOpsFields.CALL_TIME, callSeconds);
    }
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e3) / 1e6;
  }
}
