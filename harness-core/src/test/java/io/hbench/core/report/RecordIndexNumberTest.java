package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The tables' numbers are what the formatter wrote before they were written without one. */
class RecordIndexNumberTest {

  @Test
  void fixedIsTheFormattersFixedNotation() {
    SplittableRandom random = new SplittableRandom(3);
    double[] edges = {0, -0.0, 0.005, 1.005, 2.675, -1.005, -0.001, 0.125, 9999.995, 1e15,
        123456.5, -123456.5, 0.5, 1.5, 2.5, Double.NaN, Double.POSITIVE_INFINITY, 4.35, 1e-7};
    for (double v : edges) {
      for (int digits : new int[] {0, 2}) {
        assertEquals(String.format(Locale.ROOT, "%." + digits + "f", v),
            RecordIndex.fixed(v, digits), v + " to " + digits);
      }
    }
    for (int i = 0; i < 100_000; i++) {
      double scale = Math.pow(10, random.nextInt(-3, 9));
      double v = (random.nextDouble() - 0.3) * scale;
      if (random.nextInt(4) == 0) {
        v = Math.round(v * 1000) / 1000.0;
      }
      for (int digits : new int[] {0, 2}) {
        assertEquals(String.format(Locale.ROOT, "%." + digits + "f", v),
            RecordIndex.fixed(v, digits), v + " to " + digits);
      }
    }
  }
}
