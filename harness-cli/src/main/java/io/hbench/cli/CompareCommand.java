package io.hbench.cli;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.report.Comparison;
import io.hbench.core.report.Table;
import io.hbench.core.report.TableFormat;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.Console;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code bench compare BASELINE CANDIDATE...}: whether each candidate differs from the baseline
 * by more than noise, point by point ({@link Comparison}); exit 1 with {@code
 * --fail-on-regression} when one got significantly worse by more than the threshold.
 */
final class CompareCommand {

  static final String NAME = "compare";

  private CompareCommand() {}

  static CommandSpec spec() {
    CommandSpec spec = CommandSpec.create().name(NAME);
    spec.mixinStandardHelpOptions(true);
    spec.usageMessage().description(
        "Compare runs point by point: each side's median with its 95%% confidence interval, the"
            + " change, the p-value of a Mann-Whitney U test over the repeats, and a verdict"
            + " (better, worse, ~ not significant, ? too few repeats); a geometric mean per suite.")
        .footer("", "Exit codes: 0 compared, 1 --fail-on-regression exceeded, 2 bad input.");
    ResultsOptions.addInputs(spec, "INPUT",
        "BASELINE then CANDIDATE...: each a results file or a directory of them; with --by"
            + " label, any files, split by their labels.");
    spec.addOption(OptionSpec.builder("--by")
        .paramLabel("label")
        .type(String.class)
        .description("label: the sides are the labels found in the inputs, the first (or"
            + " --baseline) against each other.")
        .build());
    spec.addOption(OptionSpec.builder("--baseline")
        .paramLabel("LABEL")
        .type(String.class)
        .description("With --by label, the label the others are compared against. Default: the"
            + " first label read.")
        .build());
    spec.addOption(OptionSpec.builder("--alpha")
        .paramLabel("P")
        .type(String.class)
        .defaultValue("0.05")
        .description("Significance level of the verdicts. Default: 0.05.")
        .build());
    spec.addOption(OptionSpec.builder("--all-figures")
        .type(boolean.class)
        .arity("0")
        .description("Compare every figure that has a better direction (latencies, start-up"
            + " seconds, ...), not only each suite's headline figures.")
        .build());
    spec.addOption(OptionSpec.builder("--fail-on-regression")
        .paramLabel("PCT")
        .type(String.class)
        .description("Exit 1 when a change for the worse is significant and larger than PCT"
            + " percent, for a CI gate on an upgrade or a setting.")
        .build());
    ResultsOptions.addFormats(spec);
    return spec;
  }

