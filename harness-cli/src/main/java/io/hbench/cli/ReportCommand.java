package io.hbench.cli;

import io.hbench.core.InvalidInputException;
import io.hbench.core.report.Console;
import io.hbench.core.report.HtmlReport;
import io.hbench.core.report.ReportTables;
import io.hbench.core.report.TableFormat;
import io.hbench.core.result.ResultRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code bench report INPUT...}: the seeds' tables across runs (a column per label), as text,
 * Markdown, CSV or JSON, or a self-contained HTML page with their charts ({@code --html}).
 */
final class ReportCommand {

  static final String NAME = "report";

  private ReportCommand() {}

  static CommandSpec spec() {
    CommandSpec spec = CommandSpec.create().name(NAME);
    spec.mixinStandardHelpOptions(true);
    spec.usageMessage().description(
        "Tables (and with --html, charts) of results files across runs: per suite, one row per"
            + " point, a column group per headline figure, a column per label (--label of each"
            + " run). Repeats show as median ± spread; failed points as failed.");
    ResultsOptions.addInputs(spec, "INPUT",
        "Results files (.jsonl) or directories of them, any mix of suites and labels.");
    ResultsOptions.addFormats(spec);
    spec.addOption(OptionSpec.builder("--html")
        .paramLabel("FILE")
        .type(String.class)
        .description("Write one self-contained HTML page (charts, tables, environments) that"
            + " works offline, instead of printing the tables.")
        .build());
    return spec;
  }

  static int run(ParseResult sub, Console console) throws IOException {
    TableFormat format = ResultsOptions.format(sub);
    String html = sub.matchedOptionValue("--html", null);
    for (String f : List.of("--format", "--markdown", "--csv", "--json")) {
      // The page holds the tables; a table format beside it would be silently ignored.
      if (html != null && sub.hasMatchedOption(f)) {
        throw new InvalidInputException("give --html or " + f + ", not both");
      }
    }
    Path htmlFile = html == null ? null : Path.of(html);
    if (htmlFile != null && Files.isDirectory(htmlFile)) {
      throw new InvalidInputException("--html " + html + " is a directory; give a file name");
    }
    List<ResultRecord> records =
        ResultsOptions.read(ResultsOptions.inputs(sub), console);
    if (htmlFile == null) {
      console.print(format.render(ReportTables.of(records)));
      return Main.OK;
    }
    Path parent = htmlFile.toAbsolutePath().getParent();
    if (parent != null && !Files.isDirectory(parent)) {
      throw new InvalidInputException("--html " + html + ": no such directory " + parent);
    }
    Files.writeString(htmlFile, HtmlReport.render(records), StandardCharsets.UTF_8);
    console.status("bench: report of " + records.size() + " records written to " + htmlFile);
    return Main.OK;
  }
}
