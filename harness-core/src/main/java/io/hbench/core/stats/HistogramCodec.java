package io.hbench.core.stats;

import io.hbench.core.annotation.Internal;
import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * The one text form of a latency histogram, in records, side files and task outputs: HdrHistogram
 * compressed, then Base64. Internal to the core (it names HdrHistogram's class, which {@code
 * bench.jar} relocates); readers of records use {@link LatencyHistogram}.
 */
@Internal
public final class HistogramCodec {

  private HistogramCodec() {}

  /** {@code h} as text. */
  public static String encode(Histogram h) {
    ByteBuffer buf = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
    int n = h.encodeIntoCompressedByteBuffer(buf);
    byte[] bytes = new byte[n];
    buf.flip();
    buf.get(bytes);
    return Base64.getEncoder().encodeToString(bytes);
  }

  /**
   * Adds the histogram {@link #encode} wrote to {@code sum}, decoded with int counts (a run's
   * counts per bucket fit): half the memory of a decoded histogram, which for a history of
   * thousands of records is most of what summing them allocates.
   */
  public static void addTo(Histogram sum, String text) {
    try {
      sum.add(org.HdrHistogram.IntCountsHistogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0));
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("corrupt latency histogram: " + e.getMessage(), e);
    }
  }

  /** The histogram {@link #encode} wrote; throws IllegalArgumentException for anything else. */
  public static Histogram decode(String text) {
    try {
      return Histogram.decodeFromCompressedByteBuffer(
          ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0);
    } catch (DataFormatException | RuntimeException e) {
      throw new IllegalArgumentException("corrupt latency histogram: " + e.getMessage(), e);
    }
  }
}
