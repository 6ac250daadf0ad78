package io.hbench.hdfs.fsops;

import static io.hbench.core.stats.RefusedCallException.refusedIf;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.InvalidInputException;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.fs.DataPattern;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.size.Size;
import io.hbench.core.stats.ConcurrentLoad;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * File system operations against any Hadoop file system (hdfs, including an HA nameservice from
 * the configuration; file; ofs and o3fs; s3a), as Doris's fs_benchmark_tool measures remote
 * storage: T threads, each repeating one operation I times, the whole measured {@code --repeats}
 * times. Thread i works on {@code <base dir>/data/test_i}; reads check every byte against what
 * create_write wrote. Every repeat is a record; the report adds mean, median, stddev, cv, min
 * and max over the repeats, leaving out the first {@code --warmup} (connection set-up).
 */
public final class FsOpsBenchmark implements Benchmark {

  static final BenchmarkOption<String> OP =
      BenchmarkOption.text("--op", "OP", "create_write, open_read, single_read, prefetch_read,"
          + " exists, rename, list, delete, mkdirs or clean.", null);
  static final BenchmarkOption<Integer> THREADS =
      BenchmarkOption.integer("--threads", "Client threads; thread i works on test_i.", "1", 1);
  static final BenchmarkOption<Integer> ITERATIONS =
      BenchmarkOption.integer("--iterations", "Calls each thread makes per repeat.", "1", 1);
  static final BenchmarkOption<Size> FILE_SIZE =
      BenchmarkOption.sizeOrAuto("--file-size", "Bytes each call writes or reads. auto: 10M for"
          + " create_write; for reads, the whole file; 0 for delete's files.");
  static final BenchmarkOption<Size> BUFFER_SIZE =
      BenchmarkOption.size("--buffer-size", "Bytes per write or read call on the stream.", "1M");
  static final BenchmarkOption<Integer> REPEATS =
      BenchmarkOption.integer("--repeats", "Times the whole operation is measured; each is a"
          + " record, then mean, median, stddev, cv, min and max.", "3", 1);
  static final BenchmarkOption<Integer> WARMUP =
      BenchmarkOption.integer("--warmup", "First repeats shown but left out of the summary"
          + " (the first pays for connection set-up).", "0", 0);
  static final BenchmarkOption<String> FILE_PATH =
      BenchmarkOption.text("--file-path", "URI", "File single_read and prefetch_read read"
          + " (Default: file_path of a --conf file, else each thread's test_i).", "");

  /** Under the base directory: the threads' files, kept between runs for the reads. */
  static final String DATA = "data";

  /** Default bytes create_write writes. */
  static final long DEFAULT_FILE_SIZE = 10L << 20;

  /** The key of a --conf file naming the file to read (Doris's file_path). */
  static final String FILE_PATH_KEY = "file_path";

  /** Read-ahead asked of prefetch_read's streams. */
  static final int READ_AHEAD = 4 << 20;

  @Override
  public String name() {
    return "fsops";
  }

  @Override
  public String description() {
    return "File system operations (create/write, reads, exists, rename, list, ...) on any"
        + " Hadoop file system: hdfs, file, ofs, s3a.";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return List.of(OP, THREADS, ITERATIONS, FILE_SIZE, BUFFER_SIZE, REPEATS, WARMUP, FILE_PATH);
  }

  @Override
  public List<Point> points(OptionValues o) {
    FsOperation op = FsOperation.parse(o.get(OP));
    if (o.get(WARMUP) >= o.get(REPEATS)) {
      throw new InvalidInputException("--warmup " + o.get(WARMUP) + " leaves no repeat of "
          + o.get(REPEATS) + " to summarize");
    }
    long buffer = o.get(BUFFER_SIZE).bytes();
    if (buffer > (64 << 20)) {
      throw new InvalidInputException("--buffer-size must be at most 64M");
    }
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("op", op.text());
    p.put("threads", o.get(THREADS));
    p.put("iterations", o.get(ITERATIONS));
    p.put("buffer_size", buffer);
    return List.of(Point.of(op.text(), p));
  }

