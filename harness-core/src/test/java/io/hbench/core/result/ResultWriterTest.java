package io.hbench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.report.ResultReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultWriterTest {

  @TempDir Path dir;

  static ResultRecord record(String point, String status) {
    return new ResultRecord(
        ResultRecord.SCHEMA,
        "run-1",
        "embedded",
        "terasort",
        point,
        1,
        null,
        Map.of("size", point),
        status,
        status.equals("ok") ? null : "boom",
        Validation.of(List.of(new Check("order", true, "fine"))),
        List.of(new PhaseResult("sort", 2.0, 2 * 1024 * 1024, 10L, 1.0, 0.5, "job_1", null, null, null, null, null, null, null, null)),
        new Environment("0.1", "3.4.2", "embedded", "hdfs://x", "yarn", 1, 1, "17", "Linux", 2, "h", null, null, null),
        Map.of("sizes", point),
        Map.of(),
        "2026-01-01T00:00:00Z",
        "2026-01-01T00:00:02Z");
  }

  @Test
  void appendsOneLinePerRecordAndReadsBack() throws Exception {
    Path file = dir.resolve("sub/dir/r.jsonl");
    try (ResultWriter w = ResultWriter.open(file)) {
      w.append(record("1M", "ok"));
    }
    try (ResultWriter w = ResultWriter.open(file)) {
      w.append(record("2M", "failed"));
    }
    List<String> lines = Files.readAllLines(file);
    assertEquals(2, lines.size());
    List<ResultRecord> back = ResultReader.read(file);
    assertEquals("1M", back.get(0).point());
    assertTrue(back.get(0).ok());
    assertFalse(back.get(1).ok());
    assertEquals("boom", back.get(1).failure());
    assertEquals(0.5, back.get(0).phase("sort").startupSeconds());
    assertTrue(lines.get(0).startsWith("{\"schema\":\"hbench.result/2\",\"run_id\":\"run-1\""), lines.get(0));
  }

  @Test
  void histogramsAreWrittenAsTheyAreWhileTextIsRedacted() throws Exception {
    // Base64 that, read as text, is a secret-named key=value: "...xTokenQ" = "=".
    String histogram = "HISTFAAAAC94nJNpmSzAwMDAxAABzFCaEQwmO/xgsFgxTokenQ==";
    OperationLoad load = new OperationLoad(
        "get", 1, 0, null, 0, 1.0, 1.0, null, histogram, null, null, null);
    ResultRecord r = record("1M", "failed");
    r = new ResultRecord(r.schema(), r.runId(), r.label(), r.suite(), r.point(),
        r.repeat(), r.warmup(), r.params(), r.status(), "connect failed: password=hunter22",
        r.validation(),
        List.of(new PhaseResult("load", 1, 0, null, 0, null, null, null, null, null, null,
            List.of(load), null, null, null)),
        r.environment(), r.options(), r.config(), r.started(), r.ended());
    Path file = dir.resolve("r.jsonl");
    try (ResultWriter w = ResultWriter.open(file)) {
      w.append(r);
    }
    ResultRecord back = ResultReader.read(file).get(0);
    assertEquals(histogram, back.phase("load").loads().get(0).histogram());
    assertEquals("connect failed: password=" + SecretRedactor.REDACTED, back.failure());
    assertFalse(Files.readString(file).contains("hunter22"));
  }

  @Test
  void nullFieldsAreLeftOut() throws Exception {
    Path file = dir.resolve("r.jsonl");
    try (ResultWriter w = ResultWriter.open(file)) {
      w.append(record("1M", "ok"));
    }
    String line = Files.readString(file);
    assertFalse(line.contains("\"failure\""), line);
    assertFalse(line.contains("\"counters\""), line);
  }

  @Test
  void unwritableTargetsAreRejectedBeforeAnythingIsCreated() throws Exception {
    assertThrows(InvalidInputException.class, () -> ResultWriter.checkWritable(dir));
    // A path through a regular file can never be created, whoever runs the test (root too).
    Path file = Files.writeString(dir.resolve("plain.txt"), "x");
    InvalidInputException e =
        assertThrows(
            InvalidInputException.class, () -> ResultWriter.checkWritable(file.resolve("a/b.jsonl")));
    assertTrue(e.getMessage().contains("not a writable directory"), e.getMessage());
    ResultWriter.checkWritable(dir.resolve("new/dir/r.jsonl"));
    assertFalse(Files.exists(dir.resolve("new")));
  }
}
