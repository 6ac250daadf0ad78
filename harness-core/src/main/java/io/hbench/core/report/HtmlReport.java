package io.hbench.core.report;

import io.hbench.core.result.Metric;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.LatencyHistogram;
import io.hbench.core.stats.Spread;
import io.hbench.thirdparty.jackson.core.JsonProcessingException;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import io.hbench.thirdparty.jackson.databind.node.ArrayNode;
import io.hbench.thirdparty.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/**
 * {@code bench report --html}: one self-contained page that works offline. Per suite: a chart per
 * headline figure against the point (one line per label, a band from the repeats' min to max,
 * failed points ringed, a log axis when sizes span a decade, a tooltip with each point's
 * environment and settings), a latency-percentile chart per operation load from the merged
 * histograms, the same tables as the text report, the cluster's daemons beside each phase when
 * they were read ({@code --metrics}, see {@link DaemonCharts}), and the environment of each label
 * with the settings that differ highlighted. Charts are drawn by uPlot, whose script and style are read
 * from its WebJar and inlined: the page makes no network request.
 */
public final class HtmlReport {

  /** Percentiles of the latency charts; 100 is the maximum. */
  static final double[] PERCENTILES = {50, 75, 90, 95, 99, 99.9, 99.99, 100};

  private static final ObjectMapper JSON = new ObjectMapper();

  private HtmlReport() {}

  /**
   * The page of {@code records}, through {@link io.hbench.core.result.SecretRedactor#redactText}
   * like every output of hbench: records written by an older hbench may carry a secret.
   */
  public static String render(List<ResultRecord> records) {
    return io.hbench.core.result.SecretRedactor.redactText(page(records));
  }

  private static String page(List<ResultRecord> records) {
    RecordIndex index = new RecordIndex(records);
    ObjectNode data = JSON.createObjectNode();
    ArrayNode charts = data.putArray("charts");
    ArrayNode latency = data.putArray("latency");
    ArrayNode daemons = data.putArray("daemons");
    ArrayNode series = data.putArray("series");
    // Tooltips once per suite, shared by its charts: they are most of a large page's data.
    ArrayNode allTips = data.putArray("tips");
    StringBuilder body = new StringBuilder();
    StringBuilder toc = new StringBuilder();
    int suiteNo = 0;
    // Each suite's charts, tables and environment made on a core of its own; the charts are
    // numbered as the page lists them, below.
    List<RecordIndex.Suite> suites = index.suites();
    List<Drawn> drawn = java.util.stream.IntStream.range(0, suites.size()).parallel()
        .mapToObj(i -> Drawn.of(suites.get(i), i)).toList();
    for (RecordIndex.Suite s : suites) {
      Drawn d = drawn.get(suiteNo);
      String anchor = "suite-" + suiteNo++;
      toc.append("<li><a href=\"#").append(anchor).append("\">").append(esc(s.name))
          .append("</a></li>");
      body.append("<section id=\"").append(anchor).append("\"><h2>").append(esc(s.name))
          .append("</h2>\n");
      body.append("<p class=\"labels\">").append(s.labels.size()).append(" label(s): ")
          .append(esc(String.join(", ", s.labels))).append("; ").append(s.points.size())
          .append(" point(s)</p>\n");
      allTips.add(d.tips());
      body.append("<div class=\"charts\">").append(d.own());
      for (ObjectNode c : d.charts()) {
        String id = "chart-" + charts.size();
        c.put("id", id);
        charts.add(c);
        body.append("<div class=\"chart\" id=\"").append(id).append("\"></div>");
      }
      for (ObjectNode l : d.latency()) {
        String id = "latency-" + latency.size();
        l.put("id", id);
        latency.add(l);
        body.append("<div class=\"chart\" id=\"").append(id).append("\"></div>");
      }
      body.append("</div>\n");
      if (!d.charts().isEmpty()) {
        body.append("<p class=\"note\">Lines: each label's median over its repeats;"
            + " shaded band: from the smallest to the largest repeat; red ring at the bottom: a"
            + " point with failed repeats (no line through it when all failed). Hover a chart for"
            + " each point's figures, environment and settings.</p>\n");
      }
      for (Table t : d.tables()) {
        body.append(table(t));
      }
      body.append(SeriesCharts.section(s, series));
      body.append(DaemonCharts.section(s, daemons));
      body.append(d.environment());
      body.append("</section>\n");
    }
    return shell("hbench report", records.size() + " records", "<nav><ul>" + toc
        + "</ul></nav>", body.toString(), data, "report.js");
  }

