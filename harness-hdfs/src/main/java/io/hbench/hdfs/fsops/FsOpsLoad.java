package io.hbench.hdfs.fsops;

import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * fsops's load: {@code --threads} clients per process, client c on {@code test_c}, each making
 * {@code --iterations} calls of one operation. The same in this process and in every map task of
 * {@code --maps}.
 */
final class FsOpsLoad implements LoadSpec {

  /** Under the base directory: the clients' files, kept between runs for the reads. */
  static final String DATA = "data";

  @Override
  public String operation(OptionValues o, Point point) {
    return o.get(FsOpsOptions.OP).text();
  }

  @Override
  public int threads(OptionValues o, Point point) {
    return o.get(FsOpsOptions.OP) == FsOperation.CLEAN ? 1 : o.get(FsOpsOptions.THREADS);
  }

  @Override
  public LoadClients open(LoadScope scope) throws IOException {
    OptionValues o = scope.options();
    FsOperation op = o.get(FsOpsOptions.OP);
    FileSystem fs = scope.fileSystem();
    Path data = new Path(scope.directories().base(), DATA);
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
    Path work = op == FsOperation.DELETE || op == FsOperation.MKDIRS
        ? new Path(scope.pointDirectory(), op.text()) : null;
    FsOpsCalls.Target target = new FsOpsCalls.Target(fs, readFs, data, work, given,
        size == null ? 0 : size, (int) o.get(FsOpsOptions.BUFFER_SIZE).bytes(),
        scope.firstClient());
    LoadClients clients = LoadClients.of(scope.threads(), o.get(FsOpsOptions.ITERATIONS),
        FsOpsCalls.call(op, target, scope.threads()));
    return op == FsOperation.PREFETCH_READ ? clients.closing(readFs) : clients;
  }

  /** fs_benchmark_tool's summed times, which no comparison reads. */
  @Override
  public void figures(LoadResult r, LoadScope scope, PhaseFigures into) {
    FsOperation op = scope.options().get(FsOpsOptions.OP);
    double callSeconds = seconds(r.tally().stats(op.text()).timedNanos());
    switch (op.kind) {
      case WRITE -> into.figure(FsOpsFields.WRITE_TIME, callSeconds);
      case READ -> into.figure(FsOpsFields.OPEN_READER_TIME,
          seconds(r.tally().stats("open").timedNanos())).figure(FsOpsFields.READ_TIME, callSeconds);
      case META -> into.figure(FsOpsFields.CALL_TIME, callSeconds);
    }
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e3) / 1e6;
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
}
