package io.hbench.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

class MedianIntervalTest {

  /**
   * The ranks of the 95% interval for the median in Campbell and Gardner, "Calculating confidence
   * intervals for some non-parametric analyses", BMJ 296 (1988), table 1: with values 1..n the
   * bounds are the ranks themselves.
   */
  @ParameterizedTest
  @CsvSource({"6,1,6", "7,1,7", "8,1,8", "9,2,8", "10,2,9", "11,2,10", "12,3,10", "20,6,15",
      "30,10,21"})
  void ranksMatchThePublishedTable(int n, int lowRank, int highRank) {
    double[] v = IntStream.rangeClosed(1, n).mapToDouble(i -> i).toArray();
    MedianInterval m = MedianInterval.of(v, 0.95);
    assertEquals(lowRank, m.low(), 0);
    assertEquals(highRank, m.high(), 0);
    assertTrue(m.coverage() >= 0.95, "coverage " + m.coverage());
  }

  @Test
  void tooFewValuesGiveAnUnboundedInterval() {
    MedianInterval m = MedianInterval.of(new double[] {3, 1, 2, 5, 4}, 0.95);
    assertEquals(3, m.median(), 0);
    assertFalse(m.bounded());
    assertEquals(Double.POSITIVE_INFINITY, m.relativeHalfWidth());
    assertEquals(6, MedianInterval.smallestBoundedSample(0.95));
  }

  /** n = 10: P(B &lt;= 1) = 11/1024, so the coverage is 1 - 22/1024. */
  @Test
  void coverageIsTheBinomials() {
    double[] v = {10, 1, 9, 2, 8, 3, 7, 4, 6, 5};
    MedianInterval m = MedianInterval.of(v, 0.95);
    assertEquals(1 - 22.0 / 1024, m.coverage(), 1e-12);
    assertEquals(5.5, m.median(), 0);
    assertEquals(3.5 / 5.5, m.relativeHalfWidth(), 1e-12);
  }
}
