package io.hbench.mapreduce.slive;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.size.Size;

/**
 * Slive's options, apart from the job code so that {@code --help} loads no Hadoop class. Where
 * the clients run ({@code --maps}, each map one client) and for how long ({@code --duration},
 * in place of {@code --ops-per-map}) are the core's load options.
 */
final class SliveOptions {

  static final BenchmarkOption<Integer> OPS_PER_MAP =
      BenchmarkOption.integer("--ops-per-map", "Operations each map issues.", "1000", 1);
  static final BenchmarkOption<Integer> FILES =
      BenchmarkOption.integer(
          "--files", "File names in the shared namespace (in about sqrt(N) directories).", "1000", 1);
  static final BenchmarkOption<SliveMix> MIX =
      BenchmarkOption.of(
          "--mix", "OP=WEIGHT,...",
          "Operation weights; operations: create, read, ls, mkdir, rename, append, delete.",
          SliveMix.DEFAULT,
          SliveMix::parse);
  static final BenchmarkOption<Size> READ_SIZE =
      BenchmarkOption.size("--read-size", "Bytes a read reads at most.", "1M");
  static final BenchmarkOption<Size> WRITE_SIZE =
      BenchmarkOption.size("--write-size", "Bytes a create or an append writes.", "1M");
  static final BenchmarkOption<Size> BLOCK_SIZE =
      BenchmarkOption.sizeOrAuto("--block-size", "Block size of created files (auto: dfs.blocksize).");
  static final BenchmarkOption<Integer> SEED =
      BenchmarkOption.integer("--seed", "Seed of the operation sequence.", "1", 0);

  static final java.util.List<BenchmarkOption<?>> ALL =
      java.util.List.of(OPS_PER_MAP, FILES, MIX, READ_SIZE, WRITE_SIZE, BLOCK_SIZE, SEED);

  /** Largest --read-size and --write-size: a map holds one buffer of it. */
  static final long MAX_IO = 64L << 20;

  private SliveOptions() {}
}
