package io.hbench.hdfs.namenode;

import io.hbench.core.result.Field;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;

/** What nnthroughput records and reads back by name, typed. */
final class NameNodeFields {

  /** Block replications the NameNode scheduled per second ({@code replication}). */
  static final MetricKey REPLICATIONS_PER_S =
      MetricKey.of("replications_per_s", Metric.OPS_PER_SECOND, Metric.Better.HIGHER);

  static final Field<NameNodeOp> OP =
      Field.of("op", NameNodeOp.class, op -> op.text, String.class, t -> NameNodeOp.parse(t).get(0));
  /** {@code direct} or {@code rpc}. */
  static final Field<String> MODE = Field.of("mode", String.class);
  /** Block copies the replication op scheduled. */
  static final Field<Long> REPLICATIONS_SCHEDULED = Field.of("replications_scheduled", Long.class);

  private NameNodeFields() {}
}
