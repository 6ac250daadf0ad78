package io.hbench.core.stats;

import java.util.Arrays;
import org.apache.commons.statistics.distribution.BinomialDistribution;

/**
 * The median of a small sample with a distribution-free confidence interval: the order statistics
 * {@code x(k)} and {@code x(n-k+1)} whose coverage, from the binomial distribution B(n, 1/2), is
 * at least the level asked for (Campbell &amp; Gardner, BMJ 1988; the interval benchstat prints).
 * Repeats of a benchmark are neither normal nor many, so no mean ± t·sd. With too few values for
 * the level (fewer than 6 at 95%) the interval is unbounded: infinite {@code low} and {@code
 * high}.
 *
 * @param n values
 * @param median their median
 * @param low lower bound, or negative infinity
 * @param high upper bound, or positive infinity
 * @param level the confidence level asked for, such as 0.95
 * @param coverage the interval's actual coverage (at least {@code level}), 1 when unbounded
 */
public record MedianInterval(
    int n, double median, double low, double high, double level, double coverage) {

  /** The median of {@code values} (at least one) and its interval at {@code level} (0..1). */
  public static MedianInterval of(double[] values, double level) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values");
    }
    if (!(level > 0 && level < 1)) {
      throw new IllegalArgumentException("confidence level must be between 0 and 1: " + level);
    }
    double[] x = values.clone();
    Arrays.sort(x);
    int n = x.length;
    double median = Spread.percentile(x, 50);
    BinomialDistribution b = BinomialDistribution.of(n, 0.5);
    double tail = (1 - level) / 2;
    // The largest k with P(B <= k-1) <= tail: the narrowest interval that still covers.
    int k = 0;
    while (k + 1 <= n / 2 && b.cumulativeProbability(k) <= tail) {
      k++;
    }
    if (k == 0) {
      return new MedianInterval(n, median, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY,
          level, 1);
    }
    double coverage = 1 - 2 * b.cumulativeProbability(k - 1);
    return new MedianInterval(n, median, x[k - 1], x[n - k], level, coverage);
  }

  /** Whether there were enough values for a finite interval. */
  public boolean bounded() {
    return Double.isFinite(low) && Double.isFinite(high);
  }

  /**
   * The interval as a share of the median, the larger of its two sides (benchstat's ± figure):
   * 0.03 for ±3%; infinite when unbounded, NaN when the median is 0.
   */
  public double relativeHalfWidth() {
    if (!bounded()) {
      return Double.POSITIVE_INFINITY;
    }
    return Math.max(median - low, high - median) / Math.abs(median);
  }

  /** The fewest values with a bounded interval at {@code level}. */
  public static int smallestBoundedSample(double level) {
    int n = 1;
    while (Math.pow(0.5, n) > (1 - level) / 2) {
      n++;
    }
    return n;
  }
}
