package io.hbench.cli;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.report.History;
import io.hbench.core.report.HistoryPage;
import io.hbench.core.report.TableFormat;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.ChangePoints;
import io.hbench.core.text.Console;
import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code bench history INPUT...}: every run of the inputs as one history, where each figure
 * changed level and what changed in that run ({@link History}); with {@code
 * --regressions-since}, a CI gate that exits 1 when a figure got worse at a change since then.
 */
final class HistoryCommand {

  static final String NAME = "history";

  private HistoryCommand() {}

  static CommandSpec spec() {
    CommandSpec spec = CommandSpec.create().name(NAME);
    spec.mixinStandardHelpOptions(true);
    spec.usageMessage().description(
        "Treat results files and directories as one history, each figure's runs in the order"
            + " they started (per suite, point, phase and label), and name where a figure"
            + " changed level: the level before and after, the change, its p-value, the first"
            + " run of the new level, and what that run set differently from the one before"
            + " (options, -D settings, versions, the servers' configuration). Change points by"
            + " E-divisive means with a t-test, Apache Otava's method.")
        .footer("", "Exit codes: 0 analysed (no regression since --regressions-since), 1 a"
            + " figure got worse at a change since then, 2 bad input.");
    ResultsOptions.addInputs(spec, "INPUT", "Results files, or directories of them.");
    spec.addOption(text("--window", "N", "50", "Runs per window of the analysis (Otava's"
        + " default); a series shorter than it is analysed whole."));
    spec.addOption(text("--max-pvalue", "P", "0.001", "Keep a change only when its p-value is"
        + " below P (Otava's default)."));
    spec.addOption(text("--min-magnitude", "PCT", "0", "Keep a change only when the level moved"
        + " by more than PCT percent."));
    spec.addOption(OptionSpec.builder("--all-figures").type(boolean.class).arity("0")
        .description("Every figure with a better direction, not only the suites' headlines.")
        .build());
    spec.addOption(OptionSpec.builder("--by").paramLabel("TAG").type(String.class)
        .description("Order the runs by the value of their tag TAG (given when they ran with"
            + " --tag TAG=VALUE, such as a version; in version order, 3.10 after 3.9), not by"
            + " when they started. Runs without it are left out, and counted.")
        .build());
    spec.addOption(OptionSpec.builder("--regressions-since").paramLabel("RUN|DATE|TAG")
        .type(String.class).description("Exit 1 when a figure got worse at a change whose first"
            + " run is this run (a run id) or later, started on or after DATE (2026-11-27, or"
            + " 2026-11-27T10:00), or with --by, has this tag value or a later one; 0 otherwise."
            + " For a nightly job.")
        .build());
    ResultsOptions.addFormats(spec);
    ResultsOptions.addHtml(spec, "Also write one self-contained HTML page that works offline:"
        + " each series over its runs, its levels and change points marked, what changed on"
        + " hover, and the table of changes.");
    return spec;
  }

  private static OptionSpec text(String name, String label, String def, String description) {
    return OptionSpec.builder(name).paramLabel(label).type(String.class).defaultValue(def)
        .description(description + " Default: " + def + ".").build();
  }

