package io.hbench.core.stats;

import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import java.util.Arrays;
import java.util.Collection;

/**
 * Summary of a small set of measurements (repeats of a point, files of a DFSIO run): count, mean,
 * sample standard deviation, coefficient of variation, min, median, max, and exact percentiles.
 * For large numbers of latencies use an HdrHistogram instead; this keeps every value.
 *
 * @param n values summarized
 * @param mean arithmetic mean
 * @param stddev sample standard deviation (n - 1), 0 for a single value
 * @param cv stddev / mean, 0 when the mean is 0
 * @param min smallest value
 * @param median middle value (mean of the two middle values for an even count)
 * @param max largest value
 */
@JsonPropertyOrder({"n", "mean", "stddev", "cv", "min", "median", "max"})
public record Spread(
    @JsonProperty("n") int n,
    @JsonProperty("mean") double mean,
    @JsonProperty("stddev") double stddev,
    @JsonProperty("cv") double cv,
    @JsonProperty("min") double min,
    @JsonProperty("median") double median,
    @JsonProperty("max") double max) {

  /** Summarizes {@code values}; at least one is needed. */
  public static Spread of(double... values) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values to summarize");
    }
    double[] v = values.clone();
    Arrays.sort(v);
    double sum = 0;
    for (double x : v) {
      sum += x;
    }
    double mean = sum / v.length;
    double sq = 0;
    for (double x : v) {
      sq += (x - mean) * (x - mean);
    }
    double sd = v.length > 1 ? Math.sqrt(sq / (v.length - 1)) : 0;
    return new Spread(
        v.length, mean, sd, mean == 0 ? 0 : sd / mean, v[0], percentile(v, 50), v[v.length - 1]);
  }

  /** Summarizes {@code values}; at least one is needed. */
  public static Spread of(Collection<? extends Number> values) {
    return of(values.stream().mapToDouble(Number::doubleValue).toArray());
  }

  /**
   * The {@code p}-th percentile (0-100) of sorted values, interpolated linearly between the two
   * nearest ranks (the definition of numpy's default and of most spreadsheets).
   */
  public static double percentile(double[] sorted, double p) {
    if (sorted.length == 0) {
      throw new IllegalArgumentException("no values");
    }
    if (p < 0 || p > 100) {
      throw new IllegalArgumentException("percentile out of range: " + p);
    }
    double rank = p / 100 * (sorted.length - 1);
    int lo = (int) Math.floor(rank);
    int hi = (int) Math.ceil(rank);
    return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
  }
}
