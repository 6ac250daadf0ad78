package io.hbench.mapreduce.slive;

import io.hbench.core.result.Field;
import java.util.Map;

/** What Slive records and reads back by name, typed. */
final class SliveFields {

  /** Block size of the files the clients create, worked out before the load. */
  static final Field<Long> BLOCK_SIZE = Field.of("block_size", Long.class);
  /** SliveTest's own rate of each operation: calls per second spent in it. */
  static final Field<Map<String, Double>> OPS_PER_S_OP_TIME =
      Field.mapOf("ops_per_s_op_time", Double.class);

  private SliveFields() {}
}
