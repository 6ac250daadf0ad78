package io.hbench.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.SplittableRandom;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Summing records' histograms gives what merging them pairwise gave. */
class LatencyHistogramTest {

  private static String encoded(SplittableRandom random, long scaleNanos) {
    Histogram h = new Histogram(3);
    for (int i = 0; i < 1000; i++) {
      h.recordValue(1 + (long) (random.nextDouble() * random.nextDouble() * scaleNanos));
    }
    return HistogramCodec.encode(h);
  }

  @Test
  void aSumOfEncodedHistogramsIsTheirPairwiseMerge() {
    SplittableRandom random = new SplittableRandom(9);
    LatencyHistogram merged = null;
    LatencyHistogram.Sum fromEncoded = new LatencyHistogram.Sum();
    LatencyHistogram.Sum fromDecoded = new LatencyHistogram.Sum();
    for (int i = 0; i < 50; i++) {
      // Ranges from a millisecond to a minute: later histograms reach beyond the first's range.
      String e = encoded(random, (long) Math.pow(10, 6 + i % 5));
      LatencyHistogram h = LatencyHistogram.decode(e);
      merged = merged == null ? h : merged.merge(h);
      fromEncoded.addEncoded(e);
      fromDecoded.add(h);
    }
    LatencyHistogram a = fromEncoded.result();
    LatencyHistogram b = fromDecoded.result();
    assertEquals(50_000, merged.count());
    for (LatencyHistogram s : new LatencyHistogram[] {a, b}) {
      assertEquals(merged.count(), s.count());
      for (double p : new double[] {0, 50, 90, 99, 99.9, 100}) {
        assertEquals(merged.percentileMillis(p), s.percentileMillis(p), 0, "p" + p);
      }
      assertEquals(merged.maxMillis(), s.maxMillis(), 0);
    }
    assertNull(fromEncoded.result(), "a sum starts again from none");
  }
}
