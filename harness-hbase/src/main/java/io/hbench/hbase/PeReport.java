package io.hbench.hbase;

import io.hbench.core.LoadFacts;
import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * hbase-pe's table, the seed's table 5.1 turned on its side: a row per point (command, clients,
 * rows), with rows/s over the clients' common window, MB/s, the latency percentiles of the
 * command's operation, and the spread of the clients' own rates. Buffered writes add their
 * enqueue and flush steps as rows of their own, so neither hides the other.
 */
public final class PeReport implements SuiteReport {

  @Override
  public String suite() {
    return "hbase-pe";
  }

  /** Rows per second over the clients' common window; scans per second for range scans. */
  @Override
  public Set<String> headlines() {
    return MetricKey.names(PeFields.ROWS_PER_S, PeFields.SCANS_PER_S);
  }

  /** The table shows every figure. */
  @Override
  public boolean commonTable() {
    return false;
  }

  @Override
  public Table table(List<ResultRecord> records) {
    List<List<String>> rows = new ArrayList<>();
    for (ResultRecord r : records) {
      if (r.param(PeFields.COMMAND) == null) {
        continue; // a record without its command has no row
      }
      String command = r.param(PeFields.COMMAND).text;
      // The clients over every process, as the core records them; or as records before it did.
      Integer total = r.param(PeFields.CLIENTS_TOTAL);
      String who = (total != null ? total : r.param(LoadFacts.CLIENTS)) + " x "
          + r.param(PeFields.ROWS_PER_CLIENT);
      String label = r.rowLabel();
      PhaseResult p = r.ok() ? r.phase(command) : null;
      if (p == null) {
        rows.add(List.of(label, who, r.ok() ? "-" : "failed", "", "", "", "", "", "", ""));
        continue;
      }
      Metric rate = p.metric(null, PeFields.ROWS_PER_S);
      if (rate == null) {
        rate = p.metric(null, PeFields.SCANS_PER_S);
      }
      String spread = spread(p, rate != null && rate.name().equals(PeFields.SCANS_PER_S.name())
          ? PeFields.SCANS_PER_S : PeFields.ROWS_PER_S);
      for (OperationLoad l : p.loads() == null ? List.<OperationLoad>of() : p.loads()) {
        boolean main = !l.isStep();
        OperationLoad.Latency lat = l.latencyMs();
        rows.add(List.of(main ? label : "  " + l.op(), main ? who : "",
            main && rate != null ? fmt(rate.value()) + (rate.unit().equals(PeFields.SCANS_PER_S.unit()) ? " scans/s" : "") : "",
            main ? fmt(l.bytes() / (1024.0 * 1024) / Math.max(1e-9, l.windowSeconds())) : "",
            lat == null ? "" : fmt(lat.p50()), lat == null ? "" : fmt(lat.p90()),
            lat == null ? "" : fmt(lat.p99()), lat == null ? "" : fmt(lat.p999()),
            lat == null ? "" : fmt(lat.max()), main ? spread : ""));
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    return Table.of("HBase PerformanceEvaluation workloads",
        List.of("command", "clients x rows", "rows/s", "MB/s", "p50 ms", "p90 ms", "p99 ms",
            "p99.9 ms", "max ms", "client rows/s min/med/max"),
        rows,
        "rows/s: rows of all clients over their common window (first call's start to last call's"
            + " end), never a sum of per-client rates; scans/s for range scans. MB/s: cells' bytes"
            + " (key, family, qualifier, value) sent or received over the window, MB = 2^20."
            + " Latency from HdrHistogram over every call; put.enqueue is the copy into the"
            + " client's buffer, put.flush the send; *.service is the time inside the call when"
            + " --target-rate measures latency from each call's intended start.");
  }

  private static String spread(PhaseResult p, MetricKey headline) {
    Metric min = p.metric(PeFields.perClient(headline, "min"));
    Metric med = p.metric(PeFields.perClient(headline, "median"));
    Metric max = p.metric(PeFields.perClient(headline, "max"));
    if (min == null || med == null || max == null) {
      return "";
    }
    return fmt(min.value()) + " / " + fmt(med.value()) + " / " + fmt(max.value());
  }

  static String fmt(double v) {
    return NumberText.whole(v);
  }
}
