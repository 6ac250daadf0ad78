package io.hbench.mapreduce.dfsio;

import static io.hbench.mapreduce.dfsio.DfsioOptions.BUFFER_SIZE;
import static io.hbench.mapreduce.dfsio.DfsioOptions.COMPRESSION;
import static io.hbench.mapreduce.dfsio.DfsioOptions.FILES;
import static io.hbench.mapreduce.dfsio.DfsioOptions.MODE;
import static io.hbench.mapreduce.dfsio.DfsioOptions.SIZE;
import static io.hbench.mapreduce.dfsio.DfsioOptions.STORAGE_POLICY;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.mapreduce.PartFiles;
import io.hbench.core.size.Size;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/**
 * DFSIO: TestDFSIO's file system throughput test, one map per file, with TestDFSIO's figures and
 * definitions ({@link DfsioFigures}), the cluster-wide figures TestDFSIO lacks, and a read mode
 * that verifies every byte. The files live in {@code <base dir>/io_data} between runs, so that a
 * read follows a write as with TestDFSIO; {@code --mode clean} deletes them.
 */
public final class DfsioBenchmark implements Benchmark {

  /** Where the files live, under the base directory. */
  static final String DATA_DIR = "io_data";

  /** Where the files are, under hbench's base directory: one place, so runs find each other's. */
  static Path dataDirectory(Path base) {
    return new Path(base, DATA_DIR);
  }

  @Override
  public String name() {
    return "dfsio";
  }

  @Override
  public String description() {
    return "File system write/read throughput, one map per file, with TestDFSIO's figures.";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return List.of(MODE, FILES, SIZE, BUFFER_SIZE, STORAGE_POLICY, COMPRESSION);
  }

  @Override
  public List<Point> points(OptionValues options) {
    DfsioMode mode = options.get(MODE);
    long buffer = options.get(BUFFER_SIZE).bytes();
    if (buffer < 1 || buffer > DfsioOptions.MAX_BUFFER) {
      throw new InvalidInputException(
          "--buffer-size must be between 1 byte and " + Size.ofBytes(DfsioOptions.MAX_BUFFER));
    }
    String codec = options.get(COMPRESSION);
    if (!codec.isEmpty() && (mode == DfsioMode.RANDOM_READ || mode == DfsioMode.APPEND)) {
      throw new InvalidInputException(
          "--compression cannot be used with --mode " + mode.text
              + " (a compressed stream has no random access and cannot be appended to)");
    }
    if (!options.get(STORAGE_POLICY).isEmpty() && mode != DfsioMode.WRITE) {
      throw new InvalidInputException("--storage-policy applies to --mode write only");
    }
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("mode", mode.text);
    if (mode == DfsioMode.CLEAN) {
      return List.of(Point.of("clean", params));
    }
    int files = options.get(FILES);
    Size size = options.get(SIZE);
    params.put("files", files);
    params.put("size", size.toString());
    params.put("size_bytes", size.bytes());
    params.put("buffer_size", buffer);
    return List.of(Point.of(mode.text + "-" + files + "x" + size, params));
  }

