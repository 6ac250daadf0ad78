package io.hbench.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parsed values of a suite's options, plus the text each was given as (for the result record). */
public final class OptionValues {

  private final Map<BenchmarkOption<?>, Object> values = new LinkedHashMap<>();
  private final Map<String, String> given = new LinkedHashMap<>();

  /**
   * Parses the given texts for {@code options}; options not mentioned take their default. Throws
   * {@link InvalidInputException} for a bad value or a missing required option.
   */
  public static OptionValues parse(List<BenchmarkOption<?>> options, Map<String, String> texts) {
    OptionValues v = new OptionValues();
    for (BenchmarkOption<?> o : options) {
      String text = texts.get(o.name());
      if (text == null) {
        text = o.defaultValue();
      }
      if (text == null) {
        throw new InvalidInputException(o.isPositional()
            ? "missing " + o.paramLabel() + " (the word after the suite's name, or " + o.name() + ")"
            : "missing required option " + o.name());
      }
      Object parsed = o.parse(text);
      v.values.put(o, parsed);
      v.given.put(o.key(), text);
    }
    for (String name : texts.keySet()) {
      if (options.stream().noneMatch(o -> o.name().equals(name))) {
        throw new InvalidInputException("unknown option " + name);
      }
    }
    return v;
  }

  /** The parsed value; null only for an {@code auto} value. */
  @SuppressWarnings("unchecked")
  public <T> T get(BenchmarkOption<T> option) {
    if (!values.containsKey(option)) {
      throw new IllegalArgumentException("option not declared by this suite: " + option);
    }
    return (T) values.get(option);
  }

  /** Every option as text, keyed by {@link BenchmarkOption#key()}, defaults included. */
  public Map<String, String> asText() {
    return Collections.unmodifiableMap(given);
  }
}
