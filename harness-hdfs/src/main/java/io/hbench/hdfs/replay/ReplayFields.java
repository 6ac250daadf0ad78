package io.hbench.hdfs.replay;

import io.hbench.core.result.Field;

/** What replay records and reads back by name, typed. */
final class ReplayFields {

  /** Where the trace's paths are mapped: {@code <point directory>/ns}. */
  static final Field<String> ROOT = Field.of("namespace_root", String.class);
  /** Whether the commands run as the trace's users (proxy users), or all as the running user. */
  static final Field<Boolean> AS_USERS = Field.of("as_trace_users", Boolean.class);
  static final Field<Double> RATE_FACTOR = Field.of("rate_factor", Double.class);
  /** The trace's own span, first line to last, seconds. */
  static final Field<Double> TRACE_SECONDS = Field.of("trace_s", Double.class);
  /** Commands the trace holds that replay makes. */
  static final Field<Long> REPLAYED = Field.of("commands_replayed", Long.class);
  /** Commands the NameNode refused when it logged them: not replayed. */
  static final Field<Long> REFUSED = Field.of("commands_refused_in_trace", Long.class);
  /** Lines of the trace that are not audit lines. */
  static final Field<Long> MALFORMED = Field.of("malformed_lines", Long.class);
  /** Paths seeded before the clock started. */
  static final Field<Long> SEEDED = Field.of("seeded_paths", Long.class);

  /** Commands of the trace that no call can make, by name, with their counts: not replayed. */
  static final Field<java.util.Map<String, Long>> UNSUPPORTED = Field.mapOf("unsupported", Long.class);
  /** Commands whose target was missing, by command. */
  static final Field<java.util.Map<String, Long>> INVALID_BY_COMMAND =
      Field.mapOf("invalid_by_command", Long.class);
  /** Commands whose target was missing, over all commands. */
  static final Field<Long> INVALID = Field.of("invalid", Long.class);
  /** How late the 99th percentile of commands started after they were due, ms. */
  static final Field<Double> LATENESS_P99 = Field.of("lateness_p99_ms", Double.class);
  /** The latest any command started after it was due, seconds. */
  static final Field<Double> LATENESS_MAX = Field.of("lateness_max_s", Double.class);
  /** Whether more than 1% of the commands started later than {@code --max-lateness}. */
  static final Field<Boolean> FELL_BEHIND = Field.of("fell_behind", Boolean.class);

  private ReplayFields() {}
}
