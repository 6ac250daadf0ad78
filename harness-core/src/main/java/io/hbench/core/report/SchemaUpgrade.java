package io.hbench.core.report;

import io.hbench.core.result.Metric.Better;
import io.hbench.core.result.Metric;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads records of schema {@code hbench.result/1} as {@code /2}: the figures that {@code /1}
 * kept as free maps become typed metrics and operation loads, so results written before the
 * change compare with new ones. {@code /1} kept no histograms, so converted loads have
 * percentiles but no {@code histogram}; their {@code latency_ms.mean} is the old mean time per
 * call where one was recorded.
 */
final class SchemaUpgrade {

  static final String V1 = "hbench.result/1";

  private SchemaUpgrade() {}

  static ResultRecord upgrade(ResultRecord r) {
    Set<String> headlines = headlines(r.suite());
    List<PhaseResult> phases = new ArrayList<>();
    for (PhaseResult p : r.phases()) {
      phases.add(PhaseMetrics.complete(upgrade(p), headlines));
    }
    return new ResultRecord(ResultRecord.SCHEMA, r.runId(), defaultLabel(r), r.suite(), r.point(), r.repeat(),
        r.warmup(), r.params(), r.status(), r.failure(), r.validation(), phases, r.environment(), r.options(),
        r.config(), r.started(), r.ended());
  }

  /** The label a record written before {@code --label} existed is read with. */
  static String defaultLabel(ResultRecord r) {
    return r.environment() == null ? "unlabelled" : r.environment().defaultLabel();
  }

  /** Headlines by suite: a results file has thousands of lines of a few suites. */
  private static final Map<String, Set<String>> HEADLINES = new java.util.concurrent.ConcurrentHashMap<>();

  /** The suite's headlines when it is on the class path, else the default. */
  private static Set<String> headlines(String suite) {
    return HEADLINES.computeIfAbsent(suite, SchemaUpgrade::lookUpHeadlines);
  }

  private static Set<String> lookUpHeadlines(String suite) {
    // A suite whose report is not on the class path still has its records read, with default
    // headlines.
    return io.hbench.core.report.SuiteReport.of(suite).headlines();
  }

  @SuppressWarnings("unchecked")
  private static PhaseResult upgrade(PhaseResult p) {
    Map<String, Object> f = p.figures();
    if (f == null) {
      return p;
    }
    Map<String, Object> rest = new LinkedHashMap<>(f);
    List<OperationLoad> loads = new ArrayList<>();
    List<Metric> metrics = new ArrayList<>();
    if (f.get("operations") instanceof Map<?, ?> ops) {
      // Slive: one load per operation, and the rate of all of them.
      double window = num(f, "window_s");
      ((Map<String, Object>) ops).forEach((op, v) -> {
        Map<String, Object> m = (Map<String, Object>) v;
        loads.add(load(op, (long) num(m, "count"), m, (long) num(m, "bytes"), window,
            num(m, "ops_per_s"), null));
      });
      metrics.add(OperationLoad.OPS_PER_S.value(num(f, "ops_per_s")));
      rest.keySet().removeAll(List.of("operations", "ops", "ops_per_s", "window_s"));
    } else if (f.containsKey("ops") && f.containsKey("elapsed_ms")) {
      // nnthroughput.
      loads.add(load(p.name(), (long) num(f, "ops"), f, 0, num(f, "elapsed_ms") / 1000,
          num(f, "ops_per_s"), f.get("average_time_ms") instanceof Number n ? n.doubleValue() : null));
      rest.keySet().removeAll(List.of("ops", "failures", "failure_types", "elapsed_ms", "ops_per_s",
          "average_time_ms", "latency_us"));
    } else if (f.containsKey("calls") && f.containsKey("wall_s")) {
      // fsops.
      long bytes = (long) (num(f, "write_total_bytes") + num(f, "read_total_bytes"));
      loads.add(load(p.name(), (long) num(f, "calls"), f, bytes, num(f, "wall_s"),
          num(f, "calls_per_s"), f.get("cost_ms") instanceof Number n ? n.doubleValue() : null));
      rest.keySet().removeAll(List.of("calls", "failures", "failure_types", "wall_s",
          "calls_per_s", "cost_ms", "write_total_bytes", "read_total_bytes", "write_rate_bytes_s",
          "read_rate_bytes_s", "latency_us"));
    }
    for (String k : List.of("throughput_mb_s", "average_io_rate_mb_s", "aggregate_mb_s",
        "stonewall_mb_s")) {
      // DFSIO's rates.
      if (f.get(k) instanceof Number n) {
        metrics.add(Metric.of(k, Metric.MIB_PER_SECOND, n.doubleValue(), Better.HIGHER));
        rest.remove(k);
      }
    }
    PhaseResult out = p.withFigures(rest.isEmpty() ? null : rest);
    if (!loads.isEmpty()) {
      out = out.withLoads(loads);
    }
    return metrics.isEmpty() ? out : out.withMetrics(metrics);
  }

  @SuppressWarnings("unchecked")
  private static OperationLoad load(String op, long calls, Map<String, Object> m, long bytes,
      double window, double opsPerSecond, Double meanMs) {
    Map<String, Long> types = null;
    if (m.get("failure_types") instanceof Map<?, ?> t) {
      types = new LinkedHashMap<>();
      for (Map.Entry<String, Object> e : ((Map<String, Object>) t).entrySet()) {
        types.put(e.getKey(), ((Number) e.getValue()).longValue());
      }
    }
    OperationLoad.Latency latency = null;
    if (m.get("latency_us") instanceof Map<?, ?> l) {
      Map<String, Object> us = (Map<String, Object>) l;
      latency = new OperationLoad.Latency(
          meanMs != null ? meanMs : num(us, "p50") / 1000, num(us, "p50") / 1000,
          num(us, "p90") / 1000, num(us, "p99") / 1000, num(us, "p99_9") / 1000,
          num(us, "max") / 1000);
    }
    return new OperationLoad(op, calls, (long) num(m, "failures"), types, bytes, window,
        opsPerSecond, latency, null, null, null, null);
  }

  private static double num(Map<String, Object> m, String key) {
    return m.get(key) instanceof Number n ? n.doubleValue() : 0;
  }
}
