package io.hbench.hdfs.fsops;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.InvalidInputException;
import io.hbench.core.OptionValues;
import io.hbench.core.cluster.Needs;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.fs.DataPattern;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.size.Size;
import io.hbench.core.load.LoadOptions;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
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

  static final BenchmarkOption<FsOperation> OP =
      BenchmarkOption.of("--op", "OP", "create_write, open_read, single_read, prefetch_read,"
          + " exists, rename, list, delete, mkdirs or clean.", null, FsOperation::parse);
  static final BenchmarkOption<Integer> THREADS =
      BenchmarkOption.integer("--threads", "Client threads; thread i works on test_i.", "1", 1);
  static final BenchmarkOption<Integer> ITERATIONS =
      BenchmarkOption.integer("--iterations", "Calls each thread makes per repeat.", "1", 1);
  static final BenchmarkOption<Size> FILE_SIZE =
      BenchmarkOption.sizeOrAuto("--file-size", "Bytes each call writes or reads. auto: 10M for"
          + " create_write; for reads, the whole file; 0 for delete's files.");
  static final BenchmarkOption<Size> BUFFER_SIZE =
      BenchmarkOption.size("--buffer-size", "Bytes per write or read call on the stream.", "1M");
  static final BenchmarkOption<Integer> MAPS =
      BenchmarkOption.integer("--maps", "Run the calls from this many map tasks on YARN, each"
          + " with --threads threads (the load of many client machines); 0 runs them in this"
          + " process.", "0", 0);
  static final BenchmarkOption<String> FILE_PATH =
      BenchmarkOption.text("--file-path", "URI", "File single_read and prefetch_read read"
          + " (Default: file_path of a --conf file, else each thread's test_i).", "");

  /** Under the base directory: the threads' files, kept between runs for the reads. */
  static final String DATA = "data";

  /** Default bytes create_write writes. */
  static final long DEFAULT_FILE_SIZE = 10L << 20;

  /** The key of a --conf file naming the file to read (Doris's file_path). */
  static final String FILE_PATH_KEY = "file_path";

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
    List<BenchmarkOption<?>> all = new ArrayList<>(
        List.of(OP, THREADS, ITERATIONS, FILE_SIZE, BUFFER_SIZE, FILE_PATH, MAPS));
    all.addAll(LoadOptions.ALL);
    return all;
  }

  @Override
  public List<Point> points(OptionValues o) {
    FsOperation op = o.get(OP);
    long buffer = o.get(BUFFER_SIZE).bytes();
    if (buffer > (64 << 20)) {
      throw new InvalidInputException("--buffer-size must be at most 64M");
    }
    boolean timed = LoadOptions.timed(o);
    if (timed && (op == FsOperation.DELETE || op == FsOperation.CLEAN)) {
      throw new InvalidInputException("--duration does not apply to " + op.text()
          + ": it works through files made for it before the clock starts");
    }
    if (o.get(MAPS) > 0 && op == FsOperation.CLEAN) {
      throw new InvalidInputException("--maps does not apply to clean: it is one call");
    }
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("op", op.text());
    p.put("threads", o.get(THREADS));
    p.put("iterations", o.get(ITERATIONS));
    if (o.get(MAPS) > 0) {
      p.put("maps", o.get(MAPS));
    }
    if (timed) {
      p.put("duration_s", o.get(LoadOptions.DURATION).toMillis() / 1000.0);
    }
    if (o.get(LoadOptions.TARGET_RATE) > 0) {
      p.put("target_rate", o.get(LoadOptions.TARGET_RATE));
    }
    p.put("buffer_size", buffer);
    return List.of(Point.of(op.text(), p));
  }

  /** Three repeats: the seed's table is read with its mean, spread and cv. */
  @Override
  public int defaultRepeat() {
    return 3;
  }

  /** The file system alone; YARN too when the load runs as map tasks ({@code --maps}). */
  @Override
  public Needs needs(OptionValues options) {
    return options.get(MAPS) > 0 ? Needs.jobs() : Needs.fileSystem();
  }

  /** Every operation's rate, and for those that move bytes their MB/s, over the load's window. */
  @Override
  public java.util.Set<String> headlines() {
    return java.util.Set.of("*/ops_per_s", "*/mb_per_s");
  }

  private static String filePath(OptionValues o, Configuration conf) {
    String p = o.get(FILE_PATH);
    return !p.isBlank() ? p : conf.get(FILE_PATH_KEY, "");
  }

  @Override
  public void checkInputs(OptionValues o, Configuration conf, Path base) throws IOException {
    FsOperation op = o.get(OP);
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
    FsOperation op = o.get(OP);
    FileSystem fs = ctx.fileSystem();
    Path data = new Path(ctx.directories().base(), DATA);
    int threads = o.get(THREADS);
    int maps = o.get(MAPS);
    int clients = threads * Math.max(1, maps);
    long iterations = o.get(ITERATIONS);
    int buffer = (int) o.get(BUFFER_SIZE).bytes();
    String given = filePath(o, ctx.configuration());
    Size asked = o.get(FILE_SIZE);
    ctx.param("file_system", fs.getUri().toString());
    if (maps > 0) {
      ctx.param("clients", clients);
    }

    if (op == FsOperation.CLEAN) {
      ctx.load(op.text(), op.text(), LoadPlan.calls(1), (t, i) -> {
        if (ctx.directories().isOwned(data)) {
          ctx.directories().delete(data);
        }
        return 0;
      });
      ctx.check("removed", !fs.exists(data), data + (fs.exists(data) ? " still exists" : " is gone"));
      return;
    }
    long size = 0;
    if (op.needsData(!given.isBlank()) || op == FsOperation.CREATE_WRITE) {
      size = asked != null ? asked.bytes() : op == FsOperation.CREATE_WRITE ? DEFAULT_FILE_SIZE : -1;
      size = prepareData(ctx, data, clients, size, buffer, op != FsOperation.CREATE_WRITE);
    } else if (!given.isBlank()) {
      Path file = new Path(given);
      long length = file.getFileSystem(ctx.configuration()).getFileStatus(file).getLen();
      size = asked == null ? length : Math.min(asked.bytes(), length);
      ctx.param("file_path", given);
    }
    if (op.kind != FsOperation.Kind.META) {
      ctx.param("file_size", size);
    }
    Path work = null;
    if (op == FsOperation.DELETE || op == FsOperation.MKDIRS) {
      work = ctx.directories().create(new Path(ctx.pointDirectory(), op.text()));
    }
    if (op == FsOperation.DELETE) {
      Path dir = work;
      long len = asked == null ? 0 : asked.bytes();
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
    long[] perThread = new long[threads];
    Arrays.fill(perThread, iterations);
    LoadPlan plan = LoadOptions.plan(o, perThread);
    AtomicLong firstMismatch = new AtomicLong(-1);
    LoadResult result;
    if (maps > 0) {
      Configuration conf = FsOpsLoadTask.configure(ctx.configuration(), op, fs, data, work, given,
          size, buffer, threads, plan, maps);
      result = ctx.distributedLoad(op.text(), FsOpsLoadTask.class, conf, maps);
    } else {
      boolean prefetch = op == FsOperation.PREFETCH_READ;
      FileSystem readFs = readFileSystem(ctx.configuration(), op, fs, data, given);
      if (prefetch) {
        ctx.param("read_ahead", PREFETCH_SETTINGS);
      }
      try {
        FsOpsCalls.Target target = new FsOpsCalls.Target(fs, readFs, data, work, given, size,
            buffer, 0, firstMismatch);
        result = ctx.load(op.text(), op.text(), plan, FsOpsCalls.call(op, target, threads));
      } finally {
        if (prefetch) {
          readFs.close();
        }
      }
    }
    verify(op, ctx, fs, data, work, clients, iterations, size, result, firstMismatch.get(),
        given.isBlank(), LoadOptions.timed(o));
    ctx.figures(op.text(), FsOpsFigures.extras(op, result));
  }

  /** prefetch_read's settings, as its records name them. */
  static final String PREFETCH_SETTINGS = "fs.s3a.prefetch.enabled=true,"
      + " fs.s3a.input.stream.type=prefetch, read policy sequential, readahead "
      + FsOpsCalls.READ_AHEAD + " (s3a, hdfs)";

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
      c.setLong("dfs.client.cache.readahead", FsOpsCalls.READ_AHEAD);
      Path target = given.isBlank() ? data : new Path(given);
      return FileSystem.newInstance(target.getFileSystem(conf).getUri(), c);
    }
    return given.isBlank() ? fs : new Path(given).getFileSystem(conf);
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
      Path first = FsOpsCalls.testFile(data, 0);
      FileStatus st = fs.exists(first) ? fs.getFileStatus(first) : null;
      want = st != null && st.getLen() > 0 ? st.getLen() : DEFAULT_FILE_SIZE;
    }
    long need = want;
    List<Integer> missing = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
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

  private static void verify(
      FsOperation op, RunContext ctx, FileSystem fs, Path data, Path work, int threads,
      long iterations, long size, LoadResult r, long mismatch, boolean checked, boolean timed)
      throws IOException {
    long calls = r.calls();
    Map<String, Long> failures = r.tally().failures(op.text());
    // With --duration the count of calls is what the time allowed, not threads x iterations;
    // warm-up calls were made but are not among the recorded ones.
    long warm = r.warmupCalls();
    long expectedCalls = timed ? calls : threads * iterations - warm;
    switch (op) {
      case CREATE_WRITE -> {
        int wrong = 0;
        for (int t = 0; t < threads; t++) {
          if (fs.getFileStatus(FsOpsCalls.testFile(data, t)).getLen() != size) {
            wrong++;
          }
        }
        ctx.check("lengths", wrong == 0, wrong == 0
            ? threads + " files of " + size + " bytes"
            : wrong + " of " + threads + " files are not " + size + " bytes long");
      }
      case OPEN_READ, SINGLE_READ, PREFETCH_READ -> {
        // A file given with --file-path has unknown contents: only its byte count is checked.
        if (checked) {
          long wrong = failures.getOrDefault(FsOpsCalls.WRONG_BYTES, 0L);
          ctx.check("read_back", wrong == 0, wrong == 0
              ? "every byte read is what create_write wrote"
              : wrong + " read(s) found bytes create_write did not write"
                  + (mismatch >= 0 ? "; the first at byte " + mismatch + " of a test file" : ""));
        }
        long expected = expectedCalls * size;
        ctx.check("bytes", r.bytes() == expected, r.bytes() + " bytes read, expected " + expected);
      }
      case RENAME -> {
        int back = 0;
        int present = 0;
        for (int t = 0; t < threads; t++) {
          Path a = FsOpsCalls.testFile(data, t);
          Path b = new Path(a + "_new");
          // An odd number of renames leaves a file under its new name: put it back, untimed.
          if (!fs.exists(a) && fs.exists(b) && fs.rename(b, a)) {
            back++;
          }
          present += fs.exists(a) ? 1 : 0;
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
        ctx.check("directories", made == calls + warm,
            made + " directories, expected " + (calls + warm));
      }
      default -> { }
    }
    ctx.check("no_failures", r.failures() == 0 && calls > 0 && calls == expectedCalls,
        calls + " calls" + (timed ? "" : " of " + expectedCalls) + ", " + r.failures()
            + " failed" + (failures.isEmpty() ? "" : " " + failures));
  }

  @Override
  public io.hbench.core.report.Table report(List<ResultRecord> records) {
    return FsOpsFigures.report(records);
  }

  /** The report shows every figure; the common table's one column per phase would not fit. */
  @Override
  public boolean commonTable() {
    return false;
  }
}
