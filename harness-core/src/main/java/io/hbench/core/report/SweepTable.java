package io.hbench.core.report;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.Metric;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.RepeatSummary;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.Spread;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The end-of-sweep table, shaped like the seeds' tables: one row per point (and repeat), and for
 * each phase its seconds, the job start-up part of those seconds, and MB/s. Failed points show
 * their status and no figures. With {@code --repeat}, each point's repeats are followed by a
 * {@code mean} row: mean ± sample standard deviation over its {@code ok} repeats.
 */
@Internal
public final class SweepTable {

  private SweepTable() {}

  public static Table render(List<ResultRecord> records) {
    Set<String> phases = new LinkedHashSet<>();
    boolean repeats = false;
    for (ResultRecord r : records) {
      r.phases().forEach(p -> phases.add(p.name()));
      repeats |= r.repeat() > 1;
    }
    List<String> header = new ArrayList<>();
    header.add("point");
    for (String p : phases) {
      header.add(p + " s");
      header.add("startup s");
      header.add("MB/s");
    }
    header.add("validation");
    header.add("status");
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < records.size(); i++) {
      ResultRecord r = records.get(i);
      List<String> row = new ArrayList<>();
      row.add((repeats ? r.point() + " #" + r.repeat() : r.point())
          + (r.isWarmup() ? " (warm-up)" : ""));
      for (String name : phases) {
        PhaseResult p = r.ok() ? r.phase(name) : null;
        row.add(p == null ? "-" : fmt(p.seconds()));
        row.add(p == null || p.startupSeconds() == null ? "-" : fmt(p.startupSeconds()));
        row.add(p == null || p.bytes() == 0 ? "-" : fmt(p.mbPerSecond()));
      }
      row.add(r.validation() == null ? "-" : r.validation().status());
      row.add(r.status());
      rows.add(row);
      boolean lastOfPoint =
          i + 1 == records.size() || !records.get(i + 1).point().equals(r.point());
      if (repeats && lastOfPoint) {
        rows.add(meanRow(records, r.point(), phases));
      }
    }
    return Table.of(null, header, rows,
        "seconds: whole phase, wall clock; startup s: the part of it from job submission to the"
        + " first task running; MB/s: MiB per second of the whole phase."
        + (repeats ? " mean: mean ± sample standard deviation of the ok repeats after the"
            + " warm-up ones." : ""));
  }

  /** Mean ± standard deviation of one point's ok repeats, for every figure column. */
  private static List<String> meanRow(List<ResultRecord> records, String point, Set<String> phases) {
    // Warm-up repeats are shown but never summarized.
    RepeatSummary summary = RepeatSummary.of(records, point);
    List<String> row = new ArrayList<>();
    row.add(point + " mean");
    for (String name : phases) {
      row.add(spread(summary.metric(name, PhaseMetrics.SECONDS.name())));
      row.add(spread(summary.metric(name, PhaseMetrics.STARTUP_SECONDS.name())));
      row.add(spread(summary.metric(name, PhaseMetrics.MB_PER_S.name())));
    }
    row.add("-");
    row.add(summary.ok() + "/" + summary.measured() + " ok");
    return row;
  }

  private static String spread(Metric m) {
    if (m == null) {
      return "-";
    }
    Spread s = m.spread();
    return fmt(s.mean()) + " ±" + fmt(s.stddev());
  }

  static String fmt(double v) {
    return NumberText.fixed(v, 2);
  }
}
