package io.hbench.core.report;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.Metric;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.LatencyHistogram;
import io.hbench.core.stats.MedianInterval;
import io.hbench.core.stats.RankSumTest;
import io.hbench.core.text.NumberText;
import io.hbench.thirdparty.jackson.databind.node.ArrayNode;
import io.hbench.thirdparty.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One candidate against a baseline, in benchstat's spirit: for every suite, point and figure both
 * sides measured, each side's median with its 95% confidence interval and number of repeats, the
 * change in percent, the p-value of a two-sided Mann-Whitney U test over the repeats, and a
 * verdict: {@code better} or {@code worse} when p &lt; alpha, {@code ~} when the difference is not
 * significant, {@code ?} when there are too few repeats for any difference to be significant. A
 * point with a failed repeat on either side is not compared. Per suite and figure, the geometric
 * mean of the candidate-to-baseline ratios.
 *
 * @param baseline the baseline's name
 * @param candidate the candidate's name
 * @param alpha the significance level
 * @param rows one per suite, figure and point, in that order
 * @param geomeans one per suite and figure with at least one compared point
 * @param warnings what the reader must know: failed or missing points, too few repeats,
 *     environments that differ
 * @param calls where a point has too few repeats for a verdict and its figures come from an
 *     operation load, each side's per-call latencies: within-run evidence, not a verdict
 */
