package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbench.core.result.ResultRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTML report in a real headless Chromium: drawn, offline, with nothing in error. */
@Tag("integration")
class HtmlReportIT {

  @TempDir Path dir;

  @Test
  void chartsAreDrawnOfflineWithNoError() throws Exception {
    List<ResultRecord> rs = new ArrayList<>();
    for (String label : List.of("A", "B")) {
      for (long mib : new long[] {1, 4, 16}) {
        for (int rep = 1; rep <= 3; rep++) {
          boolean failed = label.equals("B") && mib == 4;
          rs.add(Records.sort(label, mib + "M", mib, rep, failed ? "failed" : "ok",
              mib * (label.equals("A") ? 1.0 : 1.2) + rep * 0.1, Records.env("3.4.2", 3)));
        }
      }
      rs.add(Records.load(label, "create", label.equals("A") ? 1 : 2));
    }
    Path page = dir.resolve("report.html");
    Files.writeString(page, HtmlReport.render(rs), StandardCharsets.UTF_8);
    try (HeadlessChromium chrome = new HeadlessChromium(HeadlessChromium.find())) {
      chrome.open(page);
      JsonNode charts = chrome.evaluate("JSON.parse(JSON.stringify(window.hbenchCharts.map(c =>"
          + " ({id: c.id, kind: c.kind, series: c.plot.series.length,"
          + " points: c.plot.data[0].length, drawn: c.plot.root.querySelector('canvas') != null}))))");
      // terasort: teragen and terasort, seconds and MB/s each: 4 charts of 2 labels x (median,
      // max, min, failed) + x, 3 sizes each; fsops: ops/s of its one point, and 1 latency chart
      // of 2 labels x 8 percentiles.
      assertEquals(6, charts.size(), charts.toString());
      for (int i = 0; i < 5; i++) {
        assertEquals("figure", charts.get(i).get("kind").asText());
        assertEquals(9, charts.get(i).get("series").asInt(), charts.get(i).toString());
        assertEquals(i < 4 ? 3 : 1, charts.get(i).get("points").asInt());
        assertTrue(charts.get(i).get("drawn").asBoolean());
      }
      assertEquals("latency", charts.get(5).get("kind").asText());
      assertEquals(3, charts.get(5).get("series").asInt());
      assertEquals(HtmlReport.PERCENTILES.length, charts.get(5).get("points").asInt());
      assertTrue(charts.get(5).get("drawn").asBoolean());
      // Sizes 1M..16M span a decade: a log axis.
      assertEquals(3, chrome.evaluate("window.hbenchCharts[0].plot.scales.x.distr").asInt());
      // B's 4M point failed in every repeat: ringed, and said in the table.
      assertEquals("failed", chrome.evaluate(
          "document.querySelector('td.failed') && document.querySelector('td.failed').textContent")
          .asText());
      assertTrue(chrome.errors.isEmpty(), chrome.errors.toString());
      // The page itself and nothing else: no script, style or font from anywhere.
      assertTrue(!chrome.requests.isEmpty()
          && chrome.requests.stream().allMatch(u -> u.startsWith("file:")
              && Path.of(java.net.URI.create(u)).equals(page.toAbsolutePath())),
          chrome.requests.toString());
      chrome.screenshot(Path.of("target", "report-screenshots", "hand-made.png"), 1400);
    }
  }
}
