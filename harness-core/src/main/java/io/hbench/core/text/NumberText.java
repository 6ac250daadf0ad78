package io.hbench.core.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.util.Locale;

/**
 * Numbers as the tables print them: the same text as {@code String.format(Locale.ROOT, "%.Nf")}
 * and {@code "%.Ng"}, without a {@code Formatter} per number. A report of 10,000 records prints
 * a million numbers, and each formatter looks up its locale's symbols and parses its pattern.
 * Like the formatter, both round half up from the shortest decimal of the double.
 */
public final class NumberText {

  private NumberText() {}

  /** {@code v} with {@code digits} decimals: {@code "%.<digits>f"}. */
  public static String fixed(double v, int digits) {
    if (!Double.isFinite(v)) {
      return String.format(Locale.ROOT, "%." + digits + "f", v);
    }
    String s = BigDecimal.valueOf(v).setScale(digits, RoundingMode.HALF_UP).toPlainString();
    // A negative value that rounds to zero keeps its sign, as "%.2f" writes -0.00.
    return negative(v) && !s.startsWith("-") ? "-" + s : s;
  }

  /** {@code v} with its sign and {@code digits} decimals: {@code "%+.<digits>f"}. */
  public static String signed(double v, int digits) {
    if (!Double.isFinite(v)) {
      return String.format(Locale.ROOT, "%+." + digits + "f", v);
    }
    String s = fixed(v, digits);
    return s.startsWith("-") ? s : "+" + s;
  }

  /**
   * {@code v} to {@code digits} significant digits: {@code "%.<digits>g"}, in scientific
   * notation ({@code 1.23e+06}) when the rounded value is below 10⁻⁴ or from 10^digits up.
   */
  public static String significant(double v, int digits) {
    if (!Double.isFinite(v) || digits < 1) {
      return String.format(Locale.ROOT, "%." + digits + "g", v);
    }
    String body;
    if (v == 0) {
      body = BigDecimal.ZERO.setScale(digits - 1).toPlainString();
    } else {
      BigDecimal b = BigDecimal.valueOf(Math.abs(v))
          .round(new MathContext(digits, RoundingMode.HALF_UP));
      int exponent = b.precision() - b.scale() - 1;
      if (exponent >= -4 && exponent < digits) {
        body = b.setScale(digits - 1 - exponent, RoundingMode.UNNECESSARY).toPlainString();
      } else {
        StringBuilder d = new StringBuilder(b.unscaledValue().toString());
        while (d.length() < digits) {
          d.append('0');
        }
        d.setLength(digits);
        if (digits > 1) {
          d.insert(1, '.');
        }
        int e = Math.abs(exponent);
        body = d.append(exponent < 0 ? "e-" : "e+").append(e < 10 ? "0" : "").append(e)
            .toString();
      }
    }
    return negative(v) ? "-" + body : body;
  }

  /**
   * {@code v} whole from 100 up, to 3 significant digits below ({@code 1234}, {@code 12.3},
   * {@code 0.0123}): the suites' tables of rates and latencies.
   */
  public static String whole(double v) {
    return Math.abs(v) >= 100 ? fixed(v, 0) : significant(v, 3);
  }

  private static boolean negative(double v) {
    return v < 0 || (v == 0 && 1 / v < 0);
  }
}
