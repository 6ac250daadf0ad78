package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.result.FaultRecord;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.Console;
import io.hbench.thirdparty.jackson.databind.JsonNode;
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

  /**
   * A real load through the core's runner for {@code millis}, 100 ms intervals, as a record keeps
   * it: two threads of 1 ms calls, each with a step ({@code get.seek}) that is not drawn.
   */
  private static io.hbench.core.load.LoadResult load(long millis) throws Exception {
    return io.hbench.core.load.ConcurrentLoad.run("get",
        io.hbench.core.load.LoadPlan.forDuration(2, java.time.Duration.ofMillis(millis))
            .withInterval(java.time.Duration.ofMillis(100)), (t, i, steps) -> {
              Thread.sleep(1);
              steps.mark("get.seek");
              return 0;
            }, new Console(new java.io.PrintStream(new java.io.ByteArrayOutputStream()),
                new java.io.PrintStream(new java.io.ByteArrayOutputStream()), false, 10_000),
        "test");
  }

  @Test
  void aLoadIsDrawnOverTimeFromTheSeriesItsRunRecorded() throws Exception {
    io.hbench.core.load.LoadResult run = load(1500);
    ResultRecord base = Records.load("A", "get", 1);
    ResultRecord r = Records.withLoads(base, run.loads());
    int intervals = r.phases().get(0).loads().get(0).series().t().size();
    assertTrue(intervals >= 14, intervals + " intervals");
    Path page = dir.resolve("series.html");
    Files.writeString(page, HtmlReport.render(List.of(r)), StandardCharsets.UTF_8);
    try (HeadlessChromium chrome = new HeadlessChromium(HeadlessChromium.find())) {
      chrome.open(page);
      JsonNode charts = chrome.evaluate("JSON.parse(JSON.stringify(window.hbenchCharts"
          + ".filter(c => c.kind === 'series').map(c => ({title: c.plot.root.querySelector("
          + "'.u-title').textContent, lines: c.lines, points: c.points,"
          + " drawn: c.plot.root.querySelector('canvas') != null}))))");
      assertEquals(2, charts.size(), charts.toString());
      assertTrue(charts.get(0).get("title").asText().endsWith("ops/s"), charts.toString());
      assertTrue(charts.get(1).get("title").asText().endsWith("p99 latency (ms)"));
      for (JsonNode c : charts) {
        assertEquals(1, c.get("lines").asInt(), "the step is not drawn: " + c);
        assertEquals(intervals, c.get("points").asInt(), c.toString());
        assertTrue(c.get("drawn").asBoolean());
      }
      assertTrue(chrome.errors.isEmpty(), chrome.errors.toString());
      chrome.screenshot(Path.of("target", "report-screenshots", "series.png"), 1400);
    }
  }

  @Test
  void aDisruptedLoadHasEachFaultShadedOnItsRateAndLatencyCharts() throws Exception {
    io.hbench.core.load.LoadResult run = load(3000);
    long issued = run.startMillis() + 1000;
    FaultRecord.Figures figures = new FaultRecord.Figures(0.3, issued, 0.4, null, null, 0.2,
        1.0, true, 1.1, 5, 2, 300, 3, 0, null, null);
    FaultRecord fault = new FaultRecord("shutdown-datanode@1s", 1, run.startMillis(), issued,
        500, List.of(new FaultRecord.Fault("shutdown-datanode", 0, 1, "127.0.0.1:9866", issued,
            issued + 100, null, run.endMillis(), figures, null, null, List.of())), List.of(),
        null, null);
    ResultRecord base = Records.withLoads(Records.load("A", "get", 1), run.loads());
    io.hbench.core.result.PhaseResult phase = base.phases().get(0).withFigures(
        java.util.Map.of(FaultRecord.FIELD.name(), fault));
    ResultRecord r = new ResultRecord(base.schema(), base.runId(), base.label(), base.suite(),
        base.point(), base.repeat(), base.warmup(), base.params(), base.status(), base.failure(),
        base.validation(), List.of(phase), base.environment(), base.options(), base.config(),
        base.started(), base.ended());
    long zero = phase.startedMillis() != null ? phase.startedMillis()
        : phase.loads().get(0).series().startMillis();
    double at = (issued - zero) / 1e3;
    Path page = dir.resolve("disrupted.html");
    Files.writeString(page, HtmlReport.render(List.of(r)), StandardCharsets.UTF_8);
    try (HeadlessChromium chrome = new HeadlessChromium(HeadlessChromium.find())) {
      chrome.open(page);
      JsonNode charts = chrome.evaluate("JSON.parse(JSON.stringify(window.hbenchCharts"
          + ".filter(c => c.kind === 'series').map(c => { const u = c.plot;"
          + " const x = Math.round(u.valToPos(" + (at + 0.2) + ", 'x', true));"
          + " const y = Math.round(u.bbox.top + u.bbox.height - 3);"
          + " const before = Math.round(u.valToPos(" + (at - 0.5) + ", 'x', true));"
          + " return {faults: c.faults, inside: Array.from(u.ctx.getImageData(x, y, 1, 1).data),"
          + " outside: Array.from(u.ctx.getImageData(before, y, 1, 1).data)}; })))"
          );
      assertEquals(2, charts.size(), charts.toString());
      for (JsonNode c : charts) {
        assertEquals(1, c.get("faults").asInt(), c.toString());
        // Red-tinted inside the window (the action to 0.4 s after it), plain before it.
        JsonNode in = c.get("inside");
        assertTrue(in.get(0).asInt() > in.get(2).asInt() + 10, c.toString());
        JsonNode out = c.get("outside");
        assertTrue(Math.abs(out.get(0).asInt() - out.get(2).asInt()) < 10, c.toString());
      }
      assertTrue(chrome.errors.isEmpty(), chrome.errors.toString());
      chrome.screenshot(Path.of("target", "report-screenshots", "disrupted.png"), 1400);
    }
  }

  @Test
  void theDaemonsOfEachPhaseAreDrawnAndTheSlowDatanodeIsRed() throws Exception {
    // 3M: the first datanode is 50 times slower at writing a block; 1M: nothing stands out.
    List<ResultRecord> rs = List.of(Records.withDaemons("1M", 1), Records.withDaemons("3M", 50));
    Path page = dir.resolve("daemons.html");
    Files.writeString(page, HtmlReport.render(rs), StandardCharsets.UTF_8);
    try (HeadlessChromium chrome = new HeadlessChromium(HeadlessChromium.find())) {
      chrome.open(page);
      // One box per point; only the one where something stood out is open and drawn.
      assertEquals("[false,true]", chrome.evaluate("JSON.stringify([...document.querySelectorAll("
          + "'details.daemons')].map(d => d.open))").asText());
      JsonNode drawn = chrome.evaluate("JSON.parse(JSON.stringify(window.hbenchCharts"
          + ".filter(c => c.kind === 'daemon').map(c => ({title: c.plot.root.querySelector("
          + "'.u-title').textContent, lines: c.lines, stands: c.stands, points: c.points}))))");
      // rpc_calls and rpc_queue_ms of the NameNode, bytes_written and write_block_ms of the
      // datanodes: the figures that moved.
      List<String> titles = new ArrayList<>();
      drawn.forEach(c -> titles.add(c.get("title").asText()));
      assertEquals(List.of("3M · write · A: rpc_queue_ms (ms)", "3M · write · A: rpc_calls rate (per s)",
          "3M · write · A: bytes_written rate (MiB/s)", "3M · write · A: write_block_ms (ms)"), titles);
      JsonNode write = drawn.get(3);
      assertEquals(3, write.get("lines").asInt());
      assertEquals(1, write.get("stands").asInt(), write.toString());
      // Sample times of the three datanodes differ by 10 ms: joined on one axis.
      assertTrue(write.get("points").asInt() >= 4, write.toString());
      assertEquals(1.0, chrome.evaluate("window.hbenchCharts.find(c => c.plot.root.querySelector("
          + "'.u-title').textContent.endsWith('bytes_written rate (MiB/s)')).plot.data[1][0]").asDouble(), 1e-9);
      // The bars: the slow datanode's write_block_ms cell, and only it, in red with its numbers.
      JsonNode skew = chrome.evaluate("JSON.parse(JSON.stringify([...document.querySelectorAll("
          + "'td.skew')].map(td => [td.closest('tr').firstChild.textContent, td.textContent, td.title])))");
      assertEquals(1, skew.size(), skew.toString());
      assertEquals("127.0.0.1:9866", skew.get(0).get(0).asText());
      assertEquals("200.00", skew.get(0).get(1).asText());
      assertTrue(skew.get(0).get(2).asText().startsWith("write_block_ms 200 ms, 36.4 times the median of its 2 peers (5.5 ms)"),
          skew.toString());
      // Opening the other box draws its charts.
      chrome.evaluate("document.querySelector('details.daemons').open = true");
      Thread.sleep(300);
      assertEquals(8, chrome.evaluate("window.hbenchCharts.filter(c => c.kind === 'daemon')"
          + ".length").asInt());
      assertTrue(chrome.errors.isEmpty(), chrome.errors.toString());
      chrome.screenshot(Path.of("target", "report-screenshots", "daemons.png"), 1400);
    }
  }
}
