package io.hbench.hdfs.fsops;

import io.hbench.core.error.InvalidInputException;
import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The file system operations fsops measures: those of Doris's fs_benchmark_tool (create_write,
 * open_read, single_read, prefetch_read, exists, rename, list) plus delete, mkdirs and clean.
 */
enum FsOperation {
  /** Thread i creates {@code test_i} and writes {@code --file-size} bytes, every iteration. */
  CREATE_WRITE(Kind.WRITE),
  /** Thread i opens {@code test_i} and reads it; every byte is checked against what was written. */
  OPEN_READ(Kind.READ),
  /** Every thread reads {@code --file-path} (or its own {@code test_i}). */
  SINGLE_READ(Kind.READ),
  /** As single_read, with the stream's read-ahead or prefetching switched on. */
  PREFETCH_READ(Kind.READ),
  /** Thread i asks whether {@code test_i} exists. */
  EXISTS(Kind.META),
  /** Thread i renames {@code test_i} to {@code test_i_new} and, next iteration, back. */
  RENAME(Kind.META),
  /** Every thread lists the data directory. */
  LIST(Kind.META),
  /** Thread i deletes files made for it before the clock starts, one per iteration. */
  DELETE(Kind.META),
  /** Thread i makes a new directory every iteration. */
  MKDIRS(Kind.META),
  /** Removes the data directory that create_write filled (one call). */
  CLEAN(Kind.META);

  /** Which figures an operation has: bytes written, bytes read, or calls. */
  enum Kind {
    WRITE,
    READ,
    META
  }

  final Kind kind;

  FsOperation(Kind kind) {
    this.kind = kind;
  }

  String text() {
    return name().toLowerCase(Locale.ROOT);
  }

  static FsOperation parse(String text) {
    for (FsOperation op : values()) {
      if (op.text().equals(text.trim())) {
        return op;
      }
    }
    throw new InvalidInputException(
        "unknown --op '" + text + "'; known: "
            + Arrays.stream(values()).map(FsOperation::text).collect(Collectors.joining(", ")));
  }

  /**
   * Whether each run of the load (a {@code --find-max} step is one) works on names of its own, in
   * {@code <point>/<op>/r<run>}: mkdirs always (a directory made twice is no second call's
   * work), create_write and delete by time (fresh files, and files made for the run).
   */
  boolean namesEachRun(boolean timed) {
    return this == MKDIRS || timed && (this == CREATE_WRITE || this == DELETE);
  }

  /** Whether the operation's calls work in its own directory under the point's. */
  boolean worksInItsDirectory(boolean timed) {
    return this == DELETE || this == MKDIRS || timed && this == CREATE_WRITE;
  }

  /** Whether the operation works on the threads' {@code test_i} files, written first if missing. */
  boolean needsData(boolean filePathGiven) {
    return switch (this) {
      case OPEN_READ, EXISTS, RENAME, LIST -> true;
      case SINGLE_READ, PREFETCH_READ -> !filePathGiven;
      default -> false;
    };
  }
}
