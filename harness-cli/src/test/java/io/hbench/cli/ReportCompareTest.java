package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.Records;
import io.hbench.core.result.Environment;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** bench report and bench compare on hand-made results files: formats, edge cases, bad input. */
class ReportCompareTest {

  private static final Environment ENV = Records.env("3.4.2", 3);

  @TempDir Path tmp;

  private static final java.util.Set<String> FILES =
      java.util.Set.of("A", "B", "FAR", "MISSING", "NOTJSON", "SCHEMA9", "EMPTYDIR", "DIR",
          "OUT.html");

  private Path write(String name, List<ResultRecord> records) throws IOException {
    Path f = tmp.resolve(name);
    try (ResultWriter w = ResultWriter.open(f)) {
      for (ResultRecord r : records) {
        w.append(r);
      }
    }
    return f;
  }

  private Path sweep(String name, String label, double factor) throws IOException {
    return write(name, List.of(
        Records.sort(label, "1M", 1, 1, "ok", 2 * factor, ENV),
        Records.sort(label, "1M", 1, 2, "ok", 2.1 * factor, ENV),
        Records.sort(label, "1M", 1, 3, "ok", 1.9 * factor, ENV),
        Records.sort(label, "1M", 1, 4, "ok", 2.05 * factor, ENV),
        Records.sort(label, "1M", 1, 5, "ok", 1.95 * factor, ENV),
        Records.sort(label, "16M", 16, 1, "ok", 8 * factor, ENV),
        Records.sort(label, "16M", 16, 2, "ok", 8.2 * factor, ENV),
        Records.sort(label, "16M", 16, 3, "ok", 7.9 * factor, ENV),
        Records.sort(label, "16M", 16, 4, "ok", 8.1 * factor, ENV),
        Records.sort(label, "16M", 16, 5, "ok", 8.05 * factor, ENV)));
  }

  @Test
  void reportPrintsTheSeedsLayoutInEveryFormat() throws IOException {
    Path a = sweep("a.jsonl", "A", 1);
    Path b = sweep("b.jsonl", "B", 1.2);
    BenchProcess text = BenchProcess.run(null, "report", a.toString(), b.toString());
    assertEquals(0, text.exitCode, text.toString());
    List<String> lines = text.out.lines().toList();
    assertEquals("terasort · teragen", lines.get(0));
    assertTrue(lines.get(1).matches("\\s+seconds\\s+MB/s"), lines.get(1));
    assertTrue(lines.get(2).matches("point\\s+A\\s+B\\s+A\\s+B"), lines.get(2));
    assertTrue(lines.get(4).startsWith("1M "), lines.get(4));
    assertTrue(lines.get(5).startsWith("16M "), lines.get(5));
    BenchProcess md = BenchProcess.run(null, "report", "--markdown", a.toString(), b.toString());
    assertTrue(md.out.contains("| point | seconds A | seconds B | MB/s A | MB/s B |"), md.out);
    BenchProcess csv = BenchProcess.run(null, "report", "--csv", tmp.toString());
    assertTrue(csv.out.contains("point,seconds A,seconds B,MB/s A,MB/s B\r\n"), csv.out);
    assertEquals(2, BenchProcess.run(null, "report", "--csv", "--markdown", a.toString()).exitCode);
  }

  @Test
  void reportReadsSchemaOneAndSkipsATruncatedLastLine() throws IOException {
    Path a = sweep("a.jsonl", "A", 1);
    String v1 = "{\"schema\":\"hbench.result/1\",\"run_id\":\"r1\",\"suite\":\"terasort\","
        + "\"point\":\"1M\",\"repeat\":1,\"status\":\"ok\",\"params\":{\"size_bytes\":1048576},"
        + "\"phases\":[{\"name\":\"terasort\",\"seconds\":3.0,\"bytes\":1048576,\"mb_per_s\":0.33}],"
        + "\"environment\":{\"cluster\":\"local\",\"cpus\":2,\"host\":\"old-host\"},"
        + "\"options\":{},\"config\":{}}\n";
    Files.writeString(tmp.resolve("old.jsonl"), v1 + v1.substring(0, 40), StandardCharsets.UTF_8);
    BenchProcess p = BenchProcess.run(null, "report", a.toString(), tmp.resolve("old.jsonl").toString());
    assertEquals(0, p.exitCode, p.toString());
    assertTrue(p.err.contains("skipped the last line of") && p.err.contains("cut short"), p.err);
    // The /1 record's label is derived from its environment: the host of a local run.
    assertTrue(p.out.contains("old-host"), p.out);
  }

