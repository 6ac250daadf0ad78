package io.hbench.hdfs.namenode;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.InvalidInputException;
import io.hbench.core.OptionValues;
import io.hbench.core.cluster.Needs;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.Metric;
import io.hbench.core.result.Metric.Better;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * NameNode throughput, as Hadoop's NNThroughputBenchmark measures it: client threads repeat one
 * NameNode operation (create, mkdirs, open, delete, fileStatus, rename, blockReport from
 * simulated datanodes, replication scheduling, clean) and the figures are operations per second
 * and time per operation, with latency percentiles. By default ({@code --mode direct}) the
 * NameNode runs in this process and its RPC server's methods are called directly, the NameNode
 * alone; {@code --mode rpc} drives a running NameNode through the real client RPC path, from
 * this process or, with {@code --maps}, from map tasks on YARN.
 */
public final class NnThroughputBenchmark implements Benchmark {

  /** Where the NameNode under test runs. */
  enum Mode {
    DIRECT,
    RPC;

    String text() {
      return name().toLowerCase(java.util.Locale.ROOT);
    }
  }

  // Each element names one operation, or every one ('all').
  static final BenchmarkOption<List<List<NameNodeOp>>> OP =
      BenchmarkOption.list("--op", "OP",
          "create, mkdirs, open, delete, fileStatus, rename, blockReport, replication, clean, or"
              + " all (each in that order); several as a list: create,open. By default the"
              + " namespace operations; blockReport and replication simulate datanodes, and run"
              + " when named or with all.", "create,mkdirs,open,delete,fileStatus,rename",
          NameNodeOp::parse);
  static final BenchmarkOption<Mode> MODE =
      BenchmarkOption.choice("--mode", "MODE",
          "direct: a NameNode in this process, its methods called directly (NNThroughputBenchmark's"
              + " figure); rpc: the running NameNode (embedded or configured) through client RPC.",
          "direct", List.of(Mode.values()), Mode::text);
  static final BenchmarkOption<Integer> MAPS =
      BenchmarkOption.integer("--maps", "With --mode rpc: issue the calls from this many map tasks"
          + " on YARN, each with --threads threads; 0 issues them from this process.", "0", 0);
  static final BenchmarkOption<Integer> THREADS =
      BenchmarkOption.integer("--threads", "Client threads (per map with --maps).", "4", 1);
  static final BenchmarkOption<Integer> FILES =
      BenchmarkOption.integer("--files", "Files for create, open, delete, fileStatus, rename.", "10000", 1);
  static final BenchmarkOption<Integer> FILES_PER_DIR =
      BenchmarkOption.integer("--files-per-dir", "Files per directory.", "4", 2);
  static final BenchmarkOption<Integer> DIRS =
      BenchmarkOption.integer("--dirs", "Directories for mkdirs.", "10000", 1);
  static final BenchmarkOption<Integer> DIRS_PER_DIR =
      BenchmarkOption.integer("--dirs-per-dir", "Directories per parent directory, for mkdirs.", "2", 2);
  static final BenchmarkOption<Boolean> CLOSE =
      BenchmarkOption.flag("--close", "create: close each file after creating it (untimed in"
          + " NNThroughputBenchmark; timed with the create here).");
  static final BenchmarkOption<Boolean> USE_EXISTING =
      BenchmarkOption.flag("--use-existing", "open, delete, fileStatus, rename: use the files an"
          + " earlier 'create --keep-results' left instead of creating them first.");
  static final BenchmarkOption<Boolean> KEEP_RESULTS =
      BenchmarkOption.flag("--keep-results", "Keep the namespace the operation leaves (direct: the"
          + " NameNode's saved image under the base directory), for --use-existing; 'clean' removes it.");
  static final BenchmarkOption<Integer> DATANODES =
      BenchmarkOption.integer("--datanodes", "Simulated datanodes for blockReport and replication"
          + " (blockReport: one client each).", "10", 1);
  static final BenchmarkOption<Integer> REPORTS =
      BenchmarkOption.integer("--reports", "blockReport: full block reports to send.", "30", 1);
  static final BenchmarkOption<Integer> BLOCKS_PER_REPORT =
      BenchmarkOption.integer("--blocks-per-report", "blockReport: blocks in each report.", "100", 1);
  static final BenchmarkOption<Integer> BLOCKS_PER_FILE =
      BenchmarkOption.integer("--blocks-per-file", "blockReport: blocks per file.", "10", 1);
  static final BenchmarkOption<Integer> NODES_TO_DECOMMISSION =
      BenchmarkOption.integer("--nodes-to-decommission", "replication: datanodes decommissioned.", "1", 1);
  static final BenchmarkOption<Integer> NODE_REPLICATION_LIMIT =
      BenchmarkOption.integer("--node-replication-limit", "replication: copies a datanode may be"
          + " asked to make at once.", "100", 1);
  static final BenchmarkOption<Integer> TOTAL_BLOCKS =
      BenchmarkOption.integer("--total-blocks", "replication: blocks in the namespace.", "100", 1);
  static final BenchmarkOption<Integer> REPLICATION =
      BenchmarkOption.integer("--replication", "Replication of the files created.", "3", 1);

