package io.hbench.cli;

import io.hbench.core.report.HtmlReport;
import io.hbench.core.report.ReportTables;
import io.hbench.core.report.TableFormat;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.Console;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
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
    ResultsOptions.addHtml(spec, "Write one self-contained HTML page (charts, tables,"
        + " environments) that works offline, instead of printing the tables.");
    return spec;
  }

  static int run(ParseResult sub, Console console) throws IOException {
    TableFormat format = ResultsOptions.format(sub);
    Path htmlFile = ResultsOptions.html(sub);
    List<ResultRecord> records =
        ResultsOptions.read(ResultsOptions.inputs(sub), console);
    if (htmlFile == null) {
      console.print(format.render(ReportTables.of(records)));
      return Main.OK;
    }
    Files.writeString(htmlFile, HtmlReport.render(records), StandardCharsets.UTF_8);
    console.status("bench: report of " + records.size() + " records written to " + htmlFile);
    return Main.OK;
  }
}
