package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.HeadlessChromium;
import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * bench report and compare over records of the real suites on the embedded cluster: a terasort
 * sweep of two sizes run twice with different labels and two repeats (B with one setting
 * changed), a dfsio and an fsops run; the HTML report in a real headless Chromium.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 30, unit = TimeUnit.MINUTES)
class ReportCompareIT {

  Path tmp;
  Path results;
  Path confDir;

  private void bench(String... args) {
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.addAll(List.of("--cluster", "conf"));
    BenchProcess p = BenchProcess.run(confDir.toString(), all.toArray(String[]::new));
    assertEquals(0, p.exitCode, p.toString());
  }

  @BeforeAll
  void measure() throws Exception {
    tmp = Files.createTempDirectory("hbench-report-it-");
    results = Files.createDirectories(tmp.resolve("results"));
    // One cluster for every run (each run starting its own cost a minute of CI), and jobs in
    // MapReduce's local runner rather than on YARN (each job's containers cost 15 s): what is
    // tested here is report and compare, not the cluster.
    try (io.hbench.core.cluster.EmbeddedCluster cluster = io.hbench.core.cluster.EmbeddedCluster
        .start(new org.apache.hadoop.conf.Configuration(), 1, "hdfs")) {
      confDir = tmp.resolve("conf");
      cluster.writeConfiguration(confDir);
      measureOn();
    }
  }

  private void measureOn() throws Exception {
    for (String label : List.of("A", "B")) {
      List<String> args = new java.util.ArrayList<>(List.of("terasort", "--sizes", "1M,16M",
          "--repeat", "2", "--label", label,
          "--out", results.resolve("terasort-" + label + ".jsonl").toString()));
      if (label.equals("B")) {
        // A setting that differs between the sides, for compare to say so.
        args.addAll(List.of("-D", "mapreduce.task.io.sort.mb=50"));
      }
      bench(args.toArray(String[]::new));
    }
    bench("dfsio", "--mode", "write", "--files", "2", "--size", "2M", "--label", "A", "--out", results.resolve("dfsio.jsonl").toString());
    bench("fsops", "--op", "create_write", "--threads", "2", "--iterations", "20",
        "--file-size", "64K", "--repeat", "2", "--label", "A",
        "--out", results.resolve("fsops.jsonl").toString());
  }

  @AfterAll
  void clean() throws Exception {
    // The records stay under target/ for a person to look at, beside the page's screenshot.
    Path kept = Files.createDirectories(Path.of("target", "report-it-results"));
    try (var files = Files.list(results)) {
      for (Path f : files.toList()) {
        Files.copy(f, kept.resolve(f.getFileName()), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
      }
    }
    try (var s = Files.walk(tmp)) {
      s.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }

  @Test
  void reportPrintsTheSeedsTableOfBothLabels() throws Exception {
    List<ResultRecord> a = ResultReader.read(results.resolve("terasort-A.jsonl"));
    assertEquals(4, a.size());
    BenchProcess p = BenchProcess.run(null, "report", results.toString());
    assertEquals(0, p.exitCode, p.toString());
    List<String> lines = p.out.lines().toList();
    int at = lines.indexOf("terasort · terasort");
    assertTrue(at >= 0, p.out);
    assertTrue(lines.get(at + 1).matches("\\s+seconds\\s+MB/s"), lines.get(at + 1));
    assertTrue(lines.get(at + 2).matches("point\\s+A\\s+B\\s+A\\s+B"), lines.get(at + 2));
    // A row per size, each label's median ± spread of its two repeats.
    assertTrue(lines.get(at + 4).matches("1M(\\s+\\d+\\.\\d+ ±\\d+(\\.\\d)?%){4}"), lines.get(at + 4));
    assertTrue(lines.get(at + 5).matches("16M(\\s+\\d+\\.\\d+ ±\\d+(\\.\\d)?%){4}"), lines.get(at + 5));
    assertTrue(lines.contains("dfsio · write") || lines.stream().anyMatch(l -> l.startsWith("dfsio")),
        p.out);
    assertTrue(lines.stream().anyMatch(l -> l.startsWith("fsops")), p.out);
    // The suite's own tables follow, per label.
    assertTrue(lines.contains("DFSIO · A"), p.out);
  }

  @Test
  void compareGivesVerdictsPValuesAGeomeanAndTheSettingThatDiffers() {
    BenchProcess p = BenchProcess.run(null, "compare",
        results.resolve("terasort-A.jsonl").toString(), results.resolve("terasort-B.jsonl").toString());
    assertEquals(0, p.exitCode, p.toString());
    assertTrue(p.out.contains("terasort · terasort · seconds (s, lower is better)"), p.out);
    // Two repeats a side: too few to call a difference significant, and said so.
    assertTrue(p.out.lines().anyMatch(l -> l.matches("16M\\s.*[+-]\\d+\\.\\d%\\s+\\d\\.\\d{3}\\s+\\?")),
        p.out);
    assertTrue(p.out.lines().anyMatch(l -> l.startsWith("geomean ")), p.out);
    assertTrue(p.err.contains("too few repeats"), p.err);
    assertTrue(p.err.contains("differs: config.mapreduce.task.io.sort.mb: A (unset); B 50"), p.err);
  }

  @Test
  void htmlReportOpensOfflineInChromiumWithEveryChart() throws Exception {
    Path page = tmp.resolve("report.html");
    BenchProcess p = BenchProcess.run(null, "report", "--html", page.toString(), results.toString());
    assertEquals(0, p.exitCode, p.toString());
    try (HeadlessChromium chrome = new HeadlessChromium(HeadlessChromium.find())) {
      chrome.open(page);
      JsonNode charts = chrome.evaluate("JSON.parse(JSON.stringify(window.hbenchCharts.map(c =>"
          + " ({id: c.id, kind: c.kind, title: c.plot.root.querySelector('.u-title').textContent,"
          + " series: c.plot.series.length, points: c.plot.data[0].length}))))");
      int terasort = 0;
      int latency = 0;
      for (JsonNode c : charts) {
        String title = c.get("title").asText();
        if (title.startsWith("terasort · ")) {
          // Two labels x (median, max, min, failed) + x, at two sizes.
          assertEquals(9, c.get("series").asInt(), c.toString());
          assertEquals(2, c.get("points").asInt(), c.toString());
          terasort++;
        }
        if (c.get("kind").asText().equals("latency")) {
          assertTrue(title.startsWith("fsops"), title);
          latency++;
        }
      }
      // Seconds and MB/s for each of teragen, terasort and teravalidate: the seed's two charts.
      assertEquals(6, terasort, charts.toString());
      assertTrue(latency >= 1, charts.toString());
      assertTrue(chrome.errors.isEmpty(), chrome.errors.toString());
      assertTrue(chrome.requests.stream().allMatch(u -> u.startsWith("file:")
          && Path.of(java.net.URI.create(u)).equals(page.toAbsolutePath())), chrome.requests.toString());
      chrome.screenshot(Path.of("target", "report-screenshots", "embedded.png"), 1400);
    }
  }
}
