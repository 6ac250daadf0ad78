package io.hbench.core.size;

import io.hbench.core.error.InvalidInputException;
import java.math.BigDecimal;
import java.util.Locale;

/**
 * A byte count as users write it: {@code 10G}, {@code 512M}, {@code 1.5T}, {@code 4K} or plain
 * bytes. K, M, G and T are powers of 1024 (a trailing {@code B} or {@code iB} is accepted).
 * This is the one place sizes are parsed and formatted.
 */
public record Size(long bytes) implements Comparable<Size> {

  private static final String UNITS = "KMGTP";

  public Size {
    if (bytes <= 0) {
      throw new InvalidInputException("size must be positive, got " + bytes + " bytes");
    }
  }

  public static Size ofBytes(long bytes) {
    return new Size(bytes);
  }

  /** Parses a size; throws {@link InvalidInputException} naming the text on any error. */
  public static Size parse(String text) {
    if (text == null || text.isBlank()) {
      throw new InvalidInputException("empty size");
    }
    String t = text.trim().toUpperCase(Locale.ROOT);
    if (t.endsWith("IB")) {
      t = t.substring(0, t.length() - 2);
    } else if (t.endsWith("B") && t.length() > 1 && UNITS.indexOf(t.charAt(t.length() - 2)) >= 0) {
      t = t.substring(0, t.length() - 1);
    }
    int power = 0;
    char last = t.isEmpty() ? ' ' : t.charAt(t.length() - 1);
    if (Character.isLetter(last)) {
      int idx = UNITS.indexOf(last);
      if (idx < 0) {
        throw new InvalidInputException(
            "invalid size '" + text + "': unknown unit '" + last + "' (use K, M, G or T)");
      }
      power = idx + 1;
      t = t.substring(0, t.length() - 1);
    }
    BigDecimal number;
    try {
      number = new BigDecimal(t);
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "invalid size '" + text + "': expected a number with an optional unit K, M, G or T");
    }
    if (number.signum() <= 0) {
      throw new InvalidInputException("invalid size '" + text + "': must be greater than zero");
    }
    BigDecimal value = number.multiply(BigDecimal.valueOf(1024).pow(power));
    if (value.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      throw new InvalidInputException("invalid size '" + text + "': too large");
    }
    if (value.stripTrailingZeros().scale() > 0) {
      throw new InvalidInputException("invalid size '" + text + "': not a whole number of bytes");
    }
    return new Size(value.longValueExact());
  }

  /** Shortest exact form with a binary unit: {@code 10G}, {@code 1536M}, {@code 100}. */
  @Override
  public String toString() {
    long v = bytes;
    int unit = 0;
    while (unit < UNITS.length() && v % 1024 == 0) {
      v /= 1024;
      unit++;
    }
    return unit == 0 ? Long.toString(v) : v + String.valueOf(UNITS.charAt(unit - 1));
  }

  /** Size in MiB as a double, the unit every MB/s figure in hbench uses. */
  public double mebibytes() {
    return bytes / (1024.0 * 1024.0);
  }

  @Override
  public int compareTo(Size o) {
    return Long.compare(bytes, o.bytes);
  }
}
