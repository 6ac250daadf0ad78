package io.hbench.core.report;

import io.hbench.core.daemons.DaemonObservations.Observation;
import io.hbench.core.daemons.DaemonObservations;
import io.hbench.core.daemons.ServerFigure;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import io.hbench.thirdparty.jackson.databind.node.ArrayNode;
import io.hbench.thirdparty.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The daemons' part of the HTML report ({@code --metrics}): per point and phase, beside the
 * client's own figures of the phase, each role's daemons side by side with a bar per figure (a
 * daemon that stands out among its peers in red, with what was observed), and time-series charts
 * of the figures where a bottleneck shows as it builds, one line per daemon. A phase where
 * something stood out opens by itself; the others draw their charts when opened.
 */
final class DaemonCharts {

  /** Figures drawn over time, in this order; counters as their rate per second. */
  static final List<String> OVER_TIME = java.util.stream.Stream.of(ServerFigure.RPC_QUEUE_MS,
      ServerFigure.RPC_PROCESSING_MS, ServerFigure.CALL_QUEUE_LENGTH, ServerFigure.RPC_CALLS,
      ServerFigure.BYTES_WRITTEN, ServerFigure.BYTES_READ, ServerFigure.WRITE_BLOCK_MS,
      ServerFigure.READ_BLOCK_MS, ServerFigure.PACKET_ACK_RTT_NS, ServerFigure.CONTAINERS_RUNNING,
      ServerFigure.CONTAINER_LAUNCH_MS, ServerFigure.REQUESTS, ServerFigure.GET_MS,
      ServerFigure.PUT_MS, ServerFigure.SCAN_MS, ServerFigure.MEMSTORE_BYTES,
      ServerFigure.COMPACTION_QUEUE, ServerFigure.FLUSH_QUEUE, ServerFigure.HEAP_USED_MB,
      ServerFigure.GC_MS).map(ServerFigure::name).toList();

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final double MIB = 1 << 20;

  private DaemonCharts() {}

  /**
   * The section of suite {@code s}, empty when none of its records has the daemons' figures; the
   * charts it places are added to {@code charts} for the page's script.
   */
  static String section(RecordIndex.Suite s, ArrayNode charts) {
    StringBuilder h = new StringBuilder();
    for (String point : s.orderedPoints()) {
      for (String label : s.labels) {
        ResultRecord r = shown(s.repeats(label, point));
        if (r == null) {
          continue;
        }
        for (PhaseResult p : r.phases()) {
          if (p.daemons() != null && !p.daemons().isEmpty()) {
            h.append(phase(r, p, charts));
          }
        }
      }
    }
    if (h.length() == 0) {
      return "";
    }
    return "<h3>The cluster's daemons (--metrics)</h3>\n<p class=\"note\">Each daemon's own"
        + " /jmx, read before, during and one metrics period after each phase (docs/metrics.md)."
        + " Bars compare the daemons of one role; red: a daemon that stands out among its peers."
        + " Counters are their growth over the phase, gauges their mean over the samples; over"
        + " time, counters are drawn as their rate per second.</p>\n" + h;
  }

  /**
   * The repeat whose daemons are shown: the first ok one that has them, else the first that has
   * them.
   */
  private static ResultRecord shown(List<ResultRecord> repeats) {
    ResultRecord any = null;
    for (ResultRecord r : repeats) {
      boolean has = r.phases().stream().anyMatch(p -> p.daemons() != null && !p.daemons().isEmpty());
      if (has && r.ok()) {
        return r;
      }
      any = has && any == null ? r : any;
    }
    return any;
  }

  private static String phase(ResultRecord r, PhaseResult p, ArrayNode charts) {
    List<Observation> seen = DaemonObservations.of(p);
    String title = r.pointAndRepeat() + " · " + p.name()
        + " · " + r.label();
    StringBuilder h = new StringBuilder("<details class=\"daemons\"")
        .append(seen.isEmpty() ? "" : " open").append("><summary>")
        .append(HtmlText.esc(title)).append(": ").append(p.daemons().size())
        .append(" daemons, ").append(seen.isEmpty() ? "nothing stood out"
            : seen.size() + " observation" + (seen.size() == 1 ? "" : "s"))
        .append("</summary>\n");
    h.append("<p class=\"client\">The client: ").append(HtmlText.esc(client(r, p)))
        .append("</p>\n");
    if (!seen.isEmpty()) {
      h.append("<ul class=\"observed\">");
      seen.forEach(o -> h.append("<li><b>").append(HtmlText.esc(o.daemon())).append("</b>: ")
          .append(HtmlText.esc(o.text())).append("</li>"));
      h.append("</ul>\n");
    }
    Map<String, List<DaemonFigures>> byRole = new LinkedHashMap<>();
    p.daemons().forEach(d -> byRole.computeIfAbsent(d.role(), k -> new ArrayList<>()).add(d));
    byRole.forEach((role, ds) -> h.append(bars(role, ds, seen)));
    h.append("<div class=\"charts\">");
    for (String figure : OVER_TIME) {
      ObjectNode c = overTime(title, p, figure, seen);
      if (c != null) {
        String id = "daemon-" + charts.size();
        c.put("id", id);
        charts.add(c);
        h.append("<div class=\"chart\" id=\"").append(id).append("\"></div>");
      }
    }
    return h.append("</div></details>\n").toString();
  }

  /** The client's side of the phase: its time, and its headline figures. */
  private static String client(ResultRecord r, PhaseResult p) {
    List<String> parts = new ArrayList<>();
    if (p.metrics() != null) {
      for (Metric m : p.metrics()) {
        if (m.isHeadline()) {
          parts.add(RecordIndex.number(m.value()) + " " + m.unit() + " (" + m.name() + ")");
        }
      }
    }
    if (parts.isEmpty()) {
      parts.add(RecordIndex.number(p.seconds()) + " s");
    }
    return String.join(", ", parts) + (r.ok() ? "" : "; the point failed: " + r.failure());
  }

