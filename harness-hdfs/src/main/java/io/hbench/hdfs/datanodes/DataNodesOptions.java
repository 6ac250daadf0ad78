package io.hbench.hdfs.datanodes;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.size.Size;
import java.util.List;

/** The datanodes suite's options, apart from its calls so that {@code --help} loads no Hadoop. */
final class DataNodesOptions {

  static final BenchmarkOption<Size> SIZE =
      BenchmarkOption.size("--size", "Bytes of each file.", "64M");
  static final BenchmarkOption<Integer> FILES = BenchmarkOption.integer("--files",
      "Files written to each DataNode (to each pair with --pairs), one at a time.", "4", 1);
  static final BenchmarkOption<Boolean> PAIRS = BenchmarkOption.flag("--pairs",
      "Also write two-replica pipelines pinned to each ordered pair of DataNodes: a slow link"
          + " told apart from a slow node.");
  static final BenchmarkOption<Integer> PAIR_SAMPLE = BenchmarkOption.integer("--pair-sample",
      "With --pairs: this many ordered pairs, drawn at random with a fixed seed (0: every"
          + " pair).", "0", 0);

  static final List<BenchmarkOption<?>> ALL = List.of(SIZE, FILES, PAIRS, PAIR_SAMPLE);

  /** Bytes per write and read call. */
  static final int BUFFER = 1 << 20;

  private DataNodesOptions() {}
}
