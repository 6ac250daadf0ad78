package io.hbench.core.stats;

import io.hbench.core.error.InvalidInputException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.commons.statistics.distribution.TDistribution;

/**
 * When a load's throughput counts as steady: the last {@code window} intervals' rates each lie
 * within {@code percent} of their mean (fio's {@code ss=iops:10%} deviation, warp's {@code
 * --autoterm} band) and a least-squares line through them has no slope significant at the 5%
 * level (a rate still climbing or sinking slowly stays within a wide band for a while; fio's
 * slope test has a fixed limit instead, this one scales with the noise).
 *
 * @param percent the largest distance from the window's mean, % of the mean
 * @param window how many intervals the judgement covers
 */
public record SteadyState(double percent, int window) {

  /** Close to warp's {@code --autoterm}: 7.5%, over 7 intervals. */
  public static final SteadyState DEFAULT = new SteadyState(7.5, 7);

  /** The significance level of the slope test. */
  static final double SLOPE_SIGNIFICANCE = 0.05;

  private static final Pattern TEXT = Pattern.compile("(\\d+(?:\\.\\d+)?)%?(?:,(\\d+))?");

  public SteadyState {
    if (!(percent > 0) || window < 3) {
      throw new IllegalArgumentException("a steady state needs a percent above 0 and a window of"
          + " at least 3 intervals");
    }
  }

  /**
   * Reads {@code PCT[%][,WINDOW]} ({@code 5%,7}, {@code 10}), or the default for an empty text.
   *
   * @throws InvalidInputException naming {@code option} for anything else
   */
  public static SteadyState parse(String option, String text) {
    String t = text == null ? "" : text.trim();
    if (t.isEmpty()) {
      return DEFAULT;
    }
    Matcher m = TEXT.matcher(t.toLowerCase(Locale.ROOT));
    if (m.matches()) {
      double pct = Double.parseDouble(m.group(1));
      int window = m.group(2) == null ? DEFAULT.window : parseWindow(m.group(2));
      if (pct > 0 && pct < 100 && window >= 3 && window <= 1000) {
        return new SteadyState(pct, window);
      }
    }
    throw new InvalidInputException("invalid value '" + text + "' for " + option + ": give"
        + " PCT[,WINDOW], such as 7.5%,7: a percent above 0 and below 100, and from 3 to 1000"
        + " intervals");
  }

  private static int parseWindow(String s) {
    try {
      return Integer.parseInt(s);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /**
   * A load's interval rates as they come, judged by this criterion after each: what a load's
   * driver ({@code ConcurrentLoad}) and the conductor of map tasks ({@code LoadJob}) keep.
   */
  public Rates rates() {
    return new Rates(this);
  }

  /** The rates of one load, oldest first. */
  public static final class Rates {
    private final SteadyState criterion;
    private double[] rates = new double[64];
    private int count;

    private Rates(SteadyState criterion) {
      this.criterion = criterion;
    }

    /** Adds an interval's rate; returns whether the last window is steady now. */
    public boolean add(double rate) {
      if (count == rates.length) {
        rates = java.util.Arrays.copyOf(rates, count * 2);
      }
      rates[count++] = rate;
      return criterion.holds(rates, count);
    }
  }

  /** Whether the last {@link #window} of {@code rates} (oldest first) are steady. */
  public boolean holds(double[] rates, int count) {
    if (count < window) {
      return false;
    }
    double sum = 0;
    for (int i = count - window; i < count; i++) {
      sum += rates[i];
    }
    double mean = sum / window;
    if (!(mean > 0)) {
      return false;
    }
    for (int i = count - window; i < count; i++) {
      if (Math.abs(rates[i] - mean) > percent / 100 * mean) {
        return false;
      }
    }
    double p = slopeSignificance(rates, count - window, window);
    // NaN: every rate the same, no slope at all.
    return Double.isNaN(p) || p >= SLOPE_SIGNIFICANCE;
  }

  /**
   * The two-sided p-value of the least-squares slope of {@code y[from..from+n)} against their
   * positions (a t test with n - 2 degrees of freedom, as Commons Math's {@code
   * SimpleRegression.getSignificance}); NaN when every point is the same.
   */
  static double slopeSignificance(double[] y, int from, int n) {
    double meanX = (n - 1) / 2.0;
    double meanY = 0;
    for (int i = 0; i < n; i++) {
      meanY += y[from + i];
    }
    meanY /= n;
    double sxx = 0;
    double sxy = 0;
    double syy = 0;
    for (int i = 0; i < n; i++) {
      double dx = i - meanX;
      double dy = y[from + i] - meanY;
      sxx += dx * dx;
      sxy += dx * dy;
      syy += dy * dy;
    }
    double slope = sxy / sxx;
    double residual = Math.max(0, syy - slope * sxy);
    if (residual == 0) {
      return slope == 0 ? Double.NaN : 0; // on a line exactly: flat, or a slope beyond doubt
    }
    double t = Math.abs(slope) / Math.sqrt(residual / (n - 2) / sxx);
    return 2 * TDistribution.of(n - 2).survivalProbability(t);
  }

  /** As given: {@code 7.5%,7}. */
  public String text() {
    String pct = percent == Math.rint(percent) ? Long.toString((long) percent)
        : Double.toString(percent);
    return pct + "%," + window;
  }
}
