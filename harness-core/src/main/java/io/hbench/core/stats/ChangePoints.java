package io.hbench.core.stats;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Where a series of runs changed level: E-divisive means with a significance test, as Apache
 * Otava (formerly DataStax Hunter) finds change points in benchmark history, ported so that the
 * same series and options give the same points (checked against Otava's own test fixtures).
 *
 * <p>The series is cut into windows of {@code window} points, each half a window after the last
 * (or after the last point found). In each window the split that maximises Matteson and James's
 * divergence q-hat (alpha 1) is tested with a two-sided Student t-test between its two sides;
 * a significant one is kept and its two sides searched again, until the best candidate is not
 * significant. The first pass is lenient (ten times {@code maxPValue} below 0.05). The points of
 * every window are then tested against their neighbours on the whole series, and the weakest
 * removed one at a time: the one with the highest p-value while it is not below {@code
 * maxPValue}, then the one with the smallest relative change while that is not above {@code
 * minMagnitude}. As in Otava, after a removal only the points right of it are tested again.
 */
public final class ChangePoints {

  /**
   * The method's options.
   *
   * @param window points per window, at least 2
   * @param maxPValue a change is kept only when its p-value is below this
   * @param minMagnitude a change is kept only when its relative change exceeds this (0.05: 5%)
   */
  public record Options(int window, double maxPValue, double minMagnitude) {

    /** Otava's defaults: a window of 50, p below 0.001, any magnitude. */
    public static final Options DEFAULT = new Options(50, 0.001, 0.0);

    public Options {
      if (window < 2) {
        throw new IllegalArgumentException("a window needs at least 2 points");
      }
      if (!(maxPValue > 0 && maxPValue <= 1) || !(minMagnitude >= 0)) {
        throw new IllegalArgumentException("p-value in (0, 1], magnitude 0 or more");
      }
    }
  }

  /**
   * A change: the series' level before and after it, and how sure the test is.
   *
   * @param index the first point of the new level
   * @param pValue the two-sided t-test's p-value between the neighbouring segments
   * @param meanBefore the mean of the segment before (to the previous change)
   * @param meanAfter the mean of the segment after (to the next change)
   * @param stdBefore the population standard deviation before
   * @param stdAfter after
   */
  public record Change(int index, double pValue, double meanBefore, double meanAfter,
      double stdBefore, double stdAfter) {

    /** The change of the mean, in percent of the level before; 0 when that level is 0. */
    public double forwardChangePercent() {
      return forward() * 100;
    }

    /** The larger of the relative changes forward and backward (0.5 either for x1.5 or /1.5). */
    public double magnitude() {
      double backward = meanAfter == 0 ? 0 : meanBefore / meanAfter - 1.0;
      return Math.max(Math.abs(forward()), Math.abs(backward));
    }

    private double forward() {
      return meanBefore == 0 ? 0 : meanAfter / meanBefore - 1.0;
    }
  }

  private ChangePoints() {}

  /**
   * The changes of {@code series} (NaN for a missing point: the one before it is used, or the
   * first after it at the start), in order.
   */
  public static List<Change> find(double[] series, Options o) {
    double[] x = filled(series);
    double p = o.maxPValue();
    double firstPass = p < 0.05 ? p * 10 : p < 0.5 ? p * 2 : p;
    List<Change> weak = split(x, o.window(), firstPass);
    return merge(weak, x, p, o.minMagnitude());
  }

  /**
   * The changes of {@link #find} that permutation tests ({@link #permutationPValue}) also find
   * below {@code maxPValue}: first over the whole series, that it changed at all (so a series of
   * pure noise raises a change no more often than the p-value says), then each between its
   * neighbours.
   */
  public static List<Change> confirmed(double[] series, List<Change> changes, double maxPValue) {
    List<Change> out = new ArrayList<>();
    if (changes.isEmpty()
        || permutationPValue(series, 0, series.length, maxPValue) >= maxPValue) {
      return out;
    }
    for (int i = 0; i < changes.size(); i++) {
      int from = i == 0 ? 0 : changes.get(i - 1).index();
      int to = i == changes.size() - 1 ? series.length : changes.get(i + 1).index();
      if (permutationPValue(series, from, to, maxPValue) < maxPValue) {
        out.add(changes.get(i));
      }
    }
    return out;
  }

  /**
   * A permutation p-value for the change at {@code at} between its neighbours {@code [from, to)}:
   * how often the largest two-sample t over every split of the segment, its values shuffled, is
   * at least the largest of the values as they are. It takes the search for the best split into
   * account, which a t-test of the split found cannot: on pure noise, Otava's method finds a
   * change in about 3% of 50-run series at p 0.001; confirmed by this test, in about 0.1%.
   * Seeded by the segment's values, so the same series gives the same p-value; it stops early
   * once the change cannot be below {@code maxPValue}.
   */
  public static double permutationPValue(double[] series, int from, int to, double maxPValue) {
    if (to - from < 4) {
      return 1.0; // no split with two runs a side
    }
    double[] x = Arrays.copyOfRange(filled(series), from, to);
    int permutations = (int) Math.min(100_000, Math.max(1_999, Math.ceil(5 / maxPValue)));
    double observed = largestT(x);
    long seed = Arrays.hashCode(x) * 31L + from;
    java.util.SplittableRandom random = new java.util.SplittableRandom(seed);
    long limit = (long) Math.floor(maxPValue * (permutations + 1));
    int atLeast = 0;
    for (int i = 0; i < permutations; i++) {
      for (int k = x.length - 1; k > 0; k--) {
        int j = random.nextInt(k + 1);
        double t = x[k];
        x[k] = x[j];
        x[j] = t;
      }
      if (largestT(x) >= observed) {
        atLeast++;
        if (atLeast > limit) {
          return (1.0 + atLeast) / (2.0 + i); // not below maxPValue whatever follows: an estimate
        }
      }
    }
    return (1.0 + atLeast) / (1.0 + permutations);
  }

  /** The largest |t| of a two-sample pooled t-test over every split of {@code x}, each side 2+. */
  private static double largestT(double[] x) {
    int n = x.length;
    double total = 0;
    double totalSq = 0;
    for (double v : x) {
      total += v;
      totalSq += v * v;
    }
    double best = 0;
    double sum = 0;
    double sq = 0;
    for (int k = 1; k < n; k++) {
      sum += x[k - 1];
      sq += x[k - 1] * x[k - 1];
      int n1 = k;
      int n2 = n - k;
      if (n1 < 2 || n2 < 2) {
        continue;
      }
      double m1 = sum / n1;
      double m2 = (total - sum) / n2;
      double ss = (sq - n1 * m1 * m1) + ((totalSq - sq) - n2 * m2 * m2);
      double pooled = Math.max(ss, 0) / (n - 2);
      double t = Math.abs(m1 - m2) / Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
      if (t > best || Double.isInfinite(t)) {
        best = t;
      }
    }
    return best;
  }

  private static double[] filled(double[] series) {
    double[] x = series.clone();
    for (int i = 1; i < x.length; i++) {
      if (Double.isNaN(x[i])) {
        x[i] = x[i - 1];
      }
    }
    for (int i = x.length - 2; i >= 0; i--) {
      if (Double.isNaN(x[i])) {
        x[i] = x[i + 1];
      }
    }
    return x;
  }

  /** Half-open {@code [start, end)} segments between the changes at {@code cuts}, empty ones left out. */
  private static List<int[]> intervals(List<Change> cuts, int n) {
    List<int[]> out = new ArrayList<>();
    int from = 0;
    for (Change c : cuts) {
      if (from != c.index()) {
        out.add(new int[] {from, c.index()});
      }
      from = c.index();
    }
    if (from != n) {
      out.add(new int[] {from, n});
    }
    return out;
  }

  /** Every window's changes, each then tested against its neighbours on the whole series. */
  private static List<Change> split(double[] x, int window, double p) {
    int n = x.length;
    int step = window / 2;
    List<Change> found = new ArrayList<>();
    int start = 0;
    while (start < n) {
      int end = Math.min(start + window, n);
      List<Change> fresh = detect(Arrays.copyOfRange(x, start, end), p);
      int last = 0;
      for (Change c : fresh) {
        int at = c.index() + start;
        last = Math.max(last, at);
        if (found.stream().noneMatch(f -> f.index() == at)) {
          found.add(new Change(at, 0, 0, 0, 0, 0));
        }
      }
      start = Math.max(last, start + step);
    }
    found.sort(Comparator.comparingInt(Change::index));
    List<int[]> iv = intervals(found, n);
    List<Change> tested = new ArrayList<>();
    for (Change c : found) {
      tested.add(test(c.index(), x, iv));
    }
    return tested;
  }

  /** One window's changes: bisect by the best q-hat while its split is significant. */
  static List<Change> detect(double[] w, double p) {
    Divergence d = new Divergence(w);
    List<Change> cuts = new ArrayList<>();
    while (true) {
      List<int[]> iv = intervals(cuts, w.length);
      int best = -1;
      double bestQ = Double.NEGATIVE_INFINITY;
      for (int[] s : iv) {
        if (s[1] - s[0] > 1) {
          double[] c = d.candidate(s[0], s[1]);
          if (c[1] > bestQ) {
            bestQ = c[1];
            best = (int) c[0];
          }
        }
      }
      if (best < 0) {
        return cuts;
      }
      Change c = test(best, w, iv);
      if (!(c.pValue() <= p)) {
        return cuts;
      }
      cuts.add(c);
      cuts.sort(Comparator.comparingInt(Change::index));
    }
  }

  /** Removes the weakest change until every one left is significant and large enough. */
  private static List<Change> merge(List<Change> cps, double[] x, double maxP, double minMagnitude) {
    List<Change> out = new ArrayList<>(cps);
    while (!out.isEmpty()) {
      Change weakest = out.get(0);
      for (Change c : out) {
        if (c.pValue() > weakest.pValue()) {
          weakest = c;
        }
      }
      if (weakest.pValue() < maxP) {
        weakest = out.get(0);
        for (Change c : out) {
          if (c.magnitude() < weakest.magnitude()) {
            weakest = c;
          }
        }
        if (weakest.magnitude() > minMagnitude) {
          return out;
        }
      }
      int k = out.indexOf(weakest);
      out.remove(k);
      List<int[]> iv = intervals(out, x.length);
      // As Otava does: the points right of the removed one are tested again, the left one not.
      for (int j = k; j <= k + 1 && j < out.size(); j++) {
        out.set(j, test(out.get(j).index(), x, iv));
      }
    }
    return out;
  }

  /**
   * The change at {@code at} tested between the segments around it: the two it separates when
   * it is a boundary of {@code iv}, or the two halves of the segment it falls in.
   */
  private static Change test(int at, double[] x, List<int[]> iv) {
    for (int i = 0; i < iv.size(); i++) {
      int[] s = iv.get(i);
      if (s[1] == at) {
        return compare(x, s[0], at, iv.get(i + 1)[1]);
      }
      if (s[0] < at && at < s[1]) {
        return compare(x, s[0], at, s[1]);
      }
    }
    throw new IllegalStateException("change " + at + " in no segment");
  }

  /** {@code x[from, at)} against {@code x[at, to)}: Student's t-test on the population stds. */
  private static Change compare(double[] x, int from, int at, int to) {
    int n1 = at - from;
    int n2 = to - at;
    double m1 = pairwise(x, from, n1, 0, false) / n1;
    double m2 = pairwise(x, at, n2, 0, false) / n2;
    double s1 = n1 >= 2 ? Math.sqrt(pairwise(x, from, n1, m1, true) / n1) : 0.0;
    double s2 = n2 >= 2 ? Math.sqrt(pairwise(x, at, n2, m2, true) / n2) : 0.0;
    double p = 1.0;
    if (n1 + n2 > 2) {
      double v1 = n1 == 1 ? 0 : s1 * s1;
      double v2 = n2 == 1 ? 0 : s2 * s2;
      double df = n1 + n2 - 2.0;
      double pooled = ((n1 - 1) * v1 + (n2 - 1) * v2) / df;
      double t = (m1 - m2) / Math.sqrt(pooled * (1.0 / n1 + 1.0 / n2));
      p = Double.isNaN(t) ? Double.NaN : Double.isInfinite(t) ? 0.0
          : 2 * TDistribution.of(df).survivalProbability(Math.abs(t));
    }
    return new Change(at, p, m1, m2, s1, s2);
  }

  private static double term(double[] x, int i, double mean, boolean squares) {
    if (!squares) {
      return x[i];
    }
    double d = x[i] - mean;
    return d * d;
  }

  /**
   * The sum of {@code x[from, from + n)}, or with {@code squares} of the values' squared
   * distances from {@code mean}, in numpy's pairwise order: the bits Otava's means and stds have.
   */
  private static double pairwise(double[] x, int from, int n, double mean, boolean squares) {
    if (n < 8) {
      double s = 0.0;
      for (int i = 0; i < n; i++) {
        s += term(x, from + i, mean, squares);
      }
      return s;
    }
    if (n <= 128) {
      double[] r = new double[8];
      for (int j = 0; j < 8; j++) {
        r[j] = term(x, from + j, mean, squares);
      }
      int i = 8;
      for (; i < n - n % 8; i += 8) {
        for (int j = 0; j < 8; j++) {
          r[j] += term(x, from + i + j, mean, squares);
        }
      }
      double s = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
      for (; i < n; i++) {
        s += term(x, from + i, mean, squares);
      }
      return s;
    }
    int half = n / 2;
    half -= half % 8;
    return pairwise(x, from, half, mean, squares) + pairwise(x, from + half, n - half, mean, squares);
  }

  /**
   * One window's pairwise distances, summed once, from which q-hat of every split of every
   * segment follows in the order Otava's numpy computes it.
   */
  private static final class Divergence {
    private final double[] w;
    private final double[] v;
    private final double[][] h;

    Divergence(double[] w) {
      this.w = w;
      int m = Math.max(0, w.length - 1);
      v = new double[m];
      h = new double[m][m];
      for (int c = 0; c < m; c++) {
        double s = 0;
        for (int r = 0; r <= c; r++) {
          s += Math.abs(w[r] - w[c + 1]);
        }
        v[c] = s;
      }
      for (int r = 0; r < m; r++) {
        double run = 0;
        for (int c = r; c < m; c++) {
          run += Math.abs(w[r] - w[c + 1]);
          h[r][c] = run;
        }
      }
    }

    /** The best split of {@code [s, e)}: {index, q-hat}; the first of equal ones. */
    double[] candidate(int s, int e) {
      int l = e - 1 - s;
      double[] cumV = new double[l];
      for (int k = 0; k < l; k++) {
        double sub = 0.0;
        for (int r = 0; r < s; r++) {
          sub += Math.abs(w[r] - w[s + 1 + k]);
        }
        double vs = v[s + k] - sub;
        cumV[k] = k == 0 ? vs : cumV[k - 1] + vs;
      }
      double[][] cumH = new double[l][l];
      double[][] revH = new double[l][l];
      for (int b = 0; b < l; b++) {
        for (int a = 0; a < l; a++) {
          cumH[a][b] = a == 0 ? h[s][s + b] : cumH[a - 1][b] + h[s + a][s + b];
        }
        for (int a = l - 1; a >= 0; a--) {
          revH[a][b] = a == l - 1 ? h[s + a][s + b] : revH[a + 1][b] + h[s + a][s + b];
        }
      }
      int bestA = 0;
      double best = Double.NEGATIVE_INFINITY;
      for (int a = 0; a < l; a++) {
        for (int b = 0; b < l; b++) {
          double q;
          if (b < a) {
            q = 0.0;
          } else {
            double aTerm = (2.0 / (b + 2)) * (cumH[a][b] - (a >= 1 ? cumV[a - 1] : 0.0));
            double bTerm = a >= 1 ? ((double) (2 * (b - a + 1)) / ((b + 2) * a)) * cumV[a - 1] : 0.0;
            double cTerm = b > a ? ((double) (2 * (a + 1)) / ((b + 2) * (b - a))) * revH[a + 1][b] : 0.0;
            q = (aTerm - bTerm) - cTerm;
          }
          if (q > best) {
            best = q;
            bestA = a;
          }
        }
      }
      return new double[] {s + bestA + 1, best};
    }
  }
}
