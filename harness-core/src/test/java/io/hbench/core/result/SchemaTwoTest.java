package io.hbench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.fs.OperationStats;
import io.hbench.core.report.ResultReader;
import io.hbench.core.result.Metric.Better;
import io.hbench.core.stats.LatencyHistogram;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Typed metrics and loads (schema /2), the reading of /1 files, and the JSON Schema itself. */
class SchemaTwoTest {

  private static final Environment ENV = new Environment("0.1", "3.4.2", "embedded", "hdfs://x",
      "yarn", 1, 1, "17", "Linux", 2, "h", null,
      List.of(new ServiceInfo("hdfs", "embedded", "3.4.2", "hdfs://127.0.0.1:1",
          Map.of("datanodes", 1))), null);

  private static ResultRecord record(String suite, List<PhaseResult> phases) {
    return new ResultRecord(ResultRecord.SCHEMA, "20260101-000000-abcd", "embedded", suite, "p", 1, null,
        Map.of("size", "1M"), "ok", null, Validation.of(List.of(new Check("c", true, "fine"))),
        phases, ENV, Map.of("sizes", "1M"), Map.of(), "2026-01-01T00:00:00Z",
        "2026-01-01T00:00:02Z");
  }

  private static OperationLoad load(String op, long... nanos) {
    OperationStats s = new OperationStats();
    for (long n : nanos) {
      s.recordCall(n, 100, false);
    }
    return OperationLoad.of(op, s, Map.of(), 2_000_000_000L, false, 0, null);
  }

  @Test
  void theCoreAddsPhaseFiguresAndMarksHeadlines() {
    PhaseResult p = new PhaseResult("sort", 4.0, 8L << 20, 10L, 1.5);
    PhaseResult done = PhaseMetrics.complete(p, PhaseMetrics.DEFAULT_HEADLINES);
    assertEquals(4.0, done.metric("seconds").value());
    assertEquals(Better.LOWER, done.metric("seconds").better());
    assertTrue(done.metric("seconds").isHeadline());
    assertEquals(2.0, done.metric("mb_per_s").value(), 1e-9);
    assertTrue(done.metric("mb_per_s").isHeadline());
    assertFalse(done.metric("startup_seconds").isHeadline());
    // Completing twice gives the same metrics: the record can be rebuilt after an interrupt.
    assertEquals(done.metrics(), PhaseMetrics.complete(p, PhaseMetrics.DEFAULT_HEADLINES).metrics());
  }

  @Test
  void aPhaseQualifiedHeadlineMarksThatPhasesFigureOnly() {
    Set<String> headlines = Set.of("generate:seconds", "mb_per_s");
    PhaseResult generate = PhaseMetrics.complete(new PhaseResult("generate", 4.0, 8L << 20, null, null), headlines);
    PhaseResult q1 = PhaseMetrics.complete(new PhaseResult("q1", 2.0, 8L << 20, null, null), headlines);
    assertTrue(generate.metric("seconds").isHeadline());
    assertFalse(q1.metric("seconds").isHeadline());
    assertTrue(q1.metric("mb_per_s").isHeadline(), "an unqualified name still marks every phase's");
  }

  @Test
  void loadsBecomeMetricsInOneVocabularyAndStepsAreNoHeadline() {
    OperationLoad create = load("create", 1_000_000, 3_000_000);
    OperationStats open = new OperationStats();
    open.recordCall(500_000, 0, false);
    OperationLoad step = OperationLoad.of("open", open, Map.of(), 2_000_000_000L, true, 0, null);
    PhaseResult p = new PhaseResult("create", 2.5, 0, 2L, null).withLoads(List.of(create, step));
    PhaseResult done = PhaseMetrics.complete(p, Set.of("*/ops_per_s"));
    assertEquals(1.0, done.metric("create", "ops_per_s").value(), 1e-9); // 2 calls over 2 s
    assertTrue(done.metric("create", "ops_per_s").isHeadline());
    assertEquals(2.0, done.metric("create", "latency_mean").value(), 1e-9); // exact mean, ms
    assertEquals(Better.LOWER, done.metric("create", "latency_p99").better());
    assertNull(done.metric("open", "ops_per_s"), "a step has no rate of its own");
    assertNotNull(done.metric("open", "latency_p50"));
    assertFalse(done.metric("seconds").isHeadline());
    ResultSchema.assertValid(record("nnthroughput", List.of(done)));
  }

  @Test
  void theKeptHistogramMergesToTheSlowestCall() {
    OperationLoad a = load("op", 1_000, 2_000);
    OperationLoad b = load("op", 9_000_000);
    LatencyHistogram h = a.latencies().merge(b.latencies());
    assertEquals(3, h.count());
    assertEquals(9.0, h.maxMillis(), 9.0 * 0.01);
    assertEquals(2, a.latencies().count(), "merging makes a new histogram");
    assertEquals(3, LatencyHistogram.decode(h.encoded()).count());
    assertThrows(IllegalArgumentException.class, () -> LatencyHistogram.decode("bm90IGEgaGlzdG9ncmFt"));
  }