  @Override
  public void checkInputs(OptionValues options, Configuration conf, Path baseDir)
      throws IOException {
    DfsioMode mode = options.get(MODE);
    FileSystem fs = baseDir.getFileSystem(conf);
    String codec = options.get(COMPRESSION);
    if (!codec.isEmpty()
        && new org.apache.hadoop.io.compress.CompressionCodecFactory(conf).getCodecByName(codec)
            == null) {
      throw new InvalidInputException("--compression: unknown codec '" + codec + "'");
    }
    String policy = options.get(STORAGE_POLICY);
    if (!policy.isEmpty()) {
      TreeSet<String> known = new TreeSet<>();
      try {
        fs.getAllStoragePolicies().forEach(p -> known.add(p.getName()));
      } catch (UnsupportedOperationException e) {
        throw new InvalidInputException(
            "--storage-policy: " + fs.getUri() + " has no storage policies");
      }
      if (!known.contains(policy.toUpperCase(Locale.ROOT))) {
        throw new InvalidInputException(
            "--storage-policy: unknown policy '" + policy + "' (known: " + String.join(", ", known) + ")");
      }
    }
    if (mode == DfsioMode.WRITE || mode == DfsioMode.CLEAN) {
      return;
    }
    Path data = dataDirectory(baseDir);
    long size = options.get(SIZE).bytes();
    String again =
        "; run dfsio --mode write --files " + options.get(FILES) + " --size " + options.get(SIZE)
            + " first";
    for (int i = 0; i < options.get(FILES); i++) {
      Path f = new Path(data, DfsioMapper.fileName(i));
      FileStatus st;
      try {
        st = fs.getFileStatus(f);
      } catch (java.io.FileNotFoundException e) {
        throw new InvalidInputException("dfsio --mode " + mode.text + ": missing " + f + again);
      }
      if (mode == DfsioMode.READ && codec.isEmpty() && st.getLen() < size) {
        throw new InvalidInputException(
            "dfsio --mode read: " + f + " holds " + st.getLen() + " bytes, fewer than --size "
                + options.get(SIZE) + again);
      }
      if (mode == DfsioMode.RANDOM_READ && st.getLen() == 0) {
        throw new InvalidInputException("dfsio --mode random-read: " + f + " is empty" + again);
      }
    }
  }

  @Override
  public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
    DfsioMode mode = options.get(MODE);
    FileSystem fs = ctx.fileSystem();
    Path data = dataDirectory(ctx.directories().base());
    ctx.param("data_dir", data.toString());
    if (mode == DfsioMode.CLEAN) {
      ctx.phase("clean", 0, () -> {
        ctx.directories().delete(data);
        return null;
      });
      ctx.check("clean", !fs.exists(data), data + (fs.exists(data) ? " still exists" : " removed"));
      return;
    }
    int files = options.get(FILES);
    long size = options.get(SIZE).bytes();
    String policy = options.get(STORAGE_POLICY).toUpperCase(Locale.ROOT);
    String codec = options.get(COMPRESSION);
    if (mode == DfsioMode.WRITE) {
      // Before the clock starts: earlier data is removed untimed (TestDFSIO times it).
      ctx.directories().create(data);
      if (!policy.isEmpty()) {
        fs.setStoragePolicy(data, policy);
      }
    }
    // The maps read the options and the data directory as the point they work for (PointInTask).
    Configuration conf = new Configuration(ctx.configuration());
    // Two attempts at one file would write over each other and double its figures.
    conf.setBoolean("mapreduce.map.speculative", false);
    Job job = Job.getInstance(conf, "hbench dfsio " + mode.text + " " + files + " files");
    job.setJarByClass(DfsioBenchmark.class);
    io.hbench.core.mapreduce.NumberRangeInputFormat.configure(job, files, files, size);
    // Each file's I/O starts when every file is open: files that share the cluster, as
    // TestDFSIO's per-file figures are meant to describe, not one file after another.
    io.hbench.core.mapreduce.StartBarrier.together(job, files);
    job.setMapperClass(DfsioMapper.class);
    job.setReducerClass(DfsioReducer.class);
    job.setNumReduceTasks(1);
    job.setOutputKeyClass(org.apache.hadoop.io.Text.class);
    job.setOutputValueClass(org.apache.hadoop.io.Text.class);
    job.setOutputFormatClass(org.apache.hadoop.mapreduce.lib.output.TextOutputFormat.class);
    Path out = new Path(ctx.pointDirectory(), "result");
    org.apache.hadoop.mapreduce.lib.output.FileOutputFormat.setOutputPath(job, out);
    if (!policy.isEmpty()) {
      ctx.param("storage_policy", policy);
    }
    if (!codec.isEmpty()) {
      ctx.param("compression", codec);
    }

