package io.hbench.core;

import io.hbench.core.cluster.Needs;
import java.nio.file.Path;
import java.util.List;

/** A test suite on a local directory, no cluster and no options: only its points and run remain. */
public abstract class LocalDirectoryBenchmark implements Benchmark {
  private final String name;
  private final Path dir;

  protected LocalDirectoryBenchmark(String name, Path dir) {
    this.name = name;
    this.dir = dir;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public String description() {
    return "test";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return List.of();
  }

  @Override
  public Needs needs(OptionValues options) {
    return Needs.localDirectory(dir.toString());
  }
}
