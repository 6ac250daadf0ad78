package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code bench.jar} under plain {@code java -jar}, where no Hadoop class is on the class path:
 * help lists every suite (so every suite must load without Hadoop), and a run says in one line
 * to use {@code yarn jar}, with exit code 2.
 */
@Tag("integration")
class BenchJarIT {

  private static final Path JAR = Path.of("target", "bench.jar").toAbsolutePath();

  private record Result(int exit, String out, String err) {}

  private static Result run(String... args) throws Exception {
    assertTrue(Files.isRegularFile(JAR), "bench.jar must be built before integration tests");
    List<String> cmd = new ArrayList<>(List.of(
        System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
        "-jar", JAR.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(p.waitFor(), out, err);
  }

  @Test
  void helpListsEverySuiteWithoutHadoop() throws Exception {
    Result r = run("--help");
    assertEquals(0, r.exit(), r.err());
    for (String suite : new String[] {"terasort", "teragen", "teravalidate", "dfsio", "wordcount",
        "slive", "disk", "nnthroughput", "fsops", "hbase-pe", "tpch"}) {
      assertTrue(r.out().contains("  " + suite + " "), suite + " missing from:\n" + r.out());
    }
    assertFalse(r.err().contains("Exception"), r.err());
  }

  /** bench.jar carries no HBase: the suite's options and help load none of its classes. */
  @Test
  void hbasePeHelpNeedsNoHBase() throws Exception {
    Result r = run("hbase-pe", "--help");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("--wal=on|off|async") && r.out().contains("COMMAND"), r.out());
    Result bad = run("hbase-pe", "sequentialWrite", "--wal", "maybe");
    assertEquals(2, bad.exit(), bad.err());
    assertTrue(bad.err().contains("invalid value 'maybe' for --wal"), bad.err());
  }

  @Test
  void aRunWithoutHadoopSaysToUseYarnJar() throws Exception {
    Result r = run("wordcount", "--sizes", "1M");
    assertEquals(2, r.exit(), r.out() + r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().contains("yarn jar"), r.err());
  }

  /** Reading results needs no Hadoop: report, its page and compare run with plain java -jar. */
  @Test
  void reportAndCompareRunWithoutHadoop(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
      throws Exception {
    java.nio.file.Path a = tmp.resolve("a.jsonl");
    java.nio.file.Path b = tmp.resolve("b.jsonl");
    try (var wa = io.hbench.core.result.ResultWriter.open(a);
        var wb = io.hbench.core.result.ResultWriter.open(b)) {
      // With a service, whose endpoint is redacted as it is read.
      var env = io.hbench.core.report.Records.env("3.4.2", 1).withServices(List.of(
          new io.hbench.core.result.ServiceInfo("hdfs", "embedded", "3.4.2", "hdfs://127.0.0.1:1",
              java.util.Map.of("datanodes", 1))));
      for (int i = 1; i <= 4; i++) {
        // Tied values: the test takes its normal approximation, with its own classes.
        wa.append(io.hbench.core.report.Records.sort("A", "1M", 1, i, "ok", 2 + (i / 2) * 0.01, env));
        wb.append(io.hbench.core.report.Records.sort("B", "1M", 1, i, "ok", 3 + i * 0.01, env));
      }
    }
    Result report = run("report", a.toString(), b.toString());
    assertEquals(0, report.exit(), report.err());
    assertTrue(report.out().startsWith("terasort · teragen"), report.out());
    Result html = run("report", "--html", tmp.resolve("r.html").toString(), a.toString());
    assertEquals(0, html.exit(), html.err());
    assertTrue(java.nio.file.Files.size(tmp.resolve("r.html")) > 50_000, "uPlot is inlined");
    Result compare = run("compare", a.toString(), b.toString());
    assertEquals(0, compare.exit(), compare.err());
    assertTrue(compare.out().contains("worse"), compare.out());
    assertFalse(compare.err().contains("Exception"), compare.err());
  }

  /**
   * The read side of every suite needs none of its run-time classes: with nothing but bench.jar
   * on the class path, report (its tables and its page) and compare read records of every suite,
   * each suite's own tables included, and load no Hadoop, HBase or Hive class.
   */
  @Test
  void reportAndCompareOfEverySuitesRecordsRunWithBenchJarAlone(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
    String records = java.nio.file.Path.of(BenchJarIT.class
        .getResource("/records/every-suite.jsonl").toURI()).toString();
    Result report = run("report", records);
    assertEquals(0, report.exit(), report.err());
    for (String title : List.of("File system operations", "NameNode throughput",
        "HBase PerformanceEvaluation workloads", "TPC-H on Hive", "DFSIO", "Slive",
        "Disk (dd-style)", "terasort · teragen", "wordcount")) {
      assertTrue(report.out().contains(title), title + " missing from:\n" + report.out());
    }
    assertFalse(report.err().contains("Exception") || report.err().contains("Error"), report.err());
    Result html = run("report", "--html", tmp.resolve("every.html").toString(), records);
    assertEquals(0, html.exit(), html.err());
    java.nio.file.Path copy = tmp.resolve("again.jsonl");
    java.nio.file.Files.copy(java.nio.file.Path.of(records), copy);
    Result compare = run("compare", records, copy.toString());
    assertEquals(0, compare.exit(), compare.err());
    for (String suite : List.of("fsops", "nnthroughput", "hbase-pe", "tpch", "dfsio", "slive",
        "disk", "terasort", "wordcount", "teragen")) {
      assertTrue(compare.out().contains(suite), suite + " missing from:\n" + compare.out());
    }
    assertFalse(compare.err().contains("Exception") || compare.err().contains("Error"),
        compare.err());
  }
}
