package io.hbench.core.embed;

import io.hbench.core.Benchmark;
import io.hbench.core.OptionValues;
import io.hbench.core.annotation.Internal;
import io.hbench.core.report.TableFormat;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.Console;
import java.io.IOException;
import java.util.List;
import java.util.ServiceLoader;

/**
 * How a {@link RunRequest} reaches the engine that carries it out, without this package (the one
 * embedders import) depending on the engine: the engine ({@code io.hbench.core.engine}) implements
 * it once and is found with {@link ServiceLoader}, as suites are. Not for embedders.
 */
@Internal
public interface RunEngine {

  /** A run prepared and not yet started. */
  interface Run {
    /** Measures every point; the records in order, ok and failed alike. */
    List<ResultRecord> run() throws IOException;

    /** Stops the run under way from another thread. */
    void cancel();
  }

  /**
   * Prepares a run of {@code benchmark}, printing to {@code console}, the end-of-run tables in
   * {@code tables} (or none when null), each record given to {@code listeners} as measured.
   */
  Run prepare(Benchmark benchmark, OptionValues options, RunSettings settings, Console console,
      TableFormat tables, List<RunListener> listeners);

  /** The engine on the class path of this package's class loader. */
  static RunEngine find() {
    return ServiceLoader.load(RunEngine.class, RunEngine.class.getClassLoader()).findFirst()
        .orElseThrow(() -> new IllegalStateException(
            "no hbench engine on the class path: harness-core's META-INF/services is missing"));
  }
}
