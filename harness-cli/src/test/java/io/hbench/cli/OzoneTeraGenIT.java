package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.IoResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** The Ozone path: teragen on ofs:// of the in-process Ozone cluster, with --instrument. */
@Tag("integration")
class OzoneTeraGenIT {

  private static final long ROWS = 41_943;

  @TempDir Path tmp;

  @Test
  @Timeout(value = 15, unit = TimeUnit.MINUTES)
  void teragenOnOzoneIsCounted() throws Exception {
    // In a working directory and java.io.tmpdir of its own, so that what it leaves shows.
    Path dir = Files.createDirectories(tmp.resolve("run"));
    Path javaTmp = Files.createDirectories(tmp.resolve("java-tmp"));
    Path results = dir.resolve("r.jsonl");
    Path log = tmp.resolve("run.log");
    Process child = BenchProcess.start(dir, javaTmp, log, List.of(
        "teragen", "--size", "4M", "--maps", "2", "--cluster", "mini-ozone", "--instrument",
        "--out", results.toString()));
    assertTrue(child.waitFor(10, TimeUnit.MINUTES));
    String out = Files.readString(log);
    assertEquals(0, child.exitValue(), out);
    ResultSchema.assertValid(results);
    List<ResultRecord> records = ResultReader.read(results);
    ResultRecord r = records.get(0);
    assertEquals("ok", r.status(), r.toString());
    assertEquals("embedded-ozone", r.environment().cluster());
    assertTrue(r.environment().dataFs().startsWith("ofs://"), r.environment().dataFs());
    // The Ozone store as SCM counts its datanodes, then YARN on the local disk.
    io.hbench.core.result.ServiceInfo ozone = r.environment().services().get(0);
    assertEquals("ozone", ozone.name());
    assertEquals(java.util.Map.of("datanodes", 1), ozone.nodes());
    assertTrue(ozone.endpoint().startsWith("ofs://"), ozone.endpoint());
    assertEquals("yarn", r.environment().services().get(1).name());
    assertTrue(String.valueOf(r.params().get("output")).startsWith("ofs://"), r.params().toString());
    IoResult io = r.phase("teragen").io();
    assertEquals(2 * ROWS, io.tasks().get("stream_write_operations").calls());
    assertEquals(100 * ROWS, io.tasks().get("stream_write_operations").bytes());
    assertTrue(io.tasks().get("stream_write_operations").timeMs() > 0);
    assertEquals(2, io.tasks().get("op_hsync").calls());
    assertEquals(2, io.tasks().get("stream_write_close_operations").calls());
    assertEquals(2, io.perTask().size());
    assertTrue(out.contains("ofs"), out);
    // Nothing left behind, the Ozone Manager's metrics file (written at exit) included.
    try (var files = Files.list(dir)) {
      assertEquals(List.of("r.jsonl"), files.map(f -> f.getFileName().toString()).toList());
    }
    try (var files = Files.walk(javaTmp)) {
      assertEquals(List.of(javaTmp), files.toList(), "java.io.tmpdir is empty again");
    }
  }
}
