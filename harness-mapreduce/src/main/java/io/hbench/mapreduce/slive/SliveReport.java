package io.hbench.mapreduce.slive;

import io.hbench.core.report.SweepTable;
import io.hbench.core.result.OperationSummary;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Slive's table: one row per operation of each ok run. */
final class SliveReport {

  private SliveReport() {}

  @SuppressWarnings("unchecked")
  static String render(List<ResultRecord> records) {
    List<String> header =
        List.of("point", "op", "count", "ok", "failed", "ops/s", "ops/s op time", "p50 ms",
            "p99 ms", "max ms", "MB/s op time", "failure types");
    List<List<String>> rows = new ArrayList<>();
    boolean repeats = records.stream().anyMatch(r -> r.repeat() > 1);
    for (ResultRecord r : records) {
      PhaseResult p = r.ok() ? r.phase("slive") : null;
      if (p == null || p.figures() == null) {
        continue;
      }
      Map<String, Object> ops = (Map<String, Object>) p.figures().get("operations");
      for (Map.Entry<String, Object> e : ops.entrySet()) {
        Map<String, Object> m = (Map<String, Object>) e.getValue();
        Object lat = m.get("latency_us");
        double p50 = 0;
        double p99 = 0;
        double max = 0;
        if (lat instanceof OperationSummary.Latency l) {
          p50 = l.p50();
          p99 = l.p99();
          max = l.max();
        } else if (lat instanceof Map<?, ?> l) {
          p50 = ((Number) l.get("p50")).doubleValue();
          p99 = ((Number) l.get("p99")).doubleValue();
          max = ((Number) l.get("max")).doubleValue();
        }
        double timeMs = ((Number) m.get("time_ms")).doubleValue();
        long bytes = ((Number) m.get("bytes")).longValue();
        rows.add(List.of(
            repeats ? r.point() + " #" + r.repeat() : r.point(),
            e.getKey(),
            String.valueOf(m.get("count")),
            String.valueOf(m.get("successes")),
            String.valueOf(m.get("failures")),
            fmt(((Number) m.get("ops_per_s")).doubleValue()),
            fmt(((Number) m.get("ops_per_s_op_time")).doubleValue()),
            fmt(p50 / 1000),
            fmt(p99 / 1000),
            fmt(max / 1000),
            bytes == 0 || timeMs <= 0 ? "-" : fmt(bytes / 1048576.0 / (timeMs / 1000)),
            m.containsKey("failure_types") ? m.get("failure_types").toString() : "-"));
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    return "Slive\n"
        + SweepTable.layout(header, rows)
        + "ops/s: operations per second of the maps' wall-clock window (first start to last end),"
        + " the cluster's rate; ops/s op time: per second spent in that operation, summed over"
        + " maps (SliveTest's figure), one client's rate. Latencies: merged across maps.\n";
  }

  private static String fmt(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }
}
