package io.hbench.hbase;

import io.hbench.core.LoadOptions;
import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.ServerCalls;

/**
 * {@code bench ycsb}'s load: {@code --threads} clients per process making YCSB's inserts (the
 * load phase) or its operations (the run phase, each call recorded as the operation it made).
 */
final class YcsbLoad implements LoadSpec {

  /** The operation of the run phase's load: every call names its own (read, update, ...). */
  static final String RUN_OP = "operation";

  @Override
  public String operation(OptionValues o, Point point) {
    return load(point) ? "insert" : RUN_OP;
  }

  private static boolean load(Point point) {
    return point.get(YcsbFields.PHASE) == YcsbOptions.Phase.LOAD;
  }

  /** The load phase inserts its records once, whatever the duration: they are then counted. */
  @Override
  public boolean timed(OptionValues o, Point point) {
    return LoadOptions.timed(o) && !load(point);
  }

  @Override
  public int threads(OptionValues o, Point point) {
    return o.get(YcsbOptions.THREADS);
  }

  /**
   * Each operation's RegionServer calls: YCSB's HBase binding sends every write alone ({@code
   * Table.put}), as hbench does; a scan is many RPCs, so its time is not one call's.
   */
  @Override
  public ServerCalls serverCalls(OptionValues o, Point point) {
    return load(point) ? ServerCalls.NONE.regionServer("insert", "put")
        : ServerCalls.NONE.regionServer(YcsbClients.Ops.READ.op, "get")
            .regionServer(YcsbClients.Ops.UPDATE.op, "put")
            .regionServer(YcsbClients.Ops.INSERT.op, "put")
            .regionServer(YcsbClients.Ops.READ_MODIFY_WRITE.op, "get", "put")
            .regionServer(YcsbClients.RMW_READ, "get")
            .regionServer(YcsbClients.RMW_WRITE, "put");
  }

  /** In {@link YcsbClients}, so that this class loads without HBase ({@code bench.jar --help}). */
  @Override
  public LoadClients open(LoadScope scope) throws Exception {
    return YcsbClients.clients(scope);
  }

  /** The headline over the clients' common window: rows inserted or operations made per second. */
  @Override
  public void figures(LoadResult r, LoadScope scope, PhaseFigures into) {
    boolean load = load(scope.point());
    into.metric((load ? YcsbFields.ROWS_PER_S : YcsbFields.OPS_PER_S).value(r.callsPerSecond()));
    if (r.counts().containsKey(YcsbClients.ROWS_RETURNED)) {
      into.metric(YcsbFields.ROWS_RETURNED.value(r.count(YcsbClients.ROWS_RETURNED)));
    }
  }
}
