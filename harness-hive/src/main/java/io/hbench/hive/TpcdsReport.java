package io.hbench.hive;

import io.hbench.core.result.ResultRecord;
import java.util.List;

/**
 * How tpcds's records are read ({@link QueryStreamsReport}): the seed's table 4.1 with the
 * queries Hive could not compile and the throughput test's queries per hour, then the per-query
 * matrix.
 */
public final class TpcdsReport extends QueryStreamsReport {

  public TpcdsReport() {
    super("tpcds", "TPC-DS on Hive");
  }

  @Override
  List<Figure> figures() {
    return List.of(new Figure("unsupported", "explain", QueryMetrics.QUERIES_UNSUPPORTED),
        new Figure("throughput queries/h", "throughput", QueryMetrics.QUERIES_PER_HOUR));
  }

  @Override
  List<String> queryRows() {
    return TpcdsQueries.ALL;
  }

  @Override
  String figuresNote(List<ResultRecord> records) {
    return "unsupported: queries Hive could not compile (the record lists each with Hive's"
        + " reason), not run. queries/h: the throughput test's queries over its wall time."
        + " Not audited TPC results; QphDS@SF is not computed (it needs the data maintenance"
        + " functions, which hbench does not run).";
  }
}
