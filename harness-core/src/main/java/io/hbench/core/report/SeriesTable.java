package io.hbench.core.report;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.CapacityFigures;
import io.hbench.core.result.FaultRecord;
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
@Internal
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
   * Every {@code --disrupt} fault in {@code records}, one row per fault: whom it hit, how long
   * no client succeeded (and the worst client), the dip, the time back to 90%, the fault
   * window's p99 against the control's, the failed calls, what the client counted ({@link
   * FaultRecord.Figures#clientCounts}) and the re-replication time; null when
   * no load was disrupted. The definitions are docs/disrupt.md's.
   */
  public static Table faults(List<ResultRecord> records) {
    List<List<String>> rows = new ArrayList<>();
    for (ResultRecord r : records) {
      for (PhaseResult p : r.phases()) {
        FaultRecord d = FaultRecord.FIELD.in(p.figures());
        if (d == null) {
          continue;
        }
        for (FaultRecord.Fault f : d.faults()) {
          FaultRecord.Figures g = f.figures();
          String action = f.action() + (d.cycles() > 1 ? " #" + (f.cycle() + 1) : "");
          if (g == null) {
            rows.add(List.of(r.pointAndRepeat(), p.name(), action, String.valueOf(f.target()),
                f.error() != null ? "not done: " + f.error() : "not measured", "", "", "", "",
                "", "", ""));
            continue;
          }
          rows.add(List.of(r.pointAndRepeat(), p.name(), action, String.valueOf(f.target()),
              RecordIndex.number(g.unavailableSeconds()),
              g.worstClientUnavailableSeconds() == null ? "-"
                  : RecordIndex.number(g.worstClientUnavailableSeconds()),
              RecordIndex.number(100 * g.dipDepth()),
              g.recovered() ? RecordIndex.number(g.timeTo90Seconds()) : "not back",
              RecordIndex.number(g.p99Ms()) + " (" + RecordIndex.number(g.controlP99Ms()) + ")",
              Long.toString(g.callsFailed()),
              g.clientCounts() == null ? "-" : g.clientCounts().entrySet().stream()
                  .map(e -> e.getKey() + " " + e.getValue())
                  .collect(java.util.stream.Collectors.joining(", ")),
              f.lowRedundancySeconds() == null ? "-"
                  : RecordIndex.number(f.lowRedundancySeconds())));
        }
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    return Table.of("Faults (--disrupt)", List.of("point", "phase", "action", "on",
        "unavailable s", "worst client s", "dip to %", "back to 90% s", "p99 ms (before)",
        "failed", "client counted", "re-replicated s"), rows, "unavailable: the longest span in"
        + " which no client succeeded; dip: the lowest interval's rate in % of the median before"
        + " the first action; back to 90%: from the action until 3 intervals in a row held 90%"
        + " of it; client counted: what the client library counted in the window and cannot say"
        + " call by call (rpc_attempts_failed: HBase's failed RPC attempts, retried or given up);"
        + " re-replicated: until no block was short of its replicas. See docs/disrupt.md.");
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
