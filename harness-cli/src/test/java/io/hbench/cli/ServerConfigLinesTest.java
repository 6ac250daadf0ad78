package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.daemons.ServerSettings;
import io.hbench.core.report.Records;
import io.hbench.core.report.ResultReader;
import io.hbench.core.result.Environment;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultWriter;
import io.hbench.core.result.ServerConfigLine;
import io.hbench.core.result.ServerFingerprint;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Server configurations written once per results file: the writer puts each before the first
 * record naming it and never twice in a file (across runs appending to it too), and every reader
 * gives what the same records written with their configurations inside (the earlier form) give.
 */
class ServerConfigLinesTest {

  @TempDir Path tmp;

  private static final Map<String, String> SMALL_HANDLERS =
      Map.of("dfs.namenode.handler.count", "10", "dfs.replication", "1");
  private static final Map<String, String> MORE_HANDLERS =
      Map.of("dfs.namenode.handler.count", "40", "dfs.replication", "1");

  /** A night's sort on {@code label}, its NameNode and DataNode run with {@code settings}. */
  private static ResultRecord night(String label, int night, Map<String, String> settings) {
    String key = ServerSettings.key(settings);
    Environment env = Records.env("3.4.2", 1).withServers(List.of(
        server("namenode", "nn:9870", key), server("datanode", "dn1:9864", key)),
        Map.of(key, settings));
    ResultRecord r = Records.sort(label, "1M", 1, 1, "ok", 2 + night * 0.01, env);
    String day = String.format("2026-01-%02d", night);
    return new ResultRecord(r.schema(), day + "-" + label, label, r.suite(), r.point(),
        r.repeat(), r.warmup(), r.params(), r.status(), r.failure(), r.validation(), r.phases(),
        r.environment(), r.options(), r.config(), day + "T02:00:00Z", day + "T02:00:09Z");
  }

  private static ServerFingerprint server(String role, String node, String config) {
    return new ServerFingerprint(role, node, null, "3.4.2", "17.0.9 Eclipse Adoptium",
        List.of("-Xmx1g"), 2, 8L << 30, "Linux 6.1 amd64", null, null, config);
  }

  private List<ResultRecord> history() {
    List<ResultRecord> out = new ArrayList<>();
    for (int night = 1; night <= 8; night++) {
      out.add(night("A", night, SMALL_HANDLERS));
      out.add(night("B", night, night <= 4 ? SMALL_HANDLERS : MORE_HANDLERS));
    }
    return out;
  }

  private static List<String> lines(Path f) throws IOException {
    return Files.readAllLines(f);
  }

  @Test
  void eachConfigurationIsWrittenOncePerFileAndReadBackIntoItsRecords() throws IOException {
    Path f = tmp.resolve("r.jsonl");
    List<ResultRecord> history = history();
    try (ResultWriter w = ResultWriter.open(f)) {
      for (ResultRecord r : history.subList(0, 10)) {
        w.append(r);
      }
    }
    // A later run appending to the same file: what the file holds is not written again.
    try (ResultWriter w = ResultWriter.open(f)) {
      for (ResultRecord r : history.subList(10, history.size())) {
        w.append(r);
      }
    }
    List<String> lines = lines(f);
    List<String> configLines = lines.stream().filter(ServerConfigLine::isOne).toList();
    assertEquals(2, configLines.size(), String.join("\n", configLines));
    assertEquals(history.size() + 2, lines.size());
    assertTrue(ServerConfigLine.isOne(lines.get(0)), "before the first record naming it");
    assertTrue(lines.stream().noneMatch(l -> l.contains("server_configs")),
        "no record holds a configuration");
    assertEquals(json(history), json(ResultReader.read(f)));
    assertEquals(json(history), json(ResultReader.readAll(List.of(f), w -> { })));
  }

