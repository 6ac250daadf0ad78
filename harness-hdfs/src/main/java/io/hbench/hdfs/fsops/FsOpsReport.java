package io.hbench.hdfs.fsops;

import io.hbench.core.LoadFacts;
import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.Field;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.Spread;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * How fsops's records are read: every operation's rate and MB/s lead, and the seed's table, in
 * fs_benchmark_tool's terms, from the records' typed metrics, loads and fields, with the two
 * figures of that tool the common vocabulary has no name for (the time inside the calls summed
 * over threads, {@code write_time_s} and {@code read_time_s}: divide by threads for one
 * thread's; and for reads the part of it spent opening, {@code open_reader_time_s}).
 */
public final class FsOpsReport implements SuiteReport {

  @Override
  public String suite() {
    return "fsops";
  }

  /** Every operation's rate, and for those that move bytes their MB/s, over the load's window. */
  @Override
  public Set<String> headlines() {
    return Set.of(OperationLoad.OPS_PER_S.ofEveryOperation(),
        PhaseMetrics.MB_PER_S.ofEveryOperation());
  }

  /** The table shows every figure; the common table's one column per phase would not fit. */
  @Override
  public boolean commonTable() {
    return false;
  }

  /** A column: heading, and how to read it from an operation's phase. */
  private record Column(String heading, java.util.function.ToDoubleBiFunction<PhaseResult, String> value) {}

  private static Column metric(String heading, MetricKey key, double scale) {
    return new Column(heading, (p, op) -> {
      Metric m = p.metric(op, key);
      return m == null ? 0 : m.value() * scale;
    });
  }

  private static Column figure(String heading, Field<Double> field) {
    return new Column(heading, (p, op) -> {
      Double v = p.figure(field);
      return v == null ? 0 : v;
    });
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
        c.add(metric("WriteRate MB/s", PhaseMetrics.MB_PER_S, 1));
        c.add(figure("WriteTime s", FsOpsFields.WRITE_TIME));
        c.add(metric("WriteTotal MB", OperationLoad.BYTES_MOVED, 1.0 / (1 << 20)));
      }
      case READ -> {
        c.add(figure("OpenReaderTime s", FsOpsFields.OPEN_READER_TIME));
        c.add(metric("ReadRate MB/s", PhaseMetrics.MB_PER_S, 1));
        c.add(figure("ReadTime s", FsOpsFields.READ_TIME));
        c.add(metric("ReadTotal MB", OperationLoad.BYTES_MOVED, 1.0 / (1 << 20)));
      }
      case META -> {
        c.add(metric("calls/s", OperationLoad.OPS_PER_S, 1));
        c.add(metric("Cost ms", OperationLoad.LATENCY_MEAN, 1));
      }
    }
    c.add(metric("p50 ms", OperationLoad.LATENCY_P50, 1));
    c.add(metric("p99 ms", OperationLoad.LATENCY_P99, 1));
    return c;
  }

  /**
   * The seed's table: every repeat, then mean, median, stddev, cv, min and max over the repeats
   * after the warm-up ones.
   */
  @Override
  public Table table(List<ResultRecord> records) {
    // A record that does not name its operation has no row.
    List<ResultRecord> ok = records.stream()
        .filter(r -> r.ok() && r.param(FsOpsFields.OP) != null).toList();
    if (ok.isEmpty()) {
      return null;
    }
    FsOperation op = ok.get(0).param(FsOpsFields.OP);
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
      // Records written before clients was recorded for every run name only the threads.
      Integer clients = r.param(LoadFacts.CLIENTS);
      List<String> row = new ArrayList<>(List.of(
          "repeat " + r.repeat() + (r.isWarmup() ? " (warm-up)" : ""),
          String.valueOf(clients != null ? clients : r.param(LoadFacts.THREADS)),
          String.valueOf(r.param(FsOpsFields.ITERATIONS))));
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
    return Math.abs(v) >= 100 ? NumberText.fixed(v, 1) : NumberText.significant(v, 4);
  }
}
