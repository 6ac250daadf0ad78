package io.hbench.core.report;

import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.OperationSeries;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Each load over time, as {@code bench report} prints it beside the suite's figures: per point,
 * phase and operation, the whole load's rate and, inside the all-running band, the fastest,
 * median and slowest interval's rate and their spread, with the steady-state verdict when one
 * was asked for. The intervals themselves are in the records and the HTML report's charts.
 */
final class SeriesTable {

  private SeriesTable() {}

  /** The table of {@code records}' loads that have a series; null when none has. */
  static Table render(List<ResultRecord> records) {
    List<List<String>> rows = new ArrayList<>();
    boolean stability = false;
    for (ResultRecord r : records) {
      for (PhaseResult p : r.phases()) {
        if (p.loads() == null) {
          continue;
        }
        for (OperationLoad l : p.loads()) {
          OperationSeries s = l.series();
          if (l.isStep() || s == null) {
            continue;
          }
          OperationSeries.Band b = s.band();
          stability |= s.stability() != null;
          rows.add(List.of(r.repeat() > 1 ? r.point() + " #" + r.repeat() : r.point(), p.name(),
              l.op(), RecordIndex.number(l.opsPerSecond() == null ? 0 : l.opsPerSecond()),
              b == null ? "-" : span(b), b == null ? "-" : RecordIndex.number(b.fastest()),
              b == null ? "-" : RecordIndex.number(b.median()),
              b == null ? "-" : RecordIndex.number(b.slowest()),
              b == null ? "-" : RecordIndex.number(b.spreadPercent()),
              s.stability() == null ? "-" : s.stability().describe()));
        }
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    List<String> header = new ArrayList<>(List.of("point", "phase", "op", "ops/s", "band s",
        "fastest", "median", "slowest", "spread %", "steady"));
    if (!stability) {
      header.remove(header.size() - 1);
      rows.replaceAll(row -> row.subList(0, row.size() - 1));
    }
    return Table.of("Loads over time", header, rows, "ops/s: the whole load's calls over its"
        + " window. band s: where every client (thread, task) was running, s from the load's"
        + " start; fastest, median, slowest: the rates of the whole intervals inside it; spread:"
        + " (fastest - slowest) / median. See docs/time-series.md.");
  }

  private static String span(OperationSeries.Band b) {
    return String.format(Locale.ROOT, "%.1f-%.1f", b.startSeconds(), b.endSeconds());
  }
}
