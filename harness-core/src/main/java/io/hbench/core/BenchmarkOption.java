package io.hbench.core;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.size.Size;
import io.hbench.core.size.SizeRange;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * One typed option a suite accepts, declared as data so the CLI (or any embedding tool) can
 * build its own parser from it; adding a suite never edits the CLI. Values are parsed here, once,
 * and a bad value throws {@link InvalidInputException} naming the option.
 *
 * @param <T> the parsed type
 */
public final class BenchmarkOption<T> {

  /** Default text of options whose value the suite works out itself. */
  public static final String AUTO = "auto";

  /**
   * What an option's former name means on a command line that uses it, now that a common option
   * has that name: this option, the common one, or either (refused, with both named).
   */
  public enum Spelling {
    THIS,
    COMMON,
    AMBIGUOUS
  }

  /** A former name of an option, read as {@code reading} says given every option's text. */
  public record FormerName(String name, Function<Map<String, String>, Spelling> reading) {}

  private final String name;
  private final String paramLabel;
  private final String description;
  private final String defaultValue;
  private final boolean flag;
  private final Function<String, T> parser;
  /** For an option given several times: all its texts to its value; else null. */
  private final Function<List<String>, T> repeatedParser;
  private final boolean positional;
  private final boolean negatable;
  private final boolean recorded;
  private final List<String> aliases;
  private final FormerName former;
  /** The declaration this one was derived from ({@link #withDefault}), or itself. */
  private final BenchmarkOption<T> origin;
  /** For an option whose value may be left out: the text it then has; else null. */
  private final String bareValue;

  private BenchmarkOption(
      String name,
      String paramLabel,
      String description,
      String defaultValue,
      boolean flag,
      Function<String, T> parser) {
    this(name, paramLabel, description, defaultValue, flag, parser, null, false, false, true,
        List.of(), null, null, null);
  }

  @SuppressWarnings("checkstyle:ParameterNumber")
  private BenchmarkOption(String name, String paramLabel, String description, String defaultValue,
      boolean flag, Function<String, T> parser, Function<List<String>, T> repeatedParser,
      boolean positional, boolean negatable, boolean recorded, List<String> aliases,
      FormerName former, BenchmarkOption<T> origin, String bareValue) {
    if (!name.matches("--[a-z][a-z0-9-]*|-[A-Z]")) {
      throw new IllegalArgumentException("option names are --lower-case or -X: " + name);
    }
    this.name = name;
    this.paramLabel = paramLabel;
    this.description = Objects.requireNonNull(description);
    this.defaultValue = defaultValue;
    this.flag = flag;
    this.parser = parser;
    this.repeatedParser = repeatedParser;
    this.positional = positional;
    this.negatable = negatable;
    this.recorded = recorded;
    this.aliases = List.copyOf(aliases);
    this.former = former;
    this.origin = origin == null ? this : origin;
    this.bareValue = bareValue;
  }

  /** A copy of this declaration with one thing changed, derived from the same origin. */
  private BenchmarkOption<T> copy(String def, boolean isPositional, boolean isRecorded,
      List<String> otherNames, FormerName formerName) {
    return new BenchmarkOption<>(name, paramLabel, description, def, flag, parser, repeatedParser,
        isPositional, negatable, isRecorded, otherNames, formerName, origin, bareValue);
  }

  /**
   * This option, also accepted as the first word after the suite's name: {@code bench hbase-pe
   * randomRead} as well as {@code bench hbase-pe --command randomRead}. A suite has at most one.
   */
  public BenchmarkOption<T> positional() {
    if (flag || repeatedParser != null) {
      throw new IllegalStateException("a flag or a repeated option cannot be positional: " + name);
    }
    return copy(defaultValue, true, recorded, aliases, former);
  }

  /** This option with {@code def} as its default (the core's {@code --maps} of a suite). */
  public BenchmarkOption<T> withDefault(String def) {
    return copy(def, positional, recorded, aliases, former);
  }

  /**
   * This option, also given by {@code names}: spellings kept from before, or the one-letter
   * spelling a seed tool's users type ({@code -p} for ycsb's {@code --property}, as YCSB's).
   */
  public BenchmarkOption<T> alias(String... names) {
    for (String n : names) {
      if (!n.startsWith("--") && !n.matches("-[a-zA-Z]")) {
        throw new IllegalArgumentException("option names start with --, or are - and one letter: " + n);
      }
    }
    return copy(defaultValue, positional, recorded, List.of(names), former);
  }