  /** A role's daemons, a row each, a column per figure that is not 0 everywhere. */
  private static String bars(String role, List<DaemonFigures> ds, List<Observation> seen) {
    Set<String> columns = new LinkedHashSet<>();
    for (DaemonFigures d : ds) {
      if (d.metrics() != null) {
        d.metrics().stream()
            .filter(m -> !m.name().endsWith("_min") && !m.name().endsWith("_max") && m.value() != 0)
            .forEach(m -> columns.add(m.name()));
      }
    }
    StringBuilder h = new StringBuilder("<div class=\"table\"><table class=\"nodes\"><thead><tr><th>")
        .append(HtmlText.esc(role)).append("</th>");
    for (String c : columns) {
      Metric any = ds.stream().map(d -> d.metric(c)).filter(m -> m != null).findFirst().orElseThrow();
      h.append("<th>").append(HtmlText.esc(c)).append("<br><small>")
          .append(HtmlText.esc(shownUnit(any.unit()))).append("</small></th>");
    }
    h.append("</tr></thead><tbody>");
    boolean peers = ds.size() > 1;
    for (DaemonFigures d : ds) {
      String name = DaemonObservations.name(d);
      h.append("<tr><th>").append(HtmlText.esc(d.node())).append("</th>");
      if (d.samples() == 0) {
        h.append("<td class=\"failed\" colspan=\"").append(Math.max(1, columns.size()))
            .append("\">not read: ").append(HtmlText.esc(d.unreachable())).append("</td></tr>");
        continue;
      }
      for (String c : columns) {
        Metric m = d.metric(c);
        if (m == null) {
          h.append("<td>-</td>");
          continue;
        }
        Observation o = seen.stream().filter(x -> name.equals(x.daemon())
            && (c.equals(x.figure()) || (c + "_max").equals(x.figure()))).findFirst().orElse(null);
        double max = ds.stream().map(x -> x.metric(c)).filter(x -> x != null)
            .mapToDouble(Metric::value).max().orElse(0);
        h.append("<td class=\"bar").append(o == null ? "" : " skew").append("\"")
            .append(o == null ? "" : " title=\"" + HtmlText.esc(o.text()) + "\"").append(">");
        if (peers && max > 0) {
          h.append("<span style=\"width:").append(Math.round(100 * m.value() / max))
              .append("%\"></span>");
        }
        h.append(HtmlText.esc(shownValue(m))).append("</td>");
      }
      h.append("</tr>");
    }
    return h.append("</tbody></table></div>\n").toString();
  }

  private static String shownUnit(String unit) {
    return Metric.BYTES.equals(unit) ? "MiB" : unit;
  }

  private static String shownValue(Metric m) {
    return RecordIndex.number(Metric.BYTES.equals(m.unit()) ? m.value() / MIB : m.value());
  }

  /**
   * One figure of the phase over time, a line per daemon that published it; null when none did or
   * it never moved from 0.
   */
  private static ObjectNode overTime(String title, PhaseResult p, String figure,
      List<Observation> seen) {
    ServerFigure f = ServerFigure.ALL.stream().filter(x -> x.name().equals(figure)).findFirst()
        .orElseThrow();
    boolean bytes = Metric.BYTES.equals(f.unit());
    String unit = !f.counter() ? (bytes ? "MiB" : f.unit())
        : bytes ? "MiB/s"
        : Metric.COUNT.equals(f.unit()) ? "per s" : f.unit() + " per s";
    ObjectNode c = JSON.createObjectNode();
    c.put("title", title + ": " + figure + (f.counter() ? " rate" : "") + " (" + unit + ")");
    c.put("unit", unit);
    c.put("end", p.seconds());
    ArrayNode lines = c.putArray("lines");
    boolean moved = false;
    for (DaemonFigures d : p.daemons()) {
      List<Double> t = d.series() == null ? null : d.series().get("t");
      List<Double> v = d.series() == null ? null : d.series().get(figure);
      if (t == null || v == null) {
        continue;
      }
      ObjectNode l = lines.addObject();
      String name = DaemonObservations.name(d);
      l.put("label", name);
      l.put("stands", seen.stream().anyMatch(o -> name.equals(o.daemon())
          && (figure.equals(o.figure()) || (figure + "_max").equals(o.figure()))));
      ArrayNode xs = l.putArray("t");
      ArrayNode ys = l.putArray("y");
      for (int i = 0; i < t.size(); i++) {
        Double y = v.get(i);
        if (f.counter()) {
          // A rate needs the sample before; a counter that went down was reset (a restart).
          Double before = i == 0 ? null : v.get(i - 1);
          double dt = i == 0 ? 0 : t.get(i) - t.get(i - 1);
          y = y == null || before == null || dt <= 0 || y < before ? null
              : (y - before) / dt / (Metric.BYTES.equals(f.unit()) ? MIB : 1);
        }
        if (!f.counter() && bytes && y != null) {
          y = y / MIB;
        }
        if (f.meanTime() && y != null && y == 0) {
          // A mean time of 0 is a metrics period without the operation: a gap, not a fall.
          y = null;
        }
        if (i == 0 && f.counter()) {
          continue;
        }
        xs.add(round(t.get(i)));
        if (y == null) {
          ys.addNull();
        } else {
          ys.add(round(y));
          moved |= y != 0;
        }
      }
    }
    return moved ? c : null;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
