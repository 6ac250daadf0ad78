package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.cluster.ClusterMode;
import io.hbench.core.embed.RunListener;
import io.hbench.core.embed.RunRequest;
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
 * docs/embedding.md's example, as written there: a client suite (fsops), HBase's (hbase-pe) and
 * Hive's (tpch, whose data a MapReduce job generates on the embedded YARN) run through {@link
 * RunRequest} on embedded clusters inside this JVM, with no results file and nothing printed by
 * hbench, and the process left as it was found: System.err and System.out, every system
 * property, the JVM's and Hadoop's shutdown hooks, the class path and the interrupt flag.
 */
@Tag("integration")
class EmbeddingIT {

  /** docs/embedding.md, "A run on the embedded cluster": keep the two in step. */
  static List<ResultRecord> example() throws Exception {
    List<ResultRecord> records = new ArrayList<>();
    records.addAll(
        RunRequest.suite("fsops")                           // any suite found with ServiceLoader
            .option("--op", "create_write")                 // its options, as on the command line
            .option("--threads", "2")
            .option("--iterations", "5")
            .option("--file-size", "64K")
            .repeat(1)                                       // common settings are typed setters
            .cluster(ClusterMode.MINI)
            .listener(new RunListener() {                    // each record as its point completes
              @Override
              public void measured(ResultRecord r) {
                System.out.println("EXAMPLE " + r.suite() + " " + r.point() + " " + r.status());
              }
            })
            .build()                                         // bad input: InvalidInputException
            .run());                                         // blocks; returns every record
    records.addAll(
        RunRequest.suite("hbase-pe")                      // a read on a fresh embedded
            .option("--command", "randomRead")                 // cluster writes its table first
            .option("--rows", "200")
            .option("--duration", "4s")
            .option("--interval", "250ms")
            .option("--until-stable", "20%,4")
            .cluster(ClusterMode.MINI)
            .build()
            .run());
    records.addAll(
        RunRequest.suite("tpch")
            .option("--scales", "0.01")
            .option("--queries", "6")
            .option("--jobs", "local")                       // Hive's own jobs in HiveServer2
            .cluster(ClusterMode.MINI)
            .build()
            .run());
    return records;
  }

  /** The process-wide state a run must leave as it found it. */
  private record ProcessState(PrintStream err, PrintStream out, java.util.Map<Object, Object> properties,
      java.util.Set<Thread> jvmHooks, java.util.Set<Runnable> hadoopHooks) {

    @SuppressWarnings("unchecked")
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

  @Test
  @Timeout(value = 10, unit = TimeUnit.MINUTES)
  void theExampleRunsInThisProcessWithNoFileNoOutputAndLeavesItAsItFoundIt() throws Exception {
    // Hadoop's own once-per-process hooks (its file system cache's) are made before, as any
    // tool that uses Hadoop has them; and the tool's own cached file system stays open.
    org.apache.hadoop.fs.FileSystem own =
        org.apache.hadoop.fs.FileSystem.getLocal(new org.apache.hadoop.conf.Configuration());
    // So is the JVM's user.timezone, which it sets on the first use of the default time zone
    // (any date formatted in the process); whether an earlier test class in this JVM used it
    // must not decide this test.
    java.util.TimeZone.getDefault();
    PrintStream stdout = System.out;
    PrintStream stderr = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream capture = new PrintStream(printed, true, StandardCharsets.UTF_8);
    List<ResultRecord> records;
    ProcessState before;
    ProcessState after;
    try {
      System.setOut(capture);
      System.setErr(capture);
      before = ProcessState.now();
      records = example();
      after = ProcessState.now();
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
    assertEquals(List.of("fsops", "hbase-pe", "tpch"),
        records.stream().map(ResultRecord::suite).toList());
    // HiveServer2's poller of metastore events outlived it and, a minute later, opened a Derby
    // metastore of Hive's defaults in the working directory: none runs after the point.
    Class<?> poll =
        Class.forName("org.apache.hadoop.hive.ql.metadata.events.NotificationEventPoll");
    java.lang.reflect.Field instance = poll.getDeclaredField("instance");
    instance.setAccessible(true);
    Object poller = instance.get(null);
    if (poller != null) {
      java.lang.reflect.Field executor = poll.getDeclaredField("executorService");
      executor.setAccessible(true);
      java.util.concurrent.ExecutorService e =
          (java.util.concurrent.ExecutorService) executor.get(poller);
      assertTrue(e == null || e.isShutdown(), "Hive's notification event poller still runs");
    }
    assertFalse(java.nio.file.Files.exists(java.nio.file.Path.of("metastore_db")),
        "a Derby metastore in the working directory");
    for (ResultRecord r : records) {
      assertTrue(r.ok(), r.suite() + ": " + r.failure());
      assertEquals("passed", r.validation().status(), r.suite());
      assertEquals("embedded", r.environment().cluster());
      assertFalse(r.environment().services().isEmpty(), r.suite());
    }
    assertEquals(10L, records.get(0).phase("create_write").load("create_write").calls());
    // The read wrote its table first, then read for the duration, kept over time.
    ResultRecord pe = records.get(1);
    assertEquals(200L, pe.phase("write_table").load("put").calls(), pe.toString());
    io.hbench.core.result.OperationSeries reads = pe.phase("randomRead").load("get").series();
    assertEquals(pe.phase("randomRead").load("get").calls(),
        reads.calls().stream().mapToLong(Long::longValue).sum());
    assertTrue(reads.stability() != null, pe.toString());
    assertEquals(List.of("hdfs", "yarn", "hive"), records.get(2).environment().services().stream()
        .map(io.hbench.core.result.ServiceInfo::name).toList());
    // hbench itself printed nothing but the listener's lines: no progress, status or table.
    String text = printed.toString(StandardCharsets.UTF_8);
    List<String> ours = text.lines()
        .filter(l -> l.startsWith("hbench") || l.startsWith("[") || l.startsWith("point")
            || l.startsWith("EXAMPLE"))
        .toList();
    assertEquals(List.of("EXAMPLE fsops create_write ok"), ours, text);
    // No results file, and the process as it was.
    for (ResultRecord r : records) {
      assertFalse(Files.exists(Path.of("hbench-results", r.suite() + "-" + r.runId() + ".jsonl")));
    }
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
    assertFalse(Thread.currentThread().isInterrupted());
    // The clusters closed the file systems cached for them, not the tool's (closed, it would be
    // out of the cache, and a new one made here).
    assertSame(own, org.apache.hadoop.fs.FileSystem.getLocal(
        new org.apache.hadoop.conf.Configuration()), "the embedder's cached file system");
  }
}
