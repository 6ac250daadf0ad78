package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C (or SIGTERM) in the middle of a point: the point is appended as failed, {@code
 * interrupted}, never as a number, and the process ends promptly. A local file system keeps this
 * free of any cluster.
 */
@Tag("integration")
class InterruptIT {

  @TempDir Path tmp;

  @Test
  void aPointCutShortIsRecordedAsInterrupted() throws Exception {
    Path out = tmp.resolve("r.jsonl");
    Path log = tmp.resolve("bench.log");
    Process proc = BenchProcess.start(null, null, log, List.of(
        "fsops", "--op", "exists", "--duration", "10m", "--repeat", "1",
        "--base-dir", tmp.resolve("base").toUri().toString(), "--out", out.toString()));
    try {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      // The progress line shows the load is under way.
      while (!Files.readString(log).contains("calls/s")) {
        assertTrue(proc.isAlive(), Files.readString(log));
        assertTrue(System.nanoTime() < deadline, "no progress after 2 minutes:\n" + Files.readString(log));
        Thread.sleep(100);
      }
    } finally {
      proc.destroy();
    }
    assertTrue(proc.waitFor(1, TimeUnit.MINUTES), "bench ends on SIGTERM");
    List<ResultRecord> records = ResultReader.read(out);
    assertEquals(1, records.size(), Files.readString(log));
    ResultRecord r = records.get(0);
    assertEquals("failed", r.status());
    assertEquals("interrupted", r.failure());
    assertEquals("not_run", r.validation().status(), "no check had run: never passed");
    // Phases that completed (the untimed-for-headline prepare) are kept; the load cut short is not.
    assertTrue(r.phases().stream().noneMatch(p -> p.loads() != null),
        "a cut-short load reports no figure: " + r.phases());
  }
}
