package io.hbench.hive;

import io.hbench.core.result.ResultRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * How tpch's records are read ({@link QueryStreamsReport}): the seed's table 4.1 with the TPC-H
 * figures, then the per-query matrix with the refresh functions around the 22 queries.
 */
public final class TpchReport extends QueryStreamsReport {

  public TpchReport() {
    super("tpch", "TPC-H on Hive");
  }

  @Override
  List<Figure> figures() {
    return List.of(new Figure("Power@Size", "power", QueryMetrics.POWER_AT_SIZE),
        new Figure("Throughput@Size", "throughput", QueryMetrics.THROUGHPUT_AT_SIZE),
        new Figure("QphH@Size", "throughput", QueryMetrics.QPHH_AT_SIZE));
  }

  @Override
  List<String> queryRows() {
    List<String> rows = new ArrayList<>();
    rows.add("rf1");
    for (int query = 1; query <= TpchQueries.COUNT; query++) {
      rows.add("q" + query);
    }
    rows.add("rf2");
    return rows;
  }

  @Override
  String figuresNote(List<ResultRecord> records) {
    long refreshed = records.stream().filter(TpchReport::refreshed).count();
    String refresh = refreshed == 0 ? "but without the refresh functions"
        : refreshed == records.size() ? "with the refresh functions RF1 and RF2 (in Power@Size's"
            + " geometric mean, and as a refresh stream beside the throughput test's)"
        : "with the refresh functions only where the record ran them (params.refresh_functions)";
    return "Power@Size, Throughput@Size and QphH@Size as TPC-H defines them (clause 5.4) "
        + refresh + ", and only when all 22 queries passed: not audited TPC results.";
  }

  @Override
  String matrixNote(List<ResultRecord> records) {
    return records.stream().anyMatch(TpchReport::refreshed)
        ? " rf1 and rf2: the refresh functions before and after the queries." : "";
  }

  private static boolean refreshed(ResultRecord r) {
    String functions = r.param(TpchFields.REFRESH_FUNCTIONS);
    return functions != null && functions.startsWith("RF1");
  }
}
