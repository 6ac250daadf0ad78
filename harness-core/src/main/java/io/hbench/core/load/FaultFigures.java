package io.hbench.core.load;

import io.hbench.core.annotation.Internal;
import io.hbench.core.fs.IntervalSeries;
import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * What one fault did to a load, from the load's own operation interval by interval (its {@link
 * IntervalSeries}, every client's calls added up): the definitions of {@code docs/disrupt.md}. The
 * control window is the load's whole intervals before the action (after any warm-up); the fault
 * window runs from the interval the action fell in to the next action or the load's end (whole
 * intervals). A rate is an interval's successful calls per second: a failed call is not
 * throughput.
 *
 * @param actionSeconds when the action was issued, s from the control window's start
 * @param controlOpsPerSecond the median interval rate of the control window
 * @param dipDepth the lowest interval rate in the fault window over {@code controlOpsPerSecond}:
 *     0 when the load stopped, 1 or more when it did not dip
 * @param unavailableSeconds the longest run of whole intervals in the fault window without a
 *     successful call, s (a multiple of the interval); 0 when every interval had one
 * @param timeTo90Seconds from the action to the first of {@link #RECOVERED_INTERVALS} consecutive
 *     intervals at or above {@link #RECOVERED_SHARE} of the control median after the lowest one;
 *     0 when no interval fell below that; null when the load did not come back before the window
 *     ended
 * @param recovered whether it came back ({@code timeTo90Seconds} is not null)
 * @param bestShareAfterDip the highest interval rate from the lowest one on, over the control
 *     median: how far a load that did not recover got
 * @param p99Ms the 99th percentile latency of the fault window's calls, ms (from each call's
 *     intended start in an open-loop load)
 * @param controlP99Ms the same of the control window's calls
 * @param maxMs the slowest call of the fault window, ms
 * @param controlMaxMs the slowest of the control window
 * @param callsFailed the fault window's failed calls
 * @param failedByType those calls by failure type (an exception's simple name, a server's
 *     error's class: {@code RetriesExhaustedException} says a client's retries ran out), summing
 *     to {@code callsFailed}
 */
@Internal
public record FaultFigures(
    double actionSeconds,
    double controlOpsPerSecond,
    double dipDepth,
    double unavailableSeconds,
    Double timeTo90Seconds,
    boolean recovered,
    double bestShareAfterDip,
    double p99Ms,
    double controlP99Ms,
    double maxMs,
    double controlMaxMs,
    long callsFailed,
    Map<String, Long> failedByType) {

  public FaultFigures {
    failedByType = java.util.Collections.unmodifiableMap(new TreeMap<>(failedByType));
  }

  /** The share of the control median an interval must reach to count as recovered. */
  public static final double RECOVERED_SHARE = 0.9;

  /** How many consecutive such intervals make the load recovered. */
  public static final int RECOVERED_INTERVALS = 3;

  /** The fewest whole intervals a control window needs for its median to mean anything. */
  public static final int MIN_CONTROL_INTERVALS = 3;

  /**
   * The figures of the fault whose action was issued at {@code actionNanos}.
   *
   * @param series the load's own operation, every client's calls added up
   * @param controlStartNanos the control window's start (the load's start after any warm-up), ns
   *     since the epoch, as the series' intervals are
   * @param actionNanos when the action was issued, ns since the epoch
   * @param windowEndNanos the next action's issue or the load's end, ns since the epoch
   * @throws IllegalArgumentException when the control window holds fewer than {@link
   *     #MIN_CONTROL_INTERVALS} whole intervals, or the fault window none
   */
  public static FaultFigures of(IntervalSeries series, long controlStartNanos, long actionNanos,
      long windowEndNanos) {
    return of(series, controlStartNanos, actionNanos, actionNanos, windowEndNanos);
  }

  /**
   * As above, with the control window ending at {@code controlEndNanos} rather than at the
   * action: a later cycle's fault is judged against the load's no-fault window before its first
   * action, not against the recovery of the fault before it.
   */
  public static FaultFigures of(IntervalSeries series, long controlStartNanos,
      long controlEndNanos, long actionNanos, long windowEndNanos) {
    long length = series.intervalNanos();
    double seconds = length / 1e9;
    Map<Long, IntervalSeries.Interval> byIndex = new TreeMap<>();
    for (IntervalSeries.Interval i : series.intervals()) {
      byIndex.put(i.index(), i);
    }
    // Whole intervals only: [first, end).
    long controlFirst = Math.floorDiv(controlStartNanos + length - 1, length);
    long controlEnd = Math.floorDiv(controlEndNanos, length);
    long faultFirst = Math.floorDiv(actionNanos, length);
    long faultEnd = Math.floorDiv(windowEndNanos, length);
    if (controlEnd - controlFirst < MIN_CONTROL_INTERVALS) {
      throw new IllegalArgumentException("the control window before the action holds "
          + Math.max(0, controlEnd - controlFirst) + " whole intervals; it needs "
          + MIN_CONTROL_INTERVALS);
    }
    if (faultEnd <= faultFirst) {
      throw new IllegalArgumentException("the fault window after the action holds no whole"
          + " interval");
    }
    double[] control = rates(byIndex, controlFirst, controlEnd, seconds);
    double median = median(control);
    double[] fault = rates(byIndex, faultFirst, faultEnd, seconds);

    int lowest = 0;
    for (int i = 1; i < fault.length; i++) {
      if (fault[i] < fault[lowest]) {
        lowest = i;
      }
    }
    double bar = RECOVERED_SHARE * median;
    Double timeTo90 = fault[lowest] >= bar ? 0.0 : null;
    double best = fault[lowest];
    for (int i = lowest + 1; i < fault.length; i++) {
      best = Math.max(best, fault[i]);
      if (timeTo90 == null && i + RECOVERED_INTERVALS <= fault.length
          && allAtLeast(fault, i, RECOVERED_INTERVALS, bar)) {
        timeTo90 = Math.max(0, (faultFirst + i) * length - actionNanos) / 1e9;
      }
    }

    int longestGap = 0;
    int gap = 0;
    for (double r : fault) {
      gap = r == 0 ? gap + 1 : 0;
      longestGap = Math.max(longestGap, gap);
    }

    Histogram controlLatency = latencies(byIndex, controlFirst, controlEnd);
    Histogram faultLatency = latencies(byIndex, faultFirst, faultEnd);
    long failed = 0;
    Map<String, Long> byType = new TreeMap<>();
    for (long i = faultFirst; i < faultEnd; i++) {
      IntervalSeries.Interval in = byIndex.get(i);
      if (in != null) {
        failed += in.failures();
        in.failureTypes().forEach((k, v) -> byType.merge(k, v, Long::sum));
      }
    }
    return new FaultFigures(
        (actionNanos - controlFirst * length) / 1e9,
        median,
        median == 0 ? 0 : fault[lowest] / median,
        longestGap * seconds,
        timeTo90,
        timeTo90 != null,
        median == 0 ? 0 : best / median,
        millis(faultLatency, 99),
        millis(controlLatency, 99),
        faultLatency.getTotalCount() == 0 ? 0 : faultLatency.getMaxValue() / 1e6,
        controlLatency.getTotalCount() == 0 ? 0 : controlLatency.getMaxValue() / 1e6,
        failed, byType);
  }

  /** Successful calls per second of intervals [first, end); an interval without one is 0. */
  private static double[] rates(Map<Long, IntervalSeries.Interval> byIndex, long first, long end,
      double seconds) {
    double[] out = new double[(int) (end - first)];
    for (long i = first; i < end; i++) {
      IntervalSeries.Interval in = byIndex.get(i);
      out[(int) (i - first)] = in == null ? 0 : (in.calls() - in.failures()) / seconds;
    }
    return out;
  }

  private static boolean allAtLeast(double[] rates, int from, int count, double bar) {
    for (int i = from; i < from + count; i++) {
      if (rates[i] < bar) {
        return false;
      }
    }
    return true;
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static Histogram latencies(Map<Long, IntervalSeries.Interval> byIndex, long first,
      long end) {
    Histogram h = new Histogram(2);
    for (long i = first; i < end; i++) {
      IntervalSeries.Interval in = byIndex.get(i);
      if (in != null) {
        h.add(in.latencies());
      }
    }
    return h;
  }

  private static double millis(Histogram h, double percentile) {
    return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(percentile) / 1e6;
  }
}
