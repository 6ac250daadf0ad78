package io.hbench.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import java.util.Random;
import org.apache.commons.math3.stat.regression.SimpleRegression;
import org.junit.jupiter.api.Test;

class SteadyStateTest {

  @Test
  void readsPercentAndWindowOrTheDefault() {
    assertEquals(new SteadyState(5, 7), SteadyState.parse("--until-stable", "5%,7"));
    assertEquals(new SteadyState(10, 7), SteadyState.parse("--until-stable", "10"));
    assertEquals(new SteadyState(2.5, 12), SteadyState.parse("--until-stable", "2.5,12"));
    assertEquals(SteadyState.DEFAULT, SteadyState.parse("--until-stable", ""));
    assertEquals("7.5%,7", SteadyState.DEFAULT.text());
    for (String bad : new String[] {"x", "0%", "150%", "5%,2", "5%,", "-1", "5%,7,9"}) {
      InvalidInputException e = assertThrows(InvalidInputException.class,
          () -> SteadyState.parse("--until-stable", bad));
      assertTrue(e.getMessage().startsWith("invalid value '" + bad + "' for --until-stable"),
          e.getMessage());
    }
  }

  @Test
  void theSlopesSignificanceIsCommonsMaths() {
    Random r = new Random(7);
    for (int round = 0; round < 200; round++) {
      int n = 3 + r.nextInt(20);
      double slope = r.nextGaussian() * 2;
      double[] y = new double[n + 3];
      SimpleRegression reference = new SimpleRegression();
      for (int i = 0; i < n; i++) {
        y[3 + i] = 100 + slope * i + r.nextGaussian() * 10;
        reference.addData(i, y[3 + i]);
      }
      assertEquals(reference.getSignificance(), SteadyState.slopeSignificance(y, 3, n), 1e-9,
          "n=" + n);
    }
  }

  @Test
  void steadyOnlyWithinTheBandAndWithoutASlope() {
    SteadyState s = new SteadyState(5, 7);
    double[] flat = {50, 100, 101, 99, 100, 102, 98, 100};
    assertTrue(s.holds(flat, flat.length), "the first, out-of-band rate is outside the window");
    assertFalse(s.holds(flat, 6), "fewer than the window");
    double[] wide = {100, 100, 100, 106, 100, 100, 100};
    assertFalse(s.holds(wide, wide.length), "one rate 6% off the mean");
    // Within 5% of the mean, yet falling by 1% an interval, every time: a trend, not noise.
    double[] sinking = {103, 102, 101, 100, 99, 98, 97};
    assertFalse(s.holds(sinking, sinking.length));
    double[] same = {100, 100, 100, 100, 100, 100, 100};
    assertTrue(s.holds(same, same.length));
    double[] idle = {0, 0, 0, 0, 0, 0, 0};
    assertFalse(s.holds(idle, idle.length), "no calls is not a steady state");
  }
}
