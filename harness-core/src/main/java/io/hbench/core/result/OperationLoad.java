package io.hbench.core.result;

import io.hbench.core.fs.OperationStats;
import io.hbench.core.result.Metric.Better;
import io.hbench.core.stats.LatencyHistogram;
import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The one shape of an operation load in a result record, whatever the suite: NameNode calls,
 * file system calls, Slive's mix, HBase requests. Counts are exact; the rate is over the load's
 * wall-clock window (first call's start to last call's end, over every thread and task), the
 * rate the server sustained; latencies come from an HdrHistogram that is kept, encoded, so
 * percentiles of several records can be merged later rather than averaged.
 *
 * @param op the operation's name
 * @param calls calls made and recorded (warm-up calls excluded)
 * @param failures calls that failed
 * @param failureTypes failed calls by type (exception simple name, the server's class for a
 *     remote error, or what was refused); absent when none failed
 * @param bytes bytes the calls moved
 * @param windowSeconds the load's wall-clock window, s
 * @param opsPerSecond calls / window; absent for a step inside other calls
 * @param latencyMs latency percentiles, ms; with a target rate, measured from each call's
 *     intended start (so a slow server is not hidden by coordinated omission)
 * @param histogram the latencies in nanoseconds, as a compressed, Base64-encoded HdrHistogram
 * @param step true for a step timed inside another operation's calls (fsops' open inside a read,
 *     the service time of a rate-limited call); absent otherwise
 * @param warmupCalls calls made during the warm-up and left out of every figure; absent when none
 * @param series the calls interval by interval, with the all-running band's figures; absent for
 *     a load run before series were kept
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
  "op", "calls", "failures", "failure_types", "bytes", "window_s", "ops_per_s", "latency_ms",
  "histogram", "step", "warmup_calls", "series"
})
public record OperationLoad(
    @JsonProperty("op") String op,
    @JsonProperty("calls") long calls,
    @JsonProperty("failures") long failures,
    @JsonProperty("failure_types") Map<String, Long> failureTypes,
    @JsonProperty("bytes") long bytes,
    @JsonProperty("window_s") double windowSeconds,
    @JsonProperty("ops_per_s") Double opsPerSecond,
    @JsonProperty("latency_ms") Latency latencyMs,
    @JsonProperty("histogram") String histogram,
    @JsonProperty("step") Boolean step,
    @JsonProperty("warmup_calls") Long warmupCalls,
    @JsonProperty("series") OperationSeries series) {

  /** Latency percentiles in milliseconds. */
  @JsonPropertyOrder({"mean", "p50", "p90", "p99", "p99_9", "max"})
  public record Latency(
      @JsonProperty("mean") double mean,
      @JsonProperty("p50") double p50,
      @JsonProperty("p90") double p90,
      @JsonProperty("p99") double p99,
      @JsonProperty("p99_9") double p999,
      @JsonProperty("max") double max) {

    /**
     * The percentiles of a histogram of nanoseconds, with the exact mean; null when it is empty.
     */
    static Latency of(Histogram h, double meanNanos) {
      if (h == null || h.getTotalCount() == 0) {
        return null;
      }
      return new Latency(ms(meanNanos), ms(h.getValueAtPercentile(50)),
          ms(h.getValueAtPercentile(90)), ms(h.getValueAtPercentile(99)),
          ms(h.getValueAtPercentile(99.9)), ms(h.getMaxValue()));
    }

    private static double ms(double nanos) {
      return Math.round(nanos / 1e3) / 1e3;
    }
  }

  /**
   * The load of {@code op} from its figures.
   *
   * @param windowNanos the load's wall-clock window
   * @param step whether {@code op} is a step inside other calls
   * @param warmupCalls calls left out as warm-up
   * @param series its calls interval by interval, or null
   */
  public static OperationLoad of(
      String op, OperationStats s, Map<String, Long> failureTypes, long windowNanos,
      boolean step, long warmupCalls, OperationSeries series) {
    double window = windowNanos / 1e9;
    Histogram h = s.histogram();
    return new OperationLoad(
        op,
        s.calls(),
        s.failures(),
        failureTypes == null || failureTypes.isEmpty() ? null
            : java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(failureTypes)),
        s.bytes(),
        round(window),
        step ? null : round(window <= 0 ? 0 : s.calls() / window),
        Latency.of(h, s.meanTimedNanos()),
        s.encodedHistogram(),
        step ? Boolean.TRUE : null,
        warmupCalls > 0 ? warmupCalls : null,
        series);
  }

  /**
   * The metric of the median interval's rate inside the all-running band ({@link
   * OperationSeries.Band#median}): the rate of the load's steady middle, which a late or early
   * client does not drag.
   */
  public static final String MEDIAN_INTERVAL_RATE = "median_interval_ops_per_s";

  /** Whether this is a step inside other calls rather than an operation of its own. */
  public boolean isStep() {
    return Boolean.TRUE.equals(step);
  }

  /** MiB per second over the window; 0 when no bytes moved. */
  public double mbPerSecond() {
    return windowSeconds <= 0 ? 0 : bytes / (1024.0 * 1024.0) / windowSeconds;
  }

  /** The kept latencies, decoded for merging with other records'; null when none were kept. */
  public LatencyHistogram latencies() {
    if (histogram == null) {
      return null;
    }
    try {
      return LatencyHistogram.decode(histogram);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("corrupt latency histogram of " + op, e);
    }
  }

  /**
   * Adds the kept latencies to {@code sum} without keeping them decoded; false when none were
   * kept (or none recorded).
   */
  public boolean addLatenciesTo(LatencyHistogram.Sum sum) {
    if (histogram == null || calls == 0) {
      return false;
    }
    try {
      sum.addEncoded(histogram);
      return true;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("corrupt latency histogram of " + op, e);
    }
  }

  /** An operation's calls made, and failed. */
  public static final MetricKey CALLS = MetricKey.of("calls", Metric.COUNT, Better.NONE);
  public static final MetricKey FAILURES = MetricKey.of("failures", Metric.COUNT, Better.LOWER);
  /** An operation's calls per second over the load's window. */
  public static final MetricKey OPS_PER_S =
      MetricKey.of("ops_per_s", Metric.OPS_PER_SECOND, Better.HIGHER);
  /** The median of the per-interval rates (see {@link #MEDIAN_INTERVAL_RATE}). */
  public static final MetricKey MEDIAN_INTERVAL_OPS_PER_S =
      OPS_PER_S.named(MEDIAN_INTERVAL_RATE);
  /** The bytes an operation's calls moved. */
  public static final MetricKey BYTES_MOVED = MetricKey.of("bytes", Metric.BYTES, Better.NONE);
  /** An operation's latency, ms: mean, percentiles, max. */
  public static final MetricKey LATENCY_MEAN =
      MetricKey.of("latency_mean", Metric.MILLISECONDS, Better.LOWER);
  public static final MetricKey LATENCY_P50 = LATENCY_MEAN.named("latency_p50");
  public static final MetricKey LATENCY_P90 = LATENCY_MEAN.named("latency_p90");
  public static final MetricKey LATENCY_P99 = LATENCY_MEAN.named("latency_p99");
  public static final MetricKey LATENCY_P99_9 = LATENCY_MEAN.named("latency_p99_9");
  public static final MetricKey LATENCY_MAX = LATENCY_MEAN.named("latency_max");

  /** The load's figures as metrics, in the common vocabulary. */
  public List<Metric> metrics() {
    List<Metric> m = new ArrayList<>();
    m.add(CALLS.value(op, calls));
    m.add(FAILURES.value(op, failures));
    if (opsPerSecond != null) {
      m.add(OPS_PER_S.value(op, opsPerSecond));
    }
    if (series != null && series.band() != null) {
      m.add(MEDIAN_INTERVAL_OPS_PER_S.value(op, series.band().median()));
    }
    if (bytes > 0) {
      m.add(BYTES_MOVED.value(op, bytes));
      if (!isStep()) {
        m.add(PhaseMetrics.MB_PER_S.value(op, round(mbPerSecond())));
      }
    }
    if (latencyMs != null) {
      m.add(LATENCY_MEAN.value(op, latencyMs.mean()));
      m.add(LATENCY_P50.value(op, latencyMs.p50()));
      m.add(LATENCY_P90.value(op, latencyMs.p90()));
      m.add(LATENCY_P99.value(op, latencyMs.p99()));
      m.add(LATENCY_P99_9.value(op, latencyMs.p999()));
      m.add(LATENCY_MAX.value(op, latencyMs.max()));
    }
    return m;
  }

  static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
