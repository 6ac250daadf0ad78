package io.hbench.hdfs.fsops;

import static io.hbench.core.stats.RefusedCallException.refusedIf;

import io.hbench.core.LoadScope;
import io.hbench.core.OptionValues;
import io.hbench.core.fs.DataPattern;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.stats.RefusedCallException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The call of each fsops operation, the same in this process and in a map task of {@code
 * --maps}: thread {@code t} of a process whose threads start at {@code threadBase} works on
 * {@code test_<threadBase + t>}. A read that finds a byte other than create_write's fails as
 * {@link #WRONG_BYTES}, saying where.
 */
final class FsOpsCalls {

  /** The failure type of a read that found bytes other than those create_write wrote. */
  static final String WRONG_BYTES = "read back wrong bytes";

  /** Read-ahead asked of prefetch_read's streams. */
  static final int READ_AHEAD = 4 << 20;

  /**
   * Where the calls work and what they move.
   *
   * @param fs the data's file system
   * @param readFs the file system reads go through (prefetching, or that of --file-path)
   * @param data the threads' test files' directory
   * @param work delete's and mkdirs' directory, made before the load
   * @param given the file single_read and prefetch_read read, or blank
   * @param size bytes per write or read call
   * @param buffer bytes per stream call
   * @param threadBase the first thread's global number
   */
  record Target(FileSystem fs, FileSystem readFs, Path data, Path work, String given, long size,
      int buffer, int threadBase) {}

  private FsOpsCalls() {}

  /** The clients of one process ({@link FsOpsLoad#open}). */
  static LoadClients clients(LoadScope scope) throws Exception {
    OptionValues o = scope.options();
    FsOperation op = o.get(FsOpsOptions.OP);
    FileSystem fs = scope.fileSystem();
    Path data = new Path(scope.directories().base(), FsOpsLoad.DATA);
    if (op == FsOperation.CLEAN) {
      return LoadClients.of(1, 1, (t, i, steps) -> {
        if (scope.directories().isOwned(data)) {
          scope.directories().delete(data);
        }
        return 0;
      });
    }
    Configuration conf = scope.configuration();
    String given = FsOpsOptions.filePath(o, conf);
    FileSystem readFs = readFileSystem(conf, op, fs, data, given);
    Long size = scope.param(FsOpsFields.FILE_SIZE);
    boolean runNames = op.namesEachRun(scope.timed());
    Path work = op.worksInItsDirectory(scope.timed())
        ? new Path(scope.pointDirectory(), op.text()) : null;
    // Each run of the load (a --find-max step is one) on names of its own, under r<run>.
    Path runDir = runNames ? new Path(work, "r" + scope.run()) : work;
    FsOpsCalls.Target target = new FsOpsCalls.Target(fs, readFs, data, runDir, given,
        size == null ? 0 : size, (int) o.get(FsOpsOptions.BUFFER_SIZE).bytes(),
        scope.firstClient());
    if (scope.timed() && op == FsOperation.DELETE) {
      return timedDeletes(scope, target);
    }
    LoadClients clients = LoadClients.of(scope.threads(), o.get(FsOpsOptions.ITERATIONS),
        FsOpsCalls.call(op, target, scope.threads(), scope.timed()));
    return op == FsOperation.PREFETCH_READ ? clients.closing(readFs) : clients;
  }

  /** What the calls of a run left, summed over its clients and runs: checked by FsOpsChecks. */
  static final String MADE = "made";

  /** The files made for a timed delete's clients to consume, over its clients and runs. */
  static final String PREPARED = "prepared";

  /**
   * delete by time: each client's files made here, before the clock, as many as the run's rate
   * lets it call in the warm-up and the duration ({@code --iterations} when only the duration
   * bounds it); a client that deletes its last one stops, said in the record.
   */
  private static LoadClients timedDeletes(LoadScope scope, Target x) throws Exception {
    int threads = scope.threads();
    long[] each = new long[threads];
    for (int t = 0; t < threads; t++) {
      long bound = scope.callsAtMost(t);
      each[t] = bound != Long.MAX_VALUE ? bound : scope.options().get(FsOpsOptions.ITERATIONS);
    }
    DataPattern[] patterns = new DataPattern[threads];
    for (int t = 0; t < threads; t++) {
      patterns[t] = new DataPattern(x.threadBase() + t, x.buffer());
    }
    FileSystem fs = x.fs();
    io.hbench.core.load.LoadResult made = ConcurrentLoad.run("create (input)",
        io.hbench.core.load.LoadPlan.calls(each), (ConcurrentLoad.Call) (t, i) ->
            write(fs, deleted(x, t, i), patterns[t], x.size(), x.buffer()),
        scope.console(), "r" + scope.run() + " delete");
    if (made.failures() > 0) {
      throw new IOException("making the files to delete: " + made.failures() + " of "
          + made.calls() + " failed; the first: " + made.firstProblem());
    }
    long[] unbounded = new long[threads];
    java.util.Arrays.fill(unbounded, Long.MAX_VALUE);
    return new LoadClients(unbounded, (t, i, steps) -> {
      if (i >= each[t]) {
        throw ConcurrentLoad.EXHAUSTED;
      }
      if (i == 0) {
        steps.countAll(PREPARED, each[t]);
      }
      refusedIf(!fs.delete(deleted(x, t, i), false), "delete returned false");
      steps.countAll(MADE, 1);
      return 0;
    }, null);
  }

  private static Path deleted(Target x, int t, long i) {
    return new Path(x.work(), "f_" + (x.threadBase() + t) + "_" + i);
  }

  /** prefetch_read's settings, as its records name them. */
  static final String PREFETCH_SETTINGS = "fs.s3a.prefetch.enabled=true,"
      + " fs.s3a.input.stream.type=prefetch, read policy sequential, readahead "
      + READ_AHEAD + " (s3a, hdfs)";

  /**
   * The file system reads go through: for prefetch_read an instance of its own, with read-ahead
   * and prefetching on (S3A's prefetching stream and sequential policy, HDFS's client
   * read-ahead); for a given file, that file's own (s3:// beside an s3a:// base directory).
   */
  static FileSystem readFileSystem(
      Configuration conf, FsOperation op, FileSystem fs, Path data, String given)
      throws IOException {
    if (op == FsOperation.PREFETCH_READ) {
      Configuration c = new Configuration(conf);
      c.setBoolean("fs.s3a.prefetch.enabled", true);
      c.set("fs.s3a.input.stream.type", "prefetch");
      c.set("fs.s3a.experimental.input.fadvise", "sequential");
      c.setLong("dfs.client.cache.readahead", READ_AHEAD);
      Path target = given.isBlank() ? data : new Path(given);
      return FileSystem.newInstance(target.getFileSystem(conf).getUri(), c);
    }
    return given.isBlank() ? fs : new Path(given).getFileSystem(conf);
  }

  static Path testFile(Path data, int thread) {
    return new Path(data, "test_" + thread);
  }

  /**
   * The call for {@code op} (any but clean) with {@code threads} threads; {@code timed}: a
   * duration drives it, and create_write makes a fresh file every call.
   */
  static ConcurrentLoad.SteppedCall call(FsOperation op, Target x, int threads, boolean timed) {
    DataPattern[] patterns = new DataPattern[threads];
    for (int t = 0; t < threads; t++) {
      patterns[t] = new DataPattern(x.threadBase() + t, x.buffer());
    }
    FileSystem fs = x.fs();
    return switch (op) {
      // By count, Doris's tool's create_write: each client writes its test_i again and again;
      // by time, a fresh file every call, for as long as the load runs.
      case CREATE_WRITE -> timed ? (t, i, steps) -> {
        long n = write(fs, new Path(x.work(), "w_" + (x.threadBase() + t) + "_" + i), patterns[t],
            x.size(), x.buffer());
        steps.countAll(MADE, 1);
        return n;
      } : (t, i, steps) ->
          write(fs, testFile(x.data(), x.threadBase() + t), patterns[t], x.size(), x.buffer());
      case OPEN_READ, SINGLE_READ, PREFETCH_READ -> {
        boolean check = x.given().isBlank();
        boolean prefetch = op == FsOperation.PREFETCH_READ;
        yield (t, i, steps) -> {
          Path file = check ? testFile(x.data(), x.threadBase() + t) : new Path(x.given());
          try (FSDataInputStream in = open(x.readFs(), file, prefetch)) {
            steps.mark("open");
            return read(in, file, x.size(), x.buffer(), check ? patterns[t] : null);
          }
        };
      }
      case EXISTS -> (t, i, steps) ->
          refusedIf(!fs.exists(testFile(x.data(), x.threadBase() + t)), "does not exist");
      case RENAME -> (t, i, steps) -> {
        Path a = testFile(x.data(), x.threadBase() + t);
        Path b = new Path(a + "_new");
        return refusedIf(i % 2 == 0 ? !fs.rename(a, b) : !fs.rename(b, a), "rename returned false");
      };
      case LIST -> (t, i, steps) -> {
        fs.listStatus(x.data());
        return 0;
      };
      case DELETE -> (t, i, steps) -> refusedIf(
          !fs.delete(new Path(x.work(), "f_" + (x.threadBase() + t) + "_" + i), false),
          "delete returned false");
      case MKDIRS -> (t, i, steps) -> {
        refusedIf(!fs.mkdirs(new Path(x.work(), "d_" + (x.threadBase() + t) + "_" + i)),
            "mkdirs returned false");
        steps.countAll(MADE, 1);
        return 0;
      };
      case CLEAN -> throw new IllegalArgumentException("clean is one call of the suite's own");
    };
  }

  /** Writes {@code size} bytes of {@code pattern} to a new {@code file}; returns the bytes. */
  static long write(FileSystem fs, Path file, DataPattern pattern, long size, int buffer)
      throws IOException {
    try (OutputStream out = fs.create(file, true, buffer)) {
      for (long done = 0; done < size; ) {
        int len = (int) Math.min(buffer, size - done);
        pattern.write(out, done, len);
        done += len;
      }
    }
    return size;
  }

  private static FSDataInputStream open(FileSystem fs, Path file, boolean prefetch) throws Exception {
    if (!prefetch) {
      return fs.open(file);
    }
    FSDataInputStream in =
        fs.openFile(file).opt("fs.option.openfile.read.policy", "sequential").build().get();
    try {
      in.setReadahead((long) READ_AHEAD);
    } catch (UnsupportedOperationException e) {
      // Not every stream takes a read-ahead; the file system settings still apply.
    }
    return in;
  }

  /**
   * Reads {@code size} bytes; when {@code check} is given, compares them with the writer's
   * pattern and fails the call on the first wrong byte.
   */
  private static long read(InputStream in, Path file, long size, int buffer, DataPattern check)
      throws IOException, RefusedCallException {
    byte[] buf = new byte[buffer];
    long done = 0;
    while (done < size) {
      int want = (int) Math.min(buffer, size - done);
      int r = in.read(buf, 0, want);
      if (r < 0) {
        break;
      }
      if (check != null) {
        long m = check.mismatch(buf, 0, r, done);
        if (m >= 0) {
          throw new RefusedCallException(WRONG_BYTES, "byte " + m + " of " + file.getName()
              + " is not what create_write wrote");
        }
      }
      done += r;
    }
    return done;
  }
}
