package io.hbench.core.report;

/**
 * A decimal of up to 15 significant digits and a power of ten up to 22, such as a JSON number,
 * as the nearest double, the same as {@link Double#parseDouble} gives. Its digits and the power
 * of ten are then exact doubles, and one IEEE multiplication or division of them is correctly
 * rounded (Clinger's fast path, "How to read floating point numbers accurately", 1990).
 */
final class ShortDecimal {

  private static final double[] POWERS = new double[23];

  static {
    double p = 1;
    for (int i = 0; i < POWERS.length; i++) {
      POWERS[i] = p;
      p *= 10;
    }
  }

  private ShortDecimal() {}

  /**
   * The double {@code text[from, from + length)} stands for, or NaN when it is not such a
   * decimal ({@code -?digits[.digits][(e|E)[+-]digits]}, 15 significant digits at most): the
   * caller then parses it the general way.
   */
  static double parse(char[] text, int from, int length) {
    int i = from;
    int end = from + length;
    if (i == end) {
      return Double.NaN;
    }
    boolean negative = text[i] == '-';
    if (negative) {
      i++;
    }
    long digits = 0;
    int significant = 0;
    int scale = 0;
    int seen = 0;
    boolean point = false;
    for (; i < end; i++) {
      char c = text[i];
      if (c >= '0' && c <= '9') {
        seen++;
        if (digits != 0 || c != '0') {
          if (++significant > 15) {
            return Double.NaN;
          }
          digits = digits * 10 + (c - '0');
        }
        if (point) {
          scale--;
        }
      } else if (c == '.' && !point) {
        point = true;
      } else {
        break;
      }
    }
    if (seen == 0) {
      return Double.NaN;
    }
    if (i < end) {
      if (text[i] != 'e' && text[i] != 'E') {
        return Double.NaN;
      }
      i++;
      boolean negativeExponent = false;
      if (i < end && (text[i] == '+' || text[i] == '-')) {
        negativeExponent = text[i] == '-';
        i++;
      }
      if (i == end || end - i > 3) {
        return Double.NaN;
      }
      int exponent = 0;
      for (; i < end; i++) {
        char c = text[i];
        if (c < '0' || c > '9') {
          return Double.NaN;
        }
        exponent = exponent * 10 + (c - '0');
      }
      scale += negativeExponent ? -exponent : exponent;
    }
    double v;
    if (digits == 0) {
      v = 0;
    } else if (scale >= 0 && scale < POWERS.length) {
      v = digits * POWERS[scale];
    } else if (scale < 0 && -scale < POWERS.length) {
      v = digits / POWERS[-scale];
    } else {
      return Double.NaN;
    }
    return negative ? -v : v;
  }
}
