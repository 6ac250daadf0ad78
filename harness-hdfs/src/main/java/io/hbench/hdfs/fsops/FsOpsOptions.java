package io.hbench.hdfs.fsops;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import io.hbench.core.size.Size;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/** fsops's options, by fs_benchmark_tool's names; the load options are the core's. */
final class FsOpsOptions {

  static final BenchmarkOption<FsOperation> OP =
      BenchmarkOption.of("--op", "OP", "create_write, open_read, single_read, prefetch_read,"
          + " exists, rename, list, delete, mkdirs or clean.", null, FsOperation::parse);
  static final BenchmarkOption<Integer> THREADS =
      BenchmarkOption.integer("--threads", "Client threads (in each map task with --maps);"
          + " thread i works on test_i.", "1", 1);
  static final BenchmarkOption<Integer> ITERATIONS =
      BenchmarkOption.integer("--iterations", "Calls each thread makes per repeat.", "1", 1);
  static final BenchmarkOption<Size> FILE_SIZE =
      BenchmarkOption.sizeOrAuto("--file-size", "Bytes each call writes or reads. auto: 10M for"
          + " create_write; for reads, the whole file; 0 for delete's files.");
  static final BenchmarkOption<Size> BUFFER_SIZE =
      BenchmarkOption.size("--buffer-size", "Bytes per write or read call on the stream.", "1M");
  static final BenchmarkOption<String> FILE_PATH =
      BenchmarkOption.text("--file-path", "URI", "File single_read and prefetch_read read"
          + " (Default: file_path of a --conf file, else each thread's test_i).", "");

  static final List<BenchmarkOption<?>> ALL =
      List.of(OP, THREADS, ITERATIONS, FILE_SIZE, BUFFER_SIZE, FILE_PATH);

  /** The key of a --conf file naming the file to read (Doris's file_path). */
  static final String FILE_PATH_KEY = "file_path";

  /** Largest --buffer-size: a thread holds one buffer of it. */
  static final long MAX_BUFFER = 64L << 20;

  private FsOpsOptions() {}

  /** The file single_read and prefetch_read read: --file-path, else a --conf file's; or blank. */
  static String filePath(OptionValues o, Configuration conf) {
    String p = o.get(FILE_PATH);
    return !p.isBlank() ? p : conf.get(FILE_PATH_KEY, "");
  }
}
