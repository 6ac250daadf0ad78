package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.MainEffects;
import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@code --vary} on a file system whose status call of a file costs 20, 24 or 30 ms by a {@code -D} key,
 * plus a drift that makes every call slower as the run goes on: in randomised blocks each
 * level's estimated effect is within 5% of the truth; the same matrix with the levels run one
 * after another is off by more than 10% (why the default order matters). A run killed mid-matrix
 * and resumed measures only the cells it had not recorded.
 */
@Tag("integration")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ExperimentIT extends OnEmbeddedCluster {

  /** fsops's headline: calls per second, one client; a call 1.2 times as long is 1/1.2 of it. */
  static final String FIGURE = "exists:ops_per_s";
  static final Map<String, Double> TRUTH = Map.of("24", 0.2, "30", 0.5);

  /** A configured cluster for the run (an HDFS of its own); the data is on the local disk. */
  @Override
  protected String[] services() {
    return new String[] {"hdfs"};
  }

  /** fsops's exists, one client, on the drifting local file system, the call time varied. */
  List<String> matrix(Path out, String order) {
    return new ArrayList<>(List.of("fsops", "--op", "exists", "--threads", "1", "--iterations",
        "15", "--file-size", "1K", "--cluster", "conf", "--no-metrics", "--fs", "file:///",
        "-D", "fs.file.impl=" + DriftingLocalFileSystem.class.getName(),
        "-D", "fs.file.impl.disable.cache=true",
        "-D", DriftingLocalFileSystem.DRIFT + "=0.02",
        "--base-dir", "file://" + tmp.resolve("base"),
        "--vary", DriftingLocalFileSystem.CALL_MS + "=20,24,30", "--repeat", "6",
        "--vary-seed", "7", "--vary-order", order, "--out", out.toString()));
  }

  static Map<String, Double> effects(Path out) {
    List<ResultRecord> rs = ResultReader.readAll(List.of(out), w -> { });
    Map<String, Double> e = new java.util.TreeMap<>();
    List<MainEffects.Effect> all = MainEffects.of(rs).values().iterator().next();
    all.stream().filter(x -> x.figure().equals(FIGURE) && !Double.isNaN(x.p()))
        .forEach(x -> e.put(x.level(), x.effect()));
    assertEquals(TRUTH.keySet(), e.keySet(), all.toString());
    return e;
  }

  @Test
  void randomisedBlocksSeeThroughDriftThatSequentialLevelsMistakeForAnEffect() throws Exception {
    Path random = tmp.resolve("random.jsonl");
    DriftingLocalFileSystem.restartDrift();
    BenchProcess p = BenchProcess.run(confDir.toString(), matrix(random, "random").toArray(String[]::new));
    assertEquals(0, p.exitCode, p.toString());
    assertTrue(p.out.contains("Main effects · fsops exists"), p.out);
    Path sequential = tmp.resolve("sequential.jsonl");
    DriftingLocalFileSystem.restartDrift();
    p = BenchProcess.run(confDir.toString(), matrix(sequential, "sequential").toArray(String[]::new));
    assertEquals(0, p.exitCode, p.toString());

    Map<String, Double> interleaved = effects(random);
    Map<String, Double> oneAfterAnother = effects(sequential);
    double worstSequential = 0;
    for (Map.Entry<String, Double> t : TRUTH.entrySet()) {
      double truth = 1 + t.getValue();
      double shuffled = 1 / (1 + interleaved.get(t.getKey())) / truth - 1;
      double ordered = 1 / (1 + oneAfterAnother.get(t.getKey())) / truth - 1;
      assertTrue(Math.abs(shuffled) < 0.05, "level " + t.getKey() + ": randomised blocks off by "
          + shuffled + " (" + interleaved + ")");
      worstSequential = Math.max(worstSequential, Math.abs(ordered));
    }
    assertTrue(worstSequential > 0.10, "sequential levels off by at most " + worstSequential
        + " (" + oneAfterAnother + ")");
    System.out.printf("ExperimentIT: call-time ratios in randomised blocks %s, sequential %s%n",
        ratios(interleaved), ratios(oneAfterAnother));

    // Each record carries its cell, and bench report shows each cell and the main effects.
    List<ResultRecord> rs = ResultReader.readAll(List.of(random), w -> { });
    assertEquals(18, rs.size());
    assertEquals(Set.of("20", "24", "30"), new HashSet<>(rs.stream()
        .map(r -> r.cell().get(DriftingLocalFileSystem.CALL_MS)).toList()));
    assertTrue(rs.stream().allMatch(r -> r.params().get("vary_seed").equals(7)
        && r.config().get(DriftingLocalFileSystem.CALL_MS).equals(r.cell().get(
            DriftingLocalFileSystem.CALL_MS))), rs.get(0).params().toString());
    BenchProcess report = BenchProcess.run(confDir.toString(), "report", random.toString());
    assertEquals(0, report.exitCode, report.toString());
    assertTrue(report.out.contains("hbench.test.call.ms=30")
        && report.out.contains("Main effects · fsops exists"), report.out);
  }

  @Test
  void aMatrixKilledHalfWayIsCompletedByResumeWithOnlyItsMissingCells() throws Exception {
    Path out = tmp.resolve("killed.jsonl");
    Path log = tmp.resolve("child.log");
    Process child = BenchProcess.start(null, null, log, List.of(),
        Map.of("HADOOP_CONF_DIR", confDir.toString()), matrix(out, "random"));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
    while (lines(out) < 7 && child.isAlive() && System.nanoTime() < deadline) {
      Thread.sleep(50);
    }
    child.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
    List<ResultRecord> before = ResultReader.readAll(List.of(out), w -> { });
    int done = (int) before.stream().filter(ResultRecord::ok).count();
    assertTrue(done >= 7 && done < 18, done + " of 18 before the kill; " + Files.readString(log));

    List<String> resume = matrix(out, "random");
    resume.add("--resume");
    BenchProcess p = BenchProcess.run(confDir.toString(), resume.toArray(String[]::new));
    assertEquals(0, p.exitCode, p.toString());
    assertTrue(p.err.contains("--resume: " + done + " of 18 measurements already recorded ok"),
        p.err);
    List<ResultRecord> after = ResultReader.readAll(List.of(out), w -> { });
    assertEquals(18 - done, after.size() - before.size(), "only the missing cells were measured");
    Set<String> measured = new HashSet<>();
    for (ResultRecord r : after) {
      if (r.ok()) {
        assertTrue(measured.add(r.cell() + " #" + r.repeat()), "measured twice: " + r.cell()
            + " #" + r.repeat());
      }
    }
    assertEquals(18, measured.size());
  }

  private static Map<String, String> ratios(Map<String, Double> effects) {
    Map<String, String> out = new java.util.TreeMap<>();
    effects.forEach((l, e) -> out.put(l, String.format(java.util.Locale.ROOT, "%.3f", 1 / (1 + e))));
    return out;
  }

  private static long lines(Path f) throws java.io.IOException {
    if (!Files.exists(f)) {
      return 0;
    }
    try (var l = Files.lines(f)) {
      return l.count();
    }
  }
}
