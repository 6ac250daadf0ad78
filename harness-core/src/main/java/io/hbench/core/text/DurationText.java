package io.hbench.core.text;

import io.hbench.core.error.InvalidInputException;
import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Durations as options and their values give them: {@code 500ms}, {@code 30s}, {@code 5m}. */
public final class DurationText {

  private DurationText() {}

  /**
   * {@code text} as a duration ({@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}; a bare number
   * is seconds), or {@link InvalidInputException} naming the option {@code name}.
   */
  public static Duration parse(String name, String text) {
    Matcher m =
        Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)?").matcher(text.trim().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw new InvalidInputException("invalid value '" + text + "' for " + name
          + ": give a duration such as 500ms, 30s, 5m or 1h");
    }
    double n = Double.parseDouble(m.group(1));
    String unit = m.group(2) == null ? "s" : m.group(2);
    double millis = n * switch (unit) {
      case "ms" -> 1;
      case "m" -> 60_000;
      case "h" -> 3_600_000;
      default -> 1000;
    };
    if (millis > 365L * 24 * 3_600_000) {
      throw new InvalidInputException("invalid value '" + text + "' for " + name + ": more than a year");
    }
    return Duration.ofNanos(Math.round(millis * 1_000_000));
  }
}
