package io.hbench.core.report;

import io.hbench.core.fs.OperationStats;
import io.hbench.core.result.Check;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
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
        .withLoads(List.of(OperationLoad.of(op, s, Map.of(), 1_000_000_000L, false, 0, null))),
        java.util.Set.of("*/ops_per_s"));
    return new ResultRecord(ResultRecord.SCHEMA, "run-" + label, label, "fsops", op, 1, null,
        Map.of("op", op), ResultRecord.OK, null, Validation.of(List.of()), List.of(p),
        env("3.4.2", 3), Map.of("op", op), Map.of(), "2026-01-01T00:00:00Z",
        "2026-01-01T00:00:01Z");
  }

  /**
   * A dfsio-like write point read with {@code --metrics}: a NameNode and three datanodes, each
   * sampled at 0, 1, 2 and 3 s, the first datanode {@code slower} times slower at writing a block.
   */
  public static ResultRecord withDaemons(String point, double slower) {
    List<DaemonFigures> daemons = new java.util.ArrayList<>();
    daemons.add(new DaemonFigures("namenode", "127.0.0.1:8020", null, 4,
        List.of(Metric.of("rpc_calls", Metric.COUNT, 120, Metric.Better.NONE),
            Metric.of("rpc_queue_ms", Metric.MILLISECONDS, 0.2, Metric.Better.LOWER),
            Metric.of("rpc_queue_ms_max", Metric.MILLISECONDS, 0.3, Metric.Better.LOWER)),
        Map.of("t", List.of(0.0, 1.0, 2.0, 3.0), "rpc_calls", List.of(10.0, 50.0, 90.0, 130.0),
            "rpc_queue_ms", List.of(0.1, 0.2, 0.3, 0.2))));
    for (int i = 0; i < 3; i++) {
      double write = i == 0 ? 4 * slower : 4 + i;
      daemons.add(new DaemonFigures("datanode", "127.0.0.1:" + (9866 + i), null, 4,
          List.of(Metric.of("bytes_written", Metric.BYTES, 3 << 20, Metric.Better.NONE),
              Metric.of("write_block_ms", Metric.MILLISECONDS, write, Metric.Better.LOWER)),
          Map.of("t", List.of(0.01 * i, 1.0 + 0.01 * i, 2.0, 3.0 + 0.01 * i),
              "bytes_written", List.of(0.0, 1048576.0, 2097152.0, 3145728.0),
              "write_block_ms", java.util.Arrays.asList(null, write, write, 0.0))));
    }
    PhaseResult p = PhaseMetrics.complete(new PhaseResult("write", 2.5, 9L << 20, null, null),
        PhaseMetrics.DEFAULT_HEADLINES).withDaemons(daemons);
    return new ResultRecord(ResultRecord.SCHEMA, "run-d", "A", "dfsio", point, 1, null,
        Map.of("size", point), ResultRecord.OK, null, Validation.of(List.of()), List.of(p),
        env("3.4.2", 3), Map.of("mode", "write"), Map.of(), "2026-01-01T00:00:00Z",
        "2026-01-01T00:00:03Z");
  }

  /** {@code r} with its first phase's loads replaced by {@code loads} (a real run's). */
  public static ResultRecord withLoads(ResultRecord r, List<OperationLoad> loads) {
    PhaseResult p = PhaseMetrics.complete(r.phases().get(0).withLoads(loads).withMetrics(null),
        java.util.Set.of("*/ops_per_s"));
    return new ResultRecord(r.schema(), r.runId(), r.label(), r.suite(), r.point(), r.repeat(),
        r.warmup(), r.params(), r.status(), r.failure(), r.validation(), List.of(p),
        r.environment(), r.options(), r.config(), r.started(), r.ended());
  }
}
