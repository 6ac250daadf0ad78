package io.hbench.mapreduce.slive;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.size.Size;

/** Slive's options, apart from the job code so that {@code --help} loads no Hadoop class. */
final class SliveOptions {

  static final BenchmarkOption<Integer> MAPS =
      BenchmarkOption.integer("--maps", "Map tasks, each one client issuing operations.", "4", 1);
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
  static final BenchmarkOption<Integer> DURATION =
      BenchmarkOption.integer(
          "--duration", "Seconds after which each map stops, done or not (0: no limit).", "0", 0);
  static final BenchmarkOption<Integer> SEED =
      BenchmarkOption.integer("--seed", "Seed of the operation sequence.", "1", 0);

  /** Largest --read-size and --write-size: a map holds one buffer of it. */
  static final long MAX_IO = 64L << 20;

  private SliveOptions() {}
}
