package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a history through the pool gives the records plain Jackson gives: configurations
 * (strings holding brackets, quotes and escapes included) kept once, and series read when first
 * used.
 */
class ValuePoolTest {

  @TempDir
  Path dir;

  private static String record(int run, String config, String series) {
    return "{\"schema\":\"hbench.result/2\",\"run_id\":\"r" + run + "\",\"label\":\"a\","
        + "\"suite\":\"fsops\",\"point\":\"mkdirs\",\"repeat\":1,\"status\":\"ok\","
        + "\"phases\":[{\"name\":\"run\",\"seconds\":1.5,\"metrics\":[{\"name\":\"ops_per_s\","
        + "\"unit\":\"ops/s\",\"value\":1234.5678901234567,\"better\":\"higher\"}],"
        + "\"daemons\":[{\"role\":\"namenode\",\"node\":\"localhost:1\",\"samples\":3,"
        + "\"metrics\":[{\"name\":\"rpc_queue_ms\",\"unit\":\"ms\",\"value\":0.526,"
        + "\"better\":\"lower\"}],\"series\":{\"t\":[0, 0.5,1.0],\"rpc_queue_ms\":" + series
        + "}}]}],\"environment\":{\"server_configs\":{\"80dc\":" + config + "}}}";
  }

  private static final String CONFIG = "{\"dfs.replication\":\"1\",\"odd\":\"a \\\"} ] { [\\\""
      + " value\\\\\",\"unicode\":\"\\u00e9t\u00e9\",\"empty\":\"\"}";

  @Test
  void pooledRecordsAreThePlainOnes() throws Exception {
    List<String> lines = List.of(record(1, CONFIG, "[0.5, null, 1.0e-3]"),
        record(2, CONFIG, "[-12, 3.25E+2,0.30000000000000004]"),
        record(3, "{\"dfs.replication\":\"3\"}", "[]"));
    Files.write(dir.resolve("h.jsonl"), lines);
    List<ResultRecord> pooled = ResultReader.readAll(List.of(dir), w -> { });
    assertEquals(3, pooled.size());
    for (int i = 0; i < lines.size(); i++) {
      assertEquals(ResultReader.parse(lines.get(i)), pooled.get(i), lines.get(i));
    }
    Map<String, String> first = pooled.get(0).environment().serverConfigs().get("80dc");
    assertEquals("a \"} ] { [\" value\\", first.get("odd"));
    assertEquals("\u00e9t\u00e9", first.get("unicode"));
    assertSame(first, pooled.get(1).environment().serverConfigs().get("80dc"),
        "the same configuration is kept once");
    List<Double> series = pooled.get(0).phases().get(0).daemons().get(0).series()
        .get("rpc_queue_ms");
    assertEquals(Arrays.asList(0.5, null, 1.0e-3), series);
    assertEquals(List.of(-12.0, 325.0, 0.30000000000000004),
        pooled.get(1).phases().get(0).daemons().get(0).series().get("rpc_queue_ms"));
  }

  @Test
  void aSeriesThatIsNotNumbersIsBadInputWhenRead() throws Exception {
    for (String bad : new String[] {"[1, \"x\"]", "[1, [2]]", "[1, {\"a\": 1}]", "[1, true]"}) {
      Path file = dir.resolve("bad.jsonl");
      Files.write(file, List.of(record(1, CONFIG, "[1]"), record(2, CONFIG, bad),
          record(3, CONFIG, "[1]")));
      InvalidInputException e = assertThrows(InvalidInputException.class,
          () -> ResultReader.readAll(List.of(file), w -> { }), bad);
      assertTrue(e.getMessage().contains("bad.jsonl:2:"), e.getMessage());
    }
  }

  @Test
  void aRecordCutShortInsideASkippedConfigurationIsTheCutLastLine() throws Exception {
    String whole = record(1, CONFIG, "[1]");
    String cut = whole.substring(0, whole.indexOf("\"odd\"") + 10);
    Path file = dir.resolve("cut.jsonl");
    Files.writeString(file, whole + "\n" + cut);
    StringBuilder warnings = new StringBuilder();
    assertEquals(1, ResultReader.readAll(List.of(file), warnings::append).size());
    assertTrue(warnings.toString().contains("cut short"), warnings.toString());
  }

  @Test
  void linesLongerThanTheReadBufferAreWhole() throws Exception {
    String big = "{" + "\"k\":\"v\",".repeat(700_000) + "\"last\":\"x\"}";
    List<String> lines = List.of(record(1, CONFIG, "[1]"), record(2, big, "[2]"),
        record(3, CONFIG, "[3]"));
    Files.write(dir.resolve("long.jsonl"), lines);
    List<ResultRecord> pooled = ResultReader.readAll(List.of(dir), w -> { });
    assertEquals(3, pooled.size());
    assertTrue(lines.get(1).length() > 5 << 20, "longer than a chunk of the reader");
    for (int i = 0; i < lines.size(); i++) {
      assertEquals(ResultReader.parse(lines.get(i)), pooled.get(i));
    }
  }

