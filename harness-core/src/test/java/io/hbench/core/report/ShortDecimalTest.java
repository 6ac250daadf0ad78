package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ShortDecimalTest {

  private static double parse(String s) {
    return ShortDecimal.parse(s.toCharArray(), 0, s.length());
  }

  /** Bit for bit what Double.parseDouble gives, or NaN (left to it). */
  private static void same(String s) {
    double v = parse(s);
    if (!Double.isNaN(v)) {
      assertEquals(Double.doubleToRawLongBits(Double.parseDouble(s)),
          Double.doubleToRawLongBits(v), s);
    }
  }

  @Test
  void decimalsAsJsonWritesThemAreTheDoublesTheJdkReads() {
    SplittableRandom random = new SplittableRandom(7);
    int fast = 0;
    for (int i = 0; i < 300_000; i++) {
      // Doubles as a writer prints them (shortest form), and made-up decimals of every length.
      double d = switch (i % 4) {
        case 0 -> random.nextDouble() * Math.pow(10, random.nextInt(-8, 12));
        case 1 -> Math.round(random.nextDouble() * 1e6) / 1000.0;
        case 2 -> -random.nextInt(100_000) / 100.0;
        default -> Double.longBitsToDouble(random.nextLong()) % 1e30;
      };
      String s = Double.toString(d);
      same(s);
      fast += Double.isNaN(parse(s)) ? 0 : 1;
      StringBuilder made = new StringBuilder();
      made.append(random.nextBoolean() ? "-" : "");
      made.append(random.nextLong(0, Long.MAX_VALUE) % (long) Math.pow(10, random.nextInt(1, 18)));
      if (random.nextBoolean()) {
        made.append('.').append(random.nextLong(0, Long.MAX_VALUE) % 1_000_000_000L);
      }
      if (random.nextInt(3) == 0) {
        made.append(random.nextBoolean() ? 'e' : 'E').append(random.nextInt(-40, 40));
      }
      same(made.toString());
    }
    assertTrue(fast > 150_000, "the usual decimals take the short way: " + fast);
  }

  @Test
  void edgesAreExactOrLeftToTheJdk() {
    for (String s : new String[] {"0", "-0", "0.0", "-0.0", "0.526", "41.0", "1e22", "1e23",
        "9007199254740993", "123456789012345", "1234567890123456", "0.1e-22", "1E+5", "5e-324",
        "1.7976931348623157E308", "00012.50", "1.", ".5", "-", "", "1e", "1e+", "1.2.3", "NaN",
        "Infinity", "1x", "0.000000000000000000000000001"}) {
      same(s);
    }
    assertEquals(0.526, parse("0.526"));
    assertEquals(-0.0, parse("-0.0"));
    assertTrue(Double.isNaN(parse("1234567890123456")), "16 digits are left to the JDK");
    assertTrue(Double.isNaN(parse("1.2.3")));
    assertTrue(Double.isNaN(parse("")));
    assertTrue(Double.isNaN(parse("-")));
  }
}
