package io.hbench.hdfs.namenode;

import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadTask;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * {@code nnthroughput --mode rpc --maps M}: one map task's share of the names, issued from
 * {@code --threads} threads against the NameNode, since one client process cannot saturate a
 * strong NameNode (HDFS-17272). The core's {@link io.hbench.core.load.DistributedLoad} runs the
 * tasks and merges their figures.
 */
public final class NameNodeLoadTask implements LoadTask {

  static final String OP = "hbench.nnthroughput.op";
  static final String ROOT = "hbench.nnthroughput.root";
  static final String NAMENODE = "hbench.nnthroughput.namenode";
  static final String THREADS = "hbench.nnthroughput.threads";
  static final String FILES = "hbench.nnthroughput.files";
  static final String FILES_PER_DIR = "hbench.nnthroughput.files-per-dir";
  static final String DIRS = "hbench.nnthroughput.dirs";
  static final String DIRS_PER_DIR = "hbench.nnthroughput.dirs-per-dir";
  static final String REPLICATION = "hbench.nnthroughput.replication";
  static final String CLOSE = "hbench.nnthroughput.close";
  static final String BLOCK_SIZE = "hbench.nnthroughput.block-size";

  /** The job's configuration: {@code base} plus what each task needs to rebuild the names. */
  static Configuration configure(Configuration base, NameNodeOp op, NameNodeWorkload.Settings s,
      String root, URI namenode) {
    Configuration conf = new Configuration(base);
    conf.set(OP, op.text);
    conf.set(ROOT, root);
    conf.set(NAMENODE, namenode.toString());
    conf.setInt(THREADS, s.threads());
    conf.setInt(FILES, s.files());
    conf.setInt(FILES_PER_DIR, s.filesPerDir());
    conf.setInt(DIRS, s.dirs());
    conf.setInt(DIRS_PER_DIR, s.dirsPerDir());
    conf.setInt(REPLICATION, s.replication());
    conf.setBoolean(CLOSE, s.close());
    conf.setLong(BLOCK_SIZE, s.blockSize());
    return conf;
  }

  @Override
  public Load open(Configuration conf, int task, int tasks) throws Exception {
    NameNodeOp op = NameNodeOp.parse(conf.get(OP)).get(0);
    NameNodeWorkload.Settings s =
        new NameNodeWorkload.Settings(conf.getInt(THREADS, 1), conf.getInt(FILES, 0),
            conf.getInt(FILES_PER_DIR, 4), conf.getInt(DIRS, 0), conf.getInt(DIRS_PER_DIR, 2),
            0, 0, 0, 0, 0, 0, 0, (short) conf.getInt(REPLICATION, 3), conf.getBoolean(CLOSE, false),
            true, conf.getLong(BLOCK_SIZE, 128L << 20));
    String root = conf.get(ROOT);
    String opDir = root + "/" + op.text;
    NameLayout all =
        op == NameNodeOp.MKDIRS
            ? new NameLayout(opDir, s.dirsPerDir(), s.dirs())
            : new NameLayout(opDir, s.filesPerDir(), s.files());
    long[] share = LoadPlan.split(all.size(), tasks);
    long first = NameNodeWorkload.offsets(share)[task];
    NameLayout mine = all.slice(first, share[task]);
    FileSystem fs = FileSystem.get(URI.create(conf.get(NAMENODE)), conf);
    RemoteNameNode nn = RemoteNameNode.of(fs);
    NameNodeWorkload w = new NameNodeWorkload(op, s, nn, root, "hbench-m" + task + "-");
    w.useNames(mine);
    ConcurrentLoad.Call call = w.call();
    return new Load(op.text, LoadPlan.calls(w.perClient()), (t, i, steps) -> call.run(t, i), nn);
  }
}
