package io.hbench.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RankSumTestTest {

  /**
   * Hollander and Wolfe (1973), p. 69, the worked example of R's {@code wilcox.test}: W = 35 and
   * one-sided p = 0.1272 ({@code alternative = "greater"}), so two-sided p = 0.2544.
   */
  @Test
  void matchesThePublishedWorkedExample() {
    double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
    double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};
    RankSumTest.Result r = RankSumTest.test(x, y);
    assertEquals(35, r.u(), 0);
    assertEquals(0.2544, r.p(), 0.00005);
  }

  /** Five against five, fully apart: the exact p is 2 / C(10, 5) = 2/252. */
  @Test
  void separatedSamplesOfFiveAreSignificant() {
    RankSumTest.Result r =
        RankSumTest.test(new double[] {10, 11, 12, 13, 14}, new double[] {20, 21, 22, 23, 24});
    assertEquals(0, r.u(), 0);
    assertEquals(2.0 / 252, r.p(), 1e-12);
  }

  @Test
  void identicalSamplesGiveNoEvidence() {
    assertEquals(1, RankSumTest.test(new double[] {5, 5, 5}, new double[] {5, 5, 5}).p(), 0);
    assertTrue(RankSumTest.test(new double[] {1, 2, 3}, new double[] {1, 2, 3}).p() > 0.9);
  }

  /** benchstat's rule: 3 against 3 can never reach p &lt; 0.05 (2/20 = 0.1), 4 against 4 can. */
  @Test
  void smallestPValueSaysWhenNoDifferenceCanBeFound() {
    assertEquals(0.1, RankSumTest.smallestPValue(3, 3), 1e-12);
    assertEquals(2.0 / 70, RankSumTest.smallestPValue(4, 4), 1e-12);
    assertEquals(1, RankSumTest.smallestPValue(1, 1), 0);
  }
}
