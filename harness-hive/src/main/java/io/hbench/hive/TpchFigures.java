package io.hbench.hive;

import io.hbench.core.result.Metric;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * TPC-H's figures (clause 5.4): Power@Size from the power test, Throughput@Size and QphH@Size
 * from the throughput test, each only when every one of the 22 queries (and, when they ran, both
 * refresh functions) passed.
 */
final class TpchFigures {

  private TpchFigures() {}

  /**
   * The power test's Power@Size from the seconds of its passed queries and, when the refresh
   * functions ran, of the ones that passed: null unless all 22 queries passed and, with {@code
   * refreshRan}, RF1 and RF2 both did.
   */
  static Double powerFigure(Collection<Double> queries, boolean refreshRan,
      List<Double> refreshed, double scale) {
    if (queries.size() != TpchQueries.COUNT || refreshRan && refreshed.size() != 2) {
      return null;
    }
    List<Double> timed = new ArrayList<>(queries);
    if (refreshRan) {
      timed.addAll(refreshed);
    }
    return QueryStreams.round(powerAtSize(timed, scale));
  }

  /** {@link #powerFigure} as the power test's metric, or null. */
  static Metric power(Collection<Double> queries, boolean refreshRan, List<Double> refreshed,
      double scale) {
    Double p = powerFigure(queries, refreshRan, refreshed, scale);
    return p == null ? null : QueryMetrics.POWER_AT_SIZE.value(p);
  }

  /**
   * Throughput@Size (clause 5.4.2) of {@code streams} streams of all 22 queries in {@code
   * seconds}, and QphH@Size with the power test's figure (when it has one).
   */
  static List<Metric> throughput(int streams, double seconds, double scale, Metric power) {
    double figure = QueryStreams.round(streams * (double) TpchQueries.COUNT * 3600 / seconds * scale);
    List<Metric> out = new ArrayList<>();
    out.add(QueryMetrics.THROUGHPUT_AT_SIZE.value(figure));
    if (power != null) {
      out.add(QueryMetrics.QPHH_AT_SIZE.value(QueryStreams.round(Math.sqrt(power.value() * figure))));
    }
    return out;
  }

  /**
   * Power@Size (clause 5.4.1): 3600 x SF over the geometric mean of the query times and, when
   * they ran, of RF1's and RF2's; a time below 1/1000 of the longest counts as that (clause
   * 5.4.1.4).
   */
  static double powerAtSize(List<Double> seconds, double scale) {
    double max = seconds.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    List<Double> floored = seconds.stream().map(s -> Math.max(s, max / 1000)).toList();
    return 3600 * scale / QueryStreams.geometricMean(floored);
  }

}