    // The per-file results, read after the job's clock stopped, give the phase its figures.
    JobOutput[] output = new JobOutput[1];
    ctx.runJob(mode.text, job, files * size, DfsioMapper.Counter.FILES, null, (timed, into) -> {
      output[0] = JobOutput.read(fs, out);
      if (!output[0].files().isEmpty()) {
        DfsioFigures figures = DfsioFigures.of(output[0].files(), timed.seconds());
        figures.addTo(into);
        if (!figures.allTogether()) {
          ctx.console().status(String.format(Locale.ROOT, "[%s] dfsio %s: at most %d of %d files"
              + " were in I/O at once (starts %.3f s apart): the per-file figures describe files"
              + " sharing the cluster with fewer others than asked", ctx.label(), mode.text,
              figures.concurrency(), files, figures.startSkew()));
        }
      }
    });
    checkResults(ctx, mode, output[0], files, size, fs, data, codec.isEmpty());
    if (mode == DfsioMode.WRITE && !policy.isEmpty()) {
      String actual = fs.getStoragePolicy(data).getName();
      ctx.check("storage_policy", policy.equals(actual), data + " has policy " + actual);
    }
  }

  private static void checkResults(
      RunContext ctx,
      DfsioMode mode,
      JobOutput output,
      int files,
      long size,
      FileSystem fs,
      Path data,
      boolean uncompressed)
      throws IOException {
    List<FileResult> results = output.files();
    TreeSet<Long> numbers = new TreeSet<>();
    results.forEach(r -> numbers.add(r.file()));
    ctx.check(
        "files",
        results.size() == files && numbers.size() == files && numbers.last() == files - 1,
        results.size() + " file result(s) for " + files + " files");
    List<String> short_ = new ArrayList<>();
    long bytes = 0;
    double millis = 0;
    for (FileResult r : results) {
      bytes += r.bytes();
      millis += r.ioNanos() / 1e6;
      if (r.bytes() != size) {
        short_.add(DfsioMapper.fileName(r.file()) + ": " + r.bytes());
      }
    }
    ctx.check(
        "bytes",
        short_.isEmpty(),
        short_.isEmpty() ? "every file: " + size + " bytes" : "short: " + String.join(", ", short_));
    // The reduce's own sums must agree with the per-file lines it wrote.
    long[] t = output.totals();
    ctx.check(
        "reduce_totals",
        t != null && t[0] == results.size() && t[1] == bytes && Math.abs(t[2] - millis) < 1,
        t == null ? "no totals line" : "tasks " + t[0] + ", size " + t[1] + ", time " + t[2] + " ms");
    if (mode.reads()) {
      List<String> bad = new ArrayList<>();
      for (FileResult r : results) {
        if (r.firstMismatch() >= 0) {
          bad.add(DfsioMapper.fileName(r.file()) + " at byte " + r.firstMismatch());
        }
      }
      ctx.check(
          "read_back",
          bad.isEmpty(),
          bad.isEmpty()
              ? bytes + " bytes read match the writer's pattern"
              : "content differs from what was written: " + String.join(", ", bad));
    } else if (uncompressed) {
      List<String> wrong = new ArrayList<>();
      for (FileResult r : results) {
        long len = fs.getFileStatus(new Path(data, DfsioMapper.fileName(r.file()))).getLen();
        if (len != r.offset() + size) {
          wrong.add(DfsioMapper.fileName(r.file()) + ": " + len);
        }
      }
      ctx.check(
          "lengths",
          wrong.isEmpty(),
          wrong.isEmpty() ? "every file has the expected length" : "wrong length: " + String.join(", ", wrong));
    }
  }

  /** The reduce's output: per-file lines and TestDFSIO's sums. */
  record JobOutput(List<FileResult> files, long[] totals) {
    static JobOutput read(FileSystem fs, Path dir) throws IOException {
      List<FileResult> files = new ArrayList<>();
      long[][] totals = {null};
      PartFiles.forEachLine(fs, dir, (file, line) -> {
        int tab = line.indexOf('\t');
        String key = line.substring(0, tab);
        String value = line.substring(tab + 1);
        if (key.equals(DfsioReducer.FILE)) {
          files.add(FileResult.parse(value));
        } else if (key.equals(DfsioReducer.TOTAL)) {
          String[] f = value.split(" ");
          totals[0] = new long[] {
            Long.parseLong(f[0]), Long.parseLong(f[1]), Math.round(Double.parseDouble(f[2]))
          };
        }
      });
      return new JobOutput(files, totals[0]);
    }
  }
}
