package io.hbench.hdfs.namenode;

import io.hbench.core.LoadFacts;
import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * How nnthroughput's records are read: every operation's rate leads, as NNThroughputBenchmark
 * reports it, and its table, from each record's operation load: operations, elapsed time (the
 * clients' wall-clock window), operations per second over it, and average time per operation,
 * plus latency percentiles.
 */
public final class NameNodeReport implements SuiteReport {

  @Override
  public String suite() {
    return "nnthroughput";
  }

  @Override
  public Set<String> headlines() {
    return Set.of(OperationLoad.OPS_PER_S.ofEveryOperation(), NameNodeFields.REPLICATIONS_PER_S.name());
  }

  /** The table shows every figure; the common table's one column per phase would not fit. */
  @Override
  public boolean commonTable() {
    return false;
  }

  /** The run's table: one row per operation and repeat, NNThroughputBenchmark's columns first. */
  @Override
  public Table table(List<ResultRecord> records) {
    List<String> header =
        List.of("op", "mode", "clients", "ops", "elapsed ms", "ops/s", "avg ms", "p50 us",
            "p99 us", "max us", "failed");
    List<List<String>> rows = new ArrayList<>();
    boolean repeats = records.stream().anyMatch(x -> x.repeat() > 1);
    for (ResultRecord r : records) {
      if (r.param(NameNodeFields.OP) == null) {
        continue; // a record without its operation has no row
      }
      String op = r.param(NameNodeFields.OP).text;
      PhaseResult p = r.ok() ? r.phase(op) : null;
      OperationLoad l = p == null ? null : p.load(op);
      if (l == null) {
        continue;
      }
      OperationLoad.Latency lat = l.latencyMs();
      rows.add(List.of(
          repeats ? op + " #" + r.repeat() : op,
          r.param(NameNodeFields.MODE)
              + (r.param(LoadFacts.MAPS) != null ? " x" + r.param(LoadFacts.MAPS) + " maps" : ""),
          String.valueOf(r.param(LoadFacts.CLIENTS)),
          String.valueOf(l.calls()),
          fmt(l.windowSeconds() * 1000, 0),
          fmt(l.opsPerSecond(), 1),
          lat == null ? "-" : fmt(lat.mean(), 3),
          lat == null ? "-" : fmt(lat.p50() * 1000, 0),
          lat == null ? "-" : fmt(lat.p99() * 1000, 0),
          lat == null ? "-" : fmt(lat.max() * 1000, 0),
          String.valueOf(l.failures())));
    }
    if (rows.isEmpty()) {
      return null;
    }
    return Table.of("NameNode throughput", header, rows,
        "ops/s: operations over the clients' wall-clock window (NNThroughputBenchmark's 'Ops per"
        + " sec'); avg ms: time inside one call, mean (its 'Average Time', here not rounded to"
        + " whole ms).");
  }

  private static String fmt(Double v, int decimals) {
    return v == null ? "-" : NumberText.fixed(v, decimals);
  }
}
