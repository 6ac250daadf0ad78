package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What {@code --disrupt} did to a load, kept in the load phase's figures as {@code disrupt}: the
 * control window, each fault (its action, whom it hit, when, what the servers said, and what the
 * load went through), and per action the worst and the spread over cycles. The definitions are
 * {@code docs/disrupt.md}'s; the figures of a fault are those of {@code
 * io.hbench.core.load.FaultFigures}.
 *
 * @param actions the option as given, one cycle
 * @param cycles how many times the actions were repeated
 * @param controlStartMillis the no-fault control window's start (the load's start after any
 *     warm-up), ms since the epoch
 * @param controlEndMillis its end: the first action's issue
 * @param controlOpsPerSecond the median interval rate of the control window
 * @param faults every action done, in order
 * @param byAction per action, its figures' worst and spread over cycles
 * @param failedByType the load's failed calls by what failed them (the exception's type, or
 *     the client's refusal), over the whole load; absent when none failed
 * @param clientCounts what the load's client library counted over the whole load and cannot
 *     say call by call ({@code rpc_attempts_failed}: the HBase client's failed RPC attempts),
 *     by name; absent when the clients keep no such count (the HDFS client), and 0 when they
 *     keep one that never grew
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"actions", "cycles", "control_start_ms", "control_end_ms",
    "control_ops_per_s", "faults", "by_action", "failed_by_type", "client_counts"})
