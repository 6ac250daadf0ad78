package io.hbench.hdfs.fsops;

import io.hbench.core.fs.OperationStats;
import io.hbench.core.report.SweepTable;
import io.hbench.core.result.OperationSummary;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.ConcurrentLoad;
import io.hbench.core.stats.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One repeat's figures, named after fs_benchmark_tool's counters. Times are summed over threads
 * ({@code ReadTime}: divide by threads for one thread's), rates are over the wall-clock window
 * of all threads ({@code ReadRate}: the aggregate), totals are summed ({@code ReadTotal}).
 */
record FsOpsFigures(
    FsOperation op, long calls, long failed, Map<String, Long> failureTypes, long bytes,
    double wallSeconds, double callSeconds, double openSeconds, OperationSummary.Latency latency) {

  static FsOpsFigures of(FsOperation op, ConcurrentLoad.Result r) {
    OperationStats s = r.tally().stats(op.text());
    OperationStats open = r.tally().stats("open");
    return new FsOpsFigures(op, s.calls(), s.failures(), r.tally().failures(op.text()), s.bytes(),
        r.wallNanos() / 1e9, s.timedNanos() / 1e9, open.timedNanos() / 1e9,
        OperationSummary.of(s, true).latencyUs());
  }

  Map<String, Object> asMap() {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("calls", calls);
    m.put("failures", failed);
    if (!failureTypes.isEmpty()) {
      m.put("failure_types", failureTypes);
    }
    m.put("wall_s", round(wallSeconds));
    m.put("calls_per_s", round(wallSeconds <= 0 ? 0 : calls / wallSeconds));
    m.put("cost_ms", round(calls == 0 ? 0 : callSeconds * 1000 / calls));
    switch (op.kind) {
      case WRITE -> {
        m.put("write_time_s", round(callSeconds));
        m.put("write_total_bytes", bytes);
        m.put("write_rate_bytes_s", round(wallSeconds <= 0 ? 0 : bytes / wallSeconds));
      }
      case READ -> {
        m.put("open_reader_time_s", round(openSeconds));
        m.put("read_time_s", round(callSeconds));
        m.put("read_total_bytes", bytes);
        m.put("read_rate_bytes_s", round(wallSeconds <= 0 ? 0 : bytes / wallSeconds));
      }
      case META -> { }
    }
    if (latency != null) {
      m.put("latency_us", latency);
    }
    return m;
  }

  private static double round(double v) {
    return Math.round(v * 1e6) / 1e6;
  }

  /** The figures a table shows for an operation of this kind: key in the record, heading. */
  private static List<String[]> columns(FsOperation.Kind kind) {
    List<String[]> c = new ArrayList<>();
    c.add(new String[] {"wall_s", "Time s"});
    switch (kind) {
      case WRITE -> {
        c.add(new String[] {"write_rate_bytes_s", "WriteRate MB/s"});
        c.add(new String[] {"write_time_s", "WriteTime s"});
        c.add(new String[] {"write_total_bytes", "WriteTotal MB"});
      }
      case READ -> {
        c.add(new String[] {"open_reader_time_s", "OpenReaderTime s"});
        c.add(new String[] {"read_rate_bytes_s", "ReadRate MB/s"});
        c.add(new String[] {"read_time_s", "ReadTime s"});
        c.add(new String[] {"read_total_bytes", "ReadTotal MB"});
      }
      case META -> {
        c.add(new String[] {"calls_per_s", "calls/s"});
        c.add(new String[] {"cost_ms", "Cost ms"});
      }
    }
    c.add(new String[] {"p50", "p50 ms"});
    c.add(new String[] {"p99", "p99 ms"});
    return c;
  }

  private static double value(Map<String, Object> f, String key) {
    if (key.equals("p50") || key.equals("p99")) {
      OperationSummary.Latency l = OperationSummary.Latency.from(f.get("latency_us"));
      return l == null ? 0 : (key.equals("p50") ? l.p50() : l.p99()) / 1000;
    }
    double v = f.get(key) instanceof Number n ? n.doubleValue() : 0;
    return key.endsWith("_bytes_s") || key.endsWith("_bytes") ? v / (1 << 20) : v;
  }

  /**
   * The seed's table: every repeat, then mean, median, stddev, cv, min and max over the repeats
   * after the warm-up ones.
   */
  static String report(List<ResultRecord> records) {
    List<ResultRecord> ok = records.stream().filter(ResultRecord::ok).toList();
    if (ok.isEmpty()) {
      return null;
    }
    FsOperation op = FsOperation.parse(String.valueOf(ok.get(0).params().get("op")));
    int warmup = Integer.parseInt(ok.get(0).options().getOrDefault("warmup", "0"));
    List<String[]> cols = columns(op.kind);
    List<String> header = new ArrayList<>(List.of("fsops/" + op.text(), "threads", "iterations"));
    for (String[] c : cols) {
      header.add(c[1]);
    }
    List<List<String>> rows = new ArrayList<>();
    List<double[]> summarized = new ArrayList<>();
    for (ResultRecord r : ok) {
      PhaseResult p = r.phase(op.text());
      if (p == null || p.figures() == null) {
        continue;
      }
      double[] v = new double[cols.size()];
      List<String> row = new ArrayList<>(List.of(
          "repeat " + r.repeat() + (r.repeat() <= warmup ? " (warm-up)" : ""),
          String.valueOf(r.params().get("threads")), String.valueOf(r.params().get("iterations"))));
      for (int i = 0; i < cols.size(); i++) {
        v[i] = value(p.figures(), cols.get(i)[0]);
        row.add(fmt(v[i]));
      }
      rows.add(row);
      if (r.repeat() > warmup) {
        summarized.add(v);
      }
    }
    if (summarized.size() > 1) {
      for (String stat : List.of("mean", "median", "stddev", "cv %", "min", "max")) {
        List<String> row = new ArrayList<>(List.of(stat, "", ""));
        for (int i = 0; i < cols.size(); i++) {
          double[] xs = new double[summarized.size()];
          for (int k = 0; k < xs.length; k++) {
            xs[k] = summarized.get(k)[i];
          }
          Spread s = Spread.of(xs);
          double out = switch (stat) {
            case "mean" -> s.mean();
            case "median" -> s.median();
            case "stddev" -> s.stddev();
            case "cv %" -> s.cv() * 100;
            case "min" -> s.min();
            default -> s.max();
          };
          row.add(fmt(out));
        }
        rows.add(row);
      }
    }
    return "File system operations\n"
        + SweepTable.layout(header, rows)
        + "Time: the threads' wall-clock window; *Time s: summed over threads; *Rate: *Total over"
        + " the window (all threads); MB: 2^20 bytes. Summary over repeats "
        + (warmup + 1) + ".." + ok.size() + (warmup > 0 ? " (--warmup " + warmup + " left out)" : "") + ".\n";
  }

  private static String fmt(double v) {
    return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.1f", v)
        : String.format(Locale.ROOT, "%.4g", v);
  }
}
