package io.hbench.hbase;

import io.hbench.core.result.Field;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;

/**
 * What hbase-pe records and reads back by name, typed: the point (read by the load's clients,
 * in this process and in map tasks) and what the report shows.
 */
final class PeFields {

  static final Field<PeCommand> COMMAND =
      Field.of("command", PeCommand.class, c -> c.text, String.class, PeCommand::parse);
  static final Field<Long> ROWS_PER_CLIENT = Field.of("rows_per_client", Long.class);
  /**
   * Client threads over every map task, as records of {@code --maps} before the core recorded
   * {@code clients} ({@link io.hbench.core.LoadFacts}) held it; read, never written.
   */
  static final Field<Integer> CLIENTS_TOTAL = Field.of("clients_total", Integer.class);
  /** Rows the table holds when the point's calls start: keys {@code 0 .. table_rows - 1}. */
  static final Field<Long> TABLE_ROWS = Field.of("table_rows", Long.class);

  /** The headline of commands whose calls handle whole rows, and of the range scans. */
  static final MetricKey ROWS_PER_S = MetricKey.of("rows_per_s", "rows/s", Metric.Better.HIGHER);
  static final MetricKey SCANS_PER_S =
      MetricKey.of("scans_per_s", "scans/s", Metric.Better.HIGHER);
  /** Rows the range scans returned, over every call. */
  static final MetricKey ROWS_RETURNED =
      MetricKey.of(PeClients.ROWS_RETURNED, Metric.COUNT, Metric.Better.NONE);

  /** One client's own rate of {@code headline}, over the clients: {@code min}, {@code median}, {@code max}. */
  static MetricKey perClient(MetricKey headline, String which) {
    return headline.named("client_" + headline.name() + "_" + which);
  }

  private PeFields() {}
}