  @Test
  void compareGivesVerdictsAndGatesOnRegression() throws IOException {
    Path a = sweep("a.jsonl", "A", 1);
    Path b = sweep("b.jsonl", "B", 1.2);
    BenchProcess p = BenchProcess.run(null, "compare", a.toString(), b.toString());
    assertEquals(0, p.exitCode, p.toString());
    assertTrue(p.out.contains("terasort · terasort · seconds (s, lower is better)"), p.out);
    assertTrue(p.out.lines().anyMatch(l -> l.matches("16M\\s.*\\+20\\.0%\\s+0\\.008\\s+worse")), p.out);
    assertTrue(p.out.lines().anyMatch(l -> l.matches("geomean\\s.*\\+20\\.0%.*")), p.out);
    BenchProcess gate = BenchProcess.run(null, "compare", "--fail-on-regression", "10", a.toString(), b.toString());
    assertEquals(1, gate.exitCode, gate.toString());
    assertTrue(gate.err.contains("significantly worse than A by"), gate.err);
    assertEquals(0, BenchProcess.run(null, "compare", "--fail-on-regression", "25", a.toString(),
        b.toString()).exitCode);
    // Identical inputs: no difference anywhere, and no gate.
    Path a2 = sweep("a2.jsonl", "A2", 1);
    BenchProcess same = BenchProcess.run(null, "compare", "--fail-on-regression", "0", a.toString(), a2.toString());
    assertEquals(0, same.exitCode, same.toString());
    assertTrue(same.out.lines().noneMatch(l -> l.endsWith(" worse") || l.endsWith(" better")),
        same.out);
    assertTrue(same.out.lines().anyMatch(l -> l.matches("16M\\s.*\\s~")), same.out);
    // Two candidates: each against the baseline.
    Path c = sweep("c.jsonl", "C", 0.8);
    BenchProcess three = BenchProcess.run(null, "compare", a.toString(), b.toString(), c.toString());
    assertEquals(0, three.exitCode, three.toString());
    assertTrue(three.out.contains("B vs A") && three.out.contains("C vs A"), three.out);
    assertTrue(three.out.lines().anyMatch(l -> l.matches("16M\\s.*-20\\.0%\\s+0\\.008\\s+better")),
        three.out);
    BenchProcess json = BenchProcess.run(null, "compare", "--json", "--by", "label",
        a.toString(), b.toString());
    assertTrue(json.out.contains("\"verdict\" : \"worse\""), json.out);
  }

  /** The run's own tables go through the same table code, in the format asked for. */
  @Test
  void aRunPrintsItsTablesInTheFormatAskedFor() throws IOException {
    Path out = tmp.resolve("disk.jsonl");
    BenchProcess json = BenchProcess.run(null, "disk", "--path", tmp.toString(), "--size", "256K",
        "--format", "json", "--out", out.toString());
    assertEquals(0, json.exitCode, json.toString());
    var tables = new io.hbench.thirdparty.jackson.databind.ObjectMapper().readTree(json.out).get("tables");
    assertEquals("point", tables.get(0).get("columns").get(0).get("name").asText(), json.out);
    assertEquals("Disk (dd-style)", tables.get(1).get("title").asText(), json.out);
    BenchProcess csv = BenchProcess.run(null, "disk", "--path", tmp.toString(), "--size", "256K",
        "--format", "csv", "--out", out.toString());
    assertTrue(csv.out.startsWith("point,write s,"), csv.out);
    // The records of both runs report as any others.
    BenchProcess report = BenchProcess.run(null, "report", out.toString());
    assertTrue(report.out.startsWith("disk · write"), report.out);
  }

  @ParameterizedTest
  @CsvSource(delimiter = ';', value = {
      "report MISSING; no such file or directory:",
      "report NOTJSON; not an hbench result record",
      "report SCHEMA9; unsupported result schema 'hbench.result/9'",
      "report EMPTYDIR; no .jsonl results files in",
      "compare A; give a BASELINE and at least one CANDIDATE",
      "compare A FAR; no point measured on both A and FAR",
      "compare --alpha 2 A B; --alpha must be between 0 and 1",
      "compare --alpha x A B; invalid --alpha 'x'",
      "compare --fail-on-regression -5 A B; --fail-on-regression must be 0 or more, got -5",
      "compare --fail-on-regression NaN A B; --fail-on-regression must be 0 or more, got NaN",
      "compare --by host A B; invalid --by 'host'",
      "compare --by label A; the inputs have one label (A)",
      "compare --by label --baseline Z A B; --baseline Z: no such label",
      "report --html DIR A; is a directory",
      "report --html OUT.html --csv A; give --html or --csv, not both"
  })
  void badInputIsOneLineAndExitTwo(String args, String expected) throws IOException {
    sweep("A", "A", 1);
    sweep("B", "B", 1.1);
    write("FAR", List.of(Records.sort("FAR", "64M", 64, 1, "ok", 2, ENV)));
    Files.writeString(tmp.resolve("NOTJSON"), "hello\nworld\n");
    Files.writeString(tmp.resolve("SCHEMA9"), "{\"schema\":\"hbench.result/9\"}\n");
    Files.createDirectories(tmp.resolve("EMPTYDIR"));
    Files.createDirectories(tmp.resolve("DIR"));
    String[] argv = java.util.Arrays.stream(args.split(" "))
        .map(x -> FILES.contains(x) ? tmp.resolve(x).toString() : x)
        .toArray(String[]::new);
    BenchProcess p = BenchProcess.run(null, argv);
    assertEquals(2, p.exitCode, p.toString());
    assertEquals(1, p.errLines().size(), "exactly one line on stderr:\n" + p);
    assertTrue(p.err.startsWith("bench: ") && p.err.contains(expected), p.err);
    assertFalse(p.err.contains("Exception"), p.err);
    assertEquals("", p.out);
    assertFalse(Files.exists(tmp.resolve("OUT.html")), "nothing may be created");
  }
}
