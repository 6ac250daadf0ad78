package io.hbench.cli;

import io.hbench.core.embed.CommonOptions;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.report.TableFormat;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Model.PositionalParamSpec;
import picocli.CommandLine.ParseResult;

/** What {@code bench report} and {@code bench compare} share: inputs and output format. */
final class ResultsOptions {

  private ResultsOptions() {}

  static void addInputs(CommandSpec spec, String label, String description) {
    spec.addPositional(PositionalParamSpec.builder()
        .paramLabel(label)
        .arity("1..*")
        .type(List.class)
        .auxiliaryTypes(String.class)
        .description(description)
        .build());
  }

  /** {@code --html FILE}: a page instead of the tables. */
  static void addHtml(CommandSpec spec, String description) {
    spec.addOption(OptionSpec.builder("--html").paramLabel("FILE").type(String.class)
        .description(description).build());
  }

  /**
   * The {@code --html} file, or null; refused before anything is read when a table format is
   * given beside it (the page holds the tables: it would be silently ignored), or it is a
   * directory, or its directory does not exist.
   */
  static Path html(ParseResult sub) {
    String html = sub.matchedOptionValue("--html", null);
    if (html == null) {
      return null;
    }
    for (String f : List.of("--format", "--markdown", "--csv", "--json")) {
      if (sub.hasMatchedOption(f)) {
        throw new InvalidInputException("give --html or " + f + ", not both");
      }
    }
    Path file = Path.of(html);
    if (java.nio.file.Files.isDirectory(file)) {
      throw new InvalidInputException("--html " + html + " is a directory; give a file name");
    }
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null && !java.nio.file.Files.isDirectory(parent)) {
      throw new InvalidInputException("--html " + html + ": no such directory " + parent);
    }
    return file;
  }

  static void addFormats(CommandSpec spec) {
    spec.addOption(OptionSpec.builder(CommonOptions.FORMAT.name())
        .paramLabel(CommonOptions.FORMAT.paramLabel())
        .type(String.class)
        .description("text (aligned columns), markdown, csv or json. Default: text.")
        .build());
    spec.addOption(flag("--markdown", "Same as --format markdown."));
    spec.addOption(flag("--csv", "Same as --format csv."));
    spec.addOption(flag("--json", "Same as --format json."));
  }

  private static OptionSpec flag(String name, String description) {
    return OptionSpec.builder(name).type(boolean.class).arity("0").description(description).build();
  }

  /** Every record of {@code inputs}; a skipped truncated line is a warning on the console. */
  static List<io.hbench.core.result.ResultRecord> read(List<Path> inputs,
      io.hbench.core.text.Console console) {
    return io.hbench.core.report.ResultReader.readAll(inputs,
        w -> console.status("bench: warning: " + w));
  }

  static List<Path> inputs(ParseResult sub) {
    List<String> given = sub.matchedPositionalValue(0, List.of());
    return given.stream().map(Path::of).toList();
  }

  /**
   * The number given for {@code option}, else its declared default, else {@code def}; a value
   * that is not a number is bad input naming the option.
   */
  static double number(ParseResult sub, String option, double def) {
    String text = sub.hasMatchedOption(option) ? sub.matchedOptionValue(option, "")
        : sub.commandSpec().findOption(option).getValue();
    try {
      return text == null ? def : Double.parseDouble(text);
    } catch (NumberFormatException e) {
      throw new InvalidInputException("invalid " + option + " '" + text + "': give a number");
    }
  }

  /** The one format asked for, by --format or a shorthand flag. */
  static TableFormat format(ParseResult sub) {
    TableFormat chosen = sub.hasMatchedOption("--format")
        ? CommonOptions.FORMAT.parse((String) sub.matchedOptionValue("--format", "text")) : null;
    for (TableFormat f : List.of(TableFormat.MARKDOWN, TableFormat.CSV, TableFormat.JSON)) {
      if (sub.hasMatchedOption("--" + f.text())) {
        if (chosen != null && chosen != f) {
          throw new InvalidInputException("give one output format, not --" + f.text() + " and "
              + chosen.text());
        }
        chosen = f;
      }
    }
    return chosen == null ? TableFormat.TEXT : chosen;
  }
}
