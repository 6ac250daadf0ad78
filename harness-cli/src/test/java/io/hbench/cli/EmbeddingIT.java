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
}