  /** This option, left out of the record's {@code options} (a login, where output goes). */
  public BenchmarkOption<T> unrecorded() {
    return copy(defaultValue, positional, false, aliases, former);
  }

  /**
   * This option, once spelled {@code oldName}, a name a common option has now: a command line
   * that still uses it is read as {@code reading} says, given every option's text by name, with
   * a note naming the new spelling; where it could mean either, it is refused.
   */
  public BenchmarkOption<T> formerly(String oldName, Function<Map<String, String>, Spelling> reading) {
    return copy(defaultValue, positional, recorded, aliases, new FormerName(oldName, reading));
  }

  /**
   * Whether this is {@code other}'s declaration, or one derived from the same ({@link
   * #withDefault}): a suite's own option of the same name is not.
   */
  public boolean sameAs(BenchmarkOption<?> other) {
    return origin == other.origin;
  }

  /** Whether the option may be given as the first word after the suite's name. */
  public boolean isPositional() {
    return positional;
  }

  /** Whether the option may be given several times, each value adding to its list. */
  public boolean isRepeatable() {
    return repeatedParser != null;
  }

  /** Whether this switch also has a {@code --no-} form; unset, its value is null. */
  public boolean isNegatable() {
    return negatable;
  }

  /** Whether the record's {@code options} show this option's text. */
  public boolean isRecorded() {
    return recorded;
  }

  /** Other spellings, accepted and not shown ({@code --repeats} for {@code --repeat}). */
  public List<String> aliases() {
    return aliases;
  }

  /** The former name this option had, or null. */
  public FormerName former() {
    return former;
  }

  /** A sweep of sizes ({@code 10G..200G}, {@code 1G,5G}); {@code null} default means required. */
  public static BenchmarkOption<SizeRange> sizeRange(String name, String description, String def) {
    return new BenchmarkOption<>(name, "SIZES", description, def, false, SizeRange::parse);
  }

  /** One size; {@code null} default means required. */
  public static BenchmarkOption<Size> size(String name, String description, String def) {
    return new BenchmarkOption<>(name, "SIZE", description, def, false, Size::parse);
  }

  /**
   * A size whose default the suite works out ({@link #AUTO}); {@code get} returns null for auto.
   */
  public static BenchmarkOption<Size> sizeOrAuto(String name, String description) {
    return new BenchmarkOption<>(
        name, "SIZE", description, AUTO, false, v -> isAuto(v) ? null : Size.parse(v));
  }

  /** A whole number of at least {@code min}. */
  public static BenchmarkOption<Integer> integer(
      String name, String description, String def, int min) {
    return new BenchmarkOption<>(
        name, "N", description, def, false, v -> parseInt(name, v, min));
  }

  /** A whole number from {@code min} to {@code max}. */
  public static BenchmarkOption<Integer> integer(
      String name, String description, String def, int min, int max) {
    return new BenchmarkOption<>(name, "N", description, def, false, v -> {
      int n = parseInt(name, v, min);
      if (n > max) {
        throw new InvalidInputException("invalid value '" + v + "' for " + name
            + ": must be at most " + max);
      }
      return n;
    });
  }

  /** A share in percent, 0 to 100, with or without its {@code %}: {@code 1}, {@code 0.5%}. */
  public static BenchmarkOption<Double> percent(String name, String description, String def) {
    return new BenchmarkOption<>(name, "PCT", description, def, false, v -> {
      String t = v.trim();
      t = t.endsWith("%") ? t.substring(0, t.length() - 1).trim() : t;
      double d;
      try {
        d = Double.parseDouble(t);
      } catch (NumberFormatException e) {
        throw new InvalidInputException("invalid value '" + v + "' for " + name
            + ": not a percentage");
      }
      if (!(d >= 0 && d <= 100)) {
        throw new InvalidInputException("invalid value '" + v + "' for " + name
            + ": a percentage from 0 to 100");
      }
      return d;
    });
  }

