package io.hbench.hdfs.namenode;

import io.hbench.core.fs.OperationStats;
import io.hbench.core.report.SweepTable;
import io.hbench.core.result.OperationSummary;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.OperationTally;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * NNThroughputBenchmark's figures for one operation, plus latency percentiles: operations,
 * elapsed time (the clients' wall-clock window), operations per second over it, and average
 * time per operation (total time in the calls / operations).
 */
record NameNodeFigures(
    String op, long ops, long failed, double elapsedSeconds, OperationStats stats,
    Map<String, Long> failureTypes) {

  static NameNodeFigures of(String op, OperationTally tally, long wallNanos) {
    OperationStats s = tally.stats(op);
    return new NameNodeFigures(op, s.calls(), s.failures(), wallNanos / 1e9, s, tally.failures(op));
  }

  double opsPerSecond() {
    return elapsedSeconds <= 0 ? 0 : ops / elapsedSeconds;
  }

  Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("ops", ops);
    m.put("failures", failed);
    if (!failureTypes.isEmpty()) {
      m.put("failure_types", failureTypes);
    }
    m.put("elapsed_ms", NnThroughputBenchmark.round(elapsedSeconds * 1000));
    m.put("ops_per_s", NnThroughputBenchmark.round(opsPerSecond()));
    m.put("average_time_ms", NnThroughputBenchmark.round(stats.meanTimedNanos() / 1e6));
    OperationSummary.Latency l = OperationSummary.of(stats, true).latencyUs();
    if (l != null) {
      m.put("latency_us", l);
    }
    return m;
  }

  /** The run's table: one row per operation and repeat, NNThroughputBenchmark's columns first. */
  static String report(List<ResultRecord> records) {
    List<String> header =
        List.of("op", "mode", "clients", "ops", "elapsed ms", "ops/s", "avg ms", "p50 us",
            "p99 us", "max us", "failed");
    List<List<String>> rows = new ArrayList<>();
    for (ResultRecord r : records) {
      String op = String.valueOf(r.params().get("op"));
      PhaseResult p = r.ok() ? r.phase(op) : null;
      if (p == null || p.figures() == null) {
        continue;
      }
      Map<String, Object> f = p.figures();
      OperationSummary.Latency l = OperationSummary.Latency.from(f.get("latency_us"));
      rows.add(List.of(
          r.repeat() > 1 || records.stream().anyMatch(x -> x.repeat() > 1) ? op + " #" + r.repeat() : op,
          String.valueOf(r.params().get("mode")) + (r.params().containsKey("maps") ? " x" + r.params().get("maps") + " maps" : ""),
          String.valueOf(r.params().get("clients")),
          String.valueOf(f.get("ops")),
          fmt(f.get("elapsed_ms"), "%.0f"),
          fmt(f.get("ops_per_s"), "%.1f"),
          fmt(f.get("average_time_ms"), "%.3f"),
          l == null ? "-" : fmt(l.p50(), "%.0f"),
          l == null ? "-" : fmt(l.p99(), "%.0f"),
          l == null ? "-" : fmt(l.max(), "%.0f"),
          String.valueOf(f.get("failures"))));
    }
    if (rows.isEmpty()) {
      return null;
    }
    return "NameNode throughput\n"
        + SweepTable.layout(header, rows)
        + "ops/s: operations over the clients' wall-clock window (NNThroughputBenchmark's 'Ops per"
        + " sec'); avg ms: time inside one call, mean (its 'Average Time', here not rounded to"
        + " whole ms).\n";
  }

  private static String fmt(Object v, String format) {
    return v instanceof Number n ? String.format(Locale.ROOT, format, n.doubleValue()) : "-";
  }
}