  /**
   * A whole offline page: uPlot and the report's style inline, {@code data} as the page's JSON
   * ({@code #hbench-data}), and {@code script} (a resource next to this class) to draw it.
   */
  static String shell(String title, String what, String nav, String body, ObjectNode data,
      String script) {
    String json;
    try {
      // "<" only occurs inside JSON strings, where \u003c means the same: no "</script>" inside.
      json = JSON.writeValueAsString(data).replace("<", "\\u003c");
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
    String uplot = UPLOT_VERSION;
    return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        + "<title>" + esc(title) + "</title>\n"
        + "<style>\n" + resource(UPLOT_DIR + "uPlot.min.css") + "\n" + resource("report.css")
        + "</style>\n"
        + "<!-- uPlot " + uplot + ", MIT licence, (c) Leon Sorokin: https://github.com/leeoniya/uPlot -->\n"
        + "<script>\n" + resource(UPLOT_DIR + "uPlot.iife.min.js") + "\n</script>\n"
        + "</head><body>\n<header><h1>" + esc(title) + "</h1>\n<p>" + esc(what)
        + "; generated " + Instant.now().toString().replaceAll("\\.\\d+Z$", "Z")
        + " by hbench.</p>\n" + nav + "</header>\n<main>\n" + body
        + "</main>\n<div id=\"tip\" class=\"tip\" hidden></div>\n"
        + "<script type=\"application/json\" id=\"hbench-data\">" + json + "</script>\n"
        + "<script>\n" + resource(script) + "\n</script>\n</body></html>\n";
  }

  /**
   * What the page shows of one suite that does not depend on the suites before it: its
   * tooltips, its charts (numbered when placed), latency charts, tables and environment.
   */
  private record Drawn(ArrayNode tips, String own, List<ObjectNode> charts,
      List<ObjectNode> latency, List<Table> tables, String environment) {

    /**
     * The suite {@code s}, whose tooltips are the page's {@code tipsIndex}-th: its own charts
     * of each label's last runs (as its tables), else a line chart per headline and a latency
     * chart per operation.
     */
    static Drawn of(RecordIndex.Suite s, int tipsIndex) {
      SuiteReport report = SuiteReport.of(s.name);
      StringBuilder own = new StringBuilder();
      for (String label : s.labels) {
        for (Chart c : report.charts(ReportTables.lastRuns(s.byLabel.get(label)))) {
          own.append(ChartHtml.of(c, s.labels.size() > 1 ? label : null));
        }
      }
      List<ObjectNode> charts = new ArrayList<>();
      for (String phase : own.isEmpty() ? s.phases() : List.<String>of()) {
        for (RecordIndex.Figure f : s.headlines(phase)) {
          charts.add(chart(s, phase, f, "", tipsIndex));
        }
      }
      return new Drawn(HtmlReport.tips(s), own.toString(), charts,
          own.isEmpty() ? latencyCharts(s) : List.of(), ReportTables.of(s),
          HtmlReport.environment(s));
    }
  }

  private static ObjectNode chart(RecordIndex.Suite s, String phase, RecordIndex.Figure f,
      String id, int tips) {
    Metric m = s.figures.get(f);
    List<String> points = s.orderedPoints();
    boolean log = s.sizesSpanADecade();
    boolean sized = points.stream().allMatch(p -> s.points.get(p) != null);
    ObjectNode c = JSON.createObjectNode();
    c.put("id", id);
    c.put("title", s.name + (phase == null ? "" : " · " + phase) + ": "
        + RecordIndex.heading(f, m) + " (" + m.unit() + ", " + m.better().text()
        + " is better)");
    c.put("xLabel", sized ? "size" : "point");
    c.put("xLog", log);
    c.put("yLabel", RecordIndex.heading(f, m));
    ArrayNode x = c.putArray("x");
    ArrayNode ticks = c.putArray("ticks");
    for (int i = 0; i < points.size(); i++) {
      String p = points.get(i);
      if (sized) {
        x.add(s.points.get(p));
      } else {
        x.add(i);
      }
      ticks.add(p);
    }
    ArrayNode series = c.putArray("series");
    for (String label : s.labels) {
      ObjectNode ser = series.addObject();
      ser.put("label", label);
      ArrayNode med = ser.putArray("median");
      ArrayNode lo = ser.putArray("low");
      ArrayNode hi = ser.putArray("high");
      ArrayNode failed = ser.putArray("failed");
      ArrayNode n = ser.putArray("n");
      for (String p : points) {
        double[] v = s.values(label, p, f);
        int measured = s.repeats(label, p).size();
        if (v.length == 0) {
          med.addNull();
          lo.addNull();
          hi.addNull();
        } else {
          Spread sp = Spread.of(v);
          med.add(round(sp.median()));
          lo.add(round(sp.min()));
          hi.add(round(sp.max()));
        }
        failed.add(s.failed(label, p) > 0 ? (v.length == 0 ? 2 : 1) : 0);
        n.add(v.length + "/" + measured);
      }
    }
    c.put("tips", tips);
    return c;
  }

  /** Per label and point, one line of environment and settings for the tooltips. */
  private static ArrayNode tips(RecordIndex.Suite s) {
    ArrayNode all = JSON.createArrayNode();
    for (String label : s.labels) {
      ArrayNode perPoint = all.addArray();
      for (String p : s.orderedPoints()) {
        List<ResultRecord> rs = s.repeats(label, p);
        if (rs.isEmpty()) {
          perPoint.addNull();
          continue;
        }
        ResultRecord r = rs.get(0);
        StringBuilder t = new StringBuilder();
        if (r.environment() != null) {
          var e = r.environment();
          t.append(e.cluster()).append(", Hadoop ").append(e.hadoopVersion());
          if (e.datanodes() != null) {
            t.append(", ").append(e.datanodes()).append(" datanode(s)");
          }
          if (e.nodeManagers() != null) {
            t.append(", ").append(e.nodeManagers()).append(" NodeManager(s)");
          }
          t.append(", ").append(e.cpus()).append(" client cpus");
        }
        if (r.params() != null && !r.params().isEmpty()) {
          t.append("; ").append(r.params().entrySet().stream()
              .map(en -> en.getKey() + "=" + en.getValue())
              .reduce((a, b) -> a + ", " + b).orElse(""));
        }
        rs.stream().filter(x -> !x.ok()).findFirst().ifPresent(x -> t.append("; failed: ")
            .append(x.failure()));
        perPoint.add(t.toString());
      }
    }
    return all;
  }

  /**
   * Latency percentiles per operation and point, from the histograms merged over repeats (of the
   * last {@link ReportTables#DETAIL_RUNS} runs, as the per-run tables).
   */
  private static List<ObjectNode> latencyCharts(RecordIndex.Suite s) {
    Map<String, Map<String, List<OperationLoad>>> byChart = new LinkedHashMap<>();
    for (String p : s.orderedPoints()) {
      for (String label : s.labels) {
        for (ResultRecord r : ReportTables.lastRuns(s.repeats(label, p))) {
          if (!r.ok()) {
            continue;
          }
          for (PhaseResult ph : r.phases()) {
            if (ph.loads() == null) {
              continue;
            }
            for (OperationLoad l : ph.loads()) {
              if (l.isStep() || l.histogram() == null || l.calls() == 0) {
                continue;
              }
              String key = p + (l.op().equals(p) ? "" : " · " + l.op());
              byChart.computeIfAbsent(key, k -> new LinkedHashMap<>())
                  .computeIfAbsent(label, k -> new ArrayList<>()).add(l);
            }
          }
        }
      }
    }
    // Decoding the histograms is most of the charts' time: each line's are summed on its own
    // core.
    List<List<OperationLoad>> lines = new ArrayList<>();
    byChart.values().forEach(m -> lines.addAll(m.values()));
    java.util.Iterator<LatencyHistogram> summed = lines.parallelStream().map(loads -> {
      LatencyHistogram.Sum sum = new LatencyHistogram.Sum();
      loads.forEach(l -> l.addLatenciesTo(sum));
      return sum.result();
    }).toList().iterator();
    List<ObjectNode> out = new ArrayList<>();
    byChart.forEach((key, byLabel) -> {
      // A load that kept no latency (an empty histogram) draws no line, and alone no chart.
      Map<String, LatencyHistogram> perLabel = new LinkedHashMap<>();
      byLabel.forEach((label, loads) -> {
        // The sums are in the lines' order, which is this one.
        LatencyHistogram h = summed.next();
        if (h != null && h.count() > 0) {
          perLabel.put(label, h);
        }
      });
      if (perLabel.isEmpty()) {
        return;
      }
      ObjectNode c = JSON.createObjectNode();
      c.put("title", s.name + " · " + key + ": latency by percentile (ms, merged over repeats)");
      ArrayNode x = c.putArray("x");
      ArrayNode ticks = c.putArray("ticks");
      for (double p : PERCENTILES) {
        // "Nines": p90 at 1, p99 at 2, p99.9 at 3; the maximum one step past the last.
        x.add(p >= 100 ? round(-Math.log10(1 - PERCENTILES[PERCENTILES.length - 2] / 100) + 1)
            : round(-Math.log10(1 - p / 100)));
        ticks.add(p >= 100 ? "max" : "p" + new java.math.BigDecimal(Double.toString(p))
            .stripTrailingZeros().toPlainString());
      }
      ArrayNode series = c.putArray("series");
      perLabel.forEach((label, h) -> {
        ObjectNode ser = series.addObject();
        ser.put("label", label);
        ser.put("count", h.count());
        ArrayNode y = ser.putArray("y");
        for (double p : PERCENTILES) {
          y.add(round(p >= 100 ? h.maxMillis() : h.percentileMillis(p)));
        }
      });
      out.add(c);
    });
    return out;
  }

  /** A table as HTML: a group row above grouped columns. */
  static String table(Table t) {
    StringBuilder h = new StringBuilder("<div class=\"table\">");
    if (t.title() != null) {
      h.append("<h3>").append(esc(t.title())).append("</h3>");
    }
    if (!t.columns().isEmpty()) {
      h.append("<table><thead>");
      if (t.grouped()) {
        h.append("<tr>");
        int i = 0;
        while (i < t.columns().size()) {
          String g = t.columns().get(i).group();
          int j = i;
          while (j + 1 < t.columns().size() && g != null
              && g.equals(t.columns().get(j + 1).group())) {
            j++;
          }
          h.append("<th colspan=\"").append(j - i + 1).append("\">")
              .append(g == null ? "" : esc(g)).append("</th>");
          i = j + 1;
        }
        h.append("</tr>");
      }
      h.append("<tr>");
      t.columns().forEach(c -> h.append("<th>").append(esc(c.name())).append("</th>"));
      h.append("</tr></thead><tbody>");
      for (List<String> row : t.rows()) {
        h.append("<tr>");
        for (int i = 0; i < row.size(); i++) {
          String cell = row.get(i);
          String cls = cell.startsWith("failed") ? " class=\"failed\"" : "";
          h.append(i == 0 ? "<th" + cls + ">" : "<td" + cls + ">").append(esc(cell))
              .append(i == 0 ? "</th>" : "</td>");
        }
        h.append("</tr>");
      }
      h.append("</tbody></table>");
    }
    if (t.note() != null) {
      h.append("<p class=\"note\">").append(esc(t.note())).append("</p>");
    }
    return h.append("</div>\n").toString();
  }

  /** Each label's environment and settings, the ones that differ first and highlighted. */
  private static String environment(RecordIndex.Suite s) {
    Map<String, Map<String, Set<String>>> byLabel = new LinkedHashMap<>();
    java.util.TreeSet<String> keys = new java.util.TreeSet<>();
    for (String label : s.labels) {
      Map<String, Set<String>> m = RecordIndex.settings(s.byLabel.get(label));
      byLabel.put(label, m);
      keys.addAll(m.keySet());
    }
    List<String> differ = new ArrayList<>();
    List<String> same = new ArrayList<>();
    for (String k : keys) {
      Set<String> first = null;
      boolean d = false;
      for (Map<String, Set<String>> m : byLabel.values()) {
        Set<String> v = m.getOrDefault(k, Set.of());
        d |= v.size() > 1 || (first != null && !first.equals(v));
        first = first == null ? v : first;
      }
      (d ? differ : same).add(k);
    }
    StringBuilder h = new StringBuilder("<details class=\"env\"" + (differ.isEmpty() ? "" : " open")
        + "><summary>Environment and settings by label (" + differ.size()
        + " differ)</summary><table><thead><tr><th>setting</th>");
    s.labels.forEach(l -> h.append("<th>").append(esc(l)).append("</th>"));
    h.append("</tr></thead><tbody>");
    List<String> ordered = new ArrayList<>(differ);
    ordered.addAll(same);
    for (String k : ordered) {
      h.append(differ.contains(k) ? "<tr class=\"differs\">" : "<tr>").append("<th>")
          .append(esc(k)).append("</th>");
      for (Map<String, Set<String>> m : byLabel.values()) {
        h.append("<td>").append(esc(String.join(" | ", m.getOrDefault(k, Set.of()))))
            .append("</td>");
      }
      h.append("</tr>");
    }
    h.append("</tbody></table>");
    h.append(servers(s));
    return h.append("</details>\n").toString();
  }

  /**
   * The servers' settings and facts that differ between labels ({@code --metrics} records their
   * fingerprints), by role: apart from the client's, and empty when nothing differs.
   */
  private static String servers(RecordIndex.Suite s) {
    List<List<io.hbench.core.result.ResultRecord>> sides = new ArrayList<>();
    s.labels.forEach(l -> sides.add(s.byLabel.get(l)));
    if (sides.size() < 2) {
      return "";
    }
    List<ServerDifferences.Difference> differ = ServerDifferences.between(sides);
    if (differ.isEmpty()) {
      return "";
    }
    StringBuilder h = new StringBuilder("<table class=\"servers\"><caption>On the servers ("
        + differ.size() + " differ)</caption><thead><tr><th>role</th><th>setting</th>");
    s.labels.forEach(l -> h.append("<th>").append(esc(l)).append("</th>"));
    h.append("</tr></thead><tbody>");
    for (ServerDifferences.Difference d : differ) {
      h.append("<tr class=\"differs\"><td>").append(esc(String.join(", ", d.roles())))
          .append("</td><th>").append(esc(d.what())).append("</th>");
      d.values().forEach(v -> h.append("<td>").append(esc(String.join(" | ", v))).append("</td>"));
      h.append("</tr>");
    }
    return h.append("</tbody></table>").toString();
  }

  private static double round(double v) {
    if (v == 0 || !Double.isFinite(v)) {
      return v;
    }
    // Four significant digits: the page stays small and nothing is lost a chart can show.
    return new java.math.BigDecimal(v).round(new java.math.MathContext(4)).doubleValue();
  }

  static String esc(String s) {
    return HtmlText.esc(s);
  }

  private static final String UPLOT_VERSION = uplotVersion();
  private static final String UPLOT_DIR =
      "/META-INF/resources/webjars/uplot/" + UPLOT_VERSION + "/dist/";
  private static final Map<String, String> RESOURCES = new java.util.concurrent.ConcurrentHashMap<>();

  private static String uplotVersion() {
    try (InputStream in = HtmlReport.class.getResourceAsStream(
        "/META-INF/maven/org.webjars.npm/uplot/pom.properties")) {
      if (in == null) {
        throw new IllegalStateException("uPlot's WebJar is not on the class path");
      }
      Properties p = new Properties();
      p.load(in);
      return p.getProperty("version");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String resource(String name) {
    return RESOURCES.computeIfAbsent(name, n -> {
      try (InputStream in = HtmlReport.class.getResourceAsStream(n)) {
        if (in == null) {
          throw new IllegalStateException("missing resource " + n);
        }
        return new String(in.readAllBytes(), StandardCharsets.UTF_8);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
  }
}
