package io.hbench.hdfs.namenode;

import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.Metric;

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

  @Override
  public LoadClients open(LoadScope scope) throws Exception {
    NameNodeOp op = scope.point().get(NnThroughputBenchmark.OPERATION);
    if (NnThroughputBenchmark.direct(scope.options()) || op.usesDatanodes()
        || op == NameNodeOp.CLEAN) {
      NameNodeWorkload w = scope.prepared(NameNodeWorkload.class);
      return new LoadClients(w.perClient(), w.call(), null);
    }
    NameNodeWorkload.Settings s = NnThroughputBenchmark.settings(scope.options(),
        scope.configuration(), op);
    String root = NnThroughputBenchmark.root(scope.options(), op, scope.fileSystem(),
        scope.directories().base(), scope.pointDirectory());
    String opDir = root + "/" + op.text;
    NameLayout all = op == NameNodeOp.MKDIRS
        ? new NameLayout(opDir, s.dirsPerDir(), s.dirs())
        : new NameLayout(opDir, s.filesPerDir(), s.files());
    long[] share = LoadPlan.split(all.size(), scope.processes());
    long first = NameNodeWorkload.offsets(share)[scope.process()];
    RemoteNameNode nn = RemoteNameNode.of(scope.fileSystem());
    NameNodeWorkload w = new NameNodeWorkload(op, s, nn, root, "hbench-m" + scope.process() + "-");
    w.useNames(all.slice(first, share[scope.process()]));
    return new LoadClients(w.perClient(), w.call(), nn);
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
    into.metric(Metric.of("replications_per_s", Metric.OPS_PER_SECOND,
        Math.round((seconds <= 0 ? 0 : scheduled / seconds) * 1000) / 1000.0, Metric.Better.HIGHER));
  }
}
