package io.hbench.core.stats;

import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.MannWhitneyUTest;

/**
 * The two-sided Mann-Whitney U (Wilcoxon rank-sum) test between two samples of repeats: whether
 * one tends to be larger than the other, with no assumption of normality (benchstat's test). The
 * p-value is exact for small samples without ties and a normal approximation, corrected for ties
 * and continuity, otherwise (Apache Commons Statistics' {@code PValueMethod.AUTO}).
 */
public final class RankSumTest {

  private static final MannWhitneyUTest TEST =
      MannWhitneyUTest.withDefaults().with(AlternativeHypothesis.TWO_SIDED);

  private RankSumTest() {}

  /**
   * The result of a test.
   *
   * @param u the U statistic of {@code a}: the number of pairs (a, b) with a &gt; b, ties
   *     counting one half
   * @param p the two-sided p-value; 1 when every value of both samples is the same
   */
  public record Result(double u, double p) {}

  /** Tests {@code a} against {@code b}; each needs at least one value. */
  public static Result test(double[] a, double[] b) {
    if (a.length == 0 || b.length == 0) {
      throw new IllegalArgumentException("each sample needs at least one value");
    }
    MannWhitneyUTest.Result r = TEST.test(a, b);
    double p = r.getPValue();
    // All values tied: no evidence of any difference (the approximation divides 0 by 0).
    return new Result(r.getStatistic(), Double.isNaN(p) ? 1 : Math.min(1, p));
  }

  /**
   * The smallest two-sided p-value the exact test can give for samples of {@code n} and {@code
   * m} values, {@code 2 / C(n+m, n)}: when it is not below alpha, no difference could be found
   * significant, however large (benchstat's "need more samples").
   */
  public static double smallestPValue(int n, int m) {
    double ways = 1;
    for (int i = 1; i <= n; i++) {
      ways = ways * (m + i) / i;
    }
    return Math.min(1, 2 / ways);
  }
}
