package io.hbench.mapreduce.terasort;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.size.Size;

/**
 * Options the TeraSort suites share. Kept apart from the job code so that listing the suites
 * (for {@code --help}) loads no Hadoop class.
 */
final class TeraOptions {

  static final BenchmarkOption<Integer> MAPS =
      BenchmarkOption.integerOrAuto(
          "--maps", "Map tasks of the generate job (auto: one per block of data).", 1);
  static final BenchmarkOption<Integer> REDUCES =
      BenchmarkOption.integerOrAuto(
          "--reduces",
          "Reduce tasks of the sort job (auto: mapreduce.job.reduces, 1 unless configured).",
          1);
  static final BenchmarkOption<Size> BLOCK_SIZE =
      BenchmarkOption.sizeOrAuto(
          "--block-size", "Block size of the files written (auto: the cluster's dfs.blocksize).");

  private TeraOptions() {}
}