  @Test
  void aBadLineAfterManyChunksIsNamedByItsLine() throws Exception {
    // More than one chunk of the reader: a line's number counts the lines of every chunk.
    String config = "{" + "\"dfs.some.key.of.a.server\":\"some value\",".repeat(500)
        + "\"last\":\"x\"}";
    List<String> lines = new java.util.ArrayList<>();
    for (int i = 1; i <= 400; i++) {
      lines.add(i == 333 ? "{\"schema\":\"hbench.result/2\"}" : i == 20 ? ""
          : record(i, config.replace("x", Integer.toString(i)), "[" + i + "]"));
    }
    Path file = dir.resolve("many.jsonl");
    Files.write(file, lines);
    assertTrue(Files.size(file) > 5 << 20, "spans chunks: " + Files.size(file));
    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> ResultReader.readAll(List.of(file), w -> { }));
    assertTrue(e.getMessage().contains("many.jsonl:333: not an hbench result record"),
        e.getMessage());
    lines.set(332, record(333, CONFIG, "[333]"));
    Files.write(file, lines);
    List<ResultRecord> all = ResultReader.readAll(List.of(file), w -> { });
    assertEquals(399, all.size());
    for (int i = 0; i < all.size(); i++) {
      assertEquals("r" + (i < 19 ? i + 1 : i + 2), all.get(i).runId(), "in order");
    }
  }

  @Test
  void aLoadsCallsPerSecondAreLongsReadFromTheFileAsThePlainOnes() throws Exception {
    String load = "\"loads\":[{\"op\":\"create\",\"calls\":30,\"failures\":1,"
        + "\"bytes\":0,\"window_s\":3.0,\"series\":{\"interval_s\":1.0,\"start_ms\":5,"
        + "\"t_s\":[1,2,3],\"calls\":[9,10,9007199254740993],\"failures\":[0,1,null],"
        + "\"ops_per_s\":[9.0,10.0,11.0]}}],";
    List<String> lines = List.of(
        record(1, CONFIG, "[1]").replace("{\"name\":\"run\",", "{\"name\":\"run\"," + load),
        record(2, CONFIG, "[2]"));
    Path file = dir.resolve("loads.jsonl");
    Files.write(file, lines);
    List<ResultRecord> read = ResultReader.readAll(List.of(file), w -> { });
    assertEquals(ResultReader.parse(lines.get(0)), read.get(0));
    var series = read.get(0).phases().get(0).loads().get(0).series();
    // Past 2^53: longs, not doubles.
    assertEquals(List.of(9L, 10L, 9007199254740993L), series.calls());
    assertEquals(Arrays.asList(0L, 1L, null), series.failures());
  }

  @Test
  void aByteOrderMarkIsReadPast() throws Exception {
    Path file = dir.resolve("bom.jsonl");
    Files.writeString(file, "\uFEFF" + record(1, CONFIG, "[1]") + "\n" + record(2, CONFIG, "[2]"));
    assertEquals(List.of("r1", "r2"), ResultReader.readAll(List.of(file), w -> { }).stream()
        .map(ResultRecord::runId).toList());
  }

  @Test
  void aSeriesOfNumberCharactersThatIsNotNumbersIsBadInputNamingItsLine() throws Exception {
    Path file = dir.resolve("odd.jsonl");
    Files.write(file, List.of(record(1, CONFIG, "[1]"), record(2, CONFIG, "[1..2, nul]")));
    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> ResultReader.readAll(List.of(file), w -> { }));
    assertTrue(e.getMessage().contains("odd.jsonl:2: not an hbench result record"),
        e.getMessage());
  }

  @Test
  void aSeriesIsReadFromItsFileWhenFirstUsedAndAChangedFileSaysSo() throws Exception {
    Path file = dir.resolve("h.jsonl");
    Files.write(file, List.of(record(1, CONFIG, "[1.5, 2.5]"), record(2, CONFIG, "[3, null]")));
    List<ResultRecord> read = ResultReader.readAll(List.of(file), w -> { });
    assertEquals(Arrays.asList(3.0, null),
        read.get(1).phases().get(0).daemons().get(0).series().get("rpc_queue_ms"));
    Files.write(file, List.of("{}"));
    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> read.get(0).phases().get(0).daemons().get(0).series().get("rpc_queue_ms").size());
    assertTrue(e.getMessage().contains("changed while it was read"), e.getMessage());
  }

  @Test
  void aPhasesDaemonsAndIoFiguresReadFromTheFileWhenUsedAreThePlainOnes() throws Exception {
    String summary = "{\"calls\":3,\"bytes\":10,\"failures\":0,\"time_ms\":1.5,"
        + "\"timed_calls\":3,\"latency_us\":{\"p50\":1.0,\"p90\":2.0,\"p99\":3.0,"
        + "\"p99_9\":4.0,\"max\":5.0}}";
    String io = "\"io\":{\"tasks\":{\"create\":" + summary + "},\"per_task\":[{\"attempt\":"
        + "\"a1\",\"host\":\"h1\",\"ops\":{\"create\":" + summary + "}}],\"client\":{\"open\":"
        + summary + "}},";
    List<String> lines = List.of(
        record(1, CONFIG, "[0.5, 1]").replace("{\"name\":\"run\",", "{\"name\":\"run\"," + io),
        record(2, CONFIG, "[2, null]"));
    Path file = dir.resolve("io.jsonl");
    Files.write(file, lines);
    List<ResultRecord> read = ResultReader.readAll(List.of(file), w -> { });
    io.hbench.thirdparty.jackson.databind.ObjectMapper json =
        new io.hbench.thirdparty.jackson.databind.ObjectMapper();
    for (int i = 0; i < lines.size(); i++) {
      assertEquals(json.writeValueAsString(ResultReader.parse(lines.get(i))),
          json.writeValueAsString(read.get(i)));
    }
    var phase = read.get(0).phases().get(0);
    assertEquals(3, phase.io().tasks().get("create").calls());
    assertEquals("h1", phase.io().perTask().get(0).host());
    assertEquals(5.0, phase.io().client().get("open").latencyUs().max());
    assertEquals("namenode", phase.daemons().get(0).role());
  }
}
