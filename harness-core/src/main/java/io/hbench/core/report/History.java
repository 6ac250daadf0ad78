package io.hbench.core.report;

import io.hbench.core.result.Metric;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.ChangePoints;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Every run a set of records holds, as one history: a series per suite, point, phase, figure and
 * label, its runs in the order they started, and where each series changed level ({@link
 * ChangePoints}, each change confirmed by permutation tests), with what changed in that run
 * against the run before it (client options, {@code -D} settings, versions, the servers'
 * configuration where recorded).
 *
 * @param series every series, in the order of its key
 * @param options the change-point method's options
 * @param by the tag the runs are ordered by ({@code --by}), or null for their start time
 * @param untagged ok runs left out because they have no such tag
 */
public record History(List<Series> series, ChangePoints.Options options, String by,
    int untagged, List<Failures> failures) {

  /**
   * The failed runs of one point and label: a failed run has no figure, so no series shows it,
   * and a history that left it out would read as if those nights never ran.
   *
   * @param suite the suite
   * @param point the point
   * @param label the label
   * @param runs its runs (warm-ups left out), ok or failed
   * @param failed its failed runs, in order
   * @param latestFailed how many of its latest runs failed in a row (0: the latest was ok)
   */
  public record Failures(String suite, String point, String label, int runs,
      List<ResultRecord> failed, int latestFailed) {}

  /**
   * One figure's runs.
   *
   * @param suite the suite
   * @param point the point
   * @param phase the phase
   * @param figure the figure's name within the phase
   * @param label the label
   * @param better which way is better
   * @param unit the figure's unit
   * @param runs the records, in the order they started
   * @param values the figure of each
   * @param changes where the level changed
   */
  public record Series(String suite, String point, String phase, String figure, String label,
      Metric.Better better, String unit, List<ResultRecord> runs, double[] values, List<Change> changes) {

    /** {@code suite point phase:figure [label]}. */
    public String name() {
      return suite + " " + point + " " + phase + ":" + figure + " [" + label + "]";
    }
  }

  /**
   * A change of level, in the run where it happened.
   *
   * @param at the change's figures
   * @param run the first run of the new level
   * @param worse whether the change is for the worse, by the figure's better direction
   * @param changed what that run set differently from the run before it
   */
  public record Change(ChangePoints.Change at, ResultRecord run, boolean worse,
      List<String> changed) {}

  /** The history of {@code records} in the order they started; see {@link #of(List, ChangePoints.Options, boolean, String)}. */
  public static History of(List<ResultRecord> records, ChangePoints.Options o, boolean allFigures) {
    return of(records, o, allFigures, null);
  }

  /**
   * The history of {@code records}: their ok runs, each figure with a better direction (or only
   * the suites' headlines), in the order the runs started, or by the value of their tag {@code
   * by} ({@code --tag NAME=VALUE}; versions in version order: 3.10 after 3.9) and then when they
   * started. With {@code by}, runs without that tag are left out and counted.
   */
  public static History of(List<ResultRecord> records, ChangePoints.Options o, boolean allFigures,
      String by) {
    Map<String, List<Object[]>> byKey = new TreeMap<>();
    List<ResultRecord> ordered = new ArrayList<>(records);
    Comparator<ResultRecord> byStart =
        Comparator.comparing((ResultRecord r) -> r.started() == null ? "" : r.started());
    int untagged = 0;
    if (by != null) {
      untagged = (int) ordered.stream().filter(r -> r.ok() && !r.tags().containsKey(by)).count();
      ordered.removeIf(r -> !r.tags().containsKey(by));
      ordered.sort(Comparator.comparing((ResultRecord r) -> r.tags().get(by), History::versionOrder)
          .thenComparing(byStart));
    } else {
      ordered.sort(byStart);
    }
    Map<String, List<ResultRecord>> byPoint = new TreeMap<>();
    for (ResultRecord r : ordered) {
      if (!r.isWarmup()) {
        byPoint.computeIfAbsent(String.join("\u0000", r.suite(), r.point(), r.label()),
            k -> new ArrayList<>()).add(r);
      }
      if (!r.ok() || r.isWarmup() || r.phases() == null) {
        continue;
      }
      for (PhaseResult p : r.phases()) {
        if (p.metrics() == null) {
          continue;
        }
        for (Metric m : p.metrics()) {
          if (m.better() == null || !(allFigures || m.isHeadline())) {
            continue;
          }
          String figure = PhaseMetrics.figureKey(p.name(), m);
          String key = String.join("\u0000", r.suite(), r.point(), p.name(), figure, r.label());
          byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(new Object[] {r, m});
        }
      }
    }
    List<Series> out = new ArrayList<>();
    for (Map.Entry<String, List<Object[]>> e : byKey.entrySet()) {
      String[] k = e.getKey().split("\u0000", -1);
      List<ResultRecord> runs = new ArrayList<>();
      double[] values = new double[e.getValue().size()];
      Metric.Better better = null;
      String unit = null;
      for (int i = 0; i < values.length; i++) {
        runs.add((ResultRecord) e.getValue().get(i)[0]);
        Metric m = (Metric) e.getValue().get(i)[1];
        values[i] = m.value();
        better = m.better();
        unit = m.unit();
      }
      List<Change> changes = new ArrayList<>();
      if (values.length >= 2) {
        List<ChangePoints.Change> found = ChangePoints.find(values, o);
        for (ChangePoints.Change c : ChangePoints.confirmed(values, found, o.maxPValue())) {
          boolean up = c.meanAfter() > c.meanBefore();
          boolean worse = better == Metric.Better.HIGHER ? !up : up;
          ResultRecord run = runs.get(c.index());
          changes.add(new Change(c, run, worse, whatChanged(runs.get(c.index() - 1), run)));
        }
      }
      out.add(new Series(k[0], k[1], k[2], k[3], k[4], better, unit, List.copyOf(runs), values,
          List.copyOf(changes)));
    }
    List<Failures> failures = new ArrayList<>();
    for (Map.Entry<String, List<ResultRecord>> e : byPoint.entrySet()) {
      List<ResultRecord> runs = e.getValue();
      List<ResultRecord> failed = runs.stream().filter(r -> !r.ok()).toList();
      if (failed.isEmpty()) {
        continue;
      }
      int latest = 0;
      for (int i = runs.size() - 1; i >= 0 && !runs.get(i).ok(); i--) {
        latest++;
      }
      String[] k = e.getKey().split("\u0000", -1);
      failures.add(new Failures(k[0], k[1], k[2], runs.size(), List.copyOf(failed), latest));
    }
    return new History(List.copyOf(out), o, by, untagged, List.copyOf(failures));
  }

  /** The failed runs that started at or after {@code since}, for the gate, in order. */
  public List<ResultRecord> failedSince(java.util.function.Predicate<ResultRecord> since) {
    List<ResultRecord> out = new ArrayList<>();
    for (Failures f : failures) {
      f.failed().stream().filter(since).forEach(out::add);
    }
    return out;
  }

  /**
   * The points with failed runs, as a table (null when none failed): how many of their runs
   * failed, how many of the latest in a row, and the last failure's run and reason.
   */
  public Table failuresTable() {
    if (failures.isEmpty()) {
      return null;
    }
    List<List<String>> rows = new ArrayList<>();
    for (Failures f : failures) {
      ResultRecord last = f.failed().get(f.failed().size() - 1);
      String why = last.failure() == null ? "" : last.failure().lines().findFirst().orElse("");
      rows.add(List.of(f.suite() + " " + f.point(), f.label(), String.valueOf(f.runs()),
          String.valueOf(f.failed().size()), f.latestFailed() == 0 ? "no"
              : f.latestFailed() == f.runs() ? "every run" : "the latest " + f.latestFailed(),
          last.started() + " " + last.runId(), why.length() > 160 ? why.substring(0, 157) + "..."
              : why));
    }
    return Table.of("Failed runs in the history", List.of("point", "label", "runs", "failed",
        "latest failed", "last failed run", "why"), rows, "A failed run has no figure: it is in"
        + " no series above, and counted here. The latest failed: the point's newest runs failed"
        + " in a row, so its series stop before them.");
  }

  /**
   * Tag values in version order: runs of digits compare as numbers ({@code 3.9 < 3.10}), the rest
   * as text; so dates and build numbers order too.
   */
  public static int versionOrder(String a, String b) {
    List<String> x = parts(a);
    List<String> y = parts(b);
    for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
      String p = x.get(i);
      String q = y.get(i);
      int c = Character.isDigit(p.charAt(0)) && Character.isDigit(q.charAt(0))
          ? new java.math.BigInteger(p).compareTo(new java.math.BigInteger(q)) : p.compareTo(q);
      if (c != 0) {
        return c;
      }
    }
    int c = Integer.compare(x.size(), y.size());
    return c != 0 ? c : a.compareTo(b);
  }

  private static List<String> parts(String s) {
    List<String> out = new ArrayList<>();
    java.util.regex.Matcher m = PART.matcher(s);
    while (m.find()) {
      out.add(m.group());
    }
    return out;
  }

  private static final java.util.regex.Pattern PART = java.util.regex.Pattern.compile("\\d+|\\D+");

  /** What {@code run} set differently from {@code before}: options, settings, versions, servers. */
  static List<String> whatChanged(ResultRecord before, ResultRecord run) {
    List<String> out = new ArrayList<>();
    Map<String, java.util.Set<String>> b = RecordIndex.settings(List.of(before));
    Map<String, java.util.Set<String>> a = RecordIndex.settings(List.of(run));
    java.util.Set<String> keys = new java.util.TreeSet<>(b.keySet());
    keys.addAll(a.keySet());
    for (String key : keys) {
      String was = b.containsKey(key) ? String.join("|", b.get(key)) : "(unset)";
      String now = a.containsKey(key) ? String.join("|", a.get(key)) : "(unset)";
      if (!was.equals(now)) {
        out.add(key + ": " + was + " -> " + now);
      }
    }
    for (ServerDifferences.Difference d : ServerDifferences.between(
        List.of(List.of(before), List.of(run)))) {
      out.add("servers: " + d.text(List.of("before", "then")));
    }
    return out;
  }

  /** The changes of every series, for the gate: those whose run started at or after {@code since}. */
  public List<Change> changesSince(java.util.function.Predicate<ResultRecord> since) {
    List<Change> out = new ArrayList<>();
    for (Series s : series) {
      for (Change c : s.changes()) {
        if (since.test(c.run())) {
          out.add(c);
        }
      }
    }
    return out;
  }

  /** The series that changed, as a table: levels, change, p-value, run, what changed. */
  public Table table() {
    List<List<String>> rows = new ArrayList<>();
    for (Series s : series) {
      for (Change c : s.changes()) {
        rows.add(List.of(s.suite() + " " + s.point(), s.phase() + ":" + s.figure(), s.label(),
            String.valueOf(s.values().length), c.run().started() + " " + c.run().runId()
                + (by == null ? "" : " " + by + "=" + c.run().tags().get(by)),
            RecordIndex.number(c.at().meanBefore()), RecordIndex.number(c.at().meanAfter()),
            NumberText.signed(c.at().forwardChangePercent(), 1),
            NumberText.significant(c.at().pValue(), 2), c.worse() ? "worse" : "better",
            c.changed().isEmpty() ? "nothing recorded" : String.join("; ", c.changed())));
      }
    }
    long shorter = series.stream().filter(s -> s.values().length < options.window()).count();
    return Table.of("Changes in the history", List.of("point", "figure", "label", "runs",
        "first run of the new level", "before", "after", "change %", "p", "verdict",
        "what changed in that run"), rows, String.format(Locale.ROOT, "%d series, %d changes;"
        + " E-divisive means with a t-test (Otava's method): window %d, p below %s, magnitude"
        + " over %s, each confirmed by permutation tests%s%s.", series.size(), rows.size(),
        options.window(), options.maxPValue(), options.minMagnitude(), shorter == 0 ? ""
            : "; " + shorter + " series have fewer runs than the window and were analysed whole",
        by == null ? "" : "; runs ordered by their tag " + by + (untagged == 0 ? ""
            : ", " + untagged + " ok runs without it left out")));
  }
}
