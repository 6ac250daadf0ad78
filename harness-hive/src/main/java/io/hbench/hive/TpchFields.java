package io.hbench.hive;

import io.hbench.core.result.Field;

/** What tpch records and its report reads back by name, typed. */
final class TpchFields {

  /** Whether the data were generated or a complete database was reused, and which. */
  static final Field<String> DATA = Field.of("data", String.class);
  /** Which refresh functions ran, and on which update sets; or that they did not. */
  static final Field<String> REFRESH_FUNCTIONS = Field.of("refresh_functions", String.class);

  private TpchFields() {}
}
