package io.hbench.core.fs;

import io.hbench.core.stats.HistogramCodec;
import org.HdrHistogram.Histogram;

/**
 * Figures of one operation: exact call, byte and failure counts; the time of the calls timed
 * exactly (every call, or for {@link IoOperation#sampled()} operations a random sample) as a sum
 * and an HdrHistogram in nanoseconds; and, for sampled operations, the time of the other calls
 * by the {@link TickSampler}. Not thread-safe: a stream owns one per operation, and
 * {@link IoStatistics} guards the ones it shares.
 */
public final class OperationStats {

  /** Two significant digits: 1% resolution, small enough to keep one per open stream. */
  private static final int DIGITS = 2;

  long calls;
  long bytes;
  long failures;
  long timedCalls;
  long timedNanos;
  double timedNanosSquared;
  /** Time of the calls outside the exact sample, by the {@link TickSampler}. */
  long coarseNanos;
  private Histogram histogram;

  /** Whether calls outside the exact sample are timed by the tick sampler (sampled operations). */
  boolean hasCoarse;

  /**
   * Records one call timed exactly, for callers that time their own operations (such as Slive's
   * clients): counted, its bytes and failure added, its time summed and put in the histogram.
   */
  public void recordCall(long nanos, long callBytes, boolean failed) {
    calls++;
    bytes += callBytes;
    if (failed) {
      failures++;
    }
    timed(nanos);
  }

  /** Records one timed call. */
  void timed(long nanos) {
    long n = Math.max(0, nanos);
    timedCalls++;
    timedNanos += n;
    timedNanosSquared += (double) n * n;
    if (histogram == null) {
      histogram = new Histogram(DIGITS);
    }
    histogram.recordValue(Math.max(1, n));
  }

  public long calls() {
    return calls;
  }

  public long bytes() {
    return bytes;
  }

  public long failures() {
    return failures;
  }

  public long timedCalls() {
    return timedCalls;
  }

  /** Sum of the timed calls' durations, ns. */
  public long timedNanos() {
    return timedNanos;
  }

  /** Sum of the squares of the exactly timed calls' durations. */
  public double timedNanosSquared() {
    return timedNanosSquared;
  }

  /** Time of the calls outside the exact sample, by the tick sampler, ns. */
  public long coarseNanos() {
    return coarseNanos;
  }

  /** Whether some calls were timed by the tick sampler. */
  public boolean hasCoarse() {
    return hasCoarse;
  }

  /**
   * Total time spent in the calls, ns: the exactly timed calls plus, for operations timed on a
   * sample, the other calls by the tick sampler. Exact when every call was timed exactly.
   */
  public double totalNanos() {
    return timedNanos + coarseNanos;
  }

  /** Whether {@link #totalNanos()} includes coarse-clock time, and so is an estimate. */
  public boolean estimated() {
    return hasCoarse;
  }

  /**
   * Upper bound of the standard error of {@link #totalNanos()}, ns: 0 when every call was timed
   * exactly, else {@code sqrt(coarse time x tick)} (see {@link TickSampler}).
   */
  public double totalNanosError() {
    return hasCoarse ? TickSampler.errorBound(coarseNanos) : 0;
  }

  /** Mean of the exactly timed calls, ns; 0 when none was. */
  public double meanTimedNanos() {
    return timedCalls == 0 ? 0 : (double) timedNanos / timedCalls;
  }

  /** Latency histogram of the timed calls in nanoseconds (a copy), or null when none was timed. */
  public Histogram histogram() {
    return histogram == null ? null : histogram.copy();
  }

  /** Adds {@code other} into this. */
  public void add(OperationStats other) {
    calls += other.calls;
    bytes += other.bytes;
    failures += other.failures;
    timedCalls += other.timedCalls;
    timedNanos += other.timedNanos;
    timedNanosSquared += other.timedNanosSquared;
    coarseNanos += other.coarseNanos;
    hasCoarse |= other.hasCoarse;
    if (other.histogram != null) {
      if (histogram == null) {
        histogram = new Histogram(DIGITS);
      }
      histogram.add(other.histogram);
    }
  }

  /** A copy with the counts only (no histogram), safe to take of a stream still in use. */
  OperationStats countsOnly() {
    OperationStats c = new OperationStats();
    c.calls = calls;
    c.bytes = bytes;
    c.failures = failures;
    c.timedCalls = timedCalls;
    c.timedNanos = timedNanos;
    c.timedNanosSquared = timedNanosSquared;
    c.coarseNanos = coarseNanos;
    c.hasCoarse = hasCoarse;
    return c;
  }

  public OperationStats copy() {
    OperationStats c = countsOnly();
    c.histogram = histogram == null ? null : histogram.copy();
    return c;
  }

  /** What happened between {@code earlier} (a snapshot of the same figures) and this. */
  public OperationStats minus(OperationStats earlier) {
    OperationStats d = copy();
    if (earlier == null) {
      return d;
    }
    d.calls -= earlier.calls;
    d.bytes -= earlier.bytes;
    d.failures -= earlier.failures;
    d.timedCalls -= earlier.timedCalls;
    d.timedNanos -= earlier.timedNanos;
    d.timedNanosSquared -= earlier.timedNanosSquared;
    d.coarseNanos -= earlier.coarseNanos;
    if (d.histogram != null && earlier.histogram != null) {
      d.histogram.subtract(earlier.histogram);
    }
    return d;
  }

  /** The histogram, compressed and Base64-encoded, for side files; null when empty. */
  public String encodedHistogram() {
    if (histogram == null) {
      return null;
    }
    return HistogramCodec.encode(histogram);
  }

  /**
   * These figures as one line of space-separated fields (histogram compressed and Base64, or
   * {@code -}), for side files and MapReduce records; {@link #parseText} reads it back.
   */
  public String toText() {
    String h = encodedHistogram();
    return calls + " " + bytes + " " + failures + " " + timedCalls + " " + timedNanos + " "
        + timedNanosSquared + " " + coarseNanos + " " + hasCoarse + " " + (h == null ? "-" : h);
  }

  /** Reads what {@link #toText()} wrote; throws IllegalArgumentException when malformed. */
  public static OperationStats parseText(String text) {
    String[] f = text.trim().split(" ");
    if (f.length != 9) {
      throw new IllegalArgumentException("malformed operation figures: " + text);
    }
    try {
      return of(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]),
          Long.parseLong(f[3]), Long.parseLong(f[4]), Double.parseDouble(f[5]),
          Long.parseLong(f[6]), Boolean.parseBoolean(f[7]), "-".equals(f[8]) ? null : f[8]);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("malformed operation figures: " + text, e);
    }
  }

  /** Rebuilds figures written by a side file. */
  public static OperationStats of(
      long calls,
      long bytes,
      long failures,
      long timedCalls,
      long timedNanos,
      double timedNanosSquared,
      long coarseNanos,
      boolean hasCoarse,
      String encodedHistogram) {
    OperationStats s = new OperationStats();
    s.coarseNanos = coarseNanos;
    s.hasCoarse = hasCoarse;
    s.calls = calls;
    s.bytes = bytes;
    s.failures = failures;
    s.timedCalls = timedCalls;
    s.timedNanos = timedNanos;
    s.timedNanosSquared = timedNanosSquared;
    if (encodedHistogram != null) {
      s.histogram = HistogramCodec.decode(encodedHistogram);
    }
    return s;
  }
}
