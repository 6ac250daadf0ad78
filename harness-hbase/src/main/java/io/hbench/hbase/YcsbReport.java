package io.hbench.hbase;

import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.Metric;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * ycsb's table, as YCSB results are usually shown: a row per workload and phase ({@code a load},
 * {@code a run}, ... {@code f run}) with its throughput, then a row per operation with its
 * count, rate and latency percentiles. Across runs, {@code bench report} puts each label's
 * throughput of every workload side by side (the headlines).
 */
public final class YcsbReport implements SuiteReport {

  @Override
  public String suite() {
    return "ycsb";
  }

  /** Rows inserted per second by the load; operations per second by the run. */
  @Override
  public Set<String> headlines() {
    return io.hbench.core.result.MetricKey.names(YcsbFields.ROWS_PER_S, YcsbFields.OPS_PER_S);
  }

  @Override
  public boolean commonTable() {
    return false;
  }

  @Override
  public Table table(List<ResultRecord> records) {
    List<List<String>> rows = new ArrayList<>();
    for (ResultRecord r : records) {
      YcsbOptions.Phase phase = r.param(YcsbFields.PHASE);
      String label = r.rowLabel();
      PhaseResult p = r.ok() && phase != null ? r.phase(phase.text()) : null;
      if (p == null) {
        rows.add(List.of(label, r.ok() ? "-" : "failed", "", "", "", "", "", "", ""));
        continue;
      }
      Metric rate = p.metric(phase == YcsbOptions.Phase.LOAD ? YcsbFields.ROWS_PER_S
          : YcsbFields.OPS_PER_S);
      rows.add(List.of(label, rate == null ? "" : PeReport.fmt(rate.value()) + " "
          + rate.unit(), "", "", "", "", "", "", ""));
      for (OperationLoad l : p.loads()) {
        OperationLoad.Latency lat = l.latencyMs();
        rows.add(List.of("  " + l.op(), "", Long.toString(l.calls()),
            Long.toString(l.failures()),
            l.opsPerSecond() == null || l.isStep() ? "" : PeReport.fmt(l.opsPerSecond()),
            lat == null ? "" : PeReport.fmt(lat.p50()), lat == null ? "" : PeReport.fmt(lat.p99()),
            lat == null ? "" : PeReport.fmt(lat.p999()), lat == null ? "" : PeReport.fmt(lat.max())));
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    return Table.of("YCSB workloads on HBase",
        List.of("workload / operation", "throughput", "calls", "failed", "ops/s", "p50 ms",
            "p99 ms", "p99.9 ms", "max ms"),
        rows,
        "throughput: rows the load inserted, or operations the run made, over the clients'"
            + " common window (first call's start to last call's end), never a sum of"
            + " per-client rates. Latency from HdrHistogram over every call of the operation;"
            + " read_modify_write.read and .write are its two steps; *.service is the time"
            + " inside the call when --target-rate measures latency from each call's intended"
            + " start.");
  }
}
