package io.hbench.core.report;

import io.hbench.core.load.Slo;
import io.hbench.core.result.CapacityFigures;
import io.hbench.core.result.FaultRecord;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.OperationSeries;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import io.hbench.thirdparty.jackson.databind.node.ArrayNode;
import io.hbench.thirdparty.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.function.Function;

/**
 * Each load over time in the HTML report: per point, label and load phase (the first ok repeat),
 * its operations' rate and p99 latency interval by interval, with the all-running band marked
 * (dashed lines) and the steady-state stop when there was one. Drawn when its box is opened.
 */
final class SeriesCharts {

  private static final ObjectMapper JSON = new ObjectMapper();

  private SeriesCharts() {}

  /** The section of suite {@code s}; its charts are added to {@code charts}. Empty when none. */
  static String section(RecordIndex.Suite s, ArrayNode charts) {
    StringBuilder h = new StringBuilder();
    for (String point : s.orderedPoints()) {
      for (String label : s.labels) {
        ResultRecord r = s.repeats(label, point).stream().filter(ResultRecord::ok)
            .filter(SeriesCharts::hasSeries).findFirst().orElse(null);
        if (r == null) {
          continue;
        }
        for (PhaseResult p : r.phases()) {
          h.append(knee(charts, r, p));
          List<OperationLoad> ops = p.loads() == null ? List.of()
              : p.loads().stream().filter(l -> !l.isStep() && l.series() != null).toList();
          if (ops.isEmpty()) {
            continue;
          }
          String title = r.pointAndRepeat() + " · "
              + p.name() + " · " + r.label();
          boolean first = h.length() == 0; // the first load opens by itself
          h.append("<details class=\"series\"").append(first ? " open" : "")
              .append("><summary>").append(HtmlText.esc(title)).append(": ")
              .append(HtmlText.esc(summary(ops.get(0).series()))).append("</summary>")
              .append("<div class=\"charts\">");
          h.append(chart(charts, title + ": ops/s", "ops/s", p, ops, OperationSeries::opsPerSecond,
              timetable(p, ops)));
          h.append(chart(charts, title + ": p99 latency (ms)", "ms", p, ops, OperationSeries::p99,
              List.of()));
          h.append("</div></details>\n");
        }
      }
    }
    if (h.length() == 0) {
      return "";
    }
    return "<h3>Loads over time</h3>\n<p class=\"note\">Each interval's rate and p99 latency,"
        + " merged over threads and map tasks; dashed lines: the band in which every client was"
        + " running, whose whole intervals give the fastest, median and slowest rate; red line:"
        + " where --until-stable found the load steady (docs/time-series.md); shaded: each"
        + " --disrupt fault, from its action until the load was back at 90% of its rate before"
        + " (docs/disrupt.md).</p>\n" + h;
  }

  private static boolean hasSeries(ResultRecord r) {
    return r.phases().stream().anyMatch(p -> p.loads() != null
        && p.loads().stream().anyMatch(l -> l.series() != null));
  }

  /**
   * A {@code --find-max} search's steps: the objective's latency against the rate achieved, the
   * objective's bound dashed and the answer (the knee) in red; empty for any other phase.
   */
  private static String knee(ArrayNode charts, ResultRecord r, PhaseResult p) {
    CapacityFigures f = CapacityFigures.FIELD.in(p.figures());
    if (f == null) {
      return "";
    }
    List<CapacityFigures.Step> judged = f.steps().stream().filter(x -> x.met() != null)
        .sorted(java.util.Comparator.comparingDouble(CapacityFigures.Step::achievedOpsPerSecond))
        .toList();
    ObjectNode c = JSON.createObjectNode();
    String id = "series-" + charts.size();
    c.put("id", id);
    c.put("title", r.point() + " · " + p.name() + " · " + r.label() + ": latency against"
        + " throughput, --find-max at " + f.slo());
    c.put("unit", "ms");
    c.put("xLabel", "ops/s achieved");
    c.put("xUnit", "ops/s");
    c.putArray("marks");
    if (f.maxOpsPerSecond() != null) {
      c.put("stable", f.maxOpsPerSecond());
    }
    c.put("bound", Slo.parse("--slo", f.slo()).maxMillis());
    ObjectNode line = c.putArray("lines").addObject();
    line.put("label", "steps");
    ArrayNode t = line.putArray("t");
    ArrayNode y = line.putArray("y");
    judged.forEach(x -> {
      t.add(x.achievedOpsPerSecond());
      y.add(x.judgedMillis());
    });
    charts.add(c);
    String answer = f.maxOpsPerSecond() == null ? "no rate met it"
        : "max " + RecordIndex.number(f.maxOpsPerSecond()) + " ops/s";
    return "<details class=\"series\" open><summary>" + HtmlText.esc(r.point() + " · " + p.name()
        + " · " + r.label() + ": " + answer + " at " + f.slo()) + "</summary><div class=\"charts\">"
        + "<div class=\"chart\" id=\"" + id + "\"></div></div></details>\n";
  }

