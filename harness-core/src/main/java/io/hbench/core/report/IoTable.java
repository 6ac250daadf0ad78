package io.hbench.core.report;

import io.hbench.core.annotation.Internal;
import io.hbench.core.fs.IoOperation;
import io.hbench.core.result.IoResult;
import io.hbench.core.result.OperationSummary;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.NumberText;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The {@code --instrument} table, shaped like the seed's HDFS-vs-Ozone table: one row per point,
 * repeat and phase, giving the storage, the size, and the time the tasks spent in each stream
 * operation, per task (container) where it matters ({@code write}, {@code read}).
 */
@Internal
public final class IoTable {

  private static final IoOperation[] PER_TASK = {IoOperation.WRITE, IoOperation.READ};
  private static final IoOperation[] TOTAL_ONLY = {
    IoOperation.HFLUSH, IoOperation.HSYNC, IoOperation.CLOSE, IoOperation.PREAD, IoOperation.SEEK
  };

  private IoTable() {}

  /** The table, or null when no phase was instrumented. */
  public static Table render(List<ResultRecord> records) {
    List<IoOperation> perTask = new ArrayList<>();
    List<IoOperation> totals = new ArrayList<>();
    boolean any = false;
    for (ResultRecord r : records) {
      for (PhaseResult p : r.phases()) {
        if (p.io() == null || p.io().tasks() == null) {
          continue;
        }
        any = true;
        for (IoOperation op : PER_TASK) {
          if (p.io().tasks().containsKey(op.statisticName()) && !perTask.contains(op)) {
            perTask.add(op);
          }
        }
        for (IoOperation op : TOTAL_ONLY) {
          if (p.io().tasks().containsKey(op.statisticName()) && !totals.contains(op)) {
            totals.add(op);
          }
        }
      }
    }
    if (!any) {
      return null;
    }
    List<String> header = new ArrayList<>(List.of("storage", "point", "phase", "tasks"));
    for (IoOperation op : perTask) {
      header.add(op.shortName() + " calls");
      header.add(op.shortName() + " ms per task");
    }
    for (IoOperation op : totals) {
      header.add(op.shortName() + " ms");
    }
    List<List<String>> rows = new ArrayList<>();
    for (ResultRecord r : records) {
      for (PhaseResult p : r.phases()) {
        IoResult io = p.io();
        if (io == null || io.tasks() == null) {
          continue;
        }
        List<String> row = new ArrayList<>();
        row.add(storage(r));
        row.add(repeated(records) ? r.point() + " #" + r.repeat() : r.point());
        row.add(p.name());
        row.add(Integer.toString(io.perTask() == null ? 0 : io.perTask().size()));
        for (IoOperation op : perTask) {
          OperationSummary s = io.tasks().get(op.statisticName());
          row.add(s == null ? "-" : Long.toString(s.calls()));
          row.add(perTaskMs(io, op));
        }
        for (IoOperation op : totals) {
          OperationSummary s = io.tasks().get(op.statisticName());
          row.add(s == null ? "-" : ms(s.timeMs()));
        }
        rows.add(row);
      }
    }
    return Table.of(null, header, rows,
        "ms: time spent inside the calls, summed per task. Every call is counted; write, read"
        + " and seek time is partly tick-sampled (error bound in the record's time_error_ms; see"
        + " docs/instrumented-fs.md).");
  }

  private static boolean repeated(List<ResultRecord> records) {
    return records.stream().anyMatch(r -> r.repeat() > 1);
  }

  private static String perTaskMs(IoResult io, IoOperation op) {
    if (io.perTask() == null || io.perTask().isEmpty()) {
      return "-";
    }
    return io.perTask().stream()
        .map(t -> t.ops().get(op.statisticName()))
        .map(s -> s == null ? "0" : ms(s.timeMs()))
        .collect(Collectors.joining(" / "));
  }

  private static String storage(ResultRecord r) {
    String fs = r.environment() == null ? null : r.environment().dataFs();
    if (fs == null) {
      return "-";
    }
    String scheme = URI.create(fs).getScheme();
    return scheme == null ? fs : scheme;
  }

  private static String ms(double v) {
    return NumberText.fixed(v, 0);
  }
}
