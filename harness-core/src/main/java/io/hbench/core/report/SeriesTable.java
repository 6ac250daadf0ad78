package io.hbench.core.report;

import io.hbench.core.result.CapacityFigures;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.OperationSeries;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.List;

/**
 * Each load over time, as {@code bench report} prints it beside the suite's figures: per point,
 * phase and operation, the whole load's rate and, inside the all-running band, the fastest,
 * median and slowest interval's rate and their spread, with the steady-state verdict when one
 * was asked for. The intervals themselves are in the records and the HTML report's charts.
 */
public final class SeriesTable {

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
          rows.add(List.of(r.pointAndRepeat(), p.name(),
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

  /**
   * The steps of every {@code --find-max} search in {@code records}, one row per step, the
   * answer's marked; null when none searched.
   */
  public static Table capacity(List<ResultRecord> records) {
    List<List<String>> rows = new ArrayList<>();
    String slo = null;
    for (ResultRecord r : records) {
      for (PhaseResult p : r.phases()) {
        if (p.figures() == null || !p.figures().containsKey(CapacityFigures.FIELD.name())) {
          continue;
        }
        CapacityFigures f = CapacityFigures.FIELD.in(p.figures());
        slo = f.slo();
        int n = 0;
        for (CapacityFigures.Step s : f.steps()) {
          boolean answer = s.met() != null && s.met() && f.maxOpsPerSecond() != null
              && s.askedOpsPerSecond() == f.maxOpsPerSecond();
          rows.add(List.of(r.pointAndRepeat(), p.name(),
              Integer.toString(++n),
              s.met() == null ? "closed loop" : RecordIndex.number(s.askedOpsPerSecond()),
              RecordIndex.number(s.achievedOpsPerSecond()), RecordIndex.number(s.p50()),
              RecordIndex.number(s.judgedMillis()), RecordIndex.number(s.errorPercent()),
              s.met() == null ? "probe" : s.met() ? (answer ? "met: the answer" : "met") : "not met"));
        }
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    return Table.of("Highest rate at " + slo + " (--find-max)", List.of("point", "phase", "step",
        "asked ops/s", "achieved ops/s", "p50 ms", "judged ms", "errors %", "objective"), rows,
        "Each step runs open loop at the rate asked until steady; judged: the objective's"
        + " percentile, from each call's intended start. A step meets the objective when that"
        + " and the errors are within it and it achieved at least 90% of the rate asked. The"
        + " answer is the highest rate that met it (metric max_ops_per_s_at_slo).");
  }

  private static String span(OperationSeries.Band b) {
    return NumberText.fixed(b.startSeconds(), 1) + "-" + NumberText.fixed(b.endSeconds(), 1);
  }
}
