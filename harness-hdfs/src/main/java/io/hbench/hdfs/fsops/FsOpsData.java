package io.hbench.hdfs.fsops;

import io.hbench.core.RunContext;
import io.hbench.core.fs.DataPattern;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The files fsops's calls need, made before the load's clock starts, each making a phase of its
 * own ({@code prepare}): the clients' {@code test_i} for reads and metadata calls, and delete's
 * files.
 */
final class FsOpsData {

  /** Default bytes create_write writes. */
  static final long DEFAULT_FILE_SIZE = 10L << 20;

  private FsOpsData() {}

  /**
   * Makes sure each client's {@code test_i} holds {@code size} bytes of its pattern, writing the
   * ones that are missing or shorter (untimed, as a phase of its own), and returns the size the
   * reads will read: {@code size}, or when it is -1 (not given), the files' own length.
   *
   * @param onlyMissing write only files that are missing or too short (reads), rather than every
   *     one (create_write writes them in the timed phase)
   */
  static long prepare(
      RunContext ctx, Path data, int clients, long size, int buffer, boolean onlyMissing)
      throws Exception {
    FileSystem fs = ctx.fileSystem();
    if (!ctx.directories().isOwned(data)) {
      ctx.directories().create(data);
    }
    if (!onlyMissing) {
      return size;
    }
    long want = size;
    if (want < 0) {
      Path first = FsOpsCalls.testFile(data, 0);
      FileStatus st = fs.exists(first) ? fs.getFileStatus(first) : null;
      want = st != null && st.getLen() > 0 ? st.getLen() : DEFAULT_FILE_SIZE;
    }
    long need = want;
    List<Integer> missing = new ArrayList<>();
    for (int t = 0; t < clients; t++) {
      Path f = FsOpsCalls.testFile(data, t);
      if (!fs.exists(f) || fs.getFileStatus(f).getLen() < need) {
        missing.add(t);
      }
    }
    if (!missing.isEmpty()) {
      ctx.param("prepared_files", missing.size());
      ctx.phase("prepare", missing.size() * need, () -> {
        for (int t : missing) {
          FsOpsCalls.write(fs, FsOpsCalls.testFile(data, t), new DataPattern(t, buffer), need, buffer);
        }
        return (long) missing.size();
      });
    }
    return need;
  }

  /** The files delete removes: {@code iterations} per client, {@code len} bytes each. */
  static void prepareDeletes(RunContext ctx, Path dir, int clients, long iterations, long len,
      int buffer) throws Exception {
    FileSystem fs = ctx.fileSystem();
    ctx.phase("prepare", clients * iterations * len, () -> {
      for (int t = 0; t < clients; t++) {
        DataPattern pattern = new DataPattern(t, buffer);
        for (long i = 0; i < iterations; i++) {
          FsOpsCalls.write(fs, new Path(dir, "f_" + t + "_" + i), pattern, len, buffer);
        }
      }
      return clients * iterations;
    });
  }
}