  /** Under the base directory: the in-process NameNode's kept files (direct mode). */
  static final String KEPT_NAMENODE = "namenode";

  /** Under the base directory: the kept namespace tree on a running NameNode (rpc mode). */
  static final String KEPT_NAMESPACE = "namespace";

  /** The namespace tree inside an in-process NameNode. */
  static final String IN_PROCESS_ROOT = "/nnthroughput";

  @Override
  public String name() {
    return "nnthroughput";
  }

  @Override
  public String description() {
    return "NameNode operations per second (NNThroughputBenchmark), in-process or over RPC.";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return List.of(OP, MODE, MAPS, THREADS, FILES, FILES_PER_DIR, DIRS, DIRS_PER_DIR, CLOSE,
        USE_EXISTING, KEEP_RESULTS, DATANODES, REPORTS, BLOCKS_PER_REPORT, BLOCKS_PER_FILE,
        NODES_TO_DECOMMISSION, NODE_REPLICATION_LIMIT, TOTAL_BLOCKS, REPLICATION);
  }

  /** The operation a point measures. */
  static final Point.Param<NameNodeOp> OPERATION =
      Point.Param.of("op", NameNodeOp.class, op -> op.text);

  private static boolean direct(OptionValues o) {
    return o.get(MODE) == Mode.DIRECT;
  }

  @Override
  public List<Point> points(OptionValues options) {
    boolean direct = direct(options);
    List<NameNodeOp> ops =
        new ArrayList<>(options.get(OP).stream().flatMap(List::stream).distinct().toList());
    // Only 'all' names more than one operation.
    boolean all = options.get(OP).stream().anyMatch(named -> named.size() > 1);
    int maps = options.get(MAPS);
    if (direct && maps > 0) {
      throw new InvalidInputException("--maps needs --mode rpc: map tasks reach the NameNode over RPC");
    }
    if (!direct && all) {
      // As NNThroughputBenchmark against a remote NameNode: replication needs its block manager.
      ops.remove(NameNodeOp.REPLICATION);
    } else if (!direct && ops.contains(NameNodeOp.REPLICATION)) {
      throw new InvalidInputException(
          "replication schedules work inside the NameNode's block manager: only --mode direct");
    }
    if (maps > 0 && (ops.size() > 1 || ops.get(0).usesDatanodes() || ops.get(0) == NameNodeOp.CLEAN)) {
      throw new InvalidInputException(
          "--maps runs one of create, mkdirs, open, delete, fileStatus, rename");
    }
    if (options.get(DATANODES) < options.get(NODES_TO_DECOMMISSION) + 1 && ops.contains(NameNodeOp.REPLICATION)) {
      throw new InvalidInputException("--nodes-to-decommission must leave at least one datanode");
    }
    if (ops.contains(NameNodeOp.REPLICATION) && options.get(REPLICATION) > options.get(DATANODES)) {
      throw new InvalidInputException("replication: --replication is more than --datanodes");
    }
    List<Point> points = new ArrayList<>();
    for (NameNodeOp op : ops) {
      Point p = Point.of(op.text).with(OPERATION, op).with("mode", options.get(MODE).text());
      points.add(maps > 0 ? p.with("maps", maps) : p);
    }
    return points;
  }

  /**
   * {@code --mode direct}: this machine only, where each point starts its in-process NameNode
   * ({@link RunContext#startService}); {@code --mode rpc}: the cluster's file system, and YARN
   * when the load runs as map tasks.
   */
  @Override
  public Needs needs(OptionValues options) {
    if (direct(options)) {
      return Needs.localDirectory(System.getProperty("java.io.tmpdir"));
    }
    return options.get(MAPS) > 0 ? Needs.jobs() : Needs.fileSystem();
  }

  @Override
  public void checkInputs(OptionValues options, Configuration conf, org.apache.hadoop.fs.Path base)
      throws IOException {
    if (!options.get(USE_EXISTING)) {
      return;
    }
    org.apache.hadoop.fs.Path kept =
        new org.apache.hadoop.fs.Path(base, direct(options) ? KEPT_NAMENODE : KEPT_NAMESPACE);
    if (!kept.getFileSystem(conf).exists(kept)) {
      throw new InvalidInputException(
          "--use-existing: nothing kept in " + kept + "; run --op create --keep-results first");
    }
  }

  private static NameNodeWorkload.Settings settings(OptionValues o, Configuration conf, NameNodeOp op) {
    long blockSize =
        op.usesDatanodes() ? NameNodeWorkload.TINY_BLOCK : conf.getLongBytes("dfs.blocksize", 128L << 20);
    return new NameNodeWorkload.Settings(
        o.get(THREADS), o.get(FILES), o.get(FILES_PER_DIR), o.get(DIRS), o.get(DIRS_PER_DIR),
        o.get(DATANODES), o.get(REPORTS), o.get(BLOCKS_PER_REPORT), o.get(BLOCKS_PER_FILE),
        o.get(NODES_TO_DECOMMISSION), o.get(NODE_REPLICATION_LIMIT), o.get(TOTAL_BLOCKS),
        (short) (int) o.get(REPLICATION), o.get(CLOSE), o.get(USE_EXISTING), blockSize);
  }