  static int run(ParseResult sub, Console console) throws java.io.IOException {
    TableFormat format = ResultsOptions.format(sub);
    java.nio.file.Path html = ResultsOptions.html(sub);
    int window = (int) ResultsOptions.number(sub, "--window", 0);
    double p = ResultsOptions.number(sub, "--max-pvalue", 0);
    double magnitude = ResultsOptions.number(sub, "--min-magnitude", 0);
    if (window < 2 || window != ResultsOptions.number(sub, "--window", 0)) {
      throw new InvalidInputException("--window must be a whole number of at least 2");
    }
    if (!(p > 0 && p <= 1)) {
      throw new InvalidInputException("--max-pvalue must be above 0 and at most 1");
    }
    if (!(magnitude >= 0)) {
      throw new InvalidInputException("--min-magnitude must be 0 or more");
    }
    String by = sub.matchedOptionValue("--by", null);
    if (by != null && !by.matches("[A-Za-z0-9._-]{1,64}")) {
      throw new InvalidInputException("--by " + by + ": a tag name is 1 to 64 letters, digits"
          + " and . _ -");
    }
    List<ResultRecord> records = ResultsOptions.read(ResultsOptions.inputs(sub), console);
    if (by != null && records.stream().noneMatch(r -> r.tags().containsKey(by))) {
      throw new InvalidInputException("--by " + by + ": no run in the inputs has that tag (give"
          + " it when running: --tag " + by + "=VALUE)");
    }
    Predicate<ResultRecord> since = sub.hasMatchedOption("--regressions-since")
        ? since(sub.matchedOptionValue("--regressions-since", ""), records, by) : null;
    History h = History.of(records, new ChangePoints.Options(window, p, magnitude / 100),
        sub.hasMatchedOption("--all-figures"), by);
    List<io.hbench.core.report.Table> tables = new java.util.ArrayList<>(List.of(h.table()));
    if (h.failuresTable() != null) {
      tables.add(h.failuresTable());
    }
    console.print(format.render(tables));
    if (html != null) {
      java.nio.file.Files.writeString(html, HistoryPage.render(h),
          java.nio.charset.StandardCharsets.UTF_8);
      console.status("bench: history of " + h.series().size() + " series written to " + html);
    }
    if (since == null) {
      return Main.OK;
    }
    List<History.Change> worse = h.changesSince(since).stream().filter(History.Change::worse)
        .toList();
    String given = sub.matchedOptionValue("--regressions-since", "");
    // A run that failed since then has no figure to have got worse: it fails the gate itself.
    List<ResultRecord> failed = h.failedSince(since);
    for (ResultRecord r : failed) {
      String why = r.failure() == null ? "" : r.failure().lines().findFirst().orElse("");
      console.status("bench: failed since " + given + ": " + r.suite() + " " + r.point() + " ["
          + r.label() + "] run " + r.runId() + " (" + r.started() + "): " + why);
    }
    if (worse.isEmpty() && failed.isEmpty()) {
      console.status("bench: no figure got worse at a change since " + given + ", and no run"
          + " since then failed");
      return Main.OK;
    }
    for (History.Change c : worse) {
      console.status(String.format(Locale.ROOT, "bench: worse since %s: %s %s: %+.1f%% from run"
          + " %s (%s)", given, c.run().suite(), c.run().point(), c.at().forwardChangePercent(),
          c.run().runId(), c.run().started()));
    }
    return Main.POINT_FAILED;
  }

  /** The runs at or after a run id, with a tag value at or after the given one, or started on or after a date. */
  private static Predicate<ResultRecord> since(String given, List<ResultRecord> records,
      String by) {
    if (by != null && records.stream().noneMatch(r -> given.equals(r.runId()))
        && records.stream().anyMatch(r -> given.equals(r.tags().get(by)))) {
      return r -> r.tags().containsKey(by) && History.versionOrder(r.tags().get(by), given) >= 0;
    }
    String from = records.stream().filter(r -> given.equals(r.runId())).map(ResultRecord::started)
        .filter(java.util.Objects::nonNull).min(String::compareTo).orElse(null);
    if (from == null) {
      if (!given.matches("\\d{4}-\\d{2}-\\d{2}(T\\d{2}(:\\d{2}(:\\d{2}(\\.\\d+)?)?)?)?Z?")) {
        throw new InvalidInputException("--regressions-since " + given + ": no run of that id"
            + (by == null ? "" : " or value of tag " + by) + " in the inputs, and not a date"
            + " such as 2026-11-27 or 2026-11-27T10:00");
      }
      from = given;
    }
    String start = from;
    return r -> r.started() != null && r.started().compareTo(start) >= 0;
  }
}
