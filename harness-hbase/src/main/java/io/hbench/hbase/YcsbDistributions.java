package io.hbench.hbase;

import java.util.function.LongSupplier;
import java.util.random.RandomGenerator;

/**
 * YCSB's request distributions, drawn as YCSB's generators draw them (its {@code
 * ZipfianGenerator}, {@code ScrambledZipfianGenerator}, {@code SkewedLatestGenerator}, {@code
 * HotspotIntegerGenerator}, {@code UniformLongGenerator}), so that a workload picks its keys as
 * YCSB would. Unlike YCSB's, a chooser holds no random source of its own: each client thread
 * passes its own, seeded, so a run can be repeated. The zipfian's sums over the items, which take
 * time in proportion to their number, are worked out once and shared.
 */
final class YcsbDistributions {

  /** YCSB's zipfian constant (theta). */
  static final double ZIPFIAN_CONSTANT = 0.99;

  /**
   * The item count YCSB's scrambled zipfian draws from before hashing into the key range, and its
   * zeta, as YCSB precomputed it for {@link #ZIPFIAN_CONSTANT}.
   */
  static final long SCRAMBLED_ITEMS = 10_000_000_000L;

  static final double SCRAMBLED_ZETAN = 26.46902820178302;

  private YcsbDistributions() {}

  /** Draws an item number. */
  interface Chooser {
    long next(RandomGenerator random);
  }

  /** The sum of {@code 1 / i^theta} for i from {@code from + 1} to {@code to}, added to {@code sum}. */
  static double zeta(long from, long to, double theta, double sum) {
    double z = sum;
    for (long i = from; i < to; i++) {
      z += 1 / Math.pow(i + 1, theta);
    }
    return z;
  }

  /** Uniform over [min, max]. */
  static Chooser uniform(long min, long max) {
    long n = max - min + 1;
    return r -> min + r.nextLong(n);
  }

  /**
   * YCSB's hotspot: {@code hotOpnFraction} of the draws fall uniformly in the first {@code
   * hotSetFraction} of [min, max], the others uniformly in the rest.
   */
  static Chooser hotspot(long min, long max, double hotSetFraction, double hotOpnFraction) {
    long n = max - min + 1;
    long hot = (long) (n * hotSetFraction);
    long cold = n - hot;
    return r -> {
      if (hot > 0 && (r.nextDouble() < hotOpnFraction || cold == 0)) {
        return min + r.nextLong(hot);
      }
      return min + hot + r.nextLong(cold);
    };
  }

  /**
   * The zipfian over [min, max] (item min the most popular) by Gray et al.'s method ("Quickly
   * generating billion-record synthetic databases", SIGMOD 1994), as YCSB draws it.
   */
  static final class Zipfian implements Chooser {
    final long min;
    final long items;
    final double theta;
    final double zetan;
    private final double alpha;
    private final double eta;
    private final double half;

    Zipfian(long min, long max, double theta) {
      this(min, max, theta, zeta(0, max - min + 1, theta, 0));
    }

    Zipfian(long min, long max, double theta, double zetan) {
      this.min = min;
      this.items = max - min + 1;
      this.theta = theta;
      this.zetan = zetan;
      double zeta2 = zeta(0, 2, theta, 0);
      this.alpha = 1 / (1 - theta);
      this.eta = (1 - Math.pow(2.0 / items, 1 - theta)) / (1 - zeta2 / zetan);
      this.half = Math.pow(0.5, theta);
    }

    @Override
    public long next(RandomGenerator r) {
      double u = r.nextDouble();
      double uz = u * zetan;
      if (uz < 1) {
        return min;
      }
      if (uz < 1 + half) {
        return min + 1;
      }
      return min + (long) (items * Math.pow(eta * u - eta + 1, alpha));
    }

    /**
     * The chance that {@link #next} draws {@code min + k}: the share of u in [0, 1) the method
     * maps to it (for tests: the law the draws must follow).
     */
    double probability(long k) {
      double first = 1 / zetan;
      double second = (1 + half) / zetan;
      if (k == 0) {
        return first;
      }
      if (k == 1) {
        return second - first;
      }
      // min + k for k >= 2 when k <= items * (eta u - eta + 1)^alpha < k + 1, and u >= second.
      double lo = Math.max(second, uAt(k));
      double hi = Math.min(1, uAt(k + 1));
      return Math.max(0, hi - lo);
    }

    private double uAt(long k) {
      return (Math.pow((double) k / items, 1 / alpha) - 1 + eta) / eta;
    }

    /** This distribution over more items, its zeta extended rather than summed again. */
    Zipfian over(long newItems) {
      return newItems == items ? this
          : new Zipfian(min, min + newItems - 1, theta, zeta(items, newItems, theta, zetan));
    }
  }

  /**
   * YCSB's scrambled zipfian over [min, max]: a zipfian over {@link #SCRAMBLED_ITEMS} items,
   * hashed (FNV-1a, 64 bits) into the range, so that the popular items are spread over it rather
   * than at its start. What YCSB's {@code requestdistribution=zipfian} uses.
   */
  static Chooser scrambledZipfian(long min, long max) {
    Zipfian z = new Zipfian(0, SCRAMBLED_ITEMS, ZIPFIAN_CONSTANT, SCRAMBLED_ZETAN);
    long n = max - min + 1;
    return r -> min + Math.floorMod(YcsbKeys.fnv64(z.next(r)), n);
  }

  /**
   * YCSB's skewed latest: the newest item (the highest {@code latest} gives) most popular, then
   * the one before it, zipfian by age. YCSB draws {@code latest - zipfian(latest)}, never item 0.
   */
  static final class SkewedLatest implements Chooser {
    private final LongSupplier latest;
    private Zipfian zipfian;

    SkewedLatest(LongSupplier latest, Zipfian base) {
      this.latest = latest;
      this.zipfian = base;
    }

    /** A zipfian to start from, over {@code items} items: shared by the threads' choosers. */
    static Zipfian base(long items) {
      return new Zipfian(0, Math.max(2, items) - 1, ZIPFIAN_CONSTANT);
    }

    @Override
    public long next(RandomGenerator r) {
      long max = latest.getAsLong();
      if (max > zipfian.items) {
        zipfian = zipfian.over(max);
      }
      return max - zipfian.next(r);
    }
  }
}
