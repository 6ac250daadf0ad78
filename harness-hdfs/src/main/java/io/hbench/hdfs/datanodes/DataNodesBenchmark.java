package io.hbench.hdfs.datanodes;

import static io.hbench.hdfs.datanodes.DataNodesOptions.FILES;
import static io.hbench.hdfs.datanodes.DataNodesOptions.PAIRS;
import static io.hbench.hdfs.datanodes.DataNodesOptions.PAIR_SAMPLE;
import static io.hbench.hdfs.datanodes.DataNodesOptions.SIZE;

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
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * {@code bench datanodes}: every live DataNode measured alone, files written with it as their
 * only replica (HDFS's favored nodes, replication 1) and read back, and with {@code --pairs}
 * every ordered pair as a two-replica pipeline; the slow node, or link, named by HDFS's own
 * outlier rule, beside what HDFS's slow-node report says. docs/datanodes.md.
 */
public final class DataNodesBenchmark implements Benchmark {

  @Override
  public String name() {
    return "datanodes";
  }

  @Override
  public String description() {
    return "Every DataNode measured alone (and in pairs), the slow one named by HDFS's rule.";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return DataNodesOptions.ALL;
  }

  @Override
  public LoadSpec load() {
    return new DataNodesLoad();
  }

  /** The file system alone; the core adds YARN for {@code --maps}. */
  @Override
  public Needs needs(OptionValues options) {
    return Needs.fileSystem();
  }

  @Override
  public List<Point> points(OptionValues o) {
    // A fixed set of files, one at a time: a load by time, a search for a rate or a fault
    // placed in its time would be accepted and then not done.
    if (LoadOptions.timed(o) || LoadOptions.findMax(o)
        || (o.has(LoadOptions.DISRUPT) && o.get(LoadOptions.DISRUPT) != null)) {
      throw new InvalidInputException("datanodes writes --files files to each DataNode, one at a"
          + " time: --duration, --find-max and --disrupt do not apply");
    }
    if (o.get(PAIR_SAMPLE) > 0 && !o.get(PAIRS)) {
      throw new InvalidInputException("--pair-sample applies to --pairs only");
    }
    Point alone = Point.of(DataNodesFields.ALONE).with(DataNodesFields.KIND, DataNodesFields.ALONE);
    return o.get(PAIRS)
        ? List.of(alone, Point.of(DataNodesFields.PAIRS)
            .with(DataNodesFields.KIND, DataNodesFields.PAIRS))
        : List.of(alone);
  }

  /** HDFS only, with a DataNode to measure (two for pairs): said before anything is made. */
  @Override
  public void checkInputs(OptionValues o, Configuration conf, Path base) throws IOException {
    DataNodesCluster.check(base.getFileSystem(conf), o.get(PAIRS));
  }

  @Override
  public void run(Point point, OptionValues o, RunContext ctx) throws Exception {
    DataNodesCluster cluster = DataNodesCluster.of(ctx.fileSystem());
    boolean pairs = DataNodesFields.PAIRS.equals(point.get(DataNodesFields.KIND));
    List<String> nodes = cluster.nodes();
    ctx.param(DataNodesFields.NODES, nodes);
    ctx.param(DataNodesFields.SKIPPED, cluster.skipped());
    ctx.param(DataNodesFields.XCEIVERS, cluster.xceivers());
    ctx.param(DataNodesFields.FILE_SIZE, o.get(SIZE).bytes());
    ctx.param(DataNodesFields.FILES, o.get(FILES));
    List<String> pairList = pairs ? DataNodesCluster.pairs(nodes.size(), o.get(PAIR_SAMPLE))
        : List.of();
    if (pairs) {
      ctx.param(DataNodesFields.PAIR_LIST, pairList);
    }
    List<int[]> targets = DataNodesCalls.targets(point.get(DataNodesFields.KIND), nodes.size(),
        pairList);
    long files = (long) targets.size() * o.get(FILES);

    LoadResult written = ctx.load(DataNodesLoad.WRITE);
    ctx.console().status("[" + ctx.label() + "] "
        + DataNodesVerdict.judge(written, DataNodesLoad.WRITE, pairs).describe());
    ctx.check("written", written.calls() == files && written.failures() == 0,
        written.calls() + " files of " + files + " written, " + written.failures() + " failed");
    String misplaced = cluster.misplaced(ctx.pointDirectory(), nodes, targets, o.get(FILES));
    ctx.check("pinned", misplaced.isEmpty(), misplaced.isEmpty()
        ? "every block of the " + files + " files on the DataNodes it was meant for"
        : misplaced);
    if (!pairs) {
      LoadResult read = ctx.load(DataNodesLoad.READ);
      ctx.console().status("[" + ctx.label() + "] "
          + DataNodesVerdict.judge(read, DataNodesLoad.READ, false).describe());
      ctx.check("read_back", read.calls() == files && read.failures() == 0,
          read.calls() + " files of " + files + " read back, " + read.failures()
              + " failed; every byte compared with what was written");
    }
    HdfsReports hdfs = cluster.hdfsReports(ctx.configuration());
    if (hdfs == null) {
      ctx.console().status("[" + ctx.label() + "] no NameNode's /jmx answered: what HDFS itself"
          + " says of its DataNodes is not in the record");
      return;
    }
    ctx.param(DataNodesFields.HDFS_PEER_DETECTION, hdfs.peerDetection());
    if (hdfs.peerDetection()) {
      ctx.param(DataNodesFields.HDFS_SLOW_PEERS, hdfs.slowPeers());
    }
    if (hdfs.slowDisks() != null) {
      ctx.param(DataNodesFields.HDFS_SLOW_DISKS, hdfs.slowDisks());
    }
    ctx.param(DataNodesFields.VOLUME_FAILURES, hdfs.volumeFailures());
    ctx.console().status("[" + ctx.label() + "] " + hdfs.describe());
  }
}
