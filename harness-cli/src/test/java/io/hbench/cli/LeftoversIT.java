package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * After a run on the embedded cluster, ok, failed or stopped with SIGTERM, the working directory
 * holds only the results file and the temporary directory nothing at all: the cluster's files,
 * Jetty's web apps and Hadoop's scratch directories included. Each run is a child process with a
 * fresh working directory and java.io.tmpdir; the machine's /tmp is checked for hbench's,
 * Jetty's and Hadoop's names too.
 */
@Tag("integration")
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class LeftoversIT {

  @TempDir Path tmp;

  private static final Path SYSTEM_TMP = Path.of("/tmp");

  private Process bench(Path dir, String... args) throws Exception {
    Path javaTmp = Files.createDirectories(tmp.resolve(dir.getFileName() + "-tmp"));
    return BenchProcess.start(dir, javaTmp, tmp.resolve(dir.getFileName() + ".log"),
        List.of(args));
  }

  private static Set<String> ours(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString())
          .filter(n -> n.startsWith("hbench-") || n.startsWith("jetty-") || n.startsWith("hadoop-"))
          .collect(Collectors.toSet());
    }
  }

  private void assertOnlyTheResults(Path dir, Set<String> systemTmpBefore) throws Exception {
    assertOnly(dir, List.of("r.jsonl"), systemTmpBefore);
  }

  private void assertOnly(Path dir, List<String> files, Set<String> systemTmpBefore)
      throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      assertEquals(files, s.map(p -> p.getFileName().toString()).sorted().toList(),
          "the working directory holds only the results file:\n"
              + Files.readString(tmp.resolve(dir.getFileName() + ".log")));
    }
    try (Stream<Path> s = Files.list(tmp.resolve(dir.getFileName() + "-tmp"))) {
      assertEquals(List.of(), s.toList(), "java.io.tmpdir is empty again");
    }
    Set<String> now = ours(SYSTEM_TMP);
    now.removeAll(systemTmpBefore);
    // Another test running at the same time may add its own: only this run's kinds are ours.
    assertTrue(now.stream().noneMatch(n -> n.startsWith("jetty-") || n.startsWith("hadoop-")),
        "left in /tmp: " + now);
  }

  private static final String[] FSOPS = {"fsops", "--op", "create_write", "--file-size", "64K",
      "--threads", "2", "--repeat", "1", "--cluster", "mini", "--out", "r.jsonl"};

  private static String[] with(String... more) {
    List<String> all = new ArrayList<>(List.of(FSOPS));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  @Test
  void okFailedAndTerminatedRunsLeaveOnlyTheirResults() throws Exception {
    Set<String> before = ours(SYSTEM_TMP);

    Path ok = Files.createDirectories(tmp.resolve("ok"));
    Process p = bench(ok, with("--iterations", "20"));
    assertTrue(p.waitFor(2, TimeUnit.MINUTES));
    assertEquals(0, p.exitValue(), Files.readString(tmp.resolve("ok.log")));
    assertOnlyTheResults(ok, before);

    // A run that fails before its first point (the NameNode refuses the block size of the base
    // directory's marker file): no record, so not even a results file.
    Path failed = Files.createDirectories(tmp.resolve("failed"));
    p = bench(failed, with("--iterations", "5", "-D", "dfs.blocksize=1024"));
    assertTrue(p.waitFor(2, TimeUnit.MINUTES));
    assertEquals(1, p.exitValue(), Files.readString(tmp.resolve("failed.log")));
    assertOnly(failed, List.of(), before);

    // A point whose job fails once its tasks run (a map's sort buffer refuses its settings):
    // the record says failed, and the job's staging, outputs and task directories are gone too.
    Path midRun = Files.createDirectories(tmp.resolve("mid-run"));
    p = bench(midRun, "dfsio", "--mode", "write", "--files", "1", "--size", "1M", "--cluster",
        "mini", "--out", "r.jsonl", "-D", "mapreduce.map.sort.spill.percent=2",
        "-D", "mapreduce.map.maxattempts=1");
    assertTrue(p.waitFor(3, TimeUnit.MINUTES));
    String printed = Files.readString(tmp.resolve("mid-run.log"));
    assertEquals(1, p.exitValue(), printed);
    List<io.hbench.core.result.ResultRecord> records =
        io.hbench.core.report.ResultReader.read(midRun.resolve("r.jsonl"));
    assertEquals(1, records.size(), printed);
    assertFalse(records.get(0).ok(), printed);
    assertTrue(records.get(0).failure().contains("spill"), records.get(0).failure());
    assertOnlyTheResults(midRun, before);

    Path term = Files.createDirectories(tmp.resolve("term"));
    p = bench(term, with("--duration", "10m"));
    Path log = tmp.resolve("term.log");
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
    while (!Files.readString(log).contains("calls/s")) {
      assertTrue(p.isAlive(), Files.readString(log));
      assertTrue(System.nanoTime() < deadline, Files.readString(log));
      Thread.sleep(100);
    }
    p.destroy(); // SIGTERM
    assertTrue(p.waitFor(1, TimeUnit.MINUTES), "bench ends on SIGTERM");
    assertOnlyTheResults(term, before);
  }
}