  static int run(ParseResult sub, Console console) {
    TableFormat format = ResultsOptions.format(sub);
    double alpha = ResultsOptions.number(sub, "--alpha", 0.05);
    if (!(alpha > 0 && alpha < 1)) {
      throw new InvalidInputException("--alpha must be between 0 and 1, got "
          + sub.matchedOptionValue("--alpha", ""));
    }
    Double threshold = sub.hasMatchedOption("--fail-on-regression")
        ? ResultsOptions.number(sub, "--fail-on-regression", 0) : null;
    if (threshold != null && !(threshold >= 0)) {
      throw new InvalidInputException("--fail-on-regression must be 0 or more, got "
          + sub.matchedOptionValue("--fail-on-regression", ""));
    }
    String by = sub.matchedOptionValue("--by", null);
    if (by != null && !by.equals("label")) {
      throw new InvalidInputException("invalid --by '" + by + "': only --by label is known");
    }
    if (by == null && sub.hasMatchedOption("--baseline")) {
      throw new InvalidInputException("--baseline goes with --by label");
    }
    List<Path> inputs = ResultsOptions.inputs(sub);
    Map<String, List<ResultRecord>> sides =
        by == null ? byInput(inputs, console) : byLabel(inputs, sub, console);
    boolean all = sub.hasMatchedOption("--all-figures");
    List<Comparison> comparisons = Comparison.ofEach(sides, alpha, all);
    if (format == TableFormat.JSON) {
      console.print(Comparison.json(comparisons));
    } else {
      List<Table> tables = new ArrayList<>();
      for (Comparison c : comparisons) {
        tables.addAll(c.tables());
      }
      StringBuilder out = new StringBuilder(format.render(tables));
      if (format != TableFormat.CSV) {
        out.append('\n').append(Comparison.legend(alpha)).append('\n');
      }
      console.print(out.toString());
      for (Comparison c : comparisons) {
        c.warnings().forEach(w -> console.status("bench: warning: " + c.candidate() + " vs "
            + c.baseline() + ": " + w));
      }
    }
    if (threshold != null) {
      for (Comparison c : comparisons) {
        if (!c.failedPoints().isEmpty()) {
          // A failed point has no figure: no evidence that the candidate is not worse.
          console.status("bench: " + c.candidate() + " vs " + c.baseline() + ": failed, not"
              + " compared: " + String.join(", ", c.failedPoints())
              + "; --fail-on-regression fails on a point it cannot judge");
          return Main.POINT_FAILED;
        }
        double worst = c.worstRegressionPercent();
        if (worst > threshold) {
          console.status(String.format(java.util.Locale.ROOT,
              "bench: %s is significantly worse than %s by %.1f%%, more than"
                  + " --fail-on-regression %s%%", c.candidate(), c.baseline(), worst,
              sub.matchedOptionValue("--fail-on-regression", "")));
          return Main.POINT_FAILED;
        }
      }
    }
    return Main.OK;
  }

  /** One side per input; named by its label when it has one, else by the input. */
  private static Map<String, List<ResultRecord>> byInput(List<Path> inputs, Console console) {
    if (inputs.size() < 2) {
      throw new InvalidInputException("give a BASELINE and at least one CANDIDATE (or --by label)");
    }
    List<List<ResultRecord>> read = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Path p : inputs) {
      List<ResultRecord> rs = ResultsOptions.read(List.of(p), console);
      read.add(rs);
      Set<String> labels = new LinkedHashSet<>();
      rs.forEach(r -> labels.add(r.label()));
      names.add(labels.size() == 1 ? labels.iterator().next() : p.toString());
    }
    if (new LinkedHashSet<>(names).size() < names.size()) {
      // Two sides with one label (both "embedded"): told apart by their inputs.
      names = inputs.stream().map(Path::toString).toList();
    }
    if (new LinkedHashSet<>(names).size() < names.size()) {
      throw new InvalidInputException("the same input is given twice: " + names);
    }
    Map<String, List<ResultRecord>> sides = new LinkedHashMap<>();
    for (int i = 0; i < names.size(); i++) {
      sides.put(names.get(i), read.get(i));
    }
    return sides;
  }

  private static Map<String, List<ResultRecord>> byLabel(List<Path> inputs, ParseResult sub,
      Console console) {
    List<ResultRecord> all = ResultsOptions.read(inputs, console);
    Map<String, List<ResultRecord>> sides = new LinkedHashMap<>();
    all.forEach(r -> sides.computeIfAbsent(r.label(), k -> new ArrayList<>()).add(r));
    if (sides.size() < 2) {
      throw new InvalidInputException("--by label: the inputs have one label ("
          + sides.keySet().iterator().next() + "); nothing to compare it with");
    }
    String baseline = sub.matchedOptionValue("--baseline", null);
    if (baseline != null) {
      if (!sides.containsKey(baseline)) {
        throw new InvalidInputException("--baseline " + baseline + ": no such label; found "
            + String.join(", ", sides.keySet()));
      }
      Map<String, List<ResultRecord>> ordered = new LinkedHashMap<>();
      ordered.put(baseline, sides.get(baseline));
      ordered.putAll(sides);
      return ordered;
    }
    return sides;
  }
}
