package io.hbench.hive;

import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How a decision-support suite's records are read: the seed's table 4.1 leads (per scale, the
 * seconds of the queries and MB/s, raw data size over those seconds) with the suite's own figures,
 * then the per-query matrix (query x scale). Built only from records, so {@code bench report}
 * rebuilds them.
 */
abstract class QueryStreamsReport implements SuiteReport {

  /** A column of the first table: a metric of a phase. */
  record Figure(String header, String phase, MetricKey metric) {}

  private final String suite;
  private final String title;

  QueryStreamsReport(String suite, String title) {
    this.suite = suite;
    this.title = title;
  }

  /** The suite's own columns after seconds, MB/s and geomean. */
  abstract List<Figure> figures();

  /** The rows of the per-query matrix, in order; those no record has are left out. */
  abstract List<String> queryRows();

  /** The first table's note, after what seconds and MB/s are. */
  abstract String figuresNote(List<ResultRecord> records);

  @Override
  public final String suite() {
    return suite;
  }

  /**
   * The seed's table 4.1 is the power test's seconds and MB/s per scale; data generation and
   * load lead too. Each query's seconds (a phase each) stay out of the lead: the suite's own
   * table shows them as a matrix, and compare --all-figures compares them.
   */
  @Override
  public Set<String> headlines() {
    Set<String> out = new LinkedHashSet<>();
    for (String phase : List.of("generate", "load")) {
      out.add(phase + ":" + PhaseMetrics.SECONDS.name());
      out.add(phase + ":" + PhaseMetrics.MB_PER_S.name());
    }
    out.addAll(List.of(QueryMetrics.QUERIES_SECONDS.name(), QueryMetrics.QUERIES_MB_PER_S.name(),
        QueryMetrics.GEOMEAN_SECONDS.name()));
    figures().forEach(f -> out.add(f.metric().name()));
    return out;
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
      String data = r.param(TpchFields.DATA);
      List<String> row = new ArrayList<>(List.of(label, data == null ? "" : data,
          power == null ? "-" : passed(power),
          value(power, QueryMetrics.QUERIES_SECONDS), value(power, QueryMetrics.QUERIES_MB_PER_S),
          value(power, QueryMetrics.GEOMEAN_SECONDS)));
      for (Figure f : figures()) {
        row.add(value(r.phase(f.phase()), f.metric()));
      }
      row.add(r.ok() ? "ok" : "failed");
      totals.add(row);
    }
    List<String> header = new ArrayList<>(List.of("scale", "data", "queries passed", "seconds",
        "MB/s", "geomean s"));
    figures().forEach(f -> header.add(f.header()));
    header.add("status");
    Table first = Table.of(title, header, totals,
        "seconds: the sum of the power test's passed queries, each from execute to its last row"
            + " fetched; MB/s: the raw data (the generated text) over those seconds, MB = 2^20. "
            + figuresNote(records));
    // Each record's phases by name and failed checks, once: the matrix asks for every query.
    List<Map<String, PhaseResult>> phases = new ArrayList<>();
    List<Set<String>> failedChecks = new ArrayList<>();
    for (ResultRecord r : records) {
      Map<String, PhaseResult> byName = new HashMap<>();
      r.phases().forEach(p -> byName.putIfAbsent(p.name(), p));
      phases.add(byName);
      Set<String> failed = new HashSet<>();
      if (r.validation() != null && r.validation().checks() != null) {
        r.validation().checks().stream().filter(c -> !c.passed()).forEach(c -> failed.add(c.name()));
      }
      failedChecks.add(failed);
    }
    // The queries any record ran with a known defect's workaround: marked, and named below.
    Map<String, String> workarounds = new java.util.TreeMap<>();
    for (ResultRecord r : records) {
      Map<String, String> w = r.param(TpchFields.WORKAROUNDS);
      if (w != null) {
        workarounds.putAll(w);
      }
    }
    List<List<String>> matrix = new ArrayList<>();
    for (String name : queryRows()) {
      List<String> row = new ArrayList<>();
      row.add(workarounds.containsKey(name) ? name + " *" : name);
      boolean any = false;
      for (int i = 0; i < records.size(); i++) {
        PhaseResult p = phases.get(i).get(name);
        boolean failed = failedChecks.get(i).contains(name)
            || failedChecks.get(i).contains("answer_" + name);
        if (p != null || failed) {
          any = true;
        }
        row.add(failed ? "failed" : p == null ? "" : fmt(p.seconds()));
      }
      if (any) {
        matrix.add(row);
      }
    }
    List<String> matrixHeader = new ArrayList<>();
    matrixHeader.add("query");
    matrixHeader.addAll(labels);
    Table second = Table.of(title + ": seconds per query", matrixHeader, matrix,
        "Each query of the power test, from execute to its last row fetched, on one JDBC"
            + " connection opened before the clock started; failed: an error, a timeout or a"
            + " wrong answer (the record says which)." + matrixNote(records)
            + (workarounds.isEmpty() ? "" : " *: run with a known engine defect's workaround"
                + " for its session only (--as-shipped runs it as shipped): "
                + String.join("; ", workarounds.entrySet().stream()
                    .map(e -> e.getKey() + " " + e.getValue()).toList()) + "."));
    return matrix.isEmpty() ? List.of(first) : List.of(first, second);
  }

  /** More to say under the matrix, or empty. */
  String matrixNote(List<ResultRecord> records) {
    return "";
  }

  private static String passed(PhaseResult power) {
    Metric p = power.metric(QueryMetrics.QUERIES_PASSED);
    Metric f = power.metric(QueryMetrics.QUERIES_FAILED);
    if (p == null) {
      return "-";
    }
    return (long) p.value() + " of " + (long) (p.value() + (f == null ? 0 : f.value()));
  }

  static String value(PhaseResult p, MetricKey key) {
    Metric m = p == null ? null : p.metric(key);
    return m == null ? "" : fmt(m.value());
  }

  static String fmt(double v) {
    return NumberText.whole(v);
  }
}
