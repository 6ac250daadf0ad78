package io.hbench.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.commons.statistics.inference.ChiSquareTest;
import org.junit.jupiter.api.Test;

class YcsbDistributionsTest {

  static final int ITEMS = 1000;
  static final int DRAWS = 200_000;

  private static long[] counts(YcsbDistributions.Chooser c, long min, int items, long seed) {
    long[] counts = new long[items];
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < DRAWS; i++) {
      long v = c.next(r);
      assertTrue(v >= min && v < min + items, "drawn " + v);
      counts[(int) (v - min)]++;
    }
    return counts;
  }

  private static double pValue(double[] law, long[] observed) {
    return ChiSquareTest.withDefaults().test(law, observed).getPValue();
  }

  @Test
  void theZipfianDrawsFollowYcsbsLawForTheSameConstantAndItemCount() {
    YcsbDistributions.Zipfian z =
        new YcsbDistributions.Zipfian(10, 10 + ITEMS - 1, YcsbDistributions.ZIPFIAN_CONSTANT);
    double[] law = new double[ITEMS];
    double sum = 0;
    for (int k = 0; k < ITEMS; k++) {
      law[k] = z.probability(k);
      sum += law[k];
    }
    assertEquals(1.0, sum, 1e-9);
    // The first two items exactly as zipf has them: 1/zeta(n) and 1/(2^theta zeta(n)).
    assertEquals(1 / YcsbDistributions.zeta(0, ITEMS, 0.99, 0), law[0], 1e-12);
    assertEquals(Math.pow(0.5, 0.99) / YcsbDistributions.zeta(0, ITEMS, 0.99, 0), law[1], 1e-12);
    long[] observed = counts(z, 10, ITEMS, 7);
    assertTrue(pValue(law, observed) > 0.001, "p " + pValue(law, observed));
    // The test can tell: the same draws against the law moved by one item fail it.
    double[] shifted = new double[ITEMS];
    for (int k = 0; k < ITEMS; k++) {
      shifted[k] = law[(k + 1) % ITEMS];
    }
    assertTrue(pValue(shifted, observed) < 1e-9);
  }

  @Test
  void theZipfianOverMoreItemsExtendsItsZetaToTheSumOverAll() {
    YcsbDistributions.Zipfian small = new YcsbDistributions.Zipfian(0, 499, 0.99);
    YcsbDistributions.Zipfian grown = small.over(ITEMS);
    assertEquals(new YcsbDistributions.Zipfian(0, ITEMS - 1, 0.99).zetan, grown.zetan, 1e-9);
    assertEquals(ITEMS, grown.items);
  }

  @Test
  void ycsbsPrecomputedZetaIsTheSumItStandsFor() {
    // 10^10 terms is minutes; the first 10^6 and an integral bound of the rest agree with it.
    double head = YcsbDistributions.zeta(0, 1_000_000, 0.99, 0);
    double tail = (Math.pow(1e6 + 0.5, 0.01) - Math.pow(1e10 + 1.5, 0.01)) / -0.01;
    assertEquals(YcsbDistributions.SCRAMBLED_ZETAN, head + tail, 1e-3);
  }

  @Test
  void theScrambledZipfianPutsItsMostPopularItemWhereYcsbsHashDoes() {
    YcsbDistributions.Chooser c = YcsbDistributions.scrambledZipfian(0, ITEMS - 1);
    long[] observed = counts(c, 0, ITEMS, 11);
    int top = 0;
    for (int k = 1; k < ITEMS; k++) {
      top = observed[k] > observed[top] ? k : top;
    }
    // Item 0 of the 10^10 is the most popular; it lands on its hash within the range. Items
    // that hash to the same key add to it, so its share is at least item 0's.
    assertEquals(YcsbKeys.fnv64(0) % ITEMS, top);
    double share = (double) observed[top] / DRAWS;
    assertTrue(share > 1 / YcsbDistributions.SCRAMBLED_ZETAN - 0.005, "share " + share);
  }

  @Test
  void latestFavoursTheNewestItemsAndFollowsInserts() {
    AtomicLong latest = new AtomicLong(ITEMS);
    YcsbDistributions.Zipfian base = YcsbDistributions.SkewedLatest.base(ITEMS);
    YcsbDistributions.SkewedLatest c = new YcsbDistributions.SkewedLatest(latest::get, base);
    long[] observed = counts(c, 1, ITEMS, 13);
    // Item latest - k as the zipfian's item k: the newest is the most popular, then the one
    // before it, as YCSB's SkewedLatestGenerator draws them (never item 0).
    double[] law = new double[ITEMS];
    long[] byAge = new long[ITEMS];
    for (int k = 0; k < ITEMS; k++) {
      law[k] = base.probability(k);
      byAge[k] = observed[ITEMS - 1 - k];
    }
    assertTrue(pValue(law, byAge) > 0.001, "p " + pValue(law, byAge));
    latest.set(2 * ITEMS);
    SplittableRandom r = new SplittableRandom(17);
    int recent = 0;
    for (int i = 0; i < 10_000; i++) {
      long v = c.next(r);
      assertTrue(v >= 1 && v <= 2 * ITEMS, "drawn " + v);
      recent += v > ITEMS ? 1 : 0;
    }
    // After inserts the newest keys take the draws: the newer half has zeta(1000) / zeta(2000),
    // about 91%, of them.
    double expected = YcsbDistributions.zeta(0, ITEMS, 0.99, 0)
        / YcsbDistributions.zeta(0, 2 * ITEMS, 0.99, 0);
    assertEquals(expected, recent / 10_000.0, 0.01, recent + " of 10000 in the newer half");
  }

  @Test
  void hotspotSendsItsShareOfDrawsToTheHotSet() {
    long[] observed =
        counts(YcsbDistributions.hotspot(0, ITEMS - 1, 0.2, 0.8), 0, ITEMS, 19);
    double[] law = new double[ITEMS];
    for (int k = 0; k < ITEMS; k++) {
      law[k] = k < 200 ? 0.8 / 200 : 0.2 / 800;
    }
    assertTrue(pValue(law, observed) > 0.001, "p " + pValue(law, observed));
  }

  @Test
  void uniformIsUniform() {
    long[] observed = counts(YcsbDistributions.uniform(5, 5 + ITEMS - 1), 5, ITEMS, 23);
    assertTrue(ChiSquareTest.withDefaults().test(observed).getPValue() > 0.001);
  }
}
