package io.hbench.core.result;

import io.hbench.core.fs.OperationStats;
import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import org.HdrHistogram.Histogram;

/**
 * One operation's figures in a result record, from {@link io.hbench.core.fs.InstrumentedFileSystem}.
 *
 * @param calls calls made (exact)
 * @param bytes bytes written or read by them
 * @param failures calls that threw
 * @param timeMs total time spent in the calls, ms; an estimate when {@code timeErrorMs} is present
 * @param timeErrorMs for {@code write}, {@code read} and {@code seek}, whose calls outside the
 *     exact sample are timed by a 1 ms coarse clock: an upper bound of the standard error of
 *     {@code timeMs}; absent when every call was timed exactly
 * @param timedCalls how many calls were timed exactly; the latencies come from these
 * @param latencyUs latency percentiles of the timed calls in microseconds ({@code p50}, {@code
 *     p90}, {@code p99}, {@code p99_9}, {@code max}), or absent
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record OperationSummary(
    @JsonProperty("calls") long calls,
    @JsonProperty("bytes") long bytes,
    @JsonProperty("failures") long failures,
    @JsonProperty("time_ms") double timeMs,
    @JsonProperty("time_error_ms") Double timeErrorMs,
    @JsonProperty("timed_calls") long timedCalls,
    @JsonProperty("latency_us") Latency latencyUs) {

  /** Latency percentiles in microseconds. */
  public record Latency(
      @JsonProperty("p50") double p50,
      @JsonProperty("p90") double p90,
      @JsonProperty("p99") double p99,
      @JsonProperty("p99_9") double p999,
      @JsonProperty("max") double max) {

    /**
     * The percentiles held by a figure: a {@code Latency}, or the map a results file reads back
     * as; null for anything else.
     */
    public static Latency from(Object figure) {
      if (figure instanceof Latency l) {
        return l;
      }
      if (figure instanceof java.util.Map<?, ?> m && m.get("p50") instanceof Number) {
        return new Latency(num(m, "p50"), num(m, "p90"), num(m, "p99"), num(m, "p99_9"), num(m, "max"));
      }
      return null;
    }

    private static double num(java.util.Map<?, ?> m, String key) {
      return m.get(key) instanceof Number n ? n.doubleValue() : 0;
    }
  }

  /** Summarizes {@code s}; with {@code latency} false the percentiles are left out. */
  public static OperationSummary of(OperationStats s, boolean latency) {
    Histogram h = latency ? s.histogram() : null;
    Latency l =
        h == null || h.getTotalCount() == 0
            ? null
            : new Latency(
                us(h.getValueAtPercentile(50)),
                us(h.getValueAtPercentile(90)),
                us(h.getValueAtPercentile(99)),
                us(h.getValueAtPercentile(99.9)),
                us(h.getMaxValue()));
    boolean estimated = s.estimated();
    return new OperationSummary(
        s.calls(),
        s.bytes(),
        s.failures(),
        round(s.totalNanos() / 1e6),
        estimated ? round(s.totalNanosError() / 1e6) : null,
        s.timedCalls(),
        l);
  }

  private static double us(long nanos) {
    return round(nanos / 1e3);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
