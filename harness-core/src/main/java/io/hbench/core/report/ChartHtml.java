package io.hbench.core.report;

import io.hbench.core.result.Metric;
import io.hbench.core.text.NumberText;
import java.util.List;
import java.util.Objects;

/** A suite's own {@link Chart} as the HTML page draws it: plain HTML and style, no script. */
final class ChartHtml {

  private ChartHtml() {}

  /** {@code c}, its title followed by {@code label} when the page holds several labels. */
  static String of(Chart c, String label) {
    String title = c.title() + (label == null ? "" : " · " + label);
    StringBuilder h = new StringBuilder("<div class=\"chart own\"><h3>")
        .append(HtmlReport.esc(title)).append("</h3>");
    String note;
    if (c instanceof Chart.Bars b) {
      bars(b, h);
      note = b.note();
    } else if (c instanceof Chart.HeatMap m) {
      heatMap(m, h);
      note = m.note();
    } else {
      throw new IllegalArgumentException(String.valueOf(c));
    }
    if (note != null) {
      h.append("<p class=\"note\">").append(HtmlReport.esc(note)).append("</p>");
    }
    return h.append("</div>\n").toString();
  }

  private static void bars(Chart.Bars b, StringBuilder h) {
    double max = b.values().stream().filter(Objects::nonNull).mapToDouble(Double::doubleValue)
        .max().orElse(0);
    h.append("<table class=\"bars\"><tbody>");
    for (int i = 0; i < b.labels().size(); i++) {
      String label = b.labels().get(i);
      Double v = b.values().get(i);
      String why = b.marked().get(label);
      h.append("<tr").append(why == null ? "" : " class=\"marked\" title=\""
          + HtmlReport.esc(why) + "\"").append("><th>").append(HtmlReport.esc(label))
          .append("</th><td class=\"bar\">");
      if (v != null && max > 0) {
        h.append("<span style=\"width:").append(NumberText.fixed(100 * v / max, 1))
            .append("%\"></span>");
      }
      h.append("</td><td>").append(v == null ? "-" : NumberText.fixed(v, 1) + " " + b.unit())
          .append(why == null ? "" : " · " + HtmlReport.esc(why)).append("</td></tr>");
    }
    h.append("</tbody></table>");
  }

  private static void heatMap(Chart.HeatMap m, StringBuilder h) {
    double lo = Double.POSITIVE_INFINITY;
    double hi = Double.NEGATIVE_INFINITY;
    for (List<Double> row : m.cells()) {
      for (Double v : row) {
        if (v != null) {
          lo = Math.min(lo, v);
          hi = Math.max(hi, v);
        }
      }
    }
    h.append("<table class=\"heat\"><thead><tr><th></th>");
    for (String col : m.columns()) {
      h.append("<th").append(m.marked().contains(col) ? " class=\"marked\"" : "").append(">")
          .append(HtmlReport.esc(col)).append("</th>");
    }
    h.append("</tr></thead><tbody>");
    for (int r = 0; r < m.rows().size(); r++) {
      String row = m.rows().get(r);
      h.append("<tr><th").append(m.marked().contains(row) ? " class=\"marked\"" : "")
          .append(">").append(HtmlReport.esc(row)).append("</th>");
      for (int c = 0; c < m.columns().size(); c++) {
        Double v = m.cells().get(r).get(c);
        if (v == null) {
          h.append("<td class=\"none\"></td>");
          continue;
        }
        String col = m.columns().get(c);
        h.append("<td style=\"background:").append(colour(v, lo, hi, m.better()))
            .append("\" title=\"").append(HtmlReport.esc(row + " \u2192 " + col + ": "
                + NumberText.fixed(v, 1) + " " + m.unit())).append("\">")
            .append(NumberText.fixed(v, 1)).append("</td>");
      }
      h.append("</tr>");
    }
    h.append("</tbody></table>");
  }

  /**
   * A cell's share of the best cell, from red (none of it) through yellow to green (the best):
   * a matrix whose cells are all near the best is green, whatever its spread. A neutral blue,
   * lighter for less, when neither way is better.
   */
  static String colour(double v, double lo, double hi, Metric.Better better) {
    if (better == Metric.Better.NONE) {
      double t = hi > lo ? (v - lo) / (hi - lo) : 1;
      return "hsl(210, 70%, " + NumberText.fixed(92 - 30 * t, 0) + "%)";
    }
    double share = better == Metric.Better.HIGHER ? (hi > 0 ? v / hi : 1) : (v > 0 ? lo / v : 1);
    return "hsl(" + NumberText.fixed(120 * Math.max(0, Math.min(1, share)), 0) + ", 70%, 80%)";
  }
}
