package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.Environment;
import io.hbench.core.result.ResultRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ComparisonTest {

  private static final Environment ENV = Records.env("3.4.2", 3);

  private static List<ResultRecord> run(String label, Environment env, double... seconds) {
    List<ResultRecord> rs = new ArrayList<>();
    for (int i = 0; i < seconds.length; i++) {
      rs.add(Records.sort(label, "16M", 16, i + 1, "ok", seconds[i], env));
    }
    return rs;
  }

  private static Comparison.Row row(Comparison c, String phase, String figure) {
    return c.rows().stream()
        .filter(r -> r.phase().equals(phase) && r.figure().equals(figure))
        .findFirst().orElseThrow();
  }

  @Test
  void eachCandidateAgainstTheBaselineAtOnceIsEachComparedAlone() {
    List<ResultRecord> a = run("A", ENV, 10, 11, 12, 10.5, 11.5);
    List<ResultRecord> b = run("B", Records.env("3.3.6", 3), 12, 13, 12.5, 13.5, 12.2);
    List<ResultRecord> c = new ArrayList<>(run("C", ENV, 9, 9.5, 9.2, 9.8, 9.1));
    // A point only C measured: no part of A against B.
    for (int i = 0; i < 4; i++) {
      c.add(Records.sort("C", "32M", 32, i + 1, "ok", 20 + i, ENV));
    }
    Map<String, List<ResultRecord>> sides = new java.util.LinkedHashMap<>();
    sides.put("A", a);
    sides.put("B", b);
    sides.put("C", c);
    List<Comparison> atOnce = Comparison.ofEach(sides, 0.05, true);
    assertEquals(2, atOnce.size());
    for (Comparison each : atOnce) {
      Comparison alone = Comparison.of("A", a, each.candidate(), sides.get(each.candidate()),
          0.05, true);
      assertEquals(alone.rows(), each.rows(), each.candidate());
      assertEquals(alone.geomeans(), each.geomeans(), each.candidate());
      assertEquals(alone.warnings(), each.warnings(), each.candidate());
    }
    assertTrue(atOnce.get(0).warnings().stream().noneMatch(w -> w.contains("32M")),
        atOnce.get(0).warnings().toString());
    assertTrue(atOnce.get(1).warnings().stream().anyMatch(w -> w.contains("32M (C)")),
        atOnce.get(1).warnings().toString());
    assertTrue(atOnce.get(0).warnings().stream().anyMatch(w -> w.contains("3.3.6")),
        atOnce.get(0).warnings().toString());
  }

  @Test
  void identicalInputsAreTheSameEverywhere() {
    List<ResultRecord> a = run("A", ENV, 10, 11, 12, 10.5, 11.5);
    Comparison c = Comparison.of("A", a, "B", a, 0.05, true);
    assertTrue(c.rows().size() >= 4);
    c.rows().forEach(r -> assertEquals(Comparison.Verdict.SAME, r.verdict(), r.toString()));
    assertEquals(0, c.worstRegressionPercent());
    assertTrue(c.warnings().isEmpty(), c.warnings().toString());
  }

  @Test
  void twentyPercentSlowerWithFiveRepeatsIsWorse() {
    Comparison c = Comparison.of("A", run("A", ENV, 10, 10.2, 9.9, 10.1, 10.3),
        "B", run("B", ENV, 12, 12.2, 11.9, 12.1, 12.3), 0.05, false);
    Comparison.Row sort = row(c, "terasort", "seconds");
    assertEquals(Comparison.Verdict.WORSE, sort.verdict());
    assertTrue(sort.p() < 0.05, "p " + sort.p());
    assertEquals(2.0 / 252, sort.p(), 1e-9);
    assertEquals(19.8, sort.changePercent(), 0.1);
    // MB/s fell as much: worse too, for a figure where higher is better.
    assertEquals(Comparison.Verdict.WORSE, row(c, "terasort", "mb_per_s").verdict());
    assertTrue(c.worstRegressionPercent() > 15 && c.worstRegressionPercent() < 20);
    // One point: the geomean is that point's change.
    Comparison.Geomean g = c.geomeans().stream()
        .filter(x -> x.phase().equals("terasort") && x.figure().equals("seconds"))
        .findFirst().orElseThrow();
    assertEquals(sort.changePercent(), g.changePercent(), 1e-9);
    // Headlines only by default: start-up seconds are not compared.
    assertTrue(c.rows().stream().noneMatch(r -> r.figure().equals("startup_seconds")));
    String text = TableFormat.TEXT.render(c.tables());
    assertTrue(text.contains("worse") && text.contains("geomean") && text.contains("+19.8%"), text);
  }

  @Test
  void fasterIsBetter() {
    Comparison c = Comparison.of("A", run("A", ENV, 10, 10.2, 9.9, 10.1, 10.3),
        "B", run("B", ENV, 8, 8.1, 7.9, 8.2, 8.05), 0.05, false);
    assertEquals(Comparison.Verdict.BETTER, row(c, "terasort", "seconds").verdict());
    assertEquals(0, c.worstRegressionPercent());
  }

  @Test
  void tooFewRepeatsGiveAWarningNotAVerdict() {
    Comparison c = Comparison.of("A", run("A", ENV, 10, 10.1, 10.2),
        "B", run("B", ENV, 20, 20.1, 20.2), 0.05, false);
    assertEquals(Comparison.Verdict.TOO_FEW, row(c, "terasort", "seconds").verdict());
    assertTrue(c.warnings().stream().anyMatch(w -> w.contains("too few repeats")), c.warnings().toString());
    // n = 1 on each side: the same.
    Comparison one = Comparison.of("A", run("A", ENV, 10), "B", run("B", ENV, 20), 0.05, false);
    assertEquals(Comparison.Verdict.TOO_FEW, row(one, "terasort", "seconds").verdict());
  }

  @Test
  void aFailedPointIsNotComparedAndAMissingOneIsSaid() {
    List<ResultRecord> a = run("A", ENV, 10, 10.2, 9.9, 10.1);
    a.add(Records.sort("A", "1M", 1, 1, "ok", 2, ENV));
    a.add(Records.sort("A", "64M", 64, 1, "ok", 30, ENV));
    List<ResultRecord> b = run("B", ENV, 10, 10.2, 9.9, 10.1);
    b.add(Records.sort("B", "1M", 1, 1, "failed", 0, ENV));
    Comparison c = Comparison.of("A", a, "B", b, 0.05, false);
    assertTrue(c.rows().stream().anyMatch(r -> r.point().equals("1M")
        && r.verdict() == Comparison.Verdict.FAILED && r.cand() == null));
    assertTrue(c.warnings().stream().anyMatch(w -> w.contains("1M: 1 of 1 repeats failed on B")),
        c.warnings().toString());
    assertTrue(c.warnings().stream().anyMatch(w -> w.contains("one side only")
        && w.contains("64M (A)")), c.warnings().toString());
    String text = TableFormat.TEXT.render(c.tables());
    assertTrue(text.contains("failed"), text);
  }

  @Test
  void environmentDifferencesAreReported() {
    Comparison c = Comparison.of("A", run("A", ENV, 10, 10.2, 9.9, 10.1),
        "B", run("B", Records.env("3.3.6", 5), 10, 10.2, 9.9, 10.1), 0.05, false);
    assertTrue(c.warnings().contains(
        "differs: environment.hadoop_version: A 3.4.2; B 3.3.6"), c.warnings().toString());
    assertTrue(c.warnings().contains("differs: environment.datanodes: A 3; B 5"),
        c.warnings().toString());
    // The results file and the label differ by nature: never warned about.
    assertTrue(c.warnings().stream().noneMatch(w -> w.contains("options.terasort.out")));
  }

  /** {@link #run}'s records, their phases' tasks reporting {@code java} (or nothing: null). */
  private static List<ResultRecord> tasksOn(String label, String java) {
    List<ResultRecord> out = new ArrayList<>();
    for (ResultRecord r : run(label, ENV, 10, 10.2, 9.9, 10.1)) {
      List<io.hbench.core.result.PhaseResult> phases = r.phases().stream()
          .map(p -> java == null ? p : p.withFigures(Map.of(
              io.hbench.core.result.JobJvms.FIELD.name(),
              io.hbench.core.result.JobJvms.FIELD.encode(new io.hbench.core.result.JobJvms(
                  List.of(new io.hbench.core.result.JobJvms.Jvm("17.0.15 (Debian)", "/usr/jdk17",
                      "3.4.2", true, 1)),
                  List.of(new io.hbench.core.result.JobJvms.Jvm(java, "/opt/jdk", "3.4.2", true,
                      4)))))))
          .toList();
      out.add(new ResultRecord(r.schema(), r.runId(), r.label(), r.suite(), r.point(), r.repeat(),
          r.warmup(), r.params(), r.status(), r.failure(), r.validation(), phases,
          r.environment(), r.options(), r.config(), r.started(), r.ended()));
    }
    return out;
  }

  @Test
  void tasksThatRanAnotherJavaAreNamed() {
    Comparison c = Comparison.of("A", tasksOn("A", "11.0.25 (Eclipse Adoptium)"),
        "B", tasksOn("B", "17.0.15 (Eclipse Adoptium)"), 0.05, false);
    assertTrue(c.warnings().contains("differs: jvms.tasks: A 11.0.25 (Eclipse Adoptium) at"
        + " /opt/jdk, Hadoop 3.4.2, add-opens; B 17.0.15 (Eclipse Adoptium) at /opt/jdk, Hadoop"
        + " 3.4.2, add-opens"), c.warnings().toString());
    // The ApplicationMasters ran the same Java on both sides: not said.
    assertTrue(c.warnings().stream().noneMatch(w -> w.contains("jvms.am")),
        c.warnings().toString());
    // Records from before tasks said what they ran on differ in nothing.
    Comparison old = Comparison.of("A", tasksOn("A", null),
        "B", tasksOn("B", "17.0.15 (Eclipse Adoptium)"), 0.05, false);
    assertTrue(old.warnings().stream().noneMatch(w -> w.contains("jvms.")),
        old.warnings().toString());
  }

  /** An environment whose servers are a NameNode and two datanodes with these settings. */
  static io.hbench.core.result.Environment servers(Map<String, String> namenode,
      Map<String, String> datanode, String xmx) {
    java.util.Map<String, Map<String, String>> configs = new java.util.LinkedHashMap<>();
    configs.put(io.hbench.core.daemons.ServerSettings.key(namenode), namenode);
    configs.put(io.hbench.core.daemons.ServerSettings.key(datanode), datanode);
    List<io.hbench.core.result.ServerFingerprint> s = new java.util.ArrayList<>();
    s.add(server("namenode", "nn:8020", io.hbench.core.daemons.ServerSettings.key(namenode), xmx));
    for (String dn : List.of("dn1:9866", "dn2:9866")) {
      s.add(server("datanode", dn, io.hbench.core.daemons.ServerSettings.key(datanode), "-Xmx1g"));
    }
    return ENV.withServers(s, configs);
  }

  static io.hbench.core.result.ServerFingerprint server(String role, String node, String config,
      String xmx) {
    return new io.hbench.core.result.ServerFingerprint(role, node, null, "3.4.2", "17 (x)",
        List.of(xmx), 8, 32L << 30, "Linux", null, null, config);
  }

  @Test
  void serverSettingsThatDifferAreNamedByRoleApartFromTheClients() {
    Map<String, String> nn = Map.of("dfs.replication", "3");
    Map<String, String> dn = Map.of("dfs.replication", "3", "dfs.datanode.handler.count", "10");
    Comparison c = Comparison.of("A", run("A", servers(nn, dn, "-Xmx4g"), 10, 10.2, 9.9, 10.1),
        "B", run("B", servers(Map.of("dfs.replication", "3", "dfs.namenode.handler.count", "20"),
            Map.of("dfs.replication", "3", "dfs.datanode.handler.count", "30"), "-Xmx8g"),
            10, 10.2, 9.9, 10.1), 0.05, false);
    List<String> servers = c.warnings().stream()
        .filter(w -> w.startsWith("differs on the servers: ")).toList();
    assertEquals(List.of(
        "differs on the servers: namenode jvm_args: A -Xmx4g; B -Xmx8g",
        "differs on the servers: datanode dfs.datanode.handler.count: A 10; B 30",
        "differs on the servers: namenode dfs.namenode.handler.count: A (default); B 20"),
        servers, c.warnings().toString());
  }

  @Test
  void noCommonPointIsBadInput() {
    List<ResultRecord> a = List.of(Records.sort("A", "1M", 1, 1, "ok", 2, ENV));
    List<ResultRecord> b = List.of(Records.sort("B", "64M", 64, 1, "ok", 2, ENV));
    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> Comparison.of("A", a, "B", b, 0.05, false));
    assertTrue(e.getMessage().startsWith("no point measured on both A and B"), e.getMessage());
  }

  @Test
  void jsonHasNoInfinity() {
    Comparison c = Comparison.of("A", run("A", ENV, 10, 10.2, 9.9),
        "B", run("B", ENV, 10, 10.2, 9.9), 0.05, false);
    String json = Comparison.json(List.of(c));
    assertTrue(json.contains("\"ci_low\" : null"), json);
    assertTrue(!json.contains("Infinity"), json);
  }

  @Test
  void withOneRepeatALoadShowsItsCallsSideBySideAsEvidenceNotAVerdict() {
    // One repeat a side: no verdict can be had, but 200 calls a side say something.
    Comparison c = Comparison.of("A", List.of(Records.load("A", "create", 1)),
        "B", List.of(Records.load("B", "create", 2)), 0.05, false);
    assertTrue(c.rows().stream().allMatch(r -> r.verdict() == Comparison.Verdict.TOO_FEW));
    assertEquals(1, c.calls().size(), c.calls().toString());
    Comparison.CallLatencies calls = c.calls().get(0);
    assertEquals("create", calls.op());
    assertEquals(200, calls.baseCalls());
    assertEquals(200, calls.candCalls());
    // Calls of 0.01 .. 2 ms against twice that: the median 1 ms against 2 ms.
    assertEquals(1.0, calls.base()[0], 0.01);
    assertEquals(2.0, calls.cand()[0], 0.02);
    Table t = c.tables().get(c.tables().size() - 1);
    assertTrue(t.title().contains("per-call latency within the runs (evidence, not a verdict)"),
        t.title());
    assertEquals("+100.0%", t.rows().get(0).get(6), t.rows().toString());
    assertTrue(t.note().contains("not independent samples"), t.note());
    assertTrue(c.warnings().stream().anyMatch(w -> w.contains("not a verdict")), c.warnings()
        .toString());
    assertTrue(Comparison.json(List.of(c)).contains("\"p99_9_ms\""));
    // With enough repeats there is a verdict, and no such table.
    List<ResultRecord> a = new java.util.ArrayList<>();
    List<ResultRecord> b = new java.util.ArrayList<>();
    for (int i = 0; i < 5; i++) {
      a.add(Records.load("A", "create", 1));
      b.add(Records.load("B", "create", 2));
    }
    assertTrue(Comparison.of("A", a, "B", b, 0.05, false).calls().isEmpty());
  }
}
