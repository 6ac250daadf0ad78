package io.hbench.hdfs.namenode;

/**
 * Names for the files (or directories) of a NameNode benchmark, laid out as NNThroughputBenchmark
 * lays them out, so that both walk trees of the same shape: {@code perDir} entries to a directory,
 * directories {@code perDir} to a parent, and the tree one level deeper each time a level is full
 * ({@code Dir0}..{@code Dir3}, then {@code Dir0/Dir0}..{@code Dir3/Dir3}, ...).
 *
 * <p>Each name is computed from its index when asked, never held: a million names held as
 * strings took more than 256 MB of the client's heap. Deterministic, so map tasks rebuild the
 * names the client made.
 */
final class NameLayout {

  /** The prefix of every name, NNThroughputBenchmark's own: path lengths match too. */
  static final String PREFIX = "ThroughputBench";

  private final String base;
  private final int perDir;
  private final long first;
  private final long size;

  /** As many names as a load can make: a layout without end, for names made by time. */
  static final long UNBOUNDED = Long.MAX_VALUE / 4;

  /** The first {@code n} names under {@code base}. */
  NameLayout(String base, int perDir, long n) {
    this(base, perDir, 0, n);
  }

  private NameLayout(String base, int perDir, long first, long size) {
    if (perDir < 2) {
      throw new IllegalArgumentException("perDir must be at least 2");
    }
    this.base = base;
    this.perDir = perDir;
    this.first = first;
    this.size = size;
  }

  /** How many names. */
  long size() {
    return size;
  }

  /** The {@code i}-th name of this layout (0-based). */
  String get(long i) {
    if (i < 0 || i >= size) {
      throw new IndexOutOfBoundsException(i + " of " + size);
    }
    long index = first + i;
    // The directory's place in the walk: all of one level, then all of the next.
    long dir = index / perDir;
    int depth = 1;
    long levelStart = 0;
    long levelSize = perDir;
    while (dir >= levelStart + levelSize) {
      levelStart += levelSize;
      levelSize *= perDir;
      depth++;
    }
    long offset = dir - levelStart;
    int[] digits = new int[depth];
    for (int d = depth - 1; d >= 0; d--) {
      digits[d] = (int) (offset % perDir);
      offset /= perDir;
    }
    StringBuilder sb = new StringBuilder(base.length() + depth * 20 + 24).append(base);
    for (int d : digits) {
      sb.append('/').append(PREFIX).append("Dir").append(d);
    }
    return sb.append('/').append(PREFIX).append(index).toString();
  }

  /** {@code count} names from the {@code from}-th on: a map task's share. */
  NameLayout slice(long from, long count) {
    if (from < 0 || count < 0 || from + count > size) {
      throw new IndexOutOfBoundsException(from + "+" + count + " of " + size);
    }
    return new NameLayout(base, perDir, first + from, count);
  }

  /**
   * Directories these names are in below the base, ancestors included, the base itself not. A
   * level is walked whole before the next, so every ancestor was itself a directory of names
   * earlier: the count is the directories of names.
   */
  long directories() {
    return first + size == 0 ? 0 : (first + size + perDir - 1) / perDir - first / perDir;
  }
}
