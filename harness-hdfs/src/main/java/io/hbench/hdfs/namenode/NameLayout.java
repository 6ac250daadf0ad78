package io.hbench.hdfs.namenode;

import java.util.HashSet;
import java.util.Set;

/**
 * Names for the files (or directories) of a NameNode benchmark, laid out as NNThroughputBenchmark
 * lays them out, so that both walk trees of the same shape: {@code perDir} entries to a directory,
 * directories {@code perDir} to a parent, and the tree one level deeper each time a level is full
 * ({@code Dir0}..{@code Dir3}, then {@code Dir0/Dir0}..{@code Dir3/Dir3}, ...). Deterministic, so
 * map tasks rebuild the names the client made. Remembers every directory it named, ancestors
 * included, for checking a mkdirs run.
 */
final class NameLayout {

  /** The prefix of every name, NNThroughputBenchmark's own: path lengths match too. */
  static final String PREFIX = "ThroughputBench";

  private final String base;
  private final int perDir;
  private final Set<String> dirs = new HashSet<>();
  private int[] digits = new int[0];
  private String currentDir;
  private long count;

  NameLayout(String base, int perDir) {
    if (perDir < 2) {
      throw new IllegalArgumentException("perDir must be at least 2");
    }
    this.base = base;
    this.perDir = perDir;
  }

  /** The next name. */
  String next() {
    if (count % perDir == 0) {
      currentDir = nextDir();
    }
    return currentDir + "/" + PREFIX + count++;
  }

  /** {@code n} names, in order. */
  static String[] names(String base, int perDir, int n) {
    NameLayout layout = new NameLayout(base, perDir);
    String[] names = new String[n];
    for (int i = 0; i < n; i++) {
      names[i] = layout.next();
    }
    return names;
  }

  /** Directories named so far below the base, ancestors included, the base itself not. */
  int directories() {
    return dirs.size();
  }

  private String nextDir() {
    int level = digits.length - 1;
    while (level >= 0 && digits[level] == perDir - 1) {
      level--;
    }
    if (level < 0) {
      digits = new int[digits.length + 1];
    } else {
      digits[level]++;
      for (int l = level + 1; l < digits.length; l++) {
        digits[l] = 0;
      }
    }
    StringBuilder sb = new StringBuilder(base);
    for (int d : digits) {
      sb.append('/').append(PREFIX).append("Dir").append(d);
      dirs.add(sb.toString());
    }
    return sb.toString();
  }
}
