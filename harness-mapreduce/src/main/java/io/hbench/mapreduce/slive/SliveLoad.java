package io.hbench.mapreduce.slive;


import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.ServerCalls;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Slive's load: one client per process (a map task, or this process with {@code --maps 0})
 * issuing {@code --ops-per-map} operations picked at random from the mix over a shared
 * namespace of {@code --files} file names in about sqrt(files) directories. A failed operation
 * (no such file, file exists, rename refused) is counted by its type; it does not stop the
 * client. The core times each call and merges the clients' figures.
 */
final class SliveLoad implements LoadSpec {

  /** Under the point's directory: the namespace every client works in. */
  static final String NAMESPACE = "namespace";

  /** A task of SliveTest is one client. */
  @Override
  public int defaultMaps() {
    return 4;
  }

  @Override
  public String operation(OptionValues o, Point point) {
    return "slive";
  }

  @Override
  public int threads(OptionValues o, Point point) {
    return 1;
  }

  /**
   * On HDFS, the operations that only ask the NameNode; create, read and append move data, so
   * their time is not one call's.
   */
  @Override
  public ServerCalls serverCalls(OptionValues o, Point point) {
    return ServerCalls.NONE
        .nameNode(SliveOperation.LS.text(), "getListing")
        .nameNode(SliveOperation.MKDIR.text(), "mkdirs")
        .nameNode(SliveOperation.RENAME.text(), "rename", "rename2")
        .nameNode(SliveOperation.DELETE.text(), "delete");
  }

  /** In {@link SliveCalls}, so that this class loads without Hadoop ({@code bench.jar --help}). */
  @Override
  public LoadClients open(LoadScope scope) throws IOException {
    return SliveCalls.clients(scope);
  }

  /**
   * The rate of the whole mix over the clients' window, and SliveTest's own per operation (per
   * second spent in that operation: one client's view, not compared).
   */
  @Override
  public void figures(LoadResult r, LoadScope scope, PhaseFigures into) {
    into.metric(OperationLoad.OPS_PER_S.value(round(r.callsPerSecond())));
    Map<String, Double> opTime = new LinkedHashMap<>();
    r.tally().stats().forEach((op, s) -> opTime.put(op,
        round(s.totalNanos() <= 0 ? 0 : s.calls() / (s.totalNanos() / 1e9))));
    into.figure(SliveFields.OPS_PER_S_OP_TIME, opTime);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
