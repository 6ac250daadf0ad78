package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import io.hbench.thirdparty.jackson.databind.node.ArrayNode;
import io.hbench.thirdparty.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench history} over 30 nightly terasort runs (made from a real record) whose sort MB/s
 * drops 10% from run 20, the run that also set {@code -D mapreduce.task.io.sort.mb=50}.
 */
class HistoryCommandTest {

  static final ObjectMapper JSON = new ObjectMapper();

  @TempDir
  Path tmp;
  Path history;
  List<String> runIds = new ArrayList<>();

  @BeforeEach
  void thirtyNights() throws Exception {
    history = thirtyNights(tmp.resolve("nightly.jsonl"), runIds);
  }

  /** Writes the thirty nights to {@code file}, their run ids into {@code runIds}. */
  static Path thirtyNights(Path file, List<String> runIds) throws Exception {
    String fixture = Files.readAllLines(Path.of(HistoryCommandTest.class.getResource(
        "/records/every-suite.jsonl").toURI())).stream()
        .filter(l -> l.contains("\"suite\":\"terasort\"")).findFirst().orElseThrow();
    SplittableRandom random = new SplittableRandom(11);
    List<String> lines = new ArrayList<>();
    for (int run = 0; run < 30; run++) {
      ObjectNode r = (ObjectNode) JSON.readTree(fixture);
      String id = String.format("2026010%d-night-%02d", run / 10, run);
      runIds.add(id);
      r.put("run_id", id);
      r.put("started", Instant.parse("2026-01-01T02:00:00Z").plusSeconds(86_400L * run).toString());
      if (run >= 20) {
        ((ObjectNode) r.get("config")).put("mapreduce.task.io.sort.mb", "50");
      }
      for (var phase : r.get("phases")) {
        for (var m : (ArrayNode) phase.get("metrics")) {
          double noise = 1 + 0.02 * gaussian(random);
          double drop = run >= 20 && phase.get("name").asText().equals("terasort")
              && m.get("name").asText().equals("mb_per_s") ? 0.9 : 1.0;
          double level = m.get("name").asText().equals("mb_per_s") ? 100 : 20;
          ((ObjectNode) m).put("value", level * drop * noise);
        }
      }
      lines.add(JSON.writeValueAsString(r));
    }
    Files.write(file, lines, StandardCharsets.UTF_8);
    return file;
  }

  static double gaussian(SplittableRandom r) {
    return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
  }

  @Test
  void theDropIsFoundAtRunTwentyWithTheSettingThatChanged() {
    BenchProcess p = BenchProcess.run(null, "history", history.toString());
    assertEquals(0, p.exitCode, p.toString());
    List<String> rows = p.out.lines().filter(l -> l.contains("terasort:mb_per_s")).toList();
    assertEquals(1, rows.size(), p.out);
    String row = rows.get(0);
    assertTrue(row.contains(runIds.get(20)) && row.contains("worse"), row);
    assertTrue(row.contains("config.mapreduce.task.io.sort.mb: (unset) -> 50"), row);
    assertEquals(1, p.out.lines().filter(l -> l.contains(" worse ") || l.contains(" better "))
        .count(), "only the sort's MB/s changed:\n" + p.out);
    assertTrue(p.out.contains("fewer runs than the window"), "30 runs, window 50: " + p.out);
  }

  @Test
  void theGateFailsSinceRunFifteenAndPassesSinceRunTwentyFive() {
    BenchProcess before = BenchProcess.run(null, "history", history.toString(),
        "--regressions-since", runIds.get(15));
    assertEquals(1, before.exitCode, before.toString());
    assertTrue(before.err.contains("worse since " + runIds.get(15) + ": terasort 1M: -")
        && before.err.contains("from run " + runIds.get(20)), before.err);
    BenchProcess after = BenchProcess.run(null, "history", history.toString(),
        "--regressions-since", runIds.get(25));
    assertEquals(0, after.exitCode, after.toString());
    BenchProcess byDate = BenchProcess.run(null, "history", history.toString(),
        "--regressions-since", "2026-01-19");
    assertEquals(1, byDate.exitCode, "run 20 started on 2026-01-21: " + byDate);
  }

