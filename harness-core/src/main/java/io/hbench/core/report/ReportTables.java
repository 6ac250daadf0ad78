package io.hbench.core.report;

import io.hbench.core.result.Metric;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.Spread;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.List;

/**
 * The tables of {@code bench report}: for each suite, the seeds' layout across runs: one row per
 * point (size), a column group per headline figure (seconds, MB/s, ops/s), a column per label
 * (cluster). Repeats show as their median with a spread; a point whose repeats all failed shows
 * {@code failed}, never a number. A suite with several phases (terasort's teragen, terasort,
 * teravalidate) gets a table per phase. Each suite's own tables ({@link SuiteReport#tables}) follow,
 * once per label.
 */
public final class ReportTables {

  private ReportTables() {}

  /** The tables of {@code records}: any mix of suites, labels and runs. */
  public static List<Table> of(List<ResultRecord> records) {
    // Each suite's tables on a core of its own, in the suites' order.
    List<Table> out = new ArrayList<>();
    new RecordIndex(records).suites().parallelStream().map(ReportTables::of).toList()
        .forEach(out::addAll);
    out.addAll(MainEffects.tables(records));
    return out;
  }

  /** One suite's tables: a table per phase, then the suite's own per label. */
  static List<Table> of(RecordIndex.Suite s) {
    List<Table> out = new ArrayList<>();
    for (String phase : s.phases()) {
      out.add(table(s, phase));
    }
    Table store = StoreTable.render(s);
    if (store != null) {
      out.add(store);
    }
    SuiteReport suite = SuiteReport.of(s.name);
    for (String label : s.labels) {
      List<ResultRecord> all = s.byLabel.get(label);
      List<ResultRecord> detail = lastRuns(all);
      String which = detail.size() == all.size() ? "" : " Rows of the last " + DETAIL_RUNS
          + " of this label's " + runs(all) + " runs; bench history follows every run.";
      for (Table own : suite.tables(detail)) {
        String title = (own.title() == null ? s.name : own.title()) + " · " + label;
        out.add(new Table(title, own.columns(), own.rows(), noted(own.note(), which)));
      }
      Table capacity = SeriesTable.capacity(detail);
      if (capacity != null) {
        out.add(new Table(capacity.title() + " · " + s.name + " · " + label, capacity.columns(),
            capacity.rows(), noted(capacity.note(), which)));
      }
      Table faults = SeriesTable.faults(detail);
      if (faults != null) {
        out.add(new Table(faults.title() + " · " + s.name + " · " + label, faults.columns(),
            faults.rows(), noted(faults.note(), which)));
      }
      Table series = SeriesTable.render(detail);
      if (series != null) {
        out.add(new Table(series.title() + " · " + s.name + " · " + label, series.columns(),
            series.rows(), noted(series.note(), which)));
      }
      Table daemons = DaemonTable.render(detail);
      if (daemons != null) {
        out.add(new Table(daemons.title() + " · " + s.name + " · " + label, daemons.columns(),
            daemons.rows(), noted(daemons.note(), which)));
      }
    }
    return out;
  }

  /**
   * Runs whose records the per-run tables (a suite's own, the load bands, the daemons) list, per
   * label: a history of nightly runs would otherwise list every night's rows (a year of them
   * printed 300,000 lines); the first table of each suite summarizes every run.
   */
  static final int DETAIL_RUNS = 10;

  /** The records of {@code records}' last {@link #DETAIL_RUNS} runs (by their start), in order. */
  static List<ResultRecord> lastRuns(List<ResultRecord> records) {
    java.util.Map<String, String> started = new java.util.HashMap<>();
    for (ResultRecord r : records) {
      String at = r.started() == null ? "" : r.started();
      started.merge(String.valueOf(r.runId()), at, (a, b) -> a.compareTo(b) >= 0 ? a : b);
    }
    if (started.size() <= DETAIL_RUNS) {
      return records;
    }
    java.util.Set<String> last = new java.util.HashSet<>(started.entrySet().stream()
        .sorted(java.util.Map.Entry.<String, String>comparingByValue().reversed()
            .thenComparing(java.util.Map.Entry.comparingByKey()))
        .limit(DETAIL_RUNS).map(java.util.Map.Entry::getKey).toList());
    return records.stream().filter(r -> last.contains(String.valueOf(r.runId()))).toList();
  }

  private static long runs(List<ResultRecord> records) {
    return records.stream().map(ResultRecord::runId).distinct().count();
  }

  private static String noted(String note, String which) {
    return which.isEmpty() ? note : note == null ? which.strip() : note + which;
  }

  private static Table table(RecordIndex.Suite s, String phase) {
    List<RecordIndex.Figure> figures = s.headlines(phase);
    List<Table.Column> cols = new ArrayList<>();
    cols.add(new Table.Column(null, "point"));
    for (RecordIndex.Figure f : figures) {
      String group = RecordIndex.heading(f, s.figures.get(f));
      for (String label : s.labels) {
        cols.add(new Table.Column(group, label));
      }
    }
    List<List<String>> rows = new ArrayList<>();
    boolean anyFailed = false;
    for (String point : s.orderedPoints()) {
      if (!s.ran(point, phase)) {
        continue;
      }
      List<String> row = new ArrayList<>();
      row.add(point);
      for (RecordIndex.Figure f : figures) {
        for (String label : s.labels) {
          row.add(cell(s, label, point, f));
          anyFailed |= s.failed(label, point) > 0;
        }
      }
      rows.add(row);
    }
    String title = s.name + (phase != null ? " · " + phase : "");
    boolean mb = figures.stream().anyMatch(f -> Metric.MIB_PER_SECOND.equals(s.figures.get(f).unit()));
    return new Table(title, cols, rows,
        "Median of each point's repeats (warm-up ones left out) ± the largest distance from it to"
            + " a repeat, in percent of the median" + (mb ? "; MB/s: MiB per second." : ".")
            + (anyFailed ? " failed: every repeat failed; (k/n ok): k of n repeats ok, the"
                + " figure is theirs." : ""));
  }

  /** One label's figure at one point: median ± spread, {@code failed}, or {@code -}. */
  static String cell(RecordIndex.Suite s, String label, String point, RecordIndex.Figure f) {
    int measured = s.repeats(label, point).size();
    if (measured == 0) {
      return "-";
    }
    double[] v = s.values(label, point, f);
    int failed = s.failed(label, point);
    if (v.length == 0) {
      return failed > 0 ? "failed" : "-";
    }
    Spread sp = Spread.of(v);
    StringBuilder c = new StringBuilder(RecordIndex.number(sp.median()));
    if (v.length > 1 && sp.median() != 0) {
      double pct = Math.max(sp.max() - sp.median(), sp.median() - sp.min())
          / Math.abs(sp.median()) * 100;
      c.append(" ±").append(percent(pct));
    }
    if (failed > 0) {
      c.append(" (").append(measured - failed).append('/').append(measured).append(" ok)");
    }
    return c.toString();
  }

  static String percent(double pct) {
    return NumberText.fixed(pct, pct < 10 ? 1 : 0) + "%";
  }
}
