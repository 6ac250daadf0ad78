package io.hbench.hbase;

import io.hbench.core.result.Field;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import java.util.Map;

/**
 * What {@code bench ycsb} records and reads back by name, typed: the point's phase, and the
 * workload its clients make (recorded before the load, so that map tasks make the same one
 * without the file it was read from).
 */
final class YcsbFields {

  static final Field<YcsbOptions.Phase> PHASE = Field.of("phase", YcsbOptions.Phase.class,
      YcsbOptions.Phase::text, String.class,
      t -> YcsbOptions.Phase.valueOf(t.toUpperCase(java.util.Locale.ROOT)));
  /** Every workload property by YCSB's name ({@link YcsbWorkload#properties}). */
  static final Field<Map<String, String>> WORKLOAD = Field.mapOf("workload", String.class);
  /** Rows the table held on the server when the run's operations began. */
  static final Field<Long> TABLE_ROWS = Field.of("table_rows", Long.class);

  /** The headlines: rows inserted per second by the load, operations per second by the run. */
  static final MetricKey ROWS_PER_S = MetricKey.of("rows_per_s", "rows/s", Metric.Better.HIGHER);
  static final MetricKey OPS_PER_S =
      MetricKey.of("ops_per_s", Metric.OPS_PER_SECOND, Metric.Better.HIGHER);
  /** Rows the scans returned, over every call. */
  static final MetricKey ROWS_RETURNED =
      MetricKey.of(YcsbClients.ROWS_RETURNED, Metric.COUNT, Metric.Better.NONE);

  private YcsbFields() {}
}
