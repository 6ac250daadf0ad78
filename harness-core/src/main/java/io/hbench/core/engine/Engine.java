package io.hbench.core.engine;

import io.hbench.core.Benchmark;
import io.hbench.core.OptionValues;
import io.hbench.core.annotation.Internal;
import io.hbench.core.embed.RunEngine;
import io.hbench.core.embed.RunListener;
import io.hbench.core.embed.RunSettings;
import io.hbench.core.report.TableFormat;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.Console;
import java.io.IOException;
import java.util.List;

/**
 * The engine as {@link io.hbench.core.embed.RunRequest} finds it: a {@link BenchmarkRunner} that
 * writes a results file only when the settings name one, and installs no shutdown hook.
 */
@Internal
public final class Engine implements RunEngine {

  @Override
  public Run prepare(Benchmark benchmark, OptionValues options, RunSettings settings,
      Console console, TableFormat tables, List<RunListener> listeners) {
    BenchmarkRunner runner =
        new BenchmarkRunner(console, settings.out() != null, tables, false, listeners);
    return new Run() {
      @Override
      public List<ResultRecord> run() throws IOException {
        return runner.run(benchmark, options, settings).records();
      }

      @Override
      public void cancel() {
        runner.cancel();
      }
    };
  }
}
