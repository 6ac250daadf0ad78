package io.hbench.core.engine;

import io.hbench.core.embed.RunListener;
import io.hbench.core.report.DaemonTable;
import io.hbench.core.report.IoTable;
import io.hbench.core.report.SeriesTable;
import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.SweepTable;
import io.hbench.core.report.Table;
import io.hbench.core.report.TableFormat;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.Console;
import java.util.ArrayList;
import java.util.List;

/**
 * The end-of-run tables: the common one (seconds and MB/s per point and phase), the file system
 * calls of an instrumented run, then the suite's own report and a capacity search's steps. Built from the records alone, as
 * {@code bench report} rebuilds them from a file, and laid out in the run's {@code --format}.
 */
final class ConsoleTables implements RunListener {

  private final Console console;
  private final SuiteReport report;
  private final TableFormat format;

  ConsoleTables(Console console, SuiteReport report, TableFormat format) {
    this.console = console;
    this.report = report;
    this.format = format;
  }

  @Override
  public void finished(List<ResultRecord> records) {
    console.print(format.render(tables(report, records)));
  }

  /** The tables of a run's records, in the order they are printed. */
  static List<Table> tables(SuiteReport report, List<ResultRecord> records) {
    if (records.stream().anyMatch(r -> !r.cell().isEmpty())) {
      // The cells of --vary side by side, as bench report shows them, and the main effects.
      return io.hbench.core.report.ReportTables.of(
          records.stream().map(ResultRecord::comparedAs).toList());
    }
    List<Table> tables = new ArrayList<>();
    if (report.commonTable()) {
      tables.add(SweepTable.render(records));
    }
    Table io = IoTable.render(records);
    if (io != null) {
      tables.add(io);
    }
    tables.addAll(report.tables(records));
    // --find-max's answer is the run's: its steps, as bench report shows them.
    Table capacity = SeriesTable.capacity(records);
    if (capacity != null) {
      tables.add(capacity);
    }
    Table faults = SeriesTable.faults(records);
    if (faults != null) {
      tables.add(faults);
    }
    Table daemons = DaemonTable.render(records);
    if (daemons != null) {
      tables.add(daemons);
    }
    return tables;
  }
}
