package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.HeadlessChromium;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench history --html} in a real headless Chromium: every series drawn, the change of
 * the thirty nights marked at run 20 with what changed in it, offline, with nothing in error.
 */
@Tag("integration")
class HistoryPageIT {

  @TempDir Path tmp;

  @Test
  void theTrendPageMarksTheChangeAndSaysWhatChanged() throws Exception {
    List<String> runIds = new ArrayList<>();
    Path nights = HistoryCommandTest.thirtyNights(tmp.resolve("nightly.jsonl"), runIds);
    Path page = tmp.resolve("history.html");
    BenchProcess p = BenchProcess.run(null, "history", nights.toString(), "--html",
        page.toString());
    assertEquals(0, p.exitCode, p.toString());
    assertTrue(p.err.contains("series written to " + page), p.err);
    try (HeadlessChromium chrome = new HeadlessChromium(HeadlessChromium.find())) {
      chrome.open(page);
      JsonNode charts = chrome.evaluate("JSON.parse(JSON.stringify(window.hbenchHistory.map(c =>"
          + " ({id: c.id, runs: c.runs, changes: c.changes, title: c.plot.root.querySelector("
          + "'.u-title').textContent, drawn: c.plot.root.querySelector('canvas') != null}))))");
      // The terasort fixture's 6 headline figures, each over 30 nights; the changed one first.
      assertEquals(6, charts.size(), charts.toString());
      for (JsonNode c : charts) {
        assertEquals(30, c.get("runs").asInt(), c.toString());
        assertTrue(c.get("drawn").asBoolean(), c.toString());
      }
      assertTrue(charts.get(0).get("title").asText().contains("terasort:mb_per_s"),
          charts.toString());
      assertEquals(1, charts.get(0).get("changes").asInt(), charts.toString());
      assertEquals(0, charts.get(1).get("changes").asInt(), charts.toString());
      String tip = chrome.evaluate("window.hbenchHistory[0].tip(20)").asText();
      assertTrue(tip.contains(runIds.get(20)) && tip.contains("first run of a new level")
          && tip.contains("worse")
          && tip.contains("config.mapreduce.task.io.sort.mb: (unset) -&gt; 50"), tip);
      assertTrue(!chrome.evaluate("window.hbenchHistory[0].tip(19)").asText()
          .contains("new level"));
      // Hovering run 20 shows the same text in the page's tooltip.
      chrome.evaluate("(function () { var u = window.hbenchHistory[0].plot;"
          + " u.setCursor({left: u.valToPos(20, 'x'), top: 10}); return 1; })()");
      String shown = chrome.evaluate("document.getElementById('tip').hidden ? ''"
          + " : document.getElementById('tip').textContent").asText();
      assertTrue(shown.contains("mapreduce.task.io.sort.mb"), shown);
      // The table of changes is on the page too.
      assertTrue(chrome.evaluate("document.querySelector('table').textContent").asText()
          .contains("terasort:mb_per_s"));
      assertTrue(chrome.errors.isEmpty(), chrome.errors.toString());
      assertTrue(chrome.requests.stream().allMatch(u -> u.startsWith("file:")),
          chrome.requests.toString());
      chrome.screenshot(Path.of("target", "report-screenshots", "history.png"), 1400);
    }
  }
}
