package io.hbench.hive;

import io.hbench.core.result.Field;

/** What tpch records and its report reads back by name, typed. */
final class TpchFields {

  /** Whether the data were generated or a complete database was reused, and which. */
  static final Field<String> DATA = Field.of("data", String.class);
  /** Which refresh functions ran, and on which update sets; or that they did not. */
  static final Field<String> REFRESH_FUNCTIONS = Field.of("refresh_functions", String.class);

  /** Map tasks (and pieces of each table) the data was generated with. */
  static final Field<Integer> GEN_MAPS = Field.of("gen_maps", Integer.class);

  /**
   * The queries run with a known engine defect's workaround for their session only: the query,
   * and {@code ISSUE: KEY=VALUE} ({@link KnownDefects}).
   */
  static final Field<java.util.Map<String, String>> WORKAROUNDS =
      Field.mapOf("workarounds", String.class);

  private TpchFields() {}
}
