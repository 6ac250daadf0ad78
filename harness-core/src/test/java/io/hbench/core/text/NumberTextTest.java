package io.hbench.core.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The tables' numbers are what the formatter wrote before they were written without one. */
class NumberTextTest {

  @Test
  void fixedIsTheFormattersFixedNotation() {
    SplittableRandom random = new SplittableRandom(3);
    double[] edges = {0, -0.0, 0.005, 1.005, 2.675, -1.005, -0.001, 0.125, 9999.995, 1e15,
        123456.5, -123456.5, 0.5, 1.5, 2.5, Double.NaN, Double.POSITIVE_INFINITY, 4.35, 1e-7};
    for (double v : edges) {
      for (int digits : new int[] {0, 2}) {
        assertEquals(String.format(Locale.ROOT, "%." + digits + "f", v),
            NumberText.fixed(v, digits), v + " to " + digits);
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
            NumberText.fixed(v, digits), v + " to " + digits);
        assertEquals(String.format(Locale.ROOT, "%+." + digits + "f", v),
            NumberText.signed(v, digits), v + " signed to " + digits);
      }
    }
  }

  @Test
  void significantIsTheFormattersGeneralNotation() {
    SplittableRandom random = new SplittableRandom(5);
    double[] edges = {0, -0.0, 1, 9.995, 9.996, 99.95, 99.949, 0.0001, 0.00009996, 0.000099994,
        123456, 999.5, 1000, 1e15, -1.005, 0.125, 2.675, 1e-7, -12345.678, 100, 1e-300, 5e-324,
        Double.MAX_VALUE, Double.NaN, Double.NEGATIVE_INFINITY};
    for (double v : edges) {
      for (int digits = 1; digits <= 5; digits++) {
        assertEquals(String.format(Locale.ROOT, "%." + digits + "g", v),
            NumberText.significant(v, digits), v + " to " + digits);
      }
    }
    for (int i = 0; i < 100_000; i++) {
      double v = (random.nextDouble() - 0.3) * Math.pow(10, random.nextInt(-7, 9));
      if (random.nextInt(4) == 0) {
        v = Math.round(v * 1000) / 1000.0;
      }
      for (int digits : new int[] {2, 3, 4}) {
        assertEquals(String.format(Locale.ROOT, "%." + digits + "g", v),
            NumberText.significant(v, digits), v + " to " + digits);
      }
    }
  }
}