  @Test
  void reportCompareAndHistoryPrintTheSameAsForConfigurationsInsideEachRecord()
      throws IOException {
    List<ResultRecord> history = history();
    Path once = Files.createDirectories(tmp.resolve("once"));
    try (ResultWriter w = ResultWriter.open(once.resolve("h.jsonl"))) {
      for (ResultRecord r : history) {
        w.append(r);
      }
    }
    // The form before configuration lines: each record with its configurations inside.
    Path inside = Files.createDirectories(tmp.resolve("inside"));
    ObjectMapper json = new ObjectMapper();
    List<String> old = new ArrayList<>();
    for (ResultRecord r : history) {
      old.add(json.writeValueAsString(r));
    }
    assertTrue(old.get(0).contains("\"server_configs\""), old.get(0));
    Files.write(inside.resolve("h.jsonl"), old);
    assertTrue(Files.size(once.resolve("h.jsonl")) < Files.size(inside.resolve("h.jsonl")),
        Files.size(once.resolve("h.jsonl")) + " vs " + Files.size(inside.resolve("h.jsonl")));

    for (String[] command : new String[][] {{"report"}, {"compare", "--by", "label"},
        {"history"}}) {
      BenchProcess a = BenchProcess.run(null, args(command, once));
      BenchProcess b = BenchProcess.run(null, args(command, inside));
      assertEquals(0, a.exitCode, a.toString());
      assertEquals(b.out, a.out, String.join(" ", command));
      assertEquals(b.err, a.err, String.join(" ", command));
    }
    BenchProcess compare = BenchProcess.run(null, args(new String[] {"compare", "--by", "label"},
        once));
    assertTrue((compare.out + compare.err).contains("differs on the servers: namenode, datanode"
        + " dfs.namenode.handler.count: A 10; B 10 | 40"), compare.toString());
  }

  @Test
  void aRecordCopiedAloneIntoAnotherFileReadsWithItsConfigurationMissing() throws IOException {
    Path f = tmp.resolve("r.jsonl");
    List<ResultRecord> history = history();
    try (ResultWriter w = ResultWriter.open(f)) {
      for (ResultRecord r : history) {
        w.append(r);
      }
    }
    Path alone = Files.createDirectories(tmp.resolve("alone"));
    List<String> recordsOfB = lines(f).stream()
        .filter(l -> !ServerConfigLine.isOne(l) && l.contains("\"label\":\"B\"")).toList();
    Files.write(alone.resolve("b.jsonl"), recordsOfB);
    Path a = alone.resolve("a.jsonl");
    try (ResultWriter w = ResultWriter.open(a)) {
      for (ResultRecord r : history) {
        if (r.label().equals("A")) {
          w.append(r);
        }
      }
    }
    List<ResultRecord> read = ResultReader.read(alone.resolve("b.jsonl"));
    assertEquals(8, read.size());
    assertEquals(null, read.get(0).environment().serverConfigs());
    assertEquals(2, read.get(0).environment().servers().size(), "the servers are still there");

    BenchProcess compare = BenchProcess.run(null, "compare", a.toString(),
        alone.resolve("b.jsonl").toString());
    assertEquals(0, compare.exitCode, compare.toString());
    String said = compare.out + compare.err;
    assertTrue(said.contains("the servers' configuration of 8 records is not in this file"),
        said);
    assertFalse(said.contains("differs on the servers"), said);
  }

  @Test
  void aConfigurationLineOfAnotherVersionIsRefusedInOneLine() throws IOException {
    Path f = tmp.resolve("r.jsonl");
    try (ResultWriter w = ResultWriter.open(f)) {
      w.append(history().get(0));
    }
    List<String> lines = new java.util.ArrayList<>(lines(f));
    assertTrue(ServerConfigLine.isOne(lines.get(0)), lines.get(0));
    lines.set(0, lines.get(0).replace("hbench.server-config/1", "hbench.server-config/2"));
    Files.write(f, lines);
    for (String[] command : new String[][] {{"report"}, {"history"}}) {
      BenchProcess b = BenchProcess.run(null, args(command, f));
      assertEquals(2, b.exitCode, b.toString());
      assertEquals(List.of("bench: " + f + ":1: unsupported server configuration schema"
          + " 'hbench.server-config/2' (this hbench reads hbench.server-config/1)"),
          b.err.lines().toList(), b.toString());
    }
  }

  /** Records as their JSON, one per line: a difference reads as one. */
  private static String json(List<ResultRecord> records) throws IOException {
    ObjectMapper json = new ObjectMapper();
    StringBuilder b = new StringBuilder();
    for (ResultRecord r : records) {
      b.append(json.writeValueAsString(r)).append('\n');
    }
    return b.toString();
  }

  private static String[] args(String[] command, Path dir) {
    String[] out = java.util.Arrays.copyOf(command, command.length + 1);
    out[command.length] = dir.toString();
    return out;
  }
}
