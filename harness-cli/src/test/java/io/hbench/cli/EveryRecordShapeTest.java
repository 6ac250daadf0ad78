package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.result.ResultSchema;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import io.hbench.thirdparty.jackson.databind.node.ArrayNode;
import io.hbench.thirdparty.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The read side takes every record the writer and the schema allow: the smallest record of each
 * shape (a point with no phases, failed or ok; a phase without metrics, loads or daemons, or with
 * empty ones; a load with nothing but its counts; no label; empty parameters and settings), for
 * every suite, each checked against docs/result-schema.json, then read by report (each format),
 * report --html, compare and history (with --html): absent is none, never an error.
 */
class EveryRecordShapeTest {

  @TempDir Path tmp;

  private static final ObjectMapper JSON = new ObjectMapper();

  static final List<String> SUITES = List.of("terasort", "teragen", "teravalidate", "wordcount",
      "dfsio", "slive", "disk", "nnthroughput", "replay", "fsops", "datanodes", "hbase-pe",
      "ycsb", "tpch", "tpcds", "some-future-suite");

  /** The smallest record the schema allows, of {@code suite}, run {@code night}. */
  private static ObjectNode smallest(String suite, int night, String status) {
    ObjectNode r = JSON.createObjectNode();
    r.put("schema", "hbench.result/2");
    r.put("run_id", String.format("202611%02d-120000-%04x", night, night));
    r.put("suite", suite);
    r.put("point", "p");
    r.put("repeat", 1);
    r.put("status", status);
    if (status.equals("failed")) {
      r.put("failure", "it failed");
    }
    r.putObject("params");
    r.putArray("phases");
    ObjectNode v = r.putObject("validation");
    v.put("status", status.equals("ok") ? "passed" : "not_run");
    v.putArray("checks");
    ObjectNode e = r.putObject("environment");
    e.put("hbench_version", "0.1.0").put("hadoop_version", "3.4.2").put("cluster", "embedded")
        .put("fs_default_fs", "file:///").put("mapreduce_framework", "local").put("java", "17")
        .put("os", "Linux").put("cpus", 2).put("host", "h");
    r.putObject("options");
    r.putObject("config");
    r.put("started", String.format("2026-11-%02dT12:00:00Z", night));
    r.put("ended", String.format("2026-11-%02dT12:00:01Z", night));
    return r;
  }

  private static ObjectNode phase(ObjectNode r, String name) {
    ObjectNode p = ((ArrayNode) r.get("phases")).addObject();
    p.put("name", name).put("seconds", 1.5).put("bytes", 0).put("mb_per_s", 0);
    return p;
  }

  /** Every shape, named, as changes to the smallest record. */
  private static List<Shape> shapes() {
    List<Shape> s = new ArrayList<>();
    s.add(new Shape("ok without phases", "ok", r -> { }));
    s.add(new Shape("failed without phases", "failed", r -> { }));
    s.add(new Shape("a phase of its seconds only", "ok", r -> phase(r, "run")));
    s.add(new Shape("a phase with empty lists", "ok", r -> {
      ObjectNode p = phase(r, "run");
      p.putArray("metrics");
      p.putArray("loads");
      p.putArray("daemons");
      p.putObject("figures");
    }));
    s.add(new Shape("a load of its counts only", "ok", r -> {
      ObjectNode l = phase(r, "run").putArray("loads").addObject();
      l.put("op", "get").put("calls", 10).put("failures", 0).put("bytes", 0).put("window_s", 1.0);
    }));
    s.add(new Shape("a daemon never read", "ok", r -> {
      ObjectNode d = phase(r, "run").putArray("daemons").addObject();
      d.put("role", "namenode").put("node", "nn:8020").put("unreachable", "no answer")
          .put("samples", 0);
    }));
    s.add(new Shape("a metric and a failed phase after it", "failed", r -> {
      phase(r, "first").putArray("metrics").addObject().put("name", "seconds").put("unit", "s")
          .put("value", 1.5).put("better", "lower");
      phase(r, "second");
    }));
    return s;
  }

  record Shape(String name, String status, Consumer<ObjectNode> change) {}

  private Path write(String name, List<ObjectNode> records) throws Exception {
    StringBuilder b = new StringBuilder();
    for (ObjectNode r : records) {
      String line = JSON.writeValueAsString(r);
      ResultSchema.assertValid(line);
      b.append(line).append('\n');
    }
    return Files.writeString(tmp.resolve(name), b);
  }

  private static void assertRead(BenchProcess p, String what) {
    assertEquals(0, p.exitCode, what + ":\n" + p);
    assertFalse((p.out + p.err).contains("Exception"), what + ":\n" + p);
  }

  @Test
  void everyShapeOfEverySuiteIsReadByReportCompareAndHistory() throws Exception {
    for (Shape shape : shapes()) {
      List<ObjectNode> a = new ArrayList<>();
      List<ObjectNode> b = new ArrayList<>();
      List<ObjectNode> nights = new ArrayList<>();
      for (String suite : SUITES) {
        for (int night = 1; night <= 6; night++) {
          // The history's latest nights are the shape's own status; the first are ok.
          ObjectNode r = smallest(suite, night, night > 3 ? shape.status() : "ok");
          shape.change().accept(r);
          nights.add(r);
        }
        ObjectNode ra = smallest(suite, 1, shape.status());
        shape.change().accept(ra);
        a.add(ra);
        ObjectNode rb = smallest(suite, 2, shape.status());
        shape.change().accept(rb);
        rb.put("label", "other");
        b.add(rb);
      }
      Path fa = write("a.jsonl", a);
      Path fb = write("b.jsonl", b);
      Path fh = write("nights.jsonl", nights);
      String what = shape.name();
      for (String format : new String[] {"text", "markdown", "csv", "json"}) {
        assertRead(BenchProcess.run(null, "report", "--format", format, fa.toString(),
            fb.toString()), what + ": report --format " + format);
      }
      Path page = tmp.resolve("report.html");
      assertRead(BenchProcess.run(null, "report", "--html", page.toString(), fa.toString()),
          what + ": report --html");
      assertTrue(Files.size(page) > 0, what);
      assertRead(BenchProcess.run(null, "compare", fa.toString(), fb.toString()),
          what + ": compare");
      assertRead(BenchProcess.run(null, "compare", "--by", "label", fa.toString(), fb.toString()),
          what + ": compare --by label");
      // A gate over failed points fails: a failed run is no evidence that nothing got worse.
      BenchProcess gate = BenchProcess.run(null, "compare", "--fail-on-regression", "5",
          fa.toString(), fb.toString());
      assertEquals(shape.status().equals("failed") ? 1 : 0, gate.exitCode, what + ": gate\n" + gate);
      Path trend = tmp.resolve("history.html");
      BenchProcess h = BenchProcess.run(null, "history", "--html", trend.toString(),
          fh.toString());
      // A history whose latest nights failed says so; it is read either way.
      assertTrue(h.exitCode == 0, what + ": history:\n" + h);
      assertFalse((h.out + h.err).contains("Exception"), what + ": history:\n" + h);
    }
  }
}
