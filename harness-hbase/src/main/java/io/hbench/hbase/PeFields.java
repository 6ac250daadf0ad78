package io.hbench.hbase;

import io.hbench.core.result.Field;

/**
 * What hbase-pe records and reads back by name, typed: the point (read by the load's clients,
 * in this process and in map tasks) and what the report shows.
 */
final class PeFields {

  static final Field<PeCommand> COMMAND =
      Field.of("command", PeCommand.class, c -> c.text, String.class, PeCommand::parse);
  /** Client threads in each process. */
  static final Field<Integer> CLIENTS = Field.of("clients", Integer.class);
  static final Field<Long> ROWS_PER_CLIENT = Field.of("rows_per_client", Long.class);
  /** Client threads over every map task, with {@code --maps}. */
  static final Field<Integer> CLIENTS_TOTAL = Field.of("clients_total", Integer.class);
  /** Rows the table holds when the point's calls start: keys {@code 0 .. table_rows - 1}. */
  static final Field<Long> TABLE_ROWS = Field.of("table_rows", Long.class);

  /** The headline of commands whose calls handle whole rows, and of the range scans. */
  static final String ROWS_PER_S = "rows_per_s";
  static final String SCANS_PER_S = "scans_per_s";

  private PeFields() {}
}
