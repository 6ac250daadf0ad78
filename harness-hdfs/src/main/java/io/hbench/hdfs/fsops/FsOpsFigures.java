package io.hbench.hdfs.fsops;

import io.hbench.core.load.LoadResult;
import io.hbench.core.report.Table;
import io.hbench.core.result.Metric;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * fsops's table, in fs_benchmark_tool's terms, read from the records' typed metrics and loads;
 * and the two figures of that tool the common vocabulary has no name for, kept as extras: the
 * time inside the calls summed over threads ({@code write_time_s}, {@code read_time_s}: divide
 * by threads for one thread's) and, for reads, the part of it spent opening ({@code
 * open_reader_time_s}).
 */
final class FsOpsFigures {

  private FsOpsFigures() {}

  /** The seed tool's summed times, which no comparison reads. */
  static Map<String, Object> extras(FsOperation op, LoadResult r) {
    Map<String, Object> m = new LinkedHashMap<>();
    double callSeconds = r.tally().stats(op.text()).timedNanos() / 1e9;
    switch (op.kind) {
      case WRITE -> m.put("write_time_s", round(callSeconds));
      case READ -> {
        m.put("open_reader_time_s", round(r.tally().stats("open").timedNanos() / 1e9));
        m.put("read_time_s", round(callSeconds));
      }
      case META -> m.put("call_time_s", round(callSeconds));
    }
    return m;
  }

  private static double round(double v) {
    return Math.round(v * 1e6) / 1e6;
  }

  /** A column: heading, and how to read it from an operation's phase. */
  private record Column(String heading, java.util.function.ToDoubleBiFunction<PhaseResult, String> value) {}

  private static Column metric(String heading, String name, double scale) {
    return new Column(heading, (p, op) -> {
      Metric m = p.metric(op, name);
      return m == null ? 0 : m.value() * scale;
    });
  }

  private static Column figure(String heading, String key) {
    return new Column(heading, (p, op) ->
        p.figures() != null && p.figures().get(key) instanceof Number n ? n.doubleValue() : 0);
  }

  /** The figures a table shows for an operation of this kind. */
  private static List<Column> columns(FsOperation.Kind kind) {
    List<Column> c = new ArrayList<>();
    c.add(new Column("Time s", (p, op) -> {
      OperationLoad l = p.load(op);
      return l == null ? 0 : l.windowSeconds();
    }));
    switch (kind) {
      case WRITE -> {
        c.add(metric("WriteRate MB/s", "mb_per_s", 1));
        c.add(figure("WriteTime s", "write_time_s"));
        c.add(metric("WriteTotal MB", "bytes", 1.0 / (1 << 20)));
      }
      case READ -> {
        c.add(figure("OpenReaderTime s", "open_reader_time_s"));
        c.add(metric("ReadRate MB/s", "mb_per_s", 1));
        c.add(figure("ReadTime s", "read_time_s"));
        c.add(metric("ReadTotal MB", "bytes", 1.0 / (1 << 20)));
      }
      case META -> {
        c.add(metric("calls/s", "ops_per_s", 1));
        c.add(metric("Cost ms", "latency_mean", 1));
      }
    }
    c.add(metric("p50 ms", "latency_p50", 1));
    c.add(metric("p99 ms", "latency_p99", 1));
    return c;
  }

  /**
   * The seed's table: every repeat, then mean, median, stddev, cv, min and max over the repeats
   * after the warm-up ones.
   */
  static Table report(List<ResultRecord> records) {
    List<ResultRecord> ok = records.stream().filter(ResultRecord::ok).toList();
    if (ok.isEmpty()) {
      return null;
    }
    FsOperation op = FsOperation.parse(String.valueOf(ok.get(0).params().get("op")));
    long warmup = ok.stream().filter(ResultRecord::isWarmup).count();
    List<Column> cols = columns(op.kind);
    List<String> header = new ArrayList<>(List.of("fsops/" + op.text(), "clients", "iterations"));
    cols.forEach(c -> header.add(c.heading()));
    List<List<String>> rows = new ArrayList<>();
    List<double[]> summarized = new ArrayList<>();
    for (ResultRecord r : ok) {
      PhaseResult p = r.phase(op.text());
      if (p == null || p.load(op.text()) == null) {
        continue;
      }
      double[] v = new double[cols.size()];
      Object clients = r.params().getOrDefault("clients", r.params().get("threads"));
      List<String> row = new ArrayList<>(List.of(
          "repeat " + r.repeat() + (r.isWarmup() ? " (warm-up)" : ""),
          String.valueOf(clients), String.valueOf(r.params().get("iterations"))));
      for (int i = 0; i < cols.size(); i++) {
        v[i] = cols.get(i).value().applyAsDouble(p, op.text());
        row.add(fmt(v[i]));
      }
      rows.add(row);
      if (!r.isWarmup()) {
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
    return Table.of("File system operations", header, rows,
        "Time: the calls' wall-clock window (first start to last end, all threads); *Time s:"
        + " summed over threads; *Rate: *Total over the window; MB: 2^20 bytes. Summary over"
        + " the " + summarized.size() + " ok repeat(s) after the warm-up"
        + (warmup > 0 ? " (--warmup " + warmup + " left out)" : "") + ".");
  }

  private static String fmt(double v) {
    return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.1f", v)
        : String.format(Locale.ROOT, "%.4g", v);
  }
}
