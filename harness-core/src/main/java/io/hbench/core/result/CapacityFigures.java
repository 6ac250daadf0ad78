package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What {@code --find-max} found: every step of the search for the highest open-loop rate whose
 * latency meets the objective, and the answer. Kept in the phase's figures as {@code find_max}.
 *
 * @param slo the objective, as given ({@code p99<20ms})
 * @param steps the steps in the order run; the first is the closed-loop probe
 * @param maxOpsPerSecond the highest rate asked that met the objective, ops/s; absent when none did
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"slo", "steps", "max_ops_per_s"})
public record CapacityFigures(
    @JsonProperty("slo") String slo,
    @JsonProperty("steps") List<Step> steps,
    @JsonProperty("max_ops_per_s") Double maxOpsPerSecond) {

  /** The metric of {@code --find-max}'s answer: the highest rate that met the objective. */
  public static final MetricKey MAX_AT_SLO =
      MetricKey.of("max_ops_per_s_at_slo", Metric.OPS_PER_SECOND, Metric.Better.HIGHER);


  /** The field the phase's figures keep it as. */
  public static final Field<CapacityFigures> FIELD = Field.json("find_max", CapacityFigures.class);

  /**
   * One step of the search.
   *
   * @param askedOpsPerSecond the open-loop rate asked; 0 for the closed-loop probe
   * @param achievedOpsPerSecond the rate the calls ran at over the step's window
   * @param p50 latency percentiles, ms, from each call's intended start
   * @param judgedMillis the objective's percentile, ms
   * @param errorPercent failed calls, % of calls
   * @param met whether the step met the objective (and kept up with the asked rate); absent for
   *     the probe, which is not judged
   * @param seconds how long the step ran
   * @param calls the step's recorded calls (over every task)
   * @param taskCalls with {@code --maps}: each task's recorded calls, in task order (their sum is
   *     {@code calls}); absent in one process
   * @param ranOut clients that ran out of work before the step's end; absent when none did
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  @JsonPropertyOrder({"asked_ops_per_s", "achieved_ops_per_s", "p50_ms", "p99_ms", "p99_9_ms",
      "judged_ms", "error_pct", "met", "seconds", "calls", "task_calls", "ran_out"})
  public record Step(
      @JsonProperty("asked_ops_per_s") double askedOpsPerSecond,
      @JsonProperty("achieved_ops_per_s") double achievedOpsPerSecond,
      @JsonProperty("p50_ms") double p50,
      @JsonProperty("p99_ms") double p99,
      @JsonProperty("p99_9_ms") double p999,
      @JsonProperty("judged_ms") double judgedMillis,
      @JsonProperty("error_pct") double errorPercent,
      @JsonProperty("met") Boolean met,
      @JsonProperty("seconds") double seconds,
      @JsonProperty("calls") Long calls,
      @JsonProperty("task_calls") List<Long> taskCalls,
      @JsonProperty("ran_out") RanOut ranOut) {}
}