  @Override
  public int repeat(OptionValues options) {
    return options.get(REPEATS);
  }

  @Override
  public boolean runsJobs(OptionValues options) {
    return false;
  }

  private static String filePath(OptionValues o, Configuration conf) {
    String p = o.get(FILE_PATH);
    return !p.isBlank() ? p : conf.get(FILE_PATH_KEY, "");
  }

  @Override
  public void checkInputs(OptionValues o, Configuration conf, Path base) throws IOException {
    FsOperation op = FsOperation.parse(o.get(OP));
    String file = filePath(o, conf);
    if ((op == FsOperation.SINGLE_READ || op == FsOperation.PREFETCH_READ) && !file.isBlank()) {
      Path p = new Path(file);
      if (!p.getFileSystem(conf).isFile(p)) {
        throw new InvalidInputException("--file-path " + file + " is not an existing file");
      }
    }
  }

  @Override
  public void run(Point point, OptionValues o, RunContext ctx) throws Exception {
    FsOperation op = FsOperation.parse(o.get(OP));
    FileSystem fs = ctx.fileSystem();
    Path data = new Path(ctx.directories().base(), DATA);
    int threads = o.get(THREADS);
    long iterations = o.get(ITERATIONS);
    int buffer = (int) o.get(BUFFER_SIZE).bytes();
    String given = filePath(o, ctx.configuration());
    Size asked = o.get(FILE_SIZE);
    long[] perThread = new long[threads];
    Arrays.fill(perThread, iterations);
    ctx.param("file_system", fs.getUri().toString());

    long size = 0;
    if (op.needsData(!given.isBlank()) || op == FsOperation.CREATE_WRITE) {
      size = asked != null ? asked.bytes() : op == FsOperation.CREATE_WRITE ? DEFAULT_FILE_SIZE : -1;
      size = prepareData(ctx, data, threads, size, buffer, op != FsOperation.CREATE_WRITE);
    } else if (!given.isBlank()) {
      Path file = new Path(given);
      long length = file.getFileSystem(ctx.configuration()).getFileStatus(file).getLen();
      size = asked == null ? length : Math.min(asked.bytes(), length);
      ctx.param("file_path", given);
    }
    if (op.kind != FsOperation.Kind.META) {
      ctx.param("file_size", size);
    }
    long bytesPerCall = size;
    // A given file is read through its own file system (s3:// beside an s3a:// base directory).
    boolean prefetch = op == FsOperation.PREFETCH_READ;
    FileSystem readFs =
        prefetch
            ? prefetchingFileSystem(ctx, data, given)
            : given.isBlank() ? fs : new Path(given).getFileSystem(ctx.configuration());
    DataPattern[] patterns = new DataPattern[threads];
    for (int t = 0; t < threads; t++) {
      patterns[t] = new DataPattern(t, buffer);
    }
    AtomicLong firstMismatch = new AtomicLong(-1);
    Path work = null;
    ConcurrentLoad.SteppedCall call;
    switch (op) {
      case CREATE_WRITE -> call = (t, i, steps) -> write(fs, testFile(data, t), patterns[t], bytesPerCall, buffer);
      case OPEN_READ, SINGLE_READ, PREFETCH_READ -> {
        boolean check = given.isBlank();
        call = (t, i, steps) -> {
          Path file = check ? testFile(data, t) : new Path(given);
          try (FSDataInputStream in = open(readFs, file, op == FsOperation.PREFETCH_READ)) {
            steps.mark("open");
            return read(in, bytesPerCall, buffer, check ? patterns[t] : null, firstMismatch);
          }
        };
      }
      case EXISTS -> call = (t, i, steps) -> refusedIf(!fs.exists(testFile(data, t)), "does not exist");
      case RENAME -> call = (t, i, steps) -> {
        Path a = testFile(data, t);
        Path b = new Path(a + "_new");
        return refusedIf(i % 2 == 0 ? !fs.rename(a, b) : !fs.rename(b, a), "rename returned false");
      };
      case LIST -> call = (t, i, steps) -> {
        fs.listStatus(data);
        return 0;
      };
      case DELETE -> {
        work = ctx.directories().create(new Path(ctx.pointDirectory(), "delete"));
        Path dir = work;
        long len = asked == null ? 0 : asked.bytes();
        ctx.phase("prepare", threads * iterations * len, () -> {
          for (int t = 0; t < threads; t++) {
            for (long i = 0; i < iterations; i++) {
              write(fs, new Path(dir, "f_" + t + "_" + i), patterns[t], len, buffer);
            }
          }
          return threads * iterations;
        });
        call = (t, i, steps) -> refusedIf(!fs.delete(new Path(dir, "f_" + t + "_" + i), false), "delete returned false");
      }
      case MKDIRS -> {
        work = ctx.directories().create(new Path(ctx.pointDirectory(), "mkdirs"));
        Path dir = work;
        call = (t, i, steps) -> refusedIf(!fs.mkdirs(new Path(dir, "d_" + t + "_" + i)), "mkdirs returned false");
      }
      case CLEAN -> {
        perThread = new long[] {1};
        call = (t, i, steps) -> {
          if (ctx.directories().isOwned(data)) {
            ctx.directories().delete(data);
          }
          return 0;
        };
      }
      default -> throw new IllegalStateException(op.toString());
    }
    long[] calls = perThread;
    ConcurrentLoad.Result[] result = new ConcurrentLoad.Result[1];
    long bytes = op.kind == FsOperation.Kind.META ? 0 : calls.length * iterations * size;
    try {
      ctx.phase(op.text(), bytes, () -> {
        result[0] = ConcurrentLoad.run(op.text(), calls, call, ctx.console(), ctx.label());
        return result[0].tally().calls();
      });
    } finally {
      if (prefetch) {
        readFs.close();
      }
    }
    FsOpsFigures figures = FsOpsFigures.of(op, result[0]);
    verify(op, ctx, fs, data, work, threads, iterations, size, figures, firstMismatch.get(),
        given.isBlank());
    ctx.figures(op.text(), figures.asMap());
  }