  @Override
  public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
    NameNodeOp op = point.get(OPERATION);
    NameNodeWorkload.Settings s = settings(options, ctx.configuration(), op);
    boolean keep = options.get(KEEP_RESULTS);
    // Kept state lives at a fixed place under the base directory, so a later run finds it.
    boolean kept = keep || s.useExisting() || op == NameNodeOp.CLEAN;
    if (direct(options)) {
      org.apache.hadoop.fs.Path dir =
          kept
              ? new org.apache.hadoop.fs.Path(ctx.directories().base(), KEPT_NAMENODE)
              : new org.apache.hadoop.fs.Path(ctx.pointDirectory(), KEPT_NAMENODE);
      if (!ctx.directories().isOwned(dir)) {
        ctx.directories().create(dir);
      }
      Configuration nnConf = new Configuration(ctx.configuration());
      nnConf.setBoolean(NameNodeService.REUSE, kept);
      nnConf.setBoolean(NameNodeService.DATANODE_OPS, op.usesDatanodes());
      try (InProcessNameNode nn =
          ctx.startService("namenode", nnConf, Path.of(dir.toUri())).unwrap(InProcessNameNode.class)) {
        measure(op, s, nn, IN_PROCESS_ROOT, options, ctx);
        if (keep) {
          nn.saveNamespace();
        }
      }
      if (op == NameNodeOp.CLEAN) {
        ctx.directories().delete(dir);
      }
    } else {
      FileSystem fs = ctx.fileSystem();
      org.apache.hadoop.fs.Path root =
          kept
              ? new org.apache.hadoop.fs.Path(ctx.directories().base(), KEPT_NAMESPACE)
              : new org.apache.hadoop.fs.Path(ctx.pointDirectory(), KEPT_NAMESPACE);
      if (op != NameNodeOp.CLEAN && !ctx.directories().isOwned(root)) {
        ctx.directories().create(root);
      }
      if (op == NameNodeOp.CLEAN && fs.exists(root) && !ctx.directories().isOwned(root)) {
        throw new IllegalStateException(root + " is not hbench's: clean removes only what hbench made");
      }
      try (RemoteNameNode nn = RemoteNameNode.of(fs)) {
        measure(op, s, nn, fs.makeQualified(root).toUri().getPath(), options, ctx);
      }
    }
  }

  private void measure(
      NameNodeOp op, NameNodeWorkload.Settings s, NameNodeTarget nn, String root,
      OptionValues options, RunContext ctx) throws Exception {
    NameNodeWorkload w = new NameNodeWorkload(op, s, nn, root);
    String label = op.text;
    ctx.param("target", nn.describe());
    ctx.param("clients", w.clients() * Math.max(1, options.get(MAPS)));
    ctx.param("block_size", s.blockSize());
    if (w.hasPreparation()) {
      ctx.phase("prepare", 0, () -> w.prepare(ctx, label));
    } else {
      w.prepare(ctx, label);
    }
    if (op.usesDatanodes()) {
      ctx.param("blocks", w.blocksPlaced());
    }
    int maps = options.get(MAPS);
    LoadResult r =
        maps > 0
            ? ctx.distributedLoad(op.text, NameNodeLoadTask.class,
                NameNodeLoadTask.configure(ctx.configuration(), op, s, root, ctx.fileSystem().getUri()),
                maps)
            : ctx.load(op.text, op.text, LoadPlan.calls(w.perClient()), w.call());
    w.verify(ctx, r.calls(), r.failures());
    if (op == NameNodeOp.REPLICATION) {
      Map<String, Object> f = new LinkedHashMap<>();
      f.put("replications_scheduled", w.scheduledReplications());
      f.put("decommissioned_blocks", w.decommissionedBlocks());
      ctx.figures(op.text, f);
      double seconds = r.wallNanos() / 1e9;
      ctx.metric(op.text, Metric.of("replications_per_s", Metric.OPS_PER_SECOND,
          round(seconds <= 0 ? 0 : w.scheduledReplications() / seconds), Better.HIGHER));
    }
  }

  /** Every operation's rate, as NNThroughputBenchmark reports it. */
  @Override
  public java.util.Set<String> headlines() {
    return java.util.Set.of("*/ops_per_s", "replications_per_s");
  }

  static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  @Override
  public io.hbench.core.report.Table report(List<ResultRecord> records) {
    return NameNodeFigures.report(records);
  }

  /** The report shows every figure; the common table's one column per phase would not fit. */
  @Override
  public boolean commonTable() {
    return false;
  }
}
