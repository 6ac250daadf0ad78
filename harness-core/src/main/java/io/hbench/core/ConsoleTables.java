package io.hbench.core;

import io.hbench.core.report.Console;
import io.hbench.core.report.DaemonTable;
import io.hbench.core.report.IoTable;
import io.hbench.core.report.SweepTable;
import io.hbench.core.report.Table;
import io.hbench.core.report.TableFormat;
import io.hbench.core.result.ResultRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * The end-of-run tables: the common one (seconds and MB/s per point and phase), the file system
 * calls of an instrumented run, then the suite's own report. Built from the records alone, as
 * {@code bench report} rebuilds them from a file, and laid out in the run's {@code --format}.
 */
final class ConsoleTables implements RunListener {

  private final Console console;
  private final Benchmark benchmark;
  private final TableFormat format;

  ConsoleTables(Console console, Benchmark benchmark, TableFormat format) {
    this.console = console;
    this.benchmark = benchmark;
    this.format = format;
  }

  @Override
  public void finished(List<ResultRecord> records) {
    console.print(format.render(tables(benchmark, records)));
  }

  /** The tables of a run's records, in the order they are printed. */
  static List<Table> tables(Benchmark benchmark, List<ResultRecord> records) {
    List<Table> tables = new ArrayList<>();
    if (benchmark.commonTable()) {
      tables.add(SweepTable.render(records));
    }
    Table io = IoTable.render(records);
    if (io != null) {
      tables.add(io);
    }
    tables.addAll(benchmark.reports(records));
    Table daemons = DaemonTable.render(records);
    if (daemons != null) {
      tables.add(daemons);
    }
    return tables;
  }
}
