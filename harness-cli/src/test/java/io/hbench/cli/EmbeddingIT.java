package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.RunListener;
import io.hbench.core.RunRequest;
import io.hbench.core.cluster.ClusterMode;
import io.hbench.core.result.ResultRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * docs/embedding.md's example, as written there: a terasort point and an fsops point run through
 * {@link RunRequest} on the embedded cluster inside this JVM, with no results file and nothing
 * printed by hbench, and the process left as it was found.
 */
@Tag("integration")
class EmbeddingIT {

  /** docs/embedding.md, "A run on the embedded cluster": keep the two in step. */
  static List<ResultRecord> example() throws Exception {
    List<ResultRecord> records = new ArrayList<>();
    records.addAll(
        RunRequest.suite("terasort")                        // any suite found with ServiceLoader
            .option("--sizes", "1M")                         // suite options, as on the command line
            .cluster(ClusterMode.MINI)                       // common settings are typed setters
            .build()                                         // bad input: InvalidInputException
            .run());                                         // blocks; returns every record
    records.addAll(
        RunRequest.suite("fsops")
            .option("--op", "create_write")
            .option("--threads", "2")
            .option("--iterations", "5")
            .option("--file-size", "64K")
            .repeat(1)
            .cluster(ClusterMode.MINI)
            .listener(new RunListener() {                    // each record as its point completes
              @Override
              public void measured(ResultRecord r) {
                System.out.println("EXAMPLE " + r.suite() + " " + r.point() + " " + r.status());
              }
            })
            .build()
            .run());
    return records;
  }

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void terasortAndFsopsRunInThisProcessWithNoFileAndNoOutput() throws Exception {
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    String classPath = System.getProperty("java.class.path");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    List<ResultRecord> records;
    try {
      PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8);
      System.setOut(capture);
      System.setErr(capture);
      records = example();
      assertSame(capture, System.err, "System.err is the caller's again");
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
    assertEquals(List.of("terasort", "fsops"), records.stream().map(ResultRecord::suite).toList());
    for (ResultRecord r : records) {
      assertTrue(r.ok(), r.suite() + ": " + r.failure());
      assertEquals("passed", r.validation().status(), r.suite());
      assertEquals("embedded", r.environment().cluster());
      assertFalse(r.environment().services().isEmpty(), r.suite());
    }
    assertEquals(List.of("teragen", "terasort", "teravalidate"),
        records.get(0).phases().stream().map(p -> p.name()).toList());
    assertEquals(10L, records.get(1).phase("create_write").load("create_write").calls());
    // hbench itself printed nothing but the listener's lines: no progress, status or table.
    String text = printed.toString(StandardCharsets.UTF_8);
    List<String> ours = text.lines()
        .filter(l -> l.startsWith("hbench") || l.startsWith("[") || l.startsWith("point")
            || l.startsWith("EXAMPLE"))
        .toList();
    assertEquals(List.of("EXAMPLE fsops create_write ok"), ours, text);
    // No results file, and the process-wide settings are as they were.
    for (ResultRecord r : records) {
      assertFalse(Files.exists(Path.of("hbench-results", r.suite() + "-" + r.runId() + ".jsonl")));
    }
    assertEquals(classPath, System.getProperty("java.class.path"));
    assertFalse(Thread.currentThread().isInterrupted());
  }

  /** The process-wide state a run must leave as it found it. */
  private record ProcessState(PrintStream err, PrintStream out, java.util.Map<Object, Object> properties,
      java.util.Set<Thread> jvmHooks, java.util.Set<Runnable> hadoopHooks) {

    static ProcessState now() throws Exception {
      java.lang.reflect.Field hooks =
          Class.forName("java.lang.ApplicationShutdownHooks").getDeclaredField("hooks");
      hooks.setAccessible(true);
      java.util.Set<Thread> jvm;
      synchronized (Class.forName("java.lang.ApplicationShutdownHooks")) {
        jvm = new java.util.HashSet<>(((java.util.Map<Thread, Thread>) hooks.get(null)).keySet());
      }
      java.lang.reflect.Field entries =
          org.apache.hadoop.util.ShutdownHookManager.class.getDeclaredField("hooks");
      entries.setAccessible(true);
      java.util.Set<Runnable> hadoop = new java.util.HashSet<>();
      for (Object e : (java.util.Set<?>) entries.get(org.apache.hadoop.util.ShutdownHookManager.get())) {
        java.lang.reflect.Field hook = e.getClass().getDeclaredField("hook");
        hook.setAccessible(true);
        hadoop.add((Runnable) hook.get(e));
      }
      return new ProcessState(System.err, System.out, new java.util.TreeMap<>(System.getProperties()),
          jvm, hadoop);
    }
  }

  /**
   * The suites that start the heaviest services, HBase and HiveServer2, run through the API in
   * this process and leave it as they found it: System.err and System.out, every system
   * property, and the JVM's and Hadoop's shutdown hooks.
   */
  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  @SuppressWarnings("unchecked")
  void hbasePeAndTpchLeaveTheProcessAsTheyFoundIt() throws Exception {
    // Hadoop's own once-per-process hooks (its file system cache's) are made before, as any
    // tool that uses Hadoop has them.
    org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration());
    ProcessState before = ProcessState.now();
    List<ResultRecord> records = new ArrayList<>(RunRequest.suite("hbase-pe")
        .option("--command", "sequentialWrite")
        .option("--rows", "200")
        .cluster(ClusterMode.MINI)
        .build()
        .run());
    records.addAll(RunRequest.suite("tpch")
        .option("--scales", "0.01")
        .option("--queries", "6")
        .option("--jobs", "local")
        .cluster(ClusterMode.MINI)
        .build()
        .run());
    for (ResultRecord r : records) {
      assertTrue(r.ok(), r.suite() + ": " + r.failure());
    }
    ProcessState after = ProcessState.now();
    assertSame(before.err(), after.err(), "System.err is the process's again");
    assertSame(before.out(), after.out(), "System.out is the process's again");
    java.util.Map<Object, Object> changed = new java.util.TreeMap<>();
    after.properties().forEach((k, v) -> {
      if (!v.equals(before.properties().get(k))) {
        changed.put(k, v);
      }
    });
    before.properties().keySet().stream().filter(k -> !after.properties().containsKey(k))
        .forEach(k -> changed.put(k, "(removed)"));
    assertEquals(java.util.Map.of(), changed, "system properties a run changed");
    assertEquals(before.jvmHooks(), after.jvmHooks(), "the JVM's shutdown hooks");
    assertEquals(before.hadoopHooks(), after.hadoopHooks(), "Hadoop's shutdown hooks");
  }
}
