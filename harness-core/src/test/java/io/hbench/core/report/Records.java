package io.hbench.core.report;

import io.hbench.core.fs.OperationStats;
import io.hbench.core.result.Check;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.Environment;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.Validation;
import java.util.List;
import java.util.Map;

/** Hand-made records for the report and compare tests, shaped as the runner writes them. */
public final class Records {

  private Records() {}

  public static Environment env(String hadoop, int datanodes) {
    return new Environment("0.1", hadoop, "configured", "hdfs://nn:8020", "yarn", datanodes, 2,
        "17", "Linux", 2, "h", null, null, null);
  }

  /** A terasort-like record: one sort phase of {@code seconds} over {@code size} MiB. */
  public static ResultRecord sort(String label, String point, long sizeMiB, int repeat, String status,
      double seconds, Environment env) {
    boolean ok = status.equals(ResultRecord.OK);
    PhaseResult gen = PhaseMetrics.complete(new PhaseResult("teragen", seconds / 2, sizeMiB << 20,
        1L, null), PhaseMetrics.DEFAULT_HEADLINES);
    PhaseResult sort = PhaseMetrics.complete(new PhaseResult("terasort", seconds, sizeMiB << 20,
        1L, null), PhaseMetrics.DEFAULT_HEADLINES);
    return new ResultRecord(ResultRecord.SCHEMA, "run-" + label, label, "terasort", point, repeat,
        null, Map.of("size", point, "size_bytes", sizeMiB << 20), status, ok ? null : "job failed",
        Validation.of(List.of(new Check("sorted", ok, ""))), ok ? List.of(gen, sort) : List.of(),
        env, Map.of("sizes", "1M..16M", "out", "x-" + label), Map.of("dfs.replication", "1"),
        "2026-01-01T00:00:00Z", "2026-01-01T00:00:09Z");
  }

  /** An fsops-like record: one phase named by the operation, with a load of 200 calls. */
  public static ResultRecord load(String label, String op, int slower) {
    OperationStats s = new OperationStats();
    for (int i = 1; i <= 200; i++) {
      s.recordCall((long) i * 10_000 * slower, 0, false);
    }
    PhaseResult p = PhaseMetrics.complete(new PhaseResult(op, 1.0, 0, null, null)
        .withLoads(List.of(OperationLoad.of(op, s, Map.of(), 1_000_000_000L, false, 0))),
        java.util.Set.of("*/ops_per_s"));
    return new ResultRecord(ResultRecord.SCHEMA, "run-" + label, label, "fsops", op, 1, null,
        Map.of("op", op), ResultRecord.OK, null, Validation.of(List.of()), List.of(p),
        env("3.4.2", 3), Map.of("op", op), Map.of(), "2026-01-01T00:00:00Z",
        "2026-01-01T00:00:01Z");
  }
}
