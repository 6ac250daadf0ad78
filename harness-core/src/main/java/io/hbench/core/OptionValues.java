package io.hbench.core;

import io.hbench.core.error.InvalidInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parsed values of a set of options (a suite's, or the common ones), plus the texts each was
 * given as: for the result record, and for a map task of a load, which parses the same texts
 * again with the same declarations. An option the core declares for a suite with the suite's
 * default (its {@code --maps}) is read with the core's constant.
 */
public final class OptionValues {

  private final Map<String, Object> values = new LinkedHashMap<>();
  private final Map<String, BenchmarkOption<?>> declared = new LinkedHashMap<>();
  private final Map<String, String> given = new LinkedHashMap<>();
  private final Map<String, List<String>> byName = new LinkedHashMap<>();

  /**
   * Parses the given texts for {@code options}, one text per option name; options not mentioned
   * take their default. Throws {@link InvalidInputException} for a bad value, a missing required
   * option or an unknown one.
   */
  public static OptionValues parse(List<BenchmarkOption<?>> options, Map<String, String> texts) {
    Map<String, List<String>> all = new LinkedHashMap<>();
    texts.forEach((k, v) -> all.put(k, List.of(v)));
    return parseAll(options, all);
  }

  /**
   * As {@link #parse}, with every text an option was given (several for a repeatable one),
   * keyed by its name or one of its aliases.
   */
  public static OptionValues parseAll(List<BenchmarkOption<?>> options,
      Map<String, List<String>> texts) {
    OptionValues v = new OptionValues();
    Map<String, List<String>> left = new LinkedHashMap<>(texts);
    for (BenchmarkOption<?> o : options) {
      List<String> mine = left.remove(o.name());
      for (String alias : o.aliases()) {
        List<String> other = left.remove(alias);
        if (other != null) {
          if (mine != null) {
            throw new InvalidInputException("give " + o.name() + " or " + alias + ", not both");
          }
          mine = other;
        }
      }
      if (mine == null || mine.isEmpty()) {
        if (o.required()) {
          throw new InvalidInputException(o.isPositional()
              ? "missing " + o.paramLabel() + " (the word after the suite's name, or " + o.name() + ")"
              : "missing required option " + o.name());
        }
        mine = o.isRepeatable() ? List.of() : List.of(o.defaultValue());
      }
      v.values.put(o.name(), o.parse(mine));
      v.declared.put(o.name(), o);
      v.given.put(o.key(), String.join(",", mine));
      v.byName.put(o.name(), List.copyOf(mine));
    }
    if (!left.isEmpty()) {
      throw new InvalidInputException("unknown option " + left.keySet().iterator().next());
    }
    return v;
  }

  /** The parsed value; null only for an {@code auto} value or an unset switch. */
  @SuppressWarnings("unchecked")
  public <T> T get(BenchmarkOption<T> option) {
    if (!has(option)) {
      throw new IllegalArgumentException("option not declared here: " + option);
    }
    return (T) values.get(option.name());
  }

  /**
   * Whether the options hold {@code option}'s declaration (the core's load options, for a suite
   * with a load); a suite's own option of the same name (terasort's {@code --maps}) is not it.
   */
  public boolean has(BenchmarkOption<?> option) {
    BenchmarkOption<?> d = declared.get(option.name());
    return d != null && d.sameAs(option);
  }

  /**
   * Every recorded option as text, keyed by {@link BenchmarkOption#key()}, defaults included: a
   * repeated option's texts joined by commas.
   */
  public Map<String, String> asText() {
    Map<String, String> out = new LinkedHashMap<>();
    given.forEach((k, text) -> {
      for (BenchmarkOption<?> o : declared.values()) {
        if (o.key().equals(k) && o.isRecorded()) {
          out.put(k, text);
        }
      }
    });
    return Collections.unmodifiableMap(out);
  }

  /** Every option's texts, keyed by name ({@code --threads}), defaults included. */
  public Map<String, List<String>> texts() {
    Map<String, List<String>> out = new LinkedHashMap<>();
    byName.forEach((k, v) -> out.put(k, new ArrayList<>(v)));
    return Collections.unmodifiableMap(out);
  }
}
