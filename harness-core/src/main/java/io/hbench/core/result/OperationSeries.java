package io.hbench.core.result;

import io.hbench.core.fs.IntervalSeries;
import io.hbench.core.stats.Spread;
import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One operation of a load, interval by interval: what a record keeps of its {@link
 * IntervalSeries}, as columns (one entry per interval in which a call ended; an interval without
 * a call is absent). Intervals are aligned to the wall clock, so the first and last cover only
 * part of the load: their rates are over the part they cover.
 *
 * @param intervalSeconds the intervals' length, s
 * @param startMillis the load's start (its first recorded call's), ms since the epoch: {@code
 *     t} counts from here, and charts put the series on the daemons' time axis with it
 * @param t each interval's start, s from the load's start (the first one's is 0)
 * @param calls calls that ended in the interval
 * @param failures failed calls among them
 * @param opsPerSecond calls over the part of the interval within the load
 * @param mbPerSecond MiB moved over the same part; absent when the operation moves no bytes
 * @param p50 median latency of the interval's calls, ms
 * @param p99 99th percentile, ms
 * @param max slowest call, ms
 * @param band the all-running band and the figures of the intervals inside it; absent for a step
 *     or when no whole interval lies inside it
 * @param stability whether the load became steady ({@code --until-stable}); on the load's own
 *     operation only, absent without the option
 * @param ranOut clients of a timed load that ran out of work before its duration; on the load's
 *     own operation only, absent when none did
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"interval_s", "start_ms", "t_s", "calls", "failures", "ops_per_s", "mb_per_s",
    "p50_ms", "p99_ms", "max_ms", "band", "stability", "ran_out"})
public record OperationSeries(
    @JsonProperty("interval_s") double intervalSeconds,
    @JsonProperty("start_ms") long startMillis,
    @JsonProperty("t_s") List<Double> t,
    @JsonProperty("calls") List<Long> calls,
    @JsonProperty("failures") List<Long> failures,
    @JsonProperty("ops_per_s") List<Double> opsPerSecond,
    @JsonProperty("mb_per_s") List<Double> mbPerSecond,
    @JsonProperty("p50_ms") List<Double> p50,
    @JsonProperty("p99_ms") List<Double> p99,
    @JsonProperty("max_ms") List<Double> max,
    @JsonProperty("band") Band band,
    @JsonProperty("stability") Stability stability,
    @JsonProperty("ran_out") RanOut ranOut) {

  /**
   * The span in which every client (each thread of each task) was running: from the latest first
   * call's end to the earliest last call's start, as MinIO warp analyses its runs. Only the
   * intervals wholly inside it count in its figures, so a client that started late or finished
   * early does not drag them.
   *
   * @param startSeconds the band's start, s from the load's start
   * @param endSeconds its end
   * @param intervals whole intervals inside it
   * @param fastest the highest of their rates, ops/s
   * @param median the median of their rates
   * @param slowest the lowest
   * @param spreadPercent (fastest - slowest) / median, %
   */
  @JsonPropertyOrder({"start_s", "end_s", "intervals", "fastest_ops_per_s", "median_ops_per_s",
      "slowest_ops_per_s", "spread_pct"})
  public record Band(
      @JsonProperty("start_s") double startSeconds,
      @JsonProperty("end_s") double endSeconds,
      @JsonProperty("intervals") int intervals,
      @JsonProperty("fastest_ops_per_s") double fastest,
      @JsonProperty("median_ops_per_s") double median,
      @JsonProperty("slowest_ops_per_s") double slowest,
      @JsonProperty("spread_pct") double spreadPercent) {}

  /**
   * The record's form of {@code s}, one operation of a load that ran from {@code startMillis}
   * to {@code endMillis} with every client running from {@code bandStartMillis} to {@code
   * bandEndMillis} (both null when unknown); null when {@code s} is null or empty.
   */
  public static OperationSeries of(IntervalSeries s, long startMillis, long endMillis,
      Long bandStartMillis, Long bandEndMillis, boolean step, Stability stability,
      RanOut ranOut) {
    if (s == null || s.intervals().isEmpty()) {
      return null;
    }
    long len = s.intervalNanos();
    List<Double> t = new ArrayList<>();
    List<Long> calls = new ArrayList<>();
    List<Long> failures = new ArrayList<>();
    List<Double> rates = new ArrayList<>();
    List<Double> mb = new ArrayList<>();
    List<Double> p50 = new ArrayList<>();
    List<Double> p99 = new ArrayList<>();
    List<Double> max = new ArrayList<>();
    List<Double> inBand = new ArrayList<>();
    long bytes = 0;
    for (IntervalSeries.Interval i : s.intervals()) {
      double from = i.index() * (len / 1e6); // ms since the epoch
      double to = from + len / 1e6;
      double covered = Math.max(1, Math.min(to, endMillis) - Math.max(from, startMillis)) / 1e3;
      Histogram h = i.latencies();
      t.add(round(Math.max(0, from - startMillis) / 1e3));
      calls.add(i.calls());
      failures.add(i.failures());
      rates.add(round(i.calls() / covered));
      mb.add(round(i.bytes() / (1024.0 * 1024.0) / covered));
      p50.add(ms(h.getValueAtPercentile(50)));
      p99.add(ms(h.getValueAtPercentile(99)));
      max.add(ms(h.getMaxValue()));
      bytes += i.bytes();
      if (bandStartMillis != null && from >= bandStartMillis && to <= bandEndMillis) {
        inBand.add(i.calls() / (len / 1e9));
      }
    }
    Band band = null;
    if (!step && !inBand.isEmpty()) {
      Spread spread = Spread.of(inBand);
      band = new Band(round((bandStartMillis - startMillis) / 1e3),
          round((bandEndMillis - startMillis) / 1e3), inBand.size(), round(spread.max()),
          round(spread.median()), round(spread.min()),
          round(spread.median() == 0 ? 0 : (spread.max() - spread.min()) / spread.median() * 100));
    }
    return new OperationSeries(len / 1e9, startMillis, t, calls, failures, rates,
        bytes > 0 ? mb : null, p50, p99, max, band, stability, ranOut);
  }

  private static double ms(double nanos) {
    return Math.round(nanos / 1e3) / 1e3;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