public record FaultRecord(
    @JsonProperty("actions") String actions,
    @JsonProperty("cycles") int cycles,
    @JsonProperty("control_start_ms") long controlStartMillis,
    @JsonProperty("control_end_ms") long controlEndMillis,
    @JsonProperty("control_ops_per_s") double controlOpsPerSecond,
    @JsonProperty("faults") List<Fault> faults,
    @JsonProperty("by_action") List<Summary> byAction,
    @JsonProperty("failed_by_type") java.util.Map<String, Long> failedByType,
    @JsonProperty("client_counts") java.util.Map<String, Long> clientCounts) {

  /** The field the load phase's figures keep it as. */
  public static final Field<FaultRecord> FIELD = Field.json("disrupt", FaultRecord.class);

  /** Seconds with no successful call after the action, interval by interval. */
  public static final MetricKey UNAVAILABLE =
      MetricKey.of("unavailable_s", Metric.SECONDS, Metric.Better.LOWER);

  /** The longest any one client went without a success after the action. */
  public static final MetricKey WORST_CLIENT_UNAVAILABLE =
      MetricKey.of("worst_client_unavailable_s", Metric.SECONDS, Metric.Better.LOWER);

  /** The lowest interval rate in the fault window over the control median. */
  public static final MetricKey DIP_DEPTH =
      MetricKey.of("dip_depth", "ratio", Metric.Better.HIGHER);

  /** From the action until the rate held 90% of the control median. */
  public static final MetricKey TIME_TO_90 =
      MetricKey.of("time_to_90pct_s", Metric.SECONDS, Metric.Better.LOWER);

  /** The share of the action's faults after which the load came back. */
  public static final MetricKey RECOVERED =
      MetricKey.of("recovered_share", "ratio", Metric.Better.HIGHER);

  /** The 99th percentile latency in the fault window, from each call's intended start. */
  public static final MetricKey FAULT_P99 =
      MetricKey.of("fault_p99_ms", Metric.MILLISECONDS, Metric.Better.LOWER);

  /** The slowest call in the fault window. */
  public static final MetricKey FAULT_MAX =
      MetricKey.of("fault_max_ms", Metric.MILLISECONDS, Metric.Better.LOWER);

  /** Calls that failed in the fault window. */
  public static final MetricKey FAULT_CALLS_FAILED =
      MetricKey.of("fault_calls_failed", Metric.COUNT, Metric.Better.LOWER);

  /**
   * A client count in the fault window ({@link Figures#clientCounts}), worst over cycles: {@code
   * fault_rpc_attempts_failed}.
   */
  public static MetricKey faultClientCount(String name) {
    return MetricKey.of("fault_" + name, Metric.COUNT, Metric.Better.LOWER);
  }

  /**
   * From the action until the NameNode had no block short of its replicas again: none waiting
   * for re-replication and none scheduled and not yet copied.
   */
  public static final MetricKey LOW_REDUNDANCY =
      MetricKey.of("low_redundancy_s", Metric.SECONDS, Metric.Better.LOWER);

  /** The stamp of the blocks the NameNode counts as low redundancy, waiting to be scheduled. */
  public static final String LOW_REDUNDANCY_STAMP = "low_redundancy_blocks";

  /** The stamp of the blocks the NameNode has scheduled for re-replication, not yet copied. */
  public static final String PENDING_RECONSTRUCTION_STAMP = "pending_reconstruction_blocks";

  /**
   * One action done during the load, and what the load went through after it.
   *
   * @param action the action as the option names it, with its node ({@code shutdown-datanode:1})
   * @param cycle its cycle, from 0
   * @param plannedSeconds when it was due, s from the control window's start
   * @param target whom it acted on, as the servers name it
   * @param issuedMillis when hbench issued it, ms since the epoch
   * @param acknowledgedMillis when the servers had done it (a node stopped, a NameNode active)
   * @param error why it could not be done; then the fault's figures are absent
   * @param windowEndMillis the fault window's end: the next action's issue or the load's end
   * @param figures what the load went through in the window; absent when the action failed
   * @param stamps what the servers said, read just before the action and as it was
   *     acknowledged, and until the window's end
   * @param lowRedundancySeconds from the action until the NameNode reported no block short of
   *     its redundancy again (low redundancy and pending reconstruction both 0), after having
   *     reported some; absent when it never reported any
   * @param lowRedundancyPeak the most blocks short of their redundancy it reported (the two
   *     counts added)
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"action", "cycle", "planned_s", "target", "issued_ms", "acknowledged_ms",
      "error", "window_end_ms", "figures", "low_redundancy_s", "low_redundancy_peak", "stamps"})
  public record Fault(
      @JsonProperty("action") String action,
      @JsonProperty("cycle") int cycle,
      @JsonProperty("planned_s") double plannedSeconds,
      @JsonProperty("target") String target,
      @JsonProperty("issued_ms") long issuedMillis,
      @JsonProperty("acknowledged_ms") Long acknowledgedMillis,
      @JsonProperty("error") String error,
      @JsonProperty("window_end_ms") long windowEndMillis,
      @JsonProperty("figures") Figures figures,
      @JsonProperty("low_redundancy_s") Double lowRedundancySeconds,
      @JsonProperty("low_redundancy_peak") Long lowRedundancyPeak,
      @JsonProperty("stamps") List<Stamp> stamps) {}

  /**
   * A fault's figures, as {@code docs/disrupt.md} defines them.
   *
   * @param unavailableSeconds the longest span in which no client succeeded, from the last
   *     success before it to the first after it (from the clients' own calls; at interval
   *     resolution when they were not kept)
   * @param unavailableFrom that span's start, ms since the epoch; absent when there was none
   * @param worstClientUnavailableSeconds the longest any one client went without a success
   * @param detectionSeconds where a server stamps when it took over (a NameNode's {@code
   *     LastHATransitionTime} inside the span): from the span's start to that moment
   * @param recoverySeconds from that moment to the span's end
   * @param dipDepth the lowest interval rate over the control median
   * @param timeTo90Seconds from the action to the first of 3 intervals in a row at 90% of the
   *     control median; absent when the load did not come back before the window's end
   * @param recovered whether it came back
   * @param bestShareAfterDip the highest rate after the lowest, over the control median
   * @param p99Ms the fault window's 99th percentile latency, ms
   * @param controlP99Ms the control window's
   * @param maxMs the fault window's slowest call, ms
   * @param controlMaxMs the control window's
   * @param callsFailed the fault window's failed calls
   * @param failedByType those calls by failure type (an exception's simple name, or the class
   *     of an error a server sent back): {@code RetriesExhaustedException} says an HBase
   *     client's retries ran out; absent when none failed (and in records before it was kept)
   * @param clientCounts what the client library counted in the fault window and cannot say
   *     call by call, by name ({@code rpc_attempts_failed}: the HBase client's failed RPC
   *     attempts, each retried inside a call or the last of a failed call); absent when the
   *     clients keep no such count
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"unavailable_s", "unavailable_from_ms", "worst_client_unavailable_s",
      "detection_s", "recovery_s", "dip_depth", "time_to_90pct_s", "recovered",
      "best_share_after_dip", "p99_ms", "control_p99_ms", "max_ms", "control_max_ms",
      "calls_failed", "failed_by_type", "client_counts"})
  public record Figures(
      @JsonProperty("unavailable_s") double unavailableSeconds,
      @JsonProperty("unavailable_from_ms") Long unavailableFrom,
      @JsonProperty("worst_client_unavailable_s") Double worstClientUnavailableSeconds,
      @JsonProperty("detection_s") Double detectionSeconds,
      @JsonProperty("recovery_s") Double recoverySeconds,
      @JsonProperty("dip_depth") double dipDepth,
      @JsonProperty("time_to_90pct_s") Double timeTo90Seconds,
      @JsonProperty("recovered") boolean recovered,
      @JsonProperty("best_share_after_dip") double bestShareAfterDip,
      @JsonProperty("p99_ms") double p99Ms,
      @JsonProperty("control_p99_ms") double controlP99Ms,
      @JsonProperty("max_ms") double maxMs,
      @JsonProperty("control_max_ms") double controlMaxMs,
      @JsonProperty("calls_failed") long callsFailed,
      @JsonProperty("failed_by_type") @JsonInclude(JsonInclude.Include.NON_EMPTY)
          java.util.Map<String, Long> failedByType,
      @JsonProperty("client_counts") @JsonInclude(JsonInclude.Include.NON_EMPTY)
          java.util.Map<String, Long> clientCounts) {

    public Figures {
      failedByType = failedByType == null || failedByType.isEmpty() ? null
          : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(failedByType));
      clientCounts = clientCounts == null || clientCounts.isEmpty() ? null
          : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(clientCounts));
    }
  }

  /**
   * What a server said at a moment.
   *
   * @param server whom
   * @param what the figure ({@code state}, {@code last_ha_transition}, {@code live_datanodes},
   *     {@code low_redundancy_blocks}, {@code pending_reconstruction_blocks})
   * @param value as the server gave it
   * @param atMillis when read, or when the server says it happened, ms since the epoch
   */
  @JsonPropertyOrder({"server", "what", "value", "at_ms"})
  public record Stamp(
      @JsonProperty("server") String server,
      @JsonProperty("what") String what,
      @JsonProperty("value") String value,
      @JsonProperty("at_ms") long atMillis) {}

  /**
   * One action's figures over its cycles: the worst of each (the highest unavailability and
   * time to recover, the deepest dip) and its spread (highest less lowest).
   *
   * @param action the action as the option names it
   * @param faults how many times it was done and measured
   * @param recovered after how many of them the load came back
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"action", "faults", "recovered", "worst", "spread"})
  public record Summary(
      @JsonProperty("action") String action,
      @JsonProperty("faults") int faults,
      @JsonProperty("recovered") int recovered,
      @JsonProperty("worst") Worst worst,
      @JsonProperty("spread") Worst spread) {}

  /**
   * Figures of a {@link Summary}: each the worst over cycles, or its spread.
   *
   * @param timeTo90Seconds absent when the load never came back after one of them (worst)
   * @param clientCounts each client count's highest (worst) or highest less lowest (spread);
   *     absent when the clients keep none
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"unavailable_s", "worst_client_unavailable_s", "dip_depth",
      "time_to_90pct_s", "p99_ms", "max_ms", "calls_failed", "client_counts"})
  public record Worst(
      @JsonProperty("unavailable_s") double unavailableSeconds,
      @JsonProperty("worst_client_unavailable_s") Double worstClientUnavailableSeconds,
      @JsonProperty("dip_depth") double dipDepth,
      @JsonProperty("time_to_90pct_s") Double timeTo90Seconds,
      @JsonProperty("p99_ms") double p99Ms,
      @JsonProperty("max_ms") double maxMs,
      @JsonProperty("calls_failed") long callsFailed,
      @JsonProperty("client_counts") @JsonInclude(JsonInclude.Include.NON_EMPTY)
          java.util.Map<String, Long> clientCounts) {}
}
