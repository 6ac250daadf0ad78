package io.hbench.hdfs.datanodes;

import static io.hbench.hdfs.datanodes.DataNodesOptions.BUFFER;

import io.hbench.core.LoadScope;
import io.hbench.core.fs.DataPattern;
import io.hbench.core.load.LoadClients;
import io.hbench.core.stats.RefusedCallException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.DistributedFileSystem;

/**
 * One process's calls of the datanodes load. The files are numbered over every process: file
 * {@code j} is target {@code j mod T}'s file {@code j / T}, and process {@code p} of {@code P}
 * makes files {@code p, p + P, ...}, so that at any moment the processes are on different
 * targets. A write pins the file with HDFS's favored nodes (its target's DataNodes, replication
 * the target's size); the point checks afterwards that the NameNode put every block there,
 * since favored nodes are a hint it may pass over.
 */
final class DataNodesCalls {

  /** A read that met bytes the write did not write. */
  static final String WRONG_BYTES = "read back wrong bytes";

  private DataNodesCalls() {}

  static LoadClients clients(LoadScope scope) throws Exception {
    List<String> nodes = scope.param(DataNodesFields.NODES);
    List<int[]> targets = targets(scope.point().get(DataNodesFields.KIND), nodes.size(),
        scope.param(DataNodesFields.PAIR_LIST));
    int files = scope.param(DataNodesFields.FILES);
    long size = scope.param(DataNodesFields.FILE_SIZE);
    int process = scope.process();
    int processes = scope.processes();
    long total = (long) targets.size() * files;
    long mine = total > process ? (total - process + processes - 1) / processes : 0;
    DistributedFileSystem dfs = hdfs(scope.fileSystem());
    boolean read = DataNodesLoad.READ.equals(scope.phase());
    Path dir = scope.pointDirectory();
    long blockSize = dfs.getDefaultBlockSize(dir);
    FsPermission permission =
        FsPermission.getFileDefault().applyUMask(FsPermission.getUMask(scope.configuration()));
    List<DataPattern> patterns = new ArrayList<>();
    for (int t = 0; t < targets.size(); t++) {
      patterns.add(new DataPattern(t, BUFFER));
    }
    byte[] buffer = new byte[BUFFER];
    // Untimed: the first calls to each target pay for the client's class loading, its JIT and
    // the connection, which would otherwise count against the first DataNode measured.
    for (int t = 0; t < targets.size(); t++) {
      Path warm = new Path(dir, "warm-up-p" + process + "-t" + t);
      if (read) {
        read(dfs, warm, patterns.get(t), Math.min(WARM_UP, size), buffer);
      } else {
        write(dfs, warm, favored(nodes, targets.get(t)), Math.min(WARM_UP, size),
            patterns.get(t), permission, blockSize);
      }
    }
    return LoadClients.of(1, mine, (thread, i, steps) -> {
      long j = process + i * processes;
      int t = (int) (j % targets.size());
      int[] target = targets.get(t);
      Path file = file(dir, target, j / targets.size());
      steps.operation((read ? DataNodesLoad.READ : DataNodesLoad.WRITE) + " "
          + name(nodes, target));
      if (read) {
        return read(dfs, file, patterns.get(t), size, buffer);
      }
      return write(dfs, file, favored(nodes, target), size, patterns.get(t), permission,
          blockSize);
    });
  }

  /** What each client writes and reads of each target before its timed calls, untimed. */
  static final long WARM_UP = 64 << 10;

  private static InetSocketAddress[] favored(List<String> nodes, int[] target) {
    InetSocketAddress[] favored = new InetSocketAddress[target.length];
    for (int k = 0; k < target.length; k++) {
      favored[k] = address(nodes.get(target[k]));
    }
    return favored;
  }

  /** {@code size} bytes of {@code pattern} to {@code file}, its replicas on {@code favored}. */
  private static long write(DistributedFileSystem dfs, Path file, InetSocketAddress[] favored,
      long size, DataPattern pattern, FsPermission permission, long blockSize)
      throws IOException {
    try (OutputStream out = dfs.create(file, permission, true, BUFFER, (short) favored.length,
        blockSize, null, favored)) {
      for (long done = 0; done < size; ) {
        int len = (int) Math.min(BUFFER, size - done);
        pattern.write(out, done, len);
        done += len;
      }
    }
    return size;
  }

  /** Each DataNode alone ({@code [k]}), or the ordered pairs ({@code "a>b"}) of {@code pairs}. */
  static List<int[]> targets(String kind, int nodes, List<String> pairs) {
    List<int[]> out = new ArrayList<>();
    if (DataNodesFields.PAIRS.equals(kind)) {
      for (String p : pairs) {
        String[] ab = p.split(">");
        out.add(new int[] {Integer.parseInt(ab[0]), Integer.parseInt(ab[1])});
      }
    } else {
      for (int k = 0; k < nodes; k++) {
        out.add(new int[] {k});
      }
    }
    return out;
  }

  /** A target as its figures name it: a DataNode's address, or a pipeline's, first to last. */
  static String name(List<String> nodes, int[] target) {
    StringBuilder b = new StringBuilder(nodes.get(target[0]));
    for (int k = 1; k < target.length; k++) {
      b.append('>').append(nodes.get(target[k]));
    }
    return b.toString();
  }

  /** File {@code n} of {@code target}, under the point's directory. */
  static Path file(Path dir, int[] target, long n) {
    StringBuilder t = new StringBuilder("t");
    for (int k = 0; k < target.length; k++) {
      t.append(k == 0 ? "" : "_").append(target[k]);
    }
    return new Path(new Path(dir, t.toString()), "f" + n);
  }

  static InetSocketAddress address(String xfer) {
    int colon = xfer.lastIndexOf(':');
    return InetSocketAddress.createUnresolved(xfer.substring(0, colon),
        Integer.parseInt(xfer.substring(colon + 1)));
  }

  /** The HDFS under {@code fs} (hbench's instrumented file system wraps it), or null. */
  static DistributedFileSystem hdfs(FileSystem fs) {
    FileSystem f = fs;
    while (f instanceof FilterFileSystem filter) {
      f = filter.getRawFileSystem();
    }
    return f instanceof DistributedFileSystem d ? d : null;
  }

  private static long read(DistributedFileSystem dfs, Path file, DataPattern pattern, long size,
      byte[] buf) throws IOException, RefusedCallException {
    long done = 0;
    try (InputStream in = dfs.open(file, BUFFER)) {
      while (done < size) {
        int r = in.read(buf, 0, (int) Math.min(buf.length, size - done));
        if (r < 0) {
          break;
        }
        long m = pattern.mismatch(buf, 0, r, done);
        if (m >= 0) {
          throw new RefusedCallException(WRONG_BYTES, "byte " + m + " of " + file);
        }
        done += r;
      }
    }
    if (done < size) {
      throw new RefusedCallException(WRONG_BYTES, file + " holds " + done + " bytes of " + size);
    }
    return done;
  }
}
