package io.hbench.hive;

import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.Metric;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * How tpch's records are read: the seed's table 4.1 leads (per scale, the seconds of the queries
 * and MB/s, raw data size over those seconds) with the TPC-H figures, then the per-query matrix
 * (query x scale). Built only from records, so {@code bench report} rebuilds them.
 */
public final class TpchReport implements SuiteReport {

  @Override
  public String suite() {
    return "tpch";
  }

  /**
   * The seed's table 4.1 is the power test's seconds and MB/s per scale; data generation and
   * load lead too. Each query's seconds (22 phases) stay out of the lead: the suite's own table
   * shows them as a matrix, and compare --all-figures compares them.
   */
  @Override
  public Set<String> headlines() {
    return Set.of("generate:seconds", "generate:mb_per_s", "load:seconds", "load:mb_per_s",
        QueryStreams.QUERIES_SECONDS, QueryStreams.QUERIES_MB_PER_S, QueryStreams.GEOMEAN_SECONDS,
        TpchFigures.POWER, TpchFigures.THROUGHPUT, TpchFigures.QPHH);
  }

  /** The tables show every figure; a column per query phase would not fit. */
  @Override
  public boolean commonTable() {
    return false;
  }

  @Override
  public List<Table> tables(List<ResultRecord> records) {
    if (records.isEmpty()) {
      return List.of();
    }
    List<List<String>> totals = new ArrayList<>();
    List<String> labels = new ArrayList<>();
    for (ResultRecord r : records) {
      String label = r.rowLabel();
      labels.add(label);
      PhaseResult power = r.phase("power");
      PhaseResult tp = r.phase("throughput");
      String data = r.param(TpchFields.DATA);
      totals.add(List.of(label, data == null ? "" : data,
          power == null ? "-" : passed(power),
          value(power, QueryStreams.QUERIES_SECONDS), value(power, QueryStreams.QUERIES_MB_PER_S),
          value(power, QueryStreams.GEOMEAN_SECONDS), value(power, TpchFigures.POWER),
          value(tp, TpchFigures.THROUGHPUT), value(tp, TpchFigures.QPHH),
          r.ok() ? "ok" : "failed"));
    }
    long refreshed = records.stream().filter(TpchReport::refreshed).count();
    String refresh = refreshed == 0 ? "but without the refresh functions"
        : refreshed == records.size() ? "with the refresh functions RF1 and RF2 (in Power@Size's"
            + " geometric mean, and as a refresh stream beside the throughput test's)"
        : "with the refresh functions only where the record ran them (params.refresh_functions)";
    Table first = Table.of("TPC-H on Hive",
        List.of("scale", "data", "queries passed", "seconds", "MB/s", "geomean s", "Power@Size",
            "Throughput@Size", "QphH@Size", "status"),
        totals,
        "seconds: the sum of the power test's passed queries, each from execute to its last row"
            + " fetched; MB/s: the raw data (the generated text) over those seconds, MB = 2^20."
            + " Power@Size, Throughput@Size and QphH@Size as TPC-H defines them (clause 5.4) "
            + refresh + ", and only when all 22 queries passed: not audited TPC results.");
    List<String> rows = new ArrayList<>();
    rows.add("rf1");
    for (int query = 1; query <= TpchQueries.COUNT; query++) {
      rows.add("q" + query);
    }
    rows.add("rf2");
    List<List<String>> matrix = new ArrayList<>();
    for (String name : rows) {
      List<String> row = new ArrayList<>();
      row.add(name);
      boolean any = false;
      for (ResultRecord r : records) {
        PhaseResult p = r.phase(name);
        boolean failed = r.validation() != null && r.validation().checks() != null
            && r.validation().checks().stream().anyMatch(c -> !c.passed()
                && (c.name().equals(name) || c.name().equals("answer_" + name)));
        if (p != null || failed) {
          any = true;
        }
        row.add(failed ? "failed" : p == null ? "" : fmt(p.seconds()));
      }
      if (any) {
        matrix.add(row);
      }
    }
    List<String> header = new ArrayList<>();
    header.add("query");
    header.addAll(labels);
    Table second = Table.of("TPC-H on Hive: seconds per query", header, matrix,
        "Each query of the power test, from execute to its last row fetched, on one JDBC"
            + " connection opened before the clock started; failed: an error, a timeout or a"
            + " wrong answer (the record says which)."
            + (refreshed > 0 ? " rf1 and rf2: the refresh functions before and after the queries." : ""));
    return matrix.isEmpty() ? List.of(first) : List.of(first, second);
  }

  private static boolean refreshed(ResultRecord r) {
    String functions = r.param(TpchFields.REFRESH_FUNCTIONS);
    return functions != null && functions.startsWith("RF1");
  }

  private static String passed(PhaseResult power) {
    Metric p = power.metric(null, "queries_passed");
    Metric f = power.metric(null, "queries_failed");
    if (p == null) {
      return "-";
    }
    return (long) p.value() + " of " + (long) (p.value() + (f == null ? 0 : f.value()));
  }

  private static String value(PhaseResult p, String name) {
    Metric m = p == null ? null : p.metric(null, name);
    return m == null ? "" : fmt(m.value());
  }

  static String fmt(double v) {
    return Math.abs(v) >= 100 ? String.format(Locale.ROOT, "%.0f", v)
        : String.format(Locale.ROOT, "%.3g", v);
  }
}
