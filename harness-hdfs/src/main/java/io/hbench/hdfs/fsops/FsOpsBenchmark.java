package io.hbench.hdfs.fsops;

import static io.hbench.hdfs.fsops.FsOpsOptions.BUFFER_SIZE;
import static io.hbench.hdfs.fsops.FsOpsOptions.FILE_SIZE;
import static io.hbench.hdfs.fsops.FsOpsOptions.ITERATIONS;
import static io.hbench.hdfs.fsops.FsOpsOptions.OP;
import static io.hbench.hdfs.fsops.FsOpsOptions.THREADS;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.LoadOptions;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.cluster.Needs;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.load.LoadResult;
import io.hbench.core.size.Size;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * File system operations against any Hadoop file system (hdfs, including an HA nameservice from
 * the configuration; file; ofs and o3fs; s3a), as Doris's fs_benchmark_tool measures remote
 * storage: T threads, each repeating one operation I times, the whole measured {@code --repeat}
 * times. Thread i works on {@code <base dir>/data/test_i}; reads check every byte against what
 * create_write wrote. The calls are the declared load ({@link FsOpsLoad}), run in this process
 * or from {@code --maps} map tasks; the report is {@link FsOpsReport}.
 */
public final class FsOpsBenchmark implements Benchmark {

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
    return FsOpsOptions.ALL;
  }

  @Override
  public LoadSpec load() {
    return new FsOpsLoad();
  }

  /** Three repeats: the seed's table is read with its mean, spread and cv. */
  @Override
  public int defaultRepeat() {
    return 3;
  }

  /** The file system alone; the core adds YARN for {@code --maps}. */
  @Override
  public Needs needs(OptionValues options) {
    return Needs.fileSystem();
  }

  @Override
  public List<Point> points(OptionValues o) {
    FsOperation op = o.get(OP);
    if (o.get(BUFFER_SIZE).bytes() > FsOpsOptions.MAX_BUFFER) {
      throw new InvalidInputException("--buffer-size must be at most 64M");
    }
    if (LoadOptions.timed(o) && op == FsOperation.CLEAN) {
      throw new InvalidInputException("--duration does not apply to clean: it is one call");
    }
    if (LoadOptions.maps(o) > 0 && op == FsOperation.CLEAN) {
      throw new InvalidInputException("--maps does not apply to clean: it is one call");
    }
    Point p = Point.of(op.text()).with(FsOpsFields.OP, op)
        .with(FsOpsFields.ITERATIONS, o.get(ITERATIONS));
    return List.of(p.with(FsOpsFields.BUFFER_SIZE, o.get(BUFFER_SIZE).bytes()));
  }

  @Override
  public void checkInputs(OptionValues o, Configuration conf, Path base) throws IOException {
    FsOperation op = o.get(OP);
    String file = FsOpsOptions.filePath(o, conf);
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
    Path data = new Path(ctx.directories().base(), FsOpsLoad.DATA);
    int clients = LoadOptions.clients(o, o.get(THREADS));
    String given = FsOpsOptions.filePath(o, ctx.configuration());
    Size asked = o.get(FILE_SIZE);
    int buffer = (int) o.get(BUFFER_SIZE).bytes();
    ctx.param("file_system", fs.getUri().toString());
    long size = 0;
    if (op.needsData(!given.isBlank()) || op == FsOperation.CREATE_WRITE) {
      size = asked != null ? asked.bytes() : op == FsOperation.CREATE_WRITE ? FsOpsData.DEFAULT_FILE_SIZE : -1;
      size = FsOpsData.prepare(ctx, data, clients, size, buffer, op != FsOperation.CREATE_WRITE);
    } else if (!given.isBlank()) {
      Path file = new Path(given);
      long length = file.getFileSystem(ctx.configuration()).getFileStatus(file).getLen();
      size = asked == null ? length : Math.min(asked.bytes(), length);
      ctx.param("file_path", given);
    }
    if (op.kind != FsOperation.Kind.META) {
      ctx.param(FsOpsFields.FILE_SIZE, size);
    }
    if (op == FsOperation.PREFETCH_READ) {
      ctx.param("read_ahead", FsOpsCalls.PREFETCH_SETTINGS);
    }
    Path work = null;
    long iterations = o.get(ITERATIONS);
    boolean timed = LoadOptions.timed(o);
    if (op.worksInItsDirectory(timed)) {
      work = ctx.directories().create(new Path(ctx.pointDirectory(), op.text()));
    }
    if (op == FsOperation.DELETE && !timed) {
      // By time, each run makes its own, as its clients open (FsOpsCalls.timedDeletes).
      FsOpsData.prepareDeletes(ctx, work, clients, iterations, asked == null ? 0 : asked.bytes(),
          buffer);
    }
    LoadResult result = ctx.load(op.text());
    FsOpsChecks.verify(op, ctx, data, work, clients, iterations, size, result, given.isBlank(),
        timed, LoadOptions.disruption(o) != null);
  }
}