  private static String summary(OperationSeries s) {
    String band = s.band() == null ? "no whole interval with every client running"
        : "median interval " + RecordIndex.number(s.band().median()) + " ops/s (fastest "
            + RecordIndex.number(s.band().fastest()) + ", slowest "
            + RecordIndex.number(s.band().slowest()) + ")";
    return band + (s.stability() == null ? "" : "; " + s.stability().describe());
  }

  /**
   * One figure of the phase's operations over time: on the daemons' time axis (seconds since the
   * phase's clock started, the phase's end marked) when the record says when that was, else
   * from the load's start.
   */
  /** A line drawn beside the operations': its label, and its points on the load's time axis. */
  private record Line(String label, List<Double> t, List<Double> y) {}

  /**
   * For a load that followed a timetable (a replayed trace), the rate its calls were due at,
   * from the lateness step (kept by due time), beside the rate all its operations made: a load
   * that could not keep up shows as the second line falling below the first. None otherwise.
   */
  private static List<Line> timetable(PhaseResult p, List<OperationLoad> ops) {
    OperationLoad due = p.loads().stream().filter(l -> l.isStep() && l.series() != null
        && l.op().endsWith(io.hbench.core.load.ConcurrentLoad.LATENESS)).findFirst().orElse(null);
    if (due == null) {
      return List.of();
    }
    java.util.TreeMap<Double, Double> done = new java.util.TreeMap<>();
    for (OperationLoad l : ops) {
      OperationSeries s = l.series();
      for (int i = 0; i < s.t().size(); i++) {
        done.merge(s.t().get(i), s.opsPerSecond().get(i), Double::sum);
      }
    }
    return List.of(new Line("due (timetable)", due.series().t(), due.series().opsPerSecond()),
        new Line("done (all operations)", List.copyOf(done.keySet()), List.copyOf(done.values())));
  }

  private static String chart(ArrayNode charts, String title, String unit, PhaseResult p,
      List<OperationLoad> ops, Function<OperationSeries, List<Double>> figure, List<Line> more) {
    ObjectNode c = JSON.createObjectNode();
    String id = "series-" + charts.size();
    c.put("id", id);
    c.put("title", title);
    c.put("unit", unit);
    OperationSeries first = ops.get(0).series();
    double offset = 0;
    if (p.startedMillis() != null) {
      offset = (first.startMillis() - p.startedMillis()) / 1e3;
      c.put("xLabel", "seconds since the phase began");
      c.put("end", p.seconds());
    }
    ArrayNode marks = c.putArray("marks");
    if (first.band() != null) {
      marks.add(round(offset + first.band().startSeconds()));
      marks.add(round(offset + first.band().endSeconds()));
    }
    if (first.stability() != null && first.stability().atSeconds() != null) {
      c.put("stable", round(offset + first.stability().atSeconds()));
    }
    faults(c, p, p.startedMillis() != null ? p.startedMillis() : first.startMillis());
    ArrayNode lines = c.putArray("lines");
    for (OperationLoad l : ops) {
      ObjectNode line = lines.addObject();
      line.put("label", l.op());
      ArrayNode t = line.putArray("t");
      ArrayNode y = line.putArray("y");
      List<Double> v = figure.apply(l.series());
      double shift = p.startedMillis() == null ? 0
          : (l.series().startMillis() - p.startedMillis()) / 1e3;
      for (int i = 0; i < v.size(); i++) {
        t.add(round(shift + l.series().t().get(i)));
        y.add(v.get(i));
      }
    }
    double shift = p.startedMillis() == null ? 0 : (first.startMillis() - p.startedMillis()) / 1e3;
    for (Line extra : more) {
      ObjectNode line = lines.addObject();
      line.put("label", extra.label());
      ArrayNode t = line.putArray("t");
      ArrayNode y = line.putArray("y");
      for (int i = 0; i < extra.t().size(); i++) {
        t.add(round(shift + extra.t().get(i)));
        y.add(extra.y().get(i));
      }
    }
    charts.add(c);
    return "<div class=\"chart\" id=\"" + id + "\"></div>";
  }

  /**
   * {@code --disrupt}'s faults as shaded windows: from each action's issue until the load was
   * back at 90% of its control rate, or to the fault window's end when it was not; in seconds
   * from {@code zeroMillis}, the chart's time axis.
   */
  private static void faults(ObjectNode c, PhaseResult p, long zeroMillis) {
    FaultRecord d = FaultRecord.FIELD.in(p.figures());
    if (d == null) {
      return;
    }
    ArrayNode windows = c.putArray("faults");
    for (FaultRecord.Fault f : d.faults()) {
      double from = (f.issuedMillis() - zeroMillis) / 1e3;
      Double back = f.figures() == null ? null : f.figures().timeTo90Seconds();
      ObjectNode w = windows.addObject();
      w.put("from", round(from));
      w.put("to", round(back != null ? from + Math.max(back, 0.2)
          : (f.windowEndMillis() - zeroMillis) / 1e3));
      w.put("label", f.action() + (d.cycles() > 1 ? " #" + (f.cycle() + 1) : ""));
    }
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
