package io.hbench.core.load;

import io.hbench.core.error.InvalidInputException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.HdrHistogram.Histogram;

/**
 * A service-level objective a load step must meet ({@code --slo 'p99<20ms,errors<0.1%'}): a
 * latency percentile below a bound, and optionally a failed-call share below a bound. Latency is
 * the load's own, from each call's intended start (open loop), so a server that falls behind
 * fails it however fast each call is once it starts.
 *
 * @param percentile the percentile judged (0 to 100, such as 99 or 99.9)
 * @param maxMillis the bound it must stay below, ms
 * @param maxErrorPercent the bound of failed calls, % of calls; null for none
 */
public record Slo(double percentile, double maxMillis, Double maxErrorPercent) {

  private static final Pattern LATENCY =
      Pattern.compile("p(\\d+(?:\\.\\d+)?)\\s*<\\s*(\\d+(?:\\.\\d+)?)\\s*(us|ms|s)");
  private static final Pattern ERRORS = Pattern.compile("errors\\s*<\\s*(\\d+(?:\\.\\d+)?)\\s*%");

  /**
   * Reads {@code pNN<BOUND[,errors<PCT%]}.
   *
   * @throws InvalidInputException naming {@code option} for anything else
   */
  public static Slo parse(String option, String text) {
    String[] parts = text.trim().toLowerCase(Locale.ROOT).split("\\s*,\\s*");
    Matcher l = LATENCY.matcher(parts[0]);
    Matcher e = parts.length == 2 ? ERRORS.matcher(parts[1]) : null;
    if (parts.length > 2 || !l.matches() || (e != null && !e.matches())) {
      throw new InvalidInputException("invalid value '" + text + "' for " + option + ": give"
          + " a latency bound and optionally an error bound, such as p99<20ms or"
          + " p99.9<50ms,errors<0.1%");
    }
    double p = Double.parseDouble(l.group(1));
    double bound = Double.parseDouble(l.group(2)) * switch (l.group(3)) {
      case "us" -> 1e-3;
      case "s" -> 1e3;
      default -> 1;
    };
    Double errors = e == null ? null : Double.valueOf(e.group(1));
    // errors<0% no step could meet (its share is never below 0): refused, not searched for.
    if (!(p > 0 && p <= 100) || !(bound > 0) || (errors != null && !(errors > 0 && errors < 100))) {
      throw new InvalidInputException("invalid value '" + text + "' for " + option + ": a"
          + " percentile above 0 and at most 100, a bound above 0, an error share above 0% and"
          + " below 100% (errors<0.01% for hardly any)");
    }
    return new Slo(p, bound, errors);
  }

  /** The judged percentile of {@code latencies} (ns), ms. */
  public double latencyMillis(Histogram latencies) {
    return latencies == null ? Double.POSITIVE_INFINITY
        : latencies.getValueAtPercentile(percentile) / 1e6;
  }

  /** Whether calls with these latencies (ns) and failures meet the objective. */
  public boolean met(Histogram latencies, long calls, long failures) {
    if (calls == 0 || latencyMillis(latencies) >= maxMillis) {
      return false;
    }
    return maxErrorPercent == null || 100.0 * failures / calls < maxErrorPercent;
  }

  /** The judged percentile's name: {@code p99}, {@code p99.9}. */
  public String percentileName() {
    return "p" + (percentile == Math.rint(percentile) ? Long.toString((long) percentile)
        : Double.toString(percentile));
  }

  /** As given: {@code p99<20ms,errors<0.1%}. */
  public String text() {
    String b = maxMillis == Math.rint(maxMillis) ? Long.toString((long) maxMillis)
        : Double.toString(maxMillis);
    return percentileName() + "<" + b + "ms" + (maxErrorPercent == null ? "" : ",errors<" + maxErrorPercent + "%");
  }
}