  /**
   * Nights 28 and 29 failed (night 12 too, long ago): the history lists them, says the latest
   * two failed, and a gate since night 26 fails on them though no figure changed after 20.
   */
  @Test
  void failedNightsAreCountedAndFailTheGateSinceThem() throws Exception {
    List<String> lines = new ArrayList<>(Files.readAllLines(history));
    for (int night : new int[] {12, 28, 29}) {
      ObjectNode r = (ObjectNode) JSON.readTree(lines.get(night));
      r.put("status", "failed");
      r.put("failure", "terasort job job_1_000" + night + " failed: Task failed");
      ((ObjectNode) r.get("validation")).put("status", "not_run");
      lines.set(night, JSON.writeValueAsString(r));
    }
    Files.write(history, lines, StandardCharsets.UTF_8);
    BenchProcess p = BenchProcess.run(null, "history", history.toString());
    assertEquals(0, p.exitCode, p.toString());
    List<String> rows = p.out.lines().filter(l -> l.startsWith("terasort 1M") && l.contains(
        "the latest 2")).toList();
    assertEquals(1, rows.size(), p.out);
    assertTrue(rows.get(0).contains(runIds.get(29)) && rows.get(0).contains("job_1_00029"),
        rows.get(0));
    assertTrue(rows.get(0).matches("terasort 1M\\s+\\S+\\s+30\\s+3\\s+the latest 2 .*"),
        rows.get(0));

    BenchProcess gate = BenchProcess.run(null, "history", history.toString(),
        "--regressions-since", runIds.get(26));
    assertEquals(1, gate.exitCode, "no figure changed since night 26, two nights failed: " + gate);
    assertEquals(2, gate.errLines().stream().filter(l -> l.startsWith("bench: failed since "
        + runIds.get(26) + ": terasort 1M")).count(), gate.err);
    // Night 12's failure is before the gate's run and the change at 20: it gates nothing since 25.
    lines.remove(29);
    lines.remove(28);
    Files.write(history, lines, StandardCharsets.UTF_8);
    BenchProcess since = BenchProcess.run(null, "history", history.toString(),
        "--regressions-since", runIds.get(25));
    assertEquals(0, since.exitCode, since.toString());
    assertTrue(since.out.contains("Failed runs in the history"), since.out);
  }

  @Test
  void byAVersionTagTheRunsAreInVersionOrderNotStartOrder() throws Exception {
    // Versions 1.0 .. 1.29 run in reverse order (a bisection, say); 1.20 onwards is 10% slower.
    // Text order would put 1.3 after 1.29; version order keeps 1.20 where the drop begins.
    List<String> tagged = new ArrayList<>();
    List<String> lines = Files.readAllLines(history);
    for (int run = 0; run < 30; run++) {
      ObjectNode r = (ObjectNode) JSON.readTree(lines.get(run));
      ((ObjectNode) r.get("options")).put("tag", "version=1." + run + ",host=a");
      r.put("started", Instant.parse("2026-03-01T02:00:00Z").minusSeconds(3_600L * run).toString());
      tagged.add(JSON.writeValueAsString(r));
    }
    ObjectNode untagged = (ObjectNode) JSON.readTree(lines.get(0));
    ((ObjectNode) untagged.get("options")).remove("tag");
    tagged.add(JSON.writeValueAsString(untagged));
    Path versions = tmp.resolve("versions.jsonl");
    Files.write(versions, tagged, StandardCharsets.UTF_8);

    BenchProcess p = BenchProcess.run(null, "history", versions.toString(), "--by", "version");
    assertEquals(0, p.exitCode, p.toString());
    List<String> rows = p.out.lines().filter(l -> l.contains("terasort:mb_per_s")).toList();
    assertEquals(1, rows.size(), p.out);
    assertTrue(rows.get(0).contains("version=1.20") && rows.get(0).contains("worse"), rows.get(0));
    assertTrue(p.out.contains("runs ordered by their tag version, 1 ok runs without it left out"),
        p.out);
    assertEquals(1, BenchProcess.run(null, "history", versions.toString(), "--by", "version",
        "--regressions-since", "1.15").exitCode);
    assertEquals(0, BenchProcess.run(null, "history", versions.toString(), "--by", "version",
        "--regressions-since", "1.25").exitCode);
    // In start order the same runs show the change the other way round: better, at 1.19.
    BenchProcess byTime = BenchProcess.run(null, "history", versions.toString());
    assertTrue(byTime.out.lines().anyMatch(l -> l.contains("terasort:mb_per_s")
        && l.contains("better")), byTime.out);
    BenchProcess noTag = BenchProcess.run(null, "history", versions.toString(), "--by", "os");
    assertEquals(2, noTag.exitCode, noTag.toString());
    assertEquals(List.of("bench: --by os: no run in the inputs has that tag (give it when"
        + " running: --tag os=VALUE)"), noTag.errLines());
  }

  @Test
  void badInputIsOneLine() {
    BenchProcess p = BenchProcess.run(null, "history", history.toString(), "--regressions-since",
        "yesterday");
    assertEquals(2, p.exitCode, p.toString());
    assertEquals(List.of("bench: --regressions-since yesterday: no run of that id in the inputs,"
        + " and not a date such as 2026-11-27 or 2026-11-27T10:00"), p.errLines());
    p = BenchProcess.run(null, "history", history.toString(), "--window", "1");
    assertEquals(2, p.exitCode, p.toString());
  }
}
