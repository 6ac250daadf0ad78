package io.hbench.core.fs;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * Figures of one operation: exact call, byte and failure counts, and the time of the calls that
 * were timed (every call, or a random sample of them; see {@link IoOperation#sampled()}) as a sum
 * and an HdrHistogram in nanoseconds. Not thread-safe: a stream owns one per operation, and
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
  private Histogram histogram;

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

  /** Sum of the squares of the timed calls' durations, for the sampling error. */
  public double timedNanosSquared() {
    return timedNanosSquared;
  }

  /**
   * Total time spent in the calls, in nanoseconds: exact when every call was timed, otherwise
   * {@code calls x mean of the timed calls}, an unbiased estimate from a random sample.
   */
  public double totalNanos() {
    if (timedCalls == 0) {
      return 0;
    }
    return timedCalls >= calls ? timedNanos : (double) timedNanos * calls / timedCalls;
  }

  /**
   * Standard error of {@link #totalNanos()} in nanoseconds: 0 when every call was timed, else the
   * sampling error of a simple random sample, {@code N s / sqrt(n) sqrt(1 - n/N)}.
   */
  public double totalNanosError() {
    if (timedCalls >= calls || timedCalls < 2) {
      return 0;
    }
    double n = timedCalls;
    double mean = timedNanos / n;
    double variance = Math.max(0, (timedNanosSquared - n * mean * mean) / (n - 1));
    return calls * Math.sqrt(variance / n) * Math.sqrt(1 - n / calls);
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
    ByteBuffer buf = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
    int n = histogram.encodeIntoCompressedByteBuffer(buf);
    byte[] bytes = new byte[n];
    buf.flip();
    buf.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /** Rebuilds figures written by a side file. */
  public static OperationStats of(
      long calls,
      long bytes,
      long failures,
      long timedCalls,
      long timedNanos,
      double timedNanosSquared,
      String encodedHistogram) {
    OperationStats s = new OperationStats();
    s.calls = calls;
    s.bytes = bytes;
    s.failures = failures;
    s.timedCalls = timedCalls;
    s.timedNanos = timedNanos;
    s.timedNanosSquared = timedNanosSquared;
    if (encodedHistogram != null) {
      try {
        s.histogram =
            Histogram.decodeFromCompressedByteBuffer(
                ByteBuffer.wrap(Base64.getDecoder().decode(encodedHistogram)), 0);
      } catch (DataFormatException e) {
        throw new IllegalArgumentException("corrupt latency histogram: " + e.getMessage(), e);
      }
    }
    return s;
  }
}
