package io.hbench.core.engine;

import io.hbench.core.embed.RunListener;
import io.hbench.core.embed.RunPlan;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.Console;
import java.nio.file.Path;
import java.util.List;

/** One status line as each point starts and ends, and where the records went. */
final class ProgressLines implements RunListener {

  private final Console console;
  private final String suite;
  private final Path resultsFile;
  /** The label of the point under way, as the plan shows it ({@code 64M #2}). */
  private String label;

  /** @param resultsFile where records are appended, or null when they are not */
  ProgressLines(Console console, String suite, Path resultsFile) {
    this.console = console;
    this.suite = suite;
    this.resultsFile = resultsFile;
  }

  @Override
  public void started(RunPlan.Measurement m) {
    label = m.label();
    console.status("[" + label + "] " + suite + ": started");
  }

  @Override
  public void measured(ResultRecord r) {
    console.status("[" + label + "] " + suite + ": " + r.status()
        + (r.failure() == null ? "" : ": " + r.failure()));
  }

  @Override
  public void finished(List<ResultRecord> records) {
    if (resultsFile != null) {
      console.status("hbench: " + records.size() + " record(s) appended to " + resultsFile);
    }
  }
}
