package io.hbench.mapreduce.slive;

import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How Slive's records are read: the rate of the whole mix and of each operation lead, and its
 * table, one row per operation of each ok run, from the record's operation loads.
 */
public final class SliveReport implements SuiteReport {

  @Override
  public String suite() {
    return "slive";
  }

  /** The rate of the whole mix, and each operation's. */
  @Override
  public Set<String> headlines() {
    return Set.of(OperationLoad.OPS_PER_S.name(), OperationLoad.OPS_PER_S.ofEveryOperation());
  }

  @Override
  public Table table(List<ResultRecord> records) {
    List<String> header =
        List.of("point", "op", "count", "ok", "failed", "ops/s", "ops/s op time", "p50 ms",
            "p99 ms", "max ms", "MB/s op time", "failure types");
    List<List<String>> rows = new ArrayList<>();
    boolean repeats = records.stream().anyMatch(r -> r.repeat() > 1);
    for (ResultRecord r : records) {
      PhaseResult p = r.ok() ? r.phase("slive") : null;
      if (p == null || p.loads() == null) {
        continue;
      }
      Map<String, Double> opTime = p.figure(SliveFields.OPS_PER_S_OP_TIME);
      if (opTime == null) {
        opTime = Map.of();
      }
      for (OperationLoad l : p.loads()) {
        OperationLoad.Latency lat = l.latencyMs();
        double timeS = l.latencyMs() == null ? 0 : l.latencyMs().mean() * l.calls() / 1000;
        rows.add(List.of(
            repeats ? r.point() + " #" + r.repeat() : r.point(),
            l.op(),
            String.valueOf(l.calls()),
            String.valueOf(l.calls() - l.failures()),
            String.valueOf(l.failures()),
            l.opsPerSecond() == null ? "-" : fmt(l.opsPerSecond()),
            opTime.containsKey(l.op()) ? fmt(opTime.get(l.op())) : "-",
            lat == null ? "-" : fmt(lat.p50()),
            lat == null ? "-" : fmt(lat.p99()),
            lat == null ? "-" : fmt(lat.max()),
            l.bytes() == 0 || timeS <= 0 ? "-" : fmt(l.bytes() / 1048576.0 / timeS),
            l.failureTypes() == null ? "-" : l.failureTypes().toString()));
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    return Table.of("Slive", header, rows,
        "ops/s: operations per second of the maps' wall-clock window (first start to last end),"
        + " the cluster's rate; ops/s op time: per second spent in that operation, summed over"
        + " maps (SliveTest's figure), one client's rate. Latencies: merged across maps.");
  }

  private static String fmt(double v) {
    return NumberText.fixed(v, 2);
  }
}
