package io.hbench.hdfs.fsops;

import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadTask;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * {@code fsops --maps M}: one map task's share, {@code --threads} threads on its own test files
 * ({@code test_<task x threads + t>}), as many client machines would call the file system.
 */
public final class FsOpsLoadTask implements LoadTask {

  private static final String PREFIX = "hbench.fsops.";
  private static final String OP = PREFIX + "op";
  private static final String DATA = PREFIX + "data";
  private static final String WORK = PREFIX + "work";
  private static final String GIVEN = PREFIX + "file-path";
  private static final String SIZE = PREFIX + "size";
  private static final String BUFFER = PREFIX + "buffer";
  private static final String THREADS = PREFIX + "threads";

  /** The job's configuration: {@code base} plus what each task needs to rebuild its calls. */
  static Configuration configure(Configuration base, FsOperation op, FileSystem fs, Path data,
      Path work, String given, long size, int buffer, int threads, LoadPlan plan, int maps) {
    Configuration c = new Configuration(base);
    c.set(OP, op.text());
    c.set(DATA, fs.makeQualified(data).toString());
    if (work != null) {
      c.set(WORK, fs.makeQualified(work).toString());
    }
    c.set(GIVEN, given);
    c.setLong(SIZE, size);
    c.setInt(BUFFER, buffer);
    c.setInt(THREADS, threads);
    // The rate is over all tasks: each takes its share.
    plan.storeForTasks(c, maps);
    return c;
  }

  @Override
  public Load open(Configuration conf, int task, int tasks) throws Exception {
    FsOperation op = FsOperation.parse(conf.get(OP));
    Path data = new Path(conf.get(DATA));
    FileSystem fs = data.getFileSystem(conf);
    String given = conf.get(GIVEN, "");
    int threads = conf.getInt(THREADS, 1);
    FileSystem readFs = FsOpsBenchmark.readFileSystem(conf, op, fs, data, given);
    String work = conf.get(WORK);
    FsOpsCalls.Target target = new FsOpsCalls.Target(fs, readFs, data,
        work == null ? null : new Path(work), given, conf.getLong(SIZE, 0),
        conf.getInt(BUFFER, 1 << 20), task * threads, null);
    LoadPlan plan = LoadPlan.forTask(conf);
    AutoCloseable close = op == FsOperation.PREFETCH_READ ? readFs : null;
    return new Load(op.text(), plan, FsOpsCalls.call(op, target, threads), close);
  }
}