  @Test
  void aRecordWithSuiteMetricsRoundTripsAndValidates() {
    PhaseResult p = new PhaseResult("write", 3.0, 30L << 20, null, 1.0)
        .withMetrics(List.of(Metric.of("throughput_mb_s", Metric.MIB_PER_SECOND, 12.5, Better.HIGHER)))
        .withLoads(List.of(load("write", 5_000)));
    ResultRecord r = record("dfsio", List.of(PhaseMetrics.complete(p, Set.of("throughput_mb_s"))));
    ResultSchema.assertValid(r);
    String line;
    try {
      line = ResultWriter.JSON.writeValueAsString(r);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    ResultRecord back = ResultReader.parse(line);
    assertEquals(r.phases().get(0).metrics(), back.phases().get(0).metrics());
    assertTrue(back.phases().get(0).metric("throughput_mb_s").isHeadline());
    assertEquals(r.phases().get(0).loads().get(0).histogram(), back.phases().get(0).loads().get(0).histogram());
  }

  @Test
  void theSchemaRejectsWhatItShould() {
    String good = "{\"name\":\"seconds\",\"unit\":\"s\",\"value\":1.0,\"better\":\"lower\"}";
    PhaseResult p = PhaseMetrics.complete(new PhaseResult("x", 1.0, 0, null, null), Set.of());
    String line;
    try {
      line = ResultWriter.JSON.writeValueAsString(record("terasort", List.of(p)));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
    assertTrue(line.contains(good), line);
    assertTrue(ResultSchema.problems(line).isEmpty());
    assertFalse(ResultSchema.problems(line.replace(good, good.replace("lower", "smaller"))).isEmpty());
    assertFalse(ResultSchema.problems(line.replace("hbench.result/2", "hbench.result/1")).isEmpty());
    assertFalse(ResultSchema.problems(line.replace("\"status\":\"ok\"", "\"status\":\"fine\"")).isEmpty());
  }

  /** A record as nnthroughput wrote it before this change, figures and all. */
  private static final String NN_V1 = "{\"schema\":\"hbench.result/1\",\"run_id\":\"20251120-101010-1a2b\","
      + "\"suite\":\"nnthroughput\",\"point\":\"create\",\"repeat\":1,\"status\":\"ok\","
      + "\"params\":{\"op\":\"create\",\"mode\":\"direct\"},\"phases\":[{\"name\":\"create\",\"seconds\":1.25,"
      + "\"bytes\":0,\"records\":1000,\"mb_per_s\":0.0,\"figures\":{\"ops\":1000,\"failures\":2,"
      + "\"failure_types\":{\"FileAlreadyExistsException\":2},\"elapsed_ms\":1000.0,\"ops_per_s\":1000.0,"
      + "\"average_time_ms\":0.9,\"latency_us\":{\"p50\":800.0,\"p90\":1500.0,\"p99\":3000.0,"
      + "\"p99_9\":4000.0,\"max\":5000.0}}}],\"validation\":{\"status\":\"passed\",\"checks\":[]},"
      + "\"environment\":{\"hbench_version\":\"0.1\",\"hadoop_version\":\"3.4.2\",\"cluster\":\"local\",\"fs_default_fs\":\"file:///\",\"mapreduce_framework\":\"local\","
      + "\"java\":\"17\",\"os\":\"Linux\",\"cpus\":2,\"host\":\"h\"},\"options\":{\"op\":\"create\"},"
      + "\"config\":{},\"started\":\"2025-11-20T10:10:10Z\",\"ended\":\"2025-11-20T10:10:12Z\"}";

  @Test
  void aSchemaOneRecordIsReadAndConverted() {
    ResultRecord r = ResultReader.parse(NN_V1);
    assertEquals(ResultRecord.SCHEMA, r.schema());
    PhaseResult p = r.phase("create");
    OperationLoad l = p.load("create");
    assertEquals(1000, l.calls());
    assertEquals(2, l.failures());
    assertEquals(Map.of("FileAlreadyExistsException", 2L), l.failureTypes());
    assertEquals(1.0, l.windowSeconds(), 1e-9);
    assertEquals(0.9, l.latencyMs().mean(), 1e-9);
    assertEquals(3.0, l.latencyMs().p99(), 1e-9);
    assertEquals(1000.0, p.metric("create", "ops_per_s").value(), 1e-9);
    assertEquals(1.25, p.metric("seconds").value(), 1e-9);
    assertNull(p.figures(), "every /1 figure of nnthroughput has a /2 place");
    assertEquals("h", r.label(), "a local run is labelled with its host");
    ResultSchema.assertValid(r);
  }

  @Test
  void aRecordWithoutALabelGetsTheOneItsEnvironmentGives() throws Exception {
    ResultRecord labelled = record("terasort", List.of());
    String line = ResultWriter.JSON.writeValueAsString(labelled.withLabel(null));
    assertFalse(line.contains("\"label\""), line);
    assertEquals("embedded", ResultReader.parse(line).label());
    assertEquals("clusterA",
        ResultReader.parse(ResultWriter.JSON.writeValueAsString(labelled.withLabel("clusterA"))).label());
  }

  private static Environment env(String cluster, String defaultFs, String dataFs) {
    return new Environment("0.1", "3.4.2", cluster, defaultFs, "yarn", null, null, "17", "Linux", 2,
        "worker-7", dataFs, null, null);
  }

  @Test
  void theDefaultLabelSaysWhichClusterOrStoreItRanOn() {
    assertEquals("embedded", env("embedded", "hdfs://127.0.0.1:9000", null).defaultLabel());
    assertEquals("embedded-ozone", env("embedded-ozone", "hdfs://127.0.0.1:9000", "ofs://x").defaultLabel());
    assertEquals("nn1.example.com:8020",
        env("configured", "hdfs://nn1.example.com:8020", null).defaultLabel());
    assertEquals("mycluster", env("configured", "hdfs://mycluster", null).defaultLabel());
    assertEquals("bench-bucket", env("filesystem", "file:///", "s3a://bench-bucket").defaultLabel());
    assertEquals("worker-7", env("filesystem", "file:///", "file:///").defaultLabel());
    assertEquals("worker-7", env("local", "file:///", "file:///").defaultLabel());
    // Credentials in a URI never reach the label; what a label cannot hold becomes '-'.
    assertEquals("bench-bucket",
        env("filesystem", "file:///", "s3a://AKIA:s3cr%2Ft@bench-bucket").defaultLabel());
    assertEquals("-::1-:8020", env("configured", "hdfs://[::1]:8020", null).defaultLabel());
    for (String fs : new String[] {"s3a://AKIA:s3cr%2Ft@bench-bucket", "hdfs://[::1]:8020",
        "hdfs://" + "n".repeat(80) + ":8020"}) {
      ResultRecord.checkLabel(env("configured", fs, null).defaultLabel());
    }
  }

  @Test
  void aLabelIsOneWord() {
    assertEquals("hdfs-3.4_a:b@c/d+e", ResultRecord.checkLabel("hdfs-3.4_a:b@c/d+e"));
    for (String bad : new String[] {"", "two words", "a,b", "x".repeat(65), "naïve"}) {
      assertThrows(io.hbench.core.error.InvalidInputException.class, () -> ResultRecord.checkLabel(bad), bad);
    }
  }

  @Test
  void dfsioAndSliveFiguresOfSchemaOneBecomeMetricsAndLoads() {
    String dfsio = NN_V1.replace("\"suite\":\"nnthroughput\"", "\"suite\":\"dfsio\"").replace(
        NN_V1.substring(NN_V1.indexOf("\"figures\":"), NN_V1.indexOf("}}}],") + 2),
        "\"figures\":{\"files\":2,\"total_mb\":64.0,\"throughput_mb_s\":40.0,\"aggregate_mb_s\":50.0,"
            + "\"file_seconds\":{\"min\":1.0,\"max\":2.0}}");
    PhaseResult p = ResultReader.parse(dfsio).phase("create");
    assertEquals(40.0, p.metric("throughput_mb_s").value());
    assertEquals(50.0, p.metric("aggregate_mb_s").value());
    assertEquals(2, p.figures().get("files"));
    assertFalse(p.figures().containsKey("throughput_mb_s"));

    String slive = NN_V1.replace("\"suite\":\"nnthroughput\"", "\"suite\":\"slive\"").replace(
        NN_V1.substring(NN_V1.indexOf("\"figures\":"), NN_V1.indexOf("}}}],") + 2),
        "\"figures\":{\"maps\":2,\"window_s\":4.0,\"ops\":40,\"ops_per_s\":10.0,\"operations\":{"
            + "\"ls\":{\"count\":30,\"successes\":30,\"failures\":0,\"ops_per_s\":7.5,\"bytes\":0},"
            + "\"delete\":{\"count\":10,\"successes\":4,\"failures\":6,\"failure_types\":"
            + "{\"delete returned false\":6},\"ops_per_s\":2.5,\"bytes\":0}}}");
    PhaseResult s = ResultReader.parse(slive).phase("create");
    assertEquals(10.0, s.metric("ops_per_s").value());
    assertEquals(7.5, s.metric("ls", "ops_per_s").value());
    assertEquals(6, s.load("delete").failures());
    ResultSchema.assertValid(ResultReader.parse(slive));
  }

  @Test
  void anUnknownSchemaIsRefused() {
    assertThrows(IllegalArgumentException.class,
        () -> ResultReader.parse(NN_V1.replace("hbench.result/1", "hbench.result/9")));
  }
}
