package io.hbench.core.embed;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.LoadOptions;
import io.hbench.core.OptionValues;
import io.hbench.core.error.InvalidInputException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A suite's options as a command line has them: its own and its load's ({@link LoadOptions#of})
 * beside the common ones ({@link CommonOptions}), which no suite option may shadow. The one place
 * a suite's options are put together and a command line's texts parsed into them, for the CLI
 * and for the embedding API alike.
 */
public final class SuiteOptions {

  /** A command line's values: the suite's (its load's included) and the common ones. */
  public record Parsed(OptionValues suite, OptionValues common) {}

  private SuiteOptions() {}

  /**
   * The suite's own options and its load's, then the common ones. A suite option whose name (or
   * alias) is a common option's is refused: a suite that declares one cannot be registered.
   *
   * @throws IllegalStateException naming both options
   */
  public static List<BenchmarkOption<?>> of(Benchmark suite) {
    List<BenchmarkOption<?>> common = CommonOptions.of(suite);
    List<BenchmarkOption<?>> own = LoadOptions.of(suite);
    for (BenchmarkOption<?> o : own) {
      List<String> names = new ArrayList<>(o.aliases());
      names.add(0, o.name());
      for (BenchmarkOption<?> c : common) {
        List<String> taken = new ArrayList<>(c.aliases());
        taken.add(0, c.name());
        for (String n : names) {
          if (taken.contains(n)) {
            throw new IllegalStateException("suite " + suite.name() + " declares " + n + " ("
                + firstSentence(o.description()) + "), which is the common option " + c.name()
                + " (" + firstSentence(c.description()) + "): give the suite's option another"
                + " name");
          }
        }
      }
    }
    List<BenchmarkOption<?>> all = new ArrayList<>(own);
    all.addAll(common);
    return all;
  }

  /**
   * Parses a command line's texts (by option name or alias) into the suite's values and the
   * common ones. A suite option's former name, now a common option's ({@link
   * BenchmarkOption#formerly}), is read as the option it means, with one line to {@code notes}
   * naming the new spelling; where it could mean either it is refused.
   *
   * @throws InvalidInputException for bad input
   */
  public static Parsed parse(Benchmark suite, Map<String, List<String>> texts,
      Consumer<String> notes) {
    of(suite);
    List<BenchmarkOption<?>> own = LoadOptions.of(suite);
    Map<String, List<String>> mine = new LinkedHashMap<>();
    Map<String, List<String>> common = new LinkedHashMap<>(texts);
    for (BenchmarkOption<?> o : own) {
      move(common, mine, o.name());
      o.aliases().forEach(a -> move(common, mine, a));
    }
    for (BenchmarkOption<?> o : own) {
      BenchmarkOption.FormerName former = o.former();
      if (former == null || !common.containsKey(former.name())) {
        continue;
      }
      Map<String, String> given = new LinkedHashMap<>();
      texts.forEach((k, v) -> given.put(k, v.isEmpty() ? "" : v.get(v.size() - 1)));
      String value = given.get(former.name());
      switch (former.reading().apply(given)) {
        case THIS -> {
          if (mine.containsKey(o.name())) {
            throw new InvalidInputException("give " + o.name() + " or " + former.name()
                + " (its former name), not both");
          }
          mine.put(o.name(), common.remove(former.name()));
          notes.accept(suite.name() + ": " + former.name() + " " + value + " is read as "
              + o.name() + " " + value + "; " + former.name() + " is now every suite's option ("
              + firstSentence(commonOption(suite, former.name()).description()) + ")");
        }
        case AMBIGUOUS -> throw new InvalidInputException(former.name() + " " + value
            + " is ambiguous here: give " + o.name() + " " + value + " (" + suite.name() + "'s, "
            + firstSentence(o.description()) + ") or " + former.name() + " " + value + " ("
            + firstSentence(commonOption(suite, former.name()).description()) + ")");
        case COMMON -> { }
      }
    }
    return new Parsed(OptionValues.parseAll(own, mine),
        OptionValues.parseAll(CommonOptions.of(suite), common));
  }

  private static void move(Map<String, List<String>> from, Map<String, List<String>> to,
      String name) {
    List<String> v = from.remove(name);
    if (v != null) {
      to.put(name, v);
    }
  }

  private static BenchmarkOption<?> commonOption(Benchmark suite, String name) {
    return CommonOptions.of(suite).stream().filter(c -> c.name().equals(name)).findFirst()
        .orElseThrow();
  }

  /** An option's description up to its first full stop, without a closing parenthesis. */
  private static String firstSentence(String text) {
    int dot = text.indexOf(". ");
    String s = dot < 0 ? text : text.substring(0, dot);
    s = s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
    return s.replaceFirst(" \\([^()]*\\)$", "");
  }
}