  static Path testFile(Path data, int thread) {
    return new Path(data, "test_" + thread);
  }

  /**
   * Makes sure each thread's {@code test_i} holds {@code size} bytes of its pattern, writing the
   * ones that are missing or shorter (untimed, as a phase of its own), and returns the size the
   * reads will read: {@code size}, or when it is -1 (not given), the files' own length.
   *
   * @param onlyMissing write only files that are missing or too short (reads), rather than every
   *     one (create_write writes them in the timed phase)
   */
  private static long prepareData(
      RunContext ctx, Path data, int threads, long size, int buffer, boolean onlyMissing)
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
      FileStatus st = fs.exists(testFile(data, 0)) ? fs.getFileStatus(testFile(data, 0)) : null;
      want = st != null && st.getLen() > 0 ? st.getLen() : DEFAULT_FILE_SIZE;
    }
    long need = want;
    List<Integer> missing = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Path f = testFile(data, t);
      if (!fs.exists(f) || fs.getFileStatus(f).getLen() < need) {
        missing.add(t);
      }
    }
    if (!missing.isEmpty()) {
      ctx.param("prepared_files", missing.size());
      ctx.phase("prepare", missing.size() * need, () -> {
        for (int t : missing) {
          write(fs, testFile(data, t), new DataPattern(t, buffer), need, buffer);
        }
        return (long) missing.size();
      });
    }
    return need;
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
   * A file system instance of its own for prefetch_read, with read-ahead and prefetching on: S3A's
   * prefetching stream and sequential policy, HDFS's client read-ahead.
   */
  private static FileSystem prefetchingFileSystem(RunContext ctx, Path data, String given)
      throws IOException {
    Configuration c = new Configuration(ctx.configuration());
    c.setBoolean("fs.s3a.prefetch.enabled", true);
    c.set("fs.s3a.input.stream.type", "prefetch");
    c.set("fs.s3a.experimental.input.fadvise", "sequential");
    c.setLong("dfs.client.cache.readahead", READ_AHEAD);
    ctx.param("read_ahead", "fs.s3a.prefetch.enabled=true, fs.s3a.input.stream.type=prefetch,"
        + " read policy sequential, readahead " + READ_AHEAD + " (s3a, hdfs)");
    Path target = given.isBlank() ? data : new Path(given);
    return FileSystem.newInstance(target.getFileSystem(ctx.configuration()).getUri(), c);
  }

  /** Reads {@code size} bytes; when {@code check}, compares them with the writer's pattern. */
  private static long read(
      InputStream in, long size, int buffer, DataPattern check, AtomicLong firstMismatch)
      throws IOException {
    byte[] buf = new byte[buffer];
    long done = 0;
    while (done < size) {
      int want = (int) Math.min(buffer, size - done);
      int r = in.read(buf, 0, want);
      if (r < 0) {
        break;
      }
      if (check != null && firstMismatch.get() < 0) {
        long m = check.mismatch(buf, 0, r, done);
        if (m >= 0) {
          firstMismatch.compareAndSet(-1, m);
        }
      }
      done += r;
    }
    return done;
  }

  private static void verify(
      FsOperation op, RunContext ctx, FileSystem fs, Path data, Path work, int threads,
      long iterations, long size, FsOpsFigures f, long mismatch, boolean checked)
      throws IOException {
    ctx.check("no_failures", f.failed() == 0 && f.calls() > 0,
        f.calls() + " calls, " + f.failed() + " failed" + (f.failureTypes().isEmpty() ? "" : " " + f.failureTypes()));
    switch (op) {
      case CREATE_WRITE -> {
        int wrong = 0;
        for (int t = 0; t < threads; t++) {
          if (fs.getFileStatus(testFile(data, t)).getLen() != size) {
            wrong++;
          }
        }
        ctx.check("lengths", wrong == 0, wrong == 0
            ? threads + " files of " + size + " bytes"
            : wrong + " of " + threads + " files are not " + size + " bytes long");
      }
      case OPEN_READ, SINGLE_READ, PREFETCH_READ -> {
        long expected = threads * iterations * size;
        ctx.check("bytes", f.bytes() == expected, f.bytes() + " bytes read, expected " + expected);
        // A file given with --file-path has unknown contents: only its byte count is checked.
        if (checked) {
          ctx.check("read_back", mismatch < 0, mismatch < 0
              ? "every byte read is what create_write wrote"
              : "byte " + mismatch + " of a test file is not what create_write wrote there");
        }
      }
      case RENAME -> {
        int back = 0;
        for (int t = 0; t < threads; t++) {
          Path a = testFile(data, t);
          Path b = new Path(a + "_new");
          if (iterations % 2 == 1 && fs.rename(b, a)) {
            back++;
          }
        }
        int present = 0;
        for (int t = 0; t < threads; t++) {
          present += fs.exists(testFile(data, t)) ? 1 : 0;
        }
        ctx.check("renamed", present == threads,
            present + " of " + threads + " test files in place after renaming"
                + (back > 0 ? " (" + back + " renamed back, untimed)" : ""));
      }
      case DELETE -> {
        int left = fs.listStatus(work).length - 1; // the directory's own marker stays
        ctx.check("deleted", left == 0, left + " files left, expected 0");
      }
      case MKDIRS -> {
        long made = 0;
        for (FileStatus st : fs.listStatus(work)) {
          made += st.isDirectory() ? 1 : 0;
        }
        ctx.check("directories", made == threads * iterations,
            made + " directories, expected " + threads * iterations);
      }
      case CLEAN -> ctx.check("removed", !fs.exists(data), data + (fs.exists(data) ? " still exists" : " is gone"));
      default -> { }
    }
  }

  @Override
  public String report(List<ResultRecord> records) {
    return FsOpsFigures.report(records);
  }

  /** The report shows every figure; the common table's one column per phase would not fit. */
  @Override
  public boolean commonTable() {
    return false;
  }
}
