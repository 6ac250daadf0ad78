package io.hbench.core.stats;

import org.HdrHistogram.Histogram;

/**
 * The latencies of an operation load as a record keeps them (an HdrHistogram, compressed and
 * Base64-encoded), decoded so that several records' latencies can be merged and read: the
 * percentiles of merged histograms are exact to the histogram's precision, where averaging
 * percentiles is not. The histogram library stays inside (bench.jar relocates it), so an
 * embedding tool depends only on this type.
 */
public final class LatencyHistogram {

  private final Histogram histogram;

  private LatencyHistogram(Histogram histogram) {
    this.histogram = histogram;
  }

  /**
   * Decodes a record's {@code histogram} field.
   *
   * @throws IllegalArgumentException when the text is not an encoded histogram
   */
  public static LatencyHistogram decode(String encoded) {
    return new LatencyHistogram(HistogramCodec.decode(encoded));
  }

  /**
   * Latencies added up from many histograms: one copy, where merging them pairwise copies a
   * growing histogram once per repeat (a label's 1,000 repeats in a history), and one histogram
   * held, not all of them.
   */
  public static final class Sum {
    private Histogram sum;

    /** Adds {@code h}'s latencies. */
    public Sum add(LatencyHistogram h) {
      if (sum == null) {
        sum = h.histogram.copy();
      } else {
        sum.add(h.histogram);
      }
      return this;
    }

    /**
     * Adds the latencies of a record's {@code histogram} field, without keeping a decoded
     * histogram of it.
     *
     * @throws IllegalArgumentException when the text is not an encoded histogram
     */
    public Sum addEncoded(String encoded) {
      if (sum == null) {
        sum = HistogramCodec.decode(encoded);
      } else {
        HistogramCodec.addTo(sum, encoded);
      }
      return this;
    }

    /** The latencies added, or null when none was; the sum starts again from none. */
    public LatencyHistogram result() {
      LatencyHistogram r = sum == null ? null : new LatencyHistogram(sum);
      sum = null;
      return r;
    }
  }

  /** A new histogram holding the latencies of this one and {@code other}. */
  public LatencyHistogram merge(LatencyHistogram other) {
    return new Sum().add(this).add(other).result();
  }

  /** Latencies recorded. */
  public long count() {
    return histogram.getTotalCount();
  }

  /** The {@code percentile}-th (0-100) latency, in milliseconds. */
  public double percentileMillis(double percentile) {
    return histogram.getValueAtPercentile(percentile) / 1e6;
  }

  /** The largest latency, in milliseconds (to the histogram's precision). */
  public double maxMillis() {
    return histogram.getMaxValue() / 1e6;
  }

  /** The encoded form a record keeps. */
  public String encoded() {
    return HistogramCodec.encode(histogram);
  }
}
