package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code kill -9} of a run on the embedded cluster while a job's ApplicationMaster runs: no
 * process it started survives a minute, and {@code --resume} measures only what is missing, so
 * every repeat is recorded ok exactly once; the dead run's temporary directory is removed by the
 * next run. The child processes get a java.io.tmpdir of their own, so what they leave is plain.
 */
@Tag("integration")
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class KillResumeIT {

  @TempDir Path tmp;

  private Process bench(Path javaTmp, Path log, String... args) throws Exception {
    return BenchProcess.start(null, javaTmp, log, List.of(args));
  }

  private static List<ProcessHandle> alive(Path javaTmp) {
    String marker = javaTmp.toString();
    return ProcessHandle.allProcesses()
        .filter(p -> p.info().commandLine().map(c -> c.contains(marker)).orElse(false))
        .filter(ProcessHandle::isAlive)
        .toList();
  }

  @Test
  void noOrphanOutlivesAKilledRunAndResumeRecordsEachPointOnce() throws Exception {
    Path javaTmp = Files.createDirectories(tmp.resolve("java-tmp"));
    Path out = tmp.resolve("r.jsonl");
    // Two repeats of one Slive map that calls for 6 s: one job a repeat, so the kill and the
    // resume cost two YARN jobs and a half rather than a sweep's four or more. The kill comes a
    // second after the second repeat's task JVM is seen, seconds before its calls could end.
    String[] sweep = {"slive", "--maps", "1", "--duration", "6s", "--repeat", "2",
        "--cluster", "mini", "--out", out.toString()};
    Path log = tmp.resolve("killed.log");
    Process proc = bench(javaTmp, log, sweep);
    try {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
      // The first repeat recorded, then a task of the second running: an ApplicationMaster
      // with a task to look after outlived a killed run by more than 9 minutes before the
      // embedded cluster's timeouts (MiniYarnService).
      while (!(Files.exists(out) && Files.size(out) > 0 && proc.descendants().anyMatch(
          p -> p.info().commandLine().map(c -> c.contains("YarnChild")).orElse(false)))) {
        assertTrue(proc.isAlive(), Files.readString(log));
        assertTrue(System.nanoTime() < deadline, "no task of the second repeat after 4 minutes:\n" + Files.readString(log));
        Thread.sleep(200);
      }
      Thread.sleep(1000);
    } finally {
      proc.destroyForcibly(); // SIGKILL: no shutdown hook runs
    }
    assertTrue(proc.waitFor(10, TimeUnit.SECONDS));
    long killed = System.nanoTime();
    List<ProcessHandle> orphans = alive(javaTmp);
    assertFalse(orphans.isEmpty(), "the killed run had started processes of its own");
    while (!alive(javaTmp).isEmpty() && System.nanoTime() - killed < TimeUnit.SECONDS.toNanos(60)) {
      Thread.sleep(500);
    }
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - killed);
    assertTrue(alive(javaTmp).isEmpty(), "alive 60 s after kill -9: "
        + alive(javaTmp).stream().map(p -> p.pid() + " " + p.info().command().orElse("?")).toList());
    System.out.println("KillResumeIT: " + orphans.size() + " processes of the killed run, all gone "
        + seconds + " s after kill -9");
    List<Path> deadDirs = embeddedDirs(javaTmp);
    assertEquals(1, deadDirs.size(), "the killed run's directory is left: " + deadDirs);
    // Each service's web apps in a directory of its own: YARN's history server starts on a thread
    // of its own, and Jetty empties the directory as each web app starts.
    for (String service : List.of("hdfs", "yarn")) {
      assertTrue(Files.isDirectory(deadDirs.get(0).resolve("http-" + service)), service);
    }

    // Other options: refused with one line before anything starts.
    BenchProcess other = BenchProcess.run(null, "slive", "--maps", "1", "--duration", "20s",
        "--repeat", "2", "--cluster", "mini", "--out", out.toString(), "--resume");
    assertEquals(2, other.exitCode, other.toString());
    assertTrue(other.err.contains("other options (duration: 20s now, 6s there)"), other.err);
    assertEquals(1, other.err.strip().lines().count(), other.err);

    List<String> resume = new ArrayList<>(List.of(sweep));
    resume.add("--resume");
    Path resumeLog = tmp.resolve("resume.log");
    Process again = bench(javaTmp, resumeLog, resume.toArray(String[]::new));
    assertTrue(again.waitFor(4, TimeUnit.MINUTES), "resume ends");
    String text = Files.readString(resumeLog);
    assertEquals(0, again.exitValue(), text);
    assertTrue(text.contains("1 of 2 measurements already recorded ok"), text);
    assertTrue(text.contains("removed " + deadDirs.get(0)), text);
    // Nothing of either run, Jetty's web apps of the killed one included (they are inside the
    // embedded cluster's directory, hadoop.http.temp.dir, or they would be left here).
    try (Stream<Path> left = Files.list(javaTmp)) {
      assertEquals(List.of(), left.toList(), "nothing of either run is left");
    }

    List<ResultRecord> records = ResultReader.read(out);
    Map<Integer, Long> okPerRepeat = records.stream().filter(ResultRecord::ok)
        .collect(Collectors.groupingBy(ResultRecord::repeat, Collectors.counting()));
    assertEquals(Map.of(1, 1L, 2, 1L), okPerRepeat, records.toString());
  }

  private static List<Path> embeddedDirs(Path dir) throws Exception {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().startsWith("hbench-embedded-")).toList();
    }
  }
}