public record Comparison(
    String baseline,
    String candidate,
    double alpha,
    List<Row> rows,
    List<Geomean> geomeans,
    List<String> warnings,
    List<CallLatencies> calls) {

  /** The percentiles of {@link CallLatencies}. */
  public static final double[] CALL_PERCENTILES = {50, 90, 99, 99.9};

  /**
   * One operation's per-call latencies at one point, each side's calls merged over its ok
   * repeats. The calls of one run share its cluster, caches and moment: they are not
   * independent samples of what a run measures, so this is evidence from within the runs, not
   * a verdict.
   *
   * @param suite suite
   * @param point point
   * @param op the load's operation
   * @param baseCalls the baseline's calls
   * @param candCalls the candidate's calls
   * @param base the baseline's latency at each of {@link #CALL_PERCENTILES}, in ms
   * @param cand the candidate's
   */
  public record CallLatencies(String suite, String point, String op, long baseCalls,
      long candCalls, double[] base, double[] cand) {}

  /** The confidence level of the intervals. */
  public static final double CONFIDENCE = 0.95;

  /** The outcome of one comparison. */
  public enum Verdict {
    BETTER("better"),
    WORSE("worse"),
    /** Not significant at alpha. */
    SAME("~"),
    /** Too few repeats on a side for any difference to be significant at alpha. */
    TOO_FEW("?"),
    /** A repeat failed on a side: not compared. */
    FAILED("failed");

    private final String text;

    Verdict(String text) {
      this.text = text;
    }

    public String text() {
      return text;
    }
  }

  /**
   * One figure at one point.
   *
   * @param suite suite
   * @param phase phase, or null where a suite's figures are compared across its single phases
   * @param figure the metric's key ({@code seconds}, {@code mb_per_s})
   * @param unit the metric's unit
   * @param better which direction is an improvement
   * @param point the point
   * @param base the baseline's median and interval; null when it failed
   * @param cand the candidate's; null when it failed
   * @param changePercent (candidate - baseline) / baseline, in percent; NaN when not compared
   * @param p the two-sided p-value; NaN when not compared
   * @param verdict the verdict
   */
  public record Row(String suite, String phase, String figure, String unit, Metric.Better better,
      String point, MedianInterval base, MedianInterval cand, double changePercent, double p,
      Verdict verdict) {}

  /**
   * The geometric mean of one suite's figure over the points compared.
   *
   * @param suite suite
   * @param phase phase, or null
   * @param figure metric key
   * @param base geometric mean of the baseline's medians
   * @param cand geometric mean of the candidate's medians
   * @param changePercent cand / base - 1, in percent: the geometric mean of the ratios
   * @param points points it is over
   */
  public record Geomean(String suite, String phase, String figure, double base, double cand,
      double changePercent, int points) {}

  /**
   * Compares {@code candidate} against {@code baseline}.
   *
   * @param baselineName what the baseline is called in tables
   * @param baselineRecords its records (any runs, any labels: pooled)
   * @param candidateName what the candidate is called
   * @param candidateRecords its records
   * @param alpha significance level, 0 &lt; alpha &lt; 1
   * @param allFigures every figure with a direction, not only the suites' headlines
   * @throws InvalidInputException when the two share no point
   */
  public static Comparison of(String baselineName, List<ResultRecord> baselineRecords,
      String candidateName, List<ResultRecord> candidateRecords, double alpha,
      boolean allFigures) {
    Map<String, List<ResultRecord>> sides = new LinkedHashMap<>();
    sides.put(baselineName, baselineRecords);
    sides.put(candidateName, candidateRecords);
    return ofEach(sides, alpha, allFigures).get(0);
  }

  /**
   * Compares each side after the first against the first, as {@link #of} would one by one, the
   * candidates on every core. The records are grouped once for all: a history compared by label
   * has many candidates, and grouping the baseline again for each was a third of the time.
   *
   * @param sides each side's name and records (any runs, any labels: pooled), the baseline first
   * @param alpha significance level, 0 &lt; alpha &lt; 1
   * @param allFigures every figure with a direction, not only the suites' headlines
   * @return one comparison per candidate, in order
   * @throws InvalidInputException when a candidate shares no point with the baseline, or there
   *     is no candidate
   */
  public static List<Comparison> ofEach(Map<String, List<ResultRecord>> sides, double alpha,
      boolean allFigures) {
    if (!(alpha > 0 && alpha < 1)) {
      throw new InvalidInputException("--alpha must be between 0 and 1, got " + alpha);
    }
    if (sides.size() < 2) {
      throw new InvalidInputException("a baseline and at least one candidate are needed");
    }
    List<ResultRecord> all = new ArrayList<>();
    sides.forEach((name, records) ->
        records.forEach(r -> all.add(name.equals(r.label()) ? r : r.withLabel(name))));
    RecordIndex index = new RecordIndex(all);
    List<String> names = new ArrayList<>(sides.keySet());
    List<Map<String, Set<String>>> each =
        names.parallelStream().map(n -> RecordIndex.settings(sides.get(n))).toList();
    Map<String, Map<String, Set<String>>> settings = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      settings.put(names.get(i), each.get(i));
    }
    String base = names.get(0);
    return names.subList(1, names.size()).parallelStream()
        .map(cand -> compare(index, base, sides.get(base), settings.get(base), cand,
            sides.get(cand), settings.get(cand), alpha, allFigures))
        .toList();
  }

  /** One candidate against the baseline, both in {@code index} under their names. */
  private static Comparison compare(RecordIndex index, String baselineName,
      List<ResultRecord> baselineRecords, Map<String, Set<String>> baselineSettings,
      String candidateName, List<ResultRecord> candidateRecords,
      Map<String, Set<String>> candidateSettings, double alpha, boolean allFigures) {
    List<Row> rows = new ArrayList<>();
    List<Geomean> geomeans = new ArrayList<>();
    Set<String> warnings = new LinkedHashSet<>();
    boolean tooFew = false;
    Set<String> fewRepeats = new LinkedHashSet<>();
    for (RecordIndex.Suite s : index.suites()) {
      boolean inBase = s.labels.contains(baselineName);
      boolean inCand = s.labels.contains(candidateName);
      if (!inBase || !inCand) {
        if (inBase || inCand) {
          warnings.add(s.name + ": only in " + (inBase ? baselineName : candidateName)
              + ", not compared");
        }
        continue;
      }
      List<String> common = new ArrayList<>();
      List<String> onlyOne = new ArrayList<>();
      for (String point : s.orderedPoints(List.of(baselineName, candidateName))) {
        boolean b = !s.repeats(baselineName, point).isEmpty();
        boolean c = !s.repeats(candidateName, point).isEmpty();
        if (b && c) {
          common.add(point);
        } else {
          onlyOne.add(point + " (" + (b ? baselineName : candidateName) + ")");
        }
      }
      if (!onlyOne.isEmpty()) {
        warnings.add(s.name + ": points measured on one side only, not compared: "
            + String.join(", ", onlyOne));
      }
      boolean anyFigure = s.figures.values().stream().anyMatch(m ->
          m.better() != Metric.Better.NONE && (allFigures || m.isHeadline()));
      if (!anyFigure && !common.isEmpty()) {
        // Records with no figure to compare (their phases hold none): a point that failed is
        // still a verdict, on the point's status; one that did not is said to have nothing.
        boolean failedAny = false;
        for (String point : common) {
          int bf = s.failed(baselineName, point);
          int cf = s.failed(candidateName, point);
          if (bf > 0 || cf > 0) {
            failedAny = true;
            rows.add(new Row(s.name, null, STATUS, "", Metric.Better.NONE, point, null, null,
                Double.NaN, Double.NaN, Verdict.FAILED));
            warnings.add(notCompared(s, point, baselineName, bf, candidateName, cf));
          }
        }
        if (!failedAny) {
          warnings.add(s.name + ": points on both sides (" + String.join(", ", common)
              + ") hold no figure to compare" + (allFigures ? "" : " (headlines; try"
              + " --all-figures)"));
        }
        continue;
      }
      for (Map.Entry<RecordIndex.Figure, Metric> e : s.figures.entrySet()) {
        RecordIndex.Figure f = e.getKey();
        Metric m = e.getValue();
        if (m.better() == Metric.Better.NONE || !(allFigures || m.isHeadline())) {
          continue;
        }
        double logSum = 0;
        double baseLogSum = 0;
        double candLogSum = 0;
        int logs = 0;
        for (String point : common) {
          int bf = s.failed(baselineName, point);
          int cf = s.failed(candidateName, point);
          if (bf > 0 || cf > 0) {
            rows.add(new Row(s.name, f.phase(), f.key(), m.unit(), m.better(), point, null, null,
                Double.NaN, Double.NaN, Verdict.FAILED));
            warnings.add(notCompared(s, point, baselineName, bf, candidateName, cf));
            continue;
          }
          double[] b = s.values(baselineName, point, f);
          double[] c = s.values(candidateName, point, f);
          if (b.length == 0 || c.length == 0) {
            continue;
          }
          MedianInterval mb = MedianInterval.of(b, CONFIDENCE);
          MedianInterval mc = MedianInterval.of(c, CONFIDENCE);
          double change = mb.median() == 0 ? Double.NaN
              : (mc.median() - mb.median()) / Math.abs(mb.median()) * 100;
          double p = RankSumTest.test(c, b).p();
          Verdict v;
          if (RankSumTest.smallestPValue(b.length, c.length) >= alpha) {
            v = Verdict.TOO_FEW;
            tooFew = true;
          } else if (p >= alpha || change == 0 || Double.isNaN(change)) {
            v = Verdict.SAME;
          } else {
            boolean up = change > 0;
            v = up == (m.better() == Metric.Better.HIGHER) ? Verdict.BETTER : Verdict.WORSE;
          }
          rows.add(new Row(s.name, f.phase(), f.key(), m.unit(), m.better(), point, mb, mc,
              change, p, v));
          if (v == Verdict.TOO_FEW) {
            fewRepeats.add(s.name + "\u0000" + point);
          }
          if (mb.median() > 0 && mc.median() > 0) {
            logSum += Math.log(mc.median() / mb.median());
            baseLogSum += Math.log(mb.median());
            candLogSum += Math.log(mc.median());
            logs++;
          }
        }
        if (logs > 0) {
          geomeans.add(new Geomean(s.name, f.phase(), f.key(), Math.exp(baseLogSum / logs),
              Math.exp(candLogSum / logs), (Math.exp(logSum / logs) - 1) * 100, logs));
        }
      }
    }
    if (rows.isEmpty() && !anyCommon(index, baselineName, candidateName)) {
      throw new InvalidInputException("no point measured on both " + baselineName + " and "
          + candidateName + " (same suite and point) to compare");
    }
    if (tooFew) {
      warnings.add("?: too few repeats for any difference to be significant at alpha " + alpha
          + "; measure at least 4 repeats per side (--repeat 4; 6 or more for a finite"
          + " interval)");
    }
    warnings.addAll(environmentDifferences(baselineName, baselineSettings, candidateName,
        candidateSettings));
    for (ServerDifferences.Difference d :
        ServerDifferences.between(List.of(baselineRecords, candidateRecords))) {
      warnings.add("differs on the servers: " + d.text(List.of(baselineName, candidateName)));
    }
    for (String missing : new String[] {
        ServerDifferences.missingConfigurationsLine(baselineName, baselineRecords),
        ServerDifferences.missingConfigurationsLine(candidateName, candidateRecords)}) {
      if (missing != null) {
        warnings.add(missing);
      }
    }
    List<CallLatencies> calls = new ArrayList<>();
    for (String key : fewRepeats) {
      String[] k = key.split("\u0000", -1);
      RecordIndex.Suite s = index.suites().stream().filter(x -> x.name.equals(k[0])).findFirst()
          .orElseThrow();
      Map<String, LatencyHistogram> b = callLatencies(s.repeats(baselineName, k[1]));
      Map<String, LatencyHistogram> c = callLatencies(s.repeats(candidateName, k[1]));
      b.forEach((op, hb) -> {
        LatencyHistogram hc = c.get(op);
        if (hc != null) {
          calls.add(new CallLatencies(k[0], k[1], op, hb.count(), hc.count(),
              percentiles(hb), percentiles(hc)));
        }
      });
    }
    if (!calls.isEmpty()) {
      warnings.add("?: per-call latencies of the runs are shown side by side for those points:"
          + " evidence from within the runs, not a verdict");
    }
    return new Comparison(baselineName, candidateName, alpha, List.copyOf(rows),
        List.copyOf(geomeans), List.copyOf(warnings), List.copyOf(calls));
  }

  /** Each operation load's latencies, merged over the ok repeats; steps left out. */
  private static Map<String, LatencyHistogram> callLatencies(List<ResultRecord> repeats) {
    Map<String, LatencyHistogram.Sum> byOp = new LinkedHashMap<>();
    for (ResultRecord r : repeats) {
      if (!r.ok() || r.isWarmup() || r.phases() == null) {
        continue;
      }
      for (io.hbench.core.result.PhaseResult ph : r.phases()) {
        if (ph.loads() == null) {
          continue;
        }
        for (io.hbench.core.result.OperationLoad l : ph.loads()) {
          if (!l.isStep() && l.histogram() != null && l.calls() > 0) {
            l.addLatenciesTo(byOp.computeIfAbsent(l.op(), k -> new LatencyHistogram.Sum()));
          }
        }
      }
    }
    Map<String, LatencyHistogram> out = new LinkedHashMap<>();
    byOp.forEach((op, sum) -> {
      LatencyHistogram h = sum.result();
      if (h != null && h.count() > 0) {
        out.put(op, h);
      }
    });
    return out;
  }

  /** {@code 50}, {@code 99.9}. */
  private static String percentileName(double p) {
    return p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p);
  }

  private static double[] percentiles(LatencyHistogram h) {
    double[] out = new double[CALL_PERCENTILES.length];
    for (int i = 0; i < out.length; i++) {
      out[i] = h.percentileMillis(CALL_PERCENTILES[i]);
    }
    return out;
  }

  private static String failedText(RecordIndex.Suite s, String side, String point, int failed) {
    return failed + " of " + s.repeats(side, point).size() + " repeats failed on " + side;
  }

  /**
   * Versions, node counts and settings that differ between the sides, as warp's {@code cmp}
   * warns: a difference may be the cluster's, or the way it was measured.
   */
  private static List<String> environmentDifferences(String baseName, Map<String, Set<String>> b,
      String candName, Map<String, Set<String>> c) {
    Set<String> keys = new java.util.TreeSet<>(b.keySet());
    keys.addAll(c.keySet());
    List<String> out = new ArrayList<>();
    for (String k : keys) {
      if (k.startsWith(RecordIndex.JVMS) && !(b.containsKey(k) && c.containsKey(k))) {
        continue; // one side's tasks did not say (recorded before they did, or no job)
      }
      Set<String> bv = b.getOrDefault(k, Set.of("(unset)"));
      Set<String> cv = c.getOrDefault(k, Set.of("(unset)"));
      if (!bv.equals(cv)) {
        out.add("differs: " + k + ": " + baseName + " " + String.join(" | ", bv) + "; "
            + candName + " " + String.join(" | ", cv));
      }
    }
    return out;
  }

  /**
   * The largest significant change for the worse, in percent (positive), or 0: what {@code
   * --fail-on-regression} compares its threshold with.
   */
  /** Why a point measured on both sides is not compared: its failed repeats on each side. */
  private static String notCompared(RecordIndex.Suite s, String point, String baseline, int bf,
      String candidate, int cf) {
    return s.name + " " + point + ": " + (bf > 0 ? failedText(s, baseline, point, bf) : "")
        + (bf > 0 && cf > 0 ? "; " : "") + (cf > 0 ? failedText(s, candidate, point, cf) : "")
        + ": not compared";
  }

  /** The figure of a row that judges a failed point where its records hold no figure. */
  public static final String STATUS = "status";

  private static boolean anyCommon(RecordIndex index, String b, String c) {
    for (RecordIndex.Suite s : index.suites()) {
      for (String point : s.orderedPoints()) {
        if (!s.repeats(b, point).isEmpty() && !s.repeats(c, point).isEmpty()) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * The points a gate cannot pass: those compared on both sides where a side failed ({@link
   * Verdict#FAILED}), as {@code suite point}; a failed point is no figure, and no evidence that
   * the candidate is not worse.
   */
  public List<String> failedPoints() {
    return rows.stream().filter(r -> r.verdict() == Verdict.FAILED)
        .map(r -> r.suite() + " " + r.point()).distinct().toList();
  }

  public double worstRegressionPercent() {
    return rows.stream()
        .filter(r -> r.verdict() == Verdict.WORSE)
        .mapToDouble(r -> Math.abs(r.changePercent()))
        .max()
        .orElse(0);
  }

  /** The comparison as tables: one per suite and figure, its geometric mean as the last row. */
  public List<Table> tables() {
    Map<String, List<Row>> byFigure = new LinkedHashMap<>();
    for (Row r : rows) {
      byFigure.computeIfAbsent(r.suite() + "\n" + r.phase() + "\n" + r.figure(),
          k -> new ArrayList<>()).add(r);
    }
    List<Table> out = new ArrayList<>();
    for (List<Row> rs : byFigure.values()) {
      Row first = rs.get(0);
      List<Table.Column> cols = new ArrayList<>();
      cols.add(new Table.Column(null, "point"));
      for (String side : List.of(baseline, candidate)) {
        cols.add(new Table.Column(side, "median"));
        cols.add(new Table.Column(side, "±95%"));
        cols.add(new Table.Column(side, "n"));
      }
      String vs = candidate + " vs " + baseline;
      cols.add(new Table.Column(vs, "change"));
      cols.add(new Table.Column(vs, "p"));
      cols.add(new Table.Column(vs, "verdict"));
      List<List<String>> cells = new ArrayList<>();
      for (Row r : rs) {
        List<String> row = new ArrayList<>();
        row.add(r.point());
        side(row, r.base());
        side(row, r.cand());
        row.add(Double.isNaN(r.changePercent()) ? "-" : signed(r.changePercent()));
        row.add(Double.isNaN(r.p()) ? "-" : NumberText.fixed(r.p(), 3));
        row.add(r.verdict().text());
        cells.add(row);
      }
      for (Geomean g : geomeans) {
        if (g.suite().equals(first.suite()) && java.util.Objects.equals(g.phase(), first.phase())
            && g.figure().equals(first.figure())) {
          cells.add(List.of("geomean", RecordIndex.number(g.base()), "", "",
              RecordIndex.number(g.cand()), "", "", signed(g.changePercent()), "", ""));
        }
      }
      String what = first.better() == Metric.Better.NONE ? first.figure()
          : first.figure() + " (" + first.unit() + ", " + first.better().text() + " is better)";
      out.add(new Table(
          first.suite() + (first.phase() == null ? "" : " · " + first.phase()) + " · " + what,
          cols, cells, null));
    }
    Map<String, List<CallLatencies>> callsBySuite = new LinkedHashMap<>();
    calls.forEach(c -> callsBySuite.computeIfAbsent(c.suite(), k -> new ArrayList<>()).add(c));
    callsBySuite.forEach((suite, cs) -> {
      List<Table.Column> cols = new ArrayList<>();
      cols.add(new Table.Column(null, "point"));
      cols.add(new Table.Column(null, "operation"));
      cols.add(new Table.Column("calls", baseline));
      cols.add(new Table.Column("calls", candidate));
      for (double pc : CALL_PERCENTILES) {
        String g = "p" + percentileName(pc) + " ms";
        cols.add(new Table.Column(g, baseline));
        cols.add(new Table.Column(g, candidate));
        cols.add(new Table.Column(g, "change"));
      }
      List<List<String>> cells = new ArrayList<>();
      for (CallLatencies c : cs) {
        List<String> row = new ArrayList<>(List.of(c.point(), c.op(),
            Long.toString(c.baseCalls()), Long.toString(c.candCalls())));
        for (int i = 0; i < CALL_PERCENTILES.length; i++) {
          row.add(RecordIndex.number(c.base()[i]));
          row.add(RecordIndex.number(c.cand()[i]));
          row.add(c.base()[i] == 0 ? "-" : signed((c.cand()[i] / c.base()[i] - 1) * 100));
        }
        cells.add(row);
      }
      out.add(new Table(suite + " · per-call latency within the runs (evidence, not a verdict)",
          cols, cells, "Each side's calls merged over its repeats. The calls of one run share its"
              + " cluster, caches and moment, so they are not independent samples of what a run"
              + " measures: a difference here may be one run's luck. For a verdict, measure at"
              + " least 4 repeats per side."));
    });
    return out;
  }

  private static void side(List<String> row, MedianInterval m) {
    if (m == null) {
      row.add("failed");
      row.add("");
      row.add("");
      return;
    }
    row.add(RecordIndex.number(m.median()));
    double h = m.relativeHalfWidth();
    row.add(Double.isInfinite(h) ? "∞" : Double.isNaN(h) ? "-" : ReportTables.percent(h * 100));
    row.add(Integer.toString(m.n()));
  }

  private static String signed(double pct) {
    return NumberText.signed(pct, 1) + "%";
  }

  /** How to read the tables, printed once after them. */
  public static String legend(double alpha) {
    return "median: of the repeats (warm-up ones left out); ±95%: the median's 95% confidence"
        + " interval, its larger side in percent (∞: fewer than 6 repeats); change: candidate"
        + " against baseline; p: two-sided Mann-Whitney U test; verdict: better or worse when"
        + " p < " + alpha + ", ~ when not significant, ? when too few repeats to tell.";
  }

  /** Comparisons as one JSON document: {@code {"comparisons": [...]}}. */
  public static String json(List<Comparison> comparisons) {
    ObjectNode root = io.hbench.thirdparty.jackson.databind.node.JsonNodeFactory.instance.objectNode();
    ArrayNode arr = root.putArray("comparisons");
    for (Comparison c : comparisons) {
      ObjectNode o = arr.addObject();
      o.put("baseline", c.baseline());
      o.put("candidate", c.candidate());
      o.put("alpha", c.alpha());
      o.put("confidence", CONFIDENCE);
      ArrayNode rows = o.putArray("rows");
      for (Row r : c.rows()) {
        ObjectNode j = rows.addObject();
        j.put("suite", r.suite());
        j.put("phase", r.phase());
        j.put("figure", r.figure());
        j.put("unit", r.unit());
        j.put("better", r.better().text());
        j.put("point", r.point());
        side(j.putObject("baseline"), r.base());
        side(j.putObject("candidate"), r.cand());
        number(j, "change_percent", r.changePercent());
        number(j, "p_value", r.p());
        j.put("verdict", r.verdict().text());
      }
      ArrayNode geo = o.putArray("geomeans");
      for (Geomean g : c.geomeans()) {
        ObjectNode j = geo.addObject();
        j.put("suite", g.suite());
        j.put("phase", g.phase());
        j.put("figure", g.figure());
        number(j, "baseline", g.base());
        number(j, "candidate", g.cand());
        number(j, "change_percent", g.changePercent());
        j.put("points", g.points());
      }
      ArrayNode within = o.putArray("calls_within_runs");
      for (CallLatencies cl : c.calls()) {
        ObjectNode j = within.addObject();
        j.put("suite", cl.suite());
        j.put("point", cl.point());
        j.put("operation", cl.op());
        for (String side : List.of("baseline", "candidate")) {
          ObjectNode sj = j.putObject(side);
          sj.put("calls", side.equals("baseline") ? cl.baseCalls() : cl.candCalls());
          double[] v = side.equals("baseline") ? cl.base() : cl.cand();
          for (int i = 0; i < CALL_PERCENTILES.length; i++) {
            number(sj, "p" + percentileName(CALL_PERCENTILES[i]).replace('.', '_') + "_ms", v[i]);
          }
        }
      }
      ArrayNode w = o.putArray("warnings");
      c.warnings().forEach(w::add);
    }
    return TableFormat.pretty(root);
  }

  private static void side(ObjectNode j, MedianInterval m) {
    if (m == null) {
      j.put("status", "failed");
      return;
    }
    j.put("n", m.n());
    number(j, "median", m.median());
    number(j, "ci_low", m.low());
    number(j, "ci_high", m.high());
  }

  /** A finite number, or null: JSON has no infinity. */
  private static void number(ObjectNode j, String key, double v) {
    if (Double.isFinite(v)) {
      j.put(key, v);
    } else {
      j.putNull(key);
    }
  }
}