  /** A whole number or {@link #AUTO}; {@code get} returns null for auto. */
  public static BenchmarkOption<Integer> integerOrAuto(String name, String description, int min) {
    return new BenchmarkOption<>(
        name, "N", description, AUTO, false, v -> isAuto(v) ? null : parseInt(name, v, min));
  }

  /**
   * A length of time: a number with a unit, {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}
   * (a bare number is seconds); {@code 0} for none.
   */
  public static BenchmarkOption<java.time.Duration> duration(
      String name, String description, String def) {
    return new BenchmarkOption<>(name, "DURATION", description, def, false, v -> parseDuration(name, v));
  }

  /** A number of at least {@code min}, fractions allowed (a rate in calls per second). */
  public static BenchmarkOption<Double> decimal(
      String name, String label, String description, String def, double min) {
    return new BenchmarkOption<>(name, label, description, def, false, v -> {
      double d;
      try {
        d = Double.parseDouble(v.trim());
      } catch (NumberFormatException e) {
        throw new InvalidInputException("invalid value '" + v + "' for " + name + ": not a number");
      }
      if (!(d >= min) || Double.isInfinite(d)) {
        throw new InvalidInputException("invalid value '" + v + "' for " + name + ": must be at least " + min);
      }
      return d;
    });
  }

  /**
   * One of {@code choices} (matched ignoring case, returned as declared); the help and the error
   * for anything else list them.
   */
  public static BenchmarkOption<String> choice(
      String name, String description, String def, String... choices) {
    List<String> known = List.of(choices);
    return choice(name, String.join("|", known), description, def, known, c -> c);
  }

  /**
   * One of {@code values}, given by its name ({@code nameOf}, matched ignoring case) and parsed to
   * the value itself, typically an enum constant; anything else is refused with the names.
   */
  public static <T> BenchmarkOption<T> choice(String name, String label, String description,
      String def, List<T> values, Function<T, String> nameOf) {
    List<T> known = List.copyOf(values);
    return new BenchmarkOption<>(name, label, description, def, false, v -> {
      for (T c : known) {
        if (nameOf.apply(c).equalsIgnoreCase(v.trim())) {
          return c;
        }
      }
      throw new InvalidInputException("invalid value '" + v + "' for " + name + ": use "
          + String.join(", ", known.stream().map(nameOf).toList()));
    });
  }

  /**
   * A comma-separated list ({@code create,open}), each element parsed by {@code element}; empty
   * elements are refused, and so is an empty list unless it is the default.
   */
  public static <T> BenchmarkOption<List<T>> list(String name, String label, String description,
      String def, Function<String, T> element) {
    return new BenchmarkOption<>(name, label, description, def, false, v -> {
      if (v.isBlank()) {
        if (v.equals(def)) {
          return List.of();
        }
        throw new InvalidInputException("invalid value '' for " + name + ": give at least one");
      }
      List<T> parsed = new java.util.ArrayList<>();
      for (String part : v.split(",", -1)) {
        if (part.isBlank()) {
          throw new InvalidInputException(
              "invalid value '" + v + "' for " + name + ": an empty element in the list");
        }
        parsed.add(element.apply(part.trim()));
      }
      return List.copyOf(parsed);
    });
  }

  /**
   * A value the suite's own {@code parser} turns into its type (an operation, a file system
   * URI), parsed once here so that no hook parses it again. The parser throws {@link
   * InvalidInputException} for a bad value.
   */
  public static <T> BenchmarkOption<T> of(String name, String label, String description,
      String def, Function<String, T> parser) {
    return new BenchmarkOption<>(name, label, description, def, false, parser);
  }

  /**
   * {@code text} as a duration ({@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h}; a bare number
   * is seconds), or {@link InvalidInputException} naming the option {@code name}.
   */
  public static java.time.Duration parseDuration(String name, String text) {
    return io.hbench.core.text.DurationText.parse(name, text);
  }

  /** Free text, such as a path. */
  public static BenchmarkOption<String> text(
      String name, String label, String description, String def) {
    return new BenchmarkOption<>(name, label, description, def, false, v -> v);
  }

