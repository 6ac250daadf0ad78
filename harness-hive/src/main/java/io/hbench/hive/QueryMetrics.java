package io.hbench.hive;

import io.hbench.core.result.Metric.Better;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;

/**
 * The metrics of the query-stream suites (tpch, tpcds), each declared once: written by {@link
 * QueryStreams} and the suites, read back by their reports. Nothing here needs Hive, so that the
 * reports read records without it.
 */
final class QueryMetrics {

  /** Queries per hour, the unit of TPC's throughput figures. */
  static final String QPH = "queries/h";

  /** The power test's queries that passed and failed. */
  static final MetricKey QUERIES_PASSED = MetricKey.of("queries_passed", Metric.COUNT, Better.HIGHER);
  static final MetricKey QUERIES_FAILED = MetricKey.of("queries_failed", Metric.COUNT, Better.LOWER);
  /** The passed queries' seconds, summed, and their MB/s over the raw data. */
  static final MetricKey QUERIES_SECONDS =
      MetricKey.of("queries_seconds", Metric.SECONDS, Better.LOWER);
  static final MetricKey QUERIES_MB_PER_S =
      MetricKey.of("queries_mb_per_s", Metric.MIB_PER_SECOND, Better.HIGHER);
  /** The geometric mean of the passed queries' seconds. */
  static final MetricKey GEOMEAN_SECONDS = QUERIES_SECONDS.named("geomean_seconds");
  /** The throughput test's query streams, and its queries per hour. */
  static final MetricKey STREAMS = MetricKey.of("streams", Metric.COUNT, Better.HIGHER);
  static final MetricKey QUERIES_PER_HOUR = MetricKey.of("queries_per_hour", QPH, Better.HIGHER);
  /** TPC-DS: the queries Hive's explain accepts, and those it does not. */
  static final MetricKey QUERIES_SUPPORTED = QUERIES_PASSED.named("queries_supported");
  static final MetricKey QUERIES_UNSUPPORTED = QUERIES_FAILED.named("queries_unsupported");
  /** TPC-H's figures (clause 5.4): Power@Size, Throughput@Size, QphH@Size. */
  static final MetricKey POWER_AT_SIZE = QUERIES_PER_HOUR.named("power_at_size");
  static final MetricKey THROUGHPUT_AT_SIZE = QUERIES_PER_HOUR.named("throughput_at_size");
  static final MetricKey QPHH_AT_SIZE = QUERIES_PER_HOUR.named("qphh_at_size");

  private QueryMetrics() {}
}
