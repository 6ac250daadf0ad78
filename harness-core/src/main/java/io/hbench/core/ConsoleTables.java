package io.hbench.core;

import io.hbench.core.report.Console;
import io.hbench.core.report.IoTable;
import io.hbench.core.report.SweepTable;
import io.hbench.core.result.ResultRecord;
import java.util.List;

/**
 * The end-of-run tables: the common one (seconds and MB/s per point and phase), the file system
 * calls of an instrumented run, then the suite's own report. Built from the records alone, as
 * {@code bench report} rebuilds them from a file.
 */
final class ConsoleTables implements RunListener {

  private final Console console;
  private final Benchmark benchmark;

  ConsoleTables(Console console, Benchmark benchmark) {
    this.console = console;
    this.benchmark = benchmark;
  }

  @Override
  public void finished(List<ResultRecord> records) {
    if (benchmark.commonTable()) {
      console.print(SweepTable.render(records));
    }
    String ioTable = IoTable.render(records);
    if (ioTable != null) {
      console.print(ioTable);
    }
    String own = benchmark.report(records);
    if (own != null) {
      console.print(own);
    }
  }
}