  /**
   * An option that may be given without its value ({@code --until-stable}, {@code
   * --until-stable 5%,7}): absent, its text is {@code def}; bare, {@code bare}. The record shows
   * the text it had, so a bare option is recorded with the value it stood for.
   */
  public static <T> BenchmarkOption<T> valueOptional(String name, String label, String description,
      String def, String bare, Function<String, T> parser) {
    return new BenchmarkOption<>(name, label, description, def, false, parser, null, false, false,
        true, List.of(), null, null, bare);
  }

  /** The text of this option when given without a value, or null when it needs one. */
  public String bareValue() {
    return bareValue;
  }

  /** A switch that is off unless given. */
  public static BenchmarkOption<Boolean> flag(String name, String description) {
    return new BenchmarkOption<>(name, null, description, "false", true, Boolean::parseBoolean);
  }

  /**
   * A switch with a {@code --no-} form ({@code --metrics}, {@code --no-metrics}); null when
   * neither is given, so that the default can depend on other things (the cluster).
   */
  public static BenchmarkOption<Boolean> switchable(String name, String description) {
    return new BenchmarkOption<>(name, null, description, "", true,
        v -> v.isEmpty() ? null : Boolean.parseBoolean(v), null, false, true, true, List.of(),
        null, null, null);
  }

  /**
   * An option given any number of times ({@code -D key=value}, {@code --conf FILE}), each text
   * parsed by {@code element}: its value is the list, in order; empty when not given.
   */
  public static <E> BenchmarkOption<List<E>> repeatable(String name, String label,
      String description, Function<String, E> element) {
    return new BenchmarkOption<>(name, label, description, "", false,
        v -> v.isEmpty() ? List.of() : List.of(element.apply(v)),
        all -> all.stream().filter(v -> !v.isEmpty()).map(element).toList(), false, false, true,
        List.of(), null, null, null);
  }

  private static boolean isAuto(String v) {
    return AUTO.equalsIgnoreCase(v.trim());
  }

  /**
   * A count given as the option {@code name}'s value: a whole number of at least {@code min},
   * with {@code _} allowed between digits ({@code 1_000_000}); else one line naming the option.
   */
  public static long count(String name, String v, long min) {
    long n;
    try {
      n = Long.parseLong(v.trim().replace("_", ""));
    } catch (NumberFormatException e) {
      throw new InvalidInputException("invalid value '" + v + "' for " + name + ": not a whole number");
    }
    if (n < min) {
      throw new InvalidInputException("invalid value '" + v + "' for " + name + ": must be at least " + min);
    }
    return n;
  }

  private static int parseInt(String name, String v, int min) {
    int n;
    try {
      n = Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new InvalidInputException("invalid value '" + v + "' for " + name + ": not a whole number");
    }
    if (n < min) {
      throw new InvalidInputException("invalid value '" + v + "' for " + name + ": must be at least " + min);
    }
    return n;
  }

  /** Parses a value given on the command line (or the default). */
  public T parse(String value) {
    try {
      return parser.apply(value);
    } catch (InvalidInputException e) {
      String msg = e.getMessage();
      throw new InvalidInputException(msg.contains(name) ? msg : name + ": " + msg);
    }
  }

  /**
   * Parses every text the option was given: all of them for a repeatable option, else the last
   * (or the default, when none).
   */
  public T parse(List<String> values) {
    if (repeatedParser == null) {
      return parse(values.isEmpty() ? defaultValue : values.get(values.size() - 1));
    }
    try {
      return repeatedParser.apply(values);
    } catch (InvalidInputException e) {
      String msg = e.getMessage();
      throw new InvalidInputException(msg.contains(name) ? msg : name + ": " + msg);
    }
  }

  public String name() {
    return name;
  }

  /** Placeholder shown in help, such as {@code SIZE}; null for flags. */
  public String paramLabel() {
    return paramLabel;
  }

  public String description() {
    return description;
  }

  /** Default as text; null when the option is required. */
  public String defaultValue() {
    return defaultValue;
  }

  public boolean required() {
    return defaultValue == null;
  }

  public boolean isFlag() {
    return flag;
  }

  /**
   * The option's name without dashes, as used in result records ({@code --block-size} → {@code
   * block_size}).
   */
  public String key() {
    return name.replaceFirst("^--?", "").replace('-', '_');
  }

  @Override
  public String toString() {
    return name;
  }
}
