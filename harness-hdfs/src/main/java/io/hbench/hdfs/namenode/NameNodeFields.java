package io.hbench.hdfs.namenode;

import io.hbench.core.result.Field;

/** What nnthroughput records and reads back by name, typed. */
final class NameNodeFields {

  static final Field<NameNodeOp> OP =
      Field.of("op", NameNodeOp.class, op -> op.text, String.class, t -> NameNodeOp.parse(t).get(0));
  /** {@code direct} or {@code rpc}. */
  static final Field<String> MODE = Field.of("mode", String.class);
  static final Field<Integer> MAPS = Field.of("maps", Integer.class);
  /** Client threads over every process. */
  static final Field<Integer> CLIENTS = Field.of("clients", Integer.class);
  /** Block copies the replication op scheduled. */
  static final Field<Long> REPLICATIONS_SCHEDULED = Field.of("replications_scheduled", Long.class);

  private NameNodeFields() {}
}
