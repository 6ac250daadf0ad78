package io.hbench.mapreduce.dfsio;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.size.Size;

/** DFSIO's options, apart from the job code so that {@code --help} loads no Hadoop class. */
final class DfsioOptions {

  static final BenchmarkOption<DfsioMode> MODE =
      BenchmarkOption.of(
          "--mode",
          "MODE",
          "write, read, append, random-read or clean. read, append and random-read use the files"
              + " an earlier write left in the base directory; clean deletes them.",
          null,
          DfsioMode::parse);
  static final BenchmarkOption<Integer> FILES =
      BenchmarkOption.integer("--files", "Files, one map task each (TestDFSIO's -nrFiles).", "4", 1);
  static final BenchmarkOption<Size> SIZE =
      BenchmarkOption.size(
          "--size",
          "Bytes per file: written, appended or read (for random-read: read at random positions).",
          "1G");
  static final BenchmarkOption<Size> BUFFER_SIZE =
      BenchmarkOption.size(
          "--buffer-size", "Bytes per write or read call (TestDFSIO's default).", "1000000");
  static final BenchmarkOption<String> STORAGE_POLICY =
      BenchmarkOption.text(
          "--storage-policy",
          "POLICY",
          "HDFS storage policy set on the data directory before writing (ALL_SSD, ONE_SSD, HOT,"
              + " COLD, ...); default: the cluster's.",
          "");
  static final BenchmarkOption<String> COMPRESSION =
      BenchmarkOption.text(
          "--compression",
          "CODEC",
          "Compress the files with this codec (gzip, snappy, lz4, bzip2, or a class name);"
              + " sizes count uncompressed bytes. Not with random-read or append.",
          "");

  /** Largest --buffer-size: a map holds the buffer and its pattern in memory. */
  static final long MAX_BUFFER = 64L << 20;

  private DfsioOptions() {}
}
