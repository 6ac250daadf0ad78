package io.hbench.hdfs.namenode;

import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.ServerCalls;

/**
 * nnthroughput's load: one NameNode operation repeated by its clients. Over RPC the namespace
 * operations are opened from the options alone, each process taking its share of the names, so
 * that {@code --maps} map tasks issue them as one client process would (one client process
 * cannot saturate a strong NameNode: HDFS-17272). A NameNode in this process ({@code --mode
 * direct}) and the simulated datanodes of blockReport and replication are this process's: their
 * clients use what the point prepared ({@link LoadScope#prepared}).
 */
final class NameNodeLoad implements LoadSpec {

  @Override
  public String operation(OptionValues o, Point point) {
    return point.get(NnThroughputBenchmark.OPERATION).text;
  }

  @Override
  public int threads(OptionValues o, Point point) {
    NameNodeOp op = point.get(NnThroughputBenchmark.OPERATION);
    if (op.singleClient()) {
      return 1;
    }
    return op == NameNodeOp.BLOCK_REPORT ? o.get(NnThroughputBenchmark.SIMULATED_DATANODES)
        : o.get(NnThroughputBenchmark.THREADS);
  }

  /**
   * The NameNode methods each namespace operation calls over RPC; none with {@code --mode
   * direct}, where the NameNode in this process counts no RPCs. The datanode operations are not
   * the client protocol's.
   */
  @Override
  public ServerCalls serverCalls(OptionValues o, Point point) {
    NameNodeOp op = point.get(NnThroughputBenchmark.OPERATION);
    if (NnThroughputBenchmark.direct(o)) {
      return ServerCalls.NONE;
    }
    return switch (op) {
      case CREATE -> ServerCalls.NONE.nameNode(op.text, "create", "complete");
      case MKDIRS -> ServerCalls.NONE.nameNode(op.text, "mkdirs");
      case OPEN -> ServerCalls.NONE.nameNode(op.text, "getBlockLocations");
      case DELETE -> ServerCalls.NONE.nameNode(op.text, "delete");
      case FILE_STATUS -> ServerCalls.NONE.nameNode(op.text, "getFileInfo");
      case RENAME -> ServerCalls.NONE.nameNode(op.text, "rename");
      case BLOCK_REPORT, REPLICATION, CLEAN -> ServerCalls.NONE;
    };
  }

  /** In {@link NameNodeWorkload}, so that this class loads without Hadoop. */
  @Override
  public LoadClients open(LoadScope scope) throws Exception {
    return NameNodeWorkload.clients(scope);
  }

  /** The replication op's figure: block copies scheduled per second of the load's window. */
  @Override
  public void figures(LoadResult r, LoadScope scope, PhaseFigures into) {
    if (scope.point().get(NnThroughputBenchmark.OPERATION) != NameNodeOp.REPLICATION) {
      return;
    }
    long scheduled = r.count(NameNodeWorkload.REPLICATIONS_SCHEDULED);
    double seconds = r.wallNanos() / 1e9;
    into.figure(NameNodeFields.REPLICATIONS_SCHEDULED, scheduled);
    into.metric(NameNodeFields.REPLICATIONS_PER_S.value(
        Math.round((seconds <= 0 ? 0 : scheduled / seconds) * 1000) / 1000.0));
  }
}
