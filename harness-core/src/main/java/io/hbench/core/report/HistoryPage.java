package io.hbench.core.report;

import io.hbench.core.result.ResultRecord;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import io.hbench.thirdparty.jackson.databind.node.ArrayNode;
import io.hbench.thirdparty.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A {@link History} as one offline HTML page ({@code bench history --html}): each series over its
 * runs, its levels between change points as a stepped line, each change marked with its figures
 * and what changed in that run on hover, and the table of changes. Drawn by the report's chart
 * library, uPlot, inline like the report's.
 */
public final class HistoryPage {

  /** Series drawn at most: those that changed always, then the others in order of their key. */
  static final int MAX_CHARTS = 400;

  private static final ObjectMapper JSON = new ObjectMapper();

  private HistoryPage() {}

  /** The page of {@code h}, through the secret redactor like every output of hbench. */
  public static String render(History h) {
    ObjectNode data = JSON.createObjectNode();
    ArrayNode charts = data.putArray("charts");
    List<History.Series> drawn = new ArrayList<>();
    h.series().stream().filter(s -> !s.changes().isEmpty()).forEach(drawn::add);
    h.series().stream().filter(s -> s.changes().isEmpty()).limit(
        Math.max(0, MAX_CHARTS - drawn.size())).forEach(drawn::add);
    StringBuilder body = new StringBuilder();
    body.append(HtmlReport.table(h.table()));
    if (h.failuresTable() != null) {
      body.append(HtmlReport.table(h.failuresTable()));
    }
    body.append("<h2>Each series over its runs</h2>\n<div class=\"charts\">");
    for (History.Series s : drawn) {
      String id = "history-" + charts.size();
      charts.add(chart(s, id, h.by()));
      body.append("<div class=\"chart\" id=\"").append(id).append("\"></div>");
    }
    body.append("</div>\n<p class=\"note\">Dots: each run's figure; stepped line: the level"
        + " between change points; red (worse) or green (better) line: the first run of a new"
        + " level. Hover a run for its figures, and a marked run for what changed in it.")
        .append(drawn.size() < h.series().size() ? " " + (h.series().size() - drawn.size())
            + " series without a change are not drawn." : "").append("</p>\n");
    return io.hbench.core.result.SecretRedactor.redactText(HtmlReport.shell("hbench history",
        h.series().size() + " series", "", body.toString(), data, "history.js"));
  }

  private static ObjectNode chart(History.Series s, String id, String by) {
    ObjectNode c = JSON.createObjectNode();
    c.put("id", id);
    c.put("title", s.suite() + " " + s.point() + " " + s.phase() + ":" + s.figure() + " ["
        + s.label() + "]");
    c.put("unit", s.unit() == null ? "" : s.unit());
    c.put("better", s.better() == null ? "" : s.better().name().toLowerCase(Locale.ROOT));
    ArrayNode ticks = c.putArray("ticks");
    ArrayNode runs = c.putArray("runs");
    ArrayNode values = c.putArray("values");
    ArrayNode level = c.putArray("level");
    int segmentStart = 0;
    List<Integer> bounds = new ArrayList<>();
    s.changes().forEach(ch -> bounds.add(ch.at().index()));
    bounds.add(s.values().length);
    for (int end : bounds) {
      double sum = 0;
      for (int i = segmentStart; i < end; i++) {
        sum += s.values()[i];
      }
      for (int i = segmentStart; i < end; i++) {
        level.add(sum / (end - segmentStart));
      }
      segmentStart = end;
    }
    for (int i = 0; i < s.values().length; i++) {
      ResultRecord r = s.runs().get(i);
      String when = r.started() == null ? "" : r.started().replaceAll("T.*", "");
      String tag = by == null ? null : r.tags().get(by);
      ticks.add(tag != null ? tag : when);
      runs.add(r.runId() + " " + (r.started() == null ? "" : r.started())
          + (tag == null ? "" : " " + by + "=" + tag));
      values.add(s.values()[i]);
    }
    ArrayNode changes = c.putArray("changes");
    for (History.Change ch : s.changes()) {
      ObjectNode o = changes.addObject();
      o.put("index", ch.at().index());
      o.put("worse", ch.worse());
      o.put("text", String.format(Locale.ROOT, "%s to %s (%+.1f%%, p %.2g), %s", RecordIndex
          .number(ch.at().meanBefore()), RecordIndex.number(ch.at().meanAfter()),
          ch.at().forwardChangePercent(), ch.at().pValue(), ch.worse() ? "worse" : "better"));
      ArrayNode changed = o.putArray("changed");
      if (ch.changed().isEmpty()) {
        changed.add("nothing recorded");
      }
      ch.changed().forEach(changed::add);
    }
    return c;
  }
}
