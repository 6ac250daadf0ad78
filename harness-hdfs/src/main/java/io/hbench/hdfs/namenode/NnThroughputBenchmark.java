package io.hbench.hdfs.namenode;

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
import io.hbench.core.result.Field;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
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
      BenchmarkOption.of("--mode", "MODE",
          "direct: a NameNode in this process, its methods called directly (NNThroughputBenchmark's"
              + " figure); rpc: the running NameNode (embedded or configured) through client RPC;"
              + " auto: rpc with --maps (map tasks reach the NameNode over RPC) or --disrupt (its"
              + " faults are the cluster's), else direct.",
          BenchmarkOption.AUTO, NnThroughputBenchmark::parseMode);

  private static Mode parseMode(String text) {
    String t = text.trim().toLowerCase(java.util.Locale.ROOT);
    if (t.equals(BenchmarkOption.AUTO)) {
      return null;
    }
    for (Mode m : Mode.values()) {
      if (m.text().equals(t)) {
        return m;
      }
    }
    throw new InvalidInputException("invalid value '" + text + "' for --mode: use direct, rpc or"
        + " auto");
  }
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
  static final BenchmarkOption<Integer> SIMULATED_DATANODES =
      BenchmarkOption.integer("--simulated-datanodes", "Simulated datanodes for blockReport and"
          + " replication (blockReport: one client each). Formerly --datanodes, which every"
          + " suite now has for the embedded cluster.", "10", 1)
          .formerly("--datanodes", NnThroughputBenchmark::datanodesMeans);
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
    return List.of(OP, MODE, THREADS, FILES, FILES_PER_DIR, DIRS, DIRS_PER_DIR, CLOSE,
        USE_EXISTING, KEEP_RESULTS, SIMULATED_DATANODES, REPORTS, BLOCKS_PER_REPORT, BLOCKS_PER_FILE,
        NODES_TO_DECOMMISSION, NODE_REPLICATION_LIMIT, TOTAL_BLOCKS, REPLICATION);
  }

  /** The operation a point measures. */
  static final Field<NameNodeOp> OPERATION = NameNodeFields.OP;

  @Override
  public LoadSpec load() {
    return new NameNodeLoad();
  }

  /**
   * What {@code --datanodes} means on an old command line: in direct mode, or on a configured
   * cluster ({@code --cluster conf}), no embedded cluster is opened, so it can only be the
   * simulated ones; otherwise, with an operation that simulates datanodes, it could be either
   * and is refused; with none, it is the embedded cluster's.
   */
  private static BenchmarkOption.Spelling datanodesMeans(java.util.Map<String, String> given) {
    String mode = given.getOrDefault(MODE.name(), MODE.defaultValue()).trim();
    boolean inProcess = given.getOrDefault(LoadOptions.MAPS.name(), "0").trim().equals("0");
    if (mode.equalsIgnoreCase("direct") || (mode.equalsIgnoreCase(BenchmarkOption.AUTO) && inProcess)
        || given.getOrDefault("--cluster", "auto").trim().equalsIgnoreCase("conf")) {
      return BenchmarkOption.Spelling.THIS;
    }
    String ops = given.getOrDefault(OP.name(), OP.defaultValue());
    return ops.contains("blockReport") || ops.contains("all")
        ? BenchmarkOption.Spelling.AMBIGUOUS : BenchmarkOption.Spelling.COMMON;
  }

  /**
   * Whether the NameNode's methods are called directly: asked for, or auto without --maps and
   * without --disrupt, whose faults are done to the cluster's NameNodes and datanodes.
   */
  static boolean direct(OptionValues o) {
    Mode m = o.get(MODE);
    return m == null ? LoadOptions.maps(o) == 0 && LoadOptions.disruption(o) == null
        : m == Mode.DIRECT;
  }

  @Override
  public List<Point> points(OptionValues options) {
    boolean direct = direct(options);
    List<NameNodeOp> ops =
        new ArrayList<>(options.get(OP).stream().flatMap(List::stream).distinct().toList());
    // Only 'all' names more than one operation.
    boolean all = options.get(OP).stream().anyMatch(named -> named.size() > 1);
    int maps = LoadOptions.maps(options);
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
    if (LoadOptions.timed(options) && ops.stream().anyMatch(op -> op.usesDatanodes()
        || op == NameNodeOp.CLEAN)) {
      throw new InvalidInputException("--duration applies to the namespace operations (create,"
          + " mkdirs, open, delete, fileStatus, rename); blockReport, replication and clean work"
          + " through their inputs once");
    }
    if (LoadOptions.timed(options) && (options.get(KEEP_RESULTS) || options.get(USE_EXISTING))
        && ops.stream().anyMatch(NameNodeOp::namesEachRun)) {
      throw new InvalidInputException("--duration makes each run's names apart (create, mkdirs,"
          + " delete, rename): --keep-results and --use-existing go with a count");
    }
    if (options.get(SIMULATED_DATANODES) < options.get(NODES_TO_DECOMMISSION) + 1 && ops.contains(NameNodeOp.REPLICATION)) {
      throw new InvalidInputException("--nodes-to-decommission must leave at least one datanode");
    }
    if (ops.contains(NameNodeOp.REPLICATION) && options.get(REPLICATION) > options.get(SIMULATED_DATANODES)) {
      throw new InvalidInputException("replication: --replication is more than --simulated-datanodes");
    }
    List<Point> points = new ArrayList<>();
    for (NameNodeOp op : ops) {
      Point p = Point.of(op.text).with(OPERATION, op).with(NameNodeFields.MODE,
          (direct ? Mode.DIRECT : Mode.RPC).text());
      points.add(p);
    }
    return points;
  }

  /**
   * {@code --mode direct}: this machine only, where each point starts its in-process NameNode
   * ({@link RunContext#startService}); {@code --mode rpc}: the cluster's file system (and YARN,
   * added by the core, when the load runs as map tasks).
   */
  @Override
  public Needs needs(OptionValues options) {
    if (direct(options)) {
      return Needs.localDirectory(System.getProperty("java.io.tmpdir"));
    }
    return Needs.fileSystem();
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

  static NameNodeWorkload.Settings settings(OptionValues o, Configuration conf, NameNodeOp op) {
    long blockSize =
        op.usesDatanodes() ? NameNodeWorkload.TINY_BLOCK : conf.getLongBytes("dfs.blocksize", 128L << 20);
    return new NameNodeWorkload.Settings(
        o.get(THREADS), o.get(FILES), o.get(FILES_PER_DIR), o.get(DIRS), o.get(DIRS_PER_DIR),
        o.get(SIMULATED_DATANODES), o.get(REPORTS), o.get(BLOCKS_PER_REPORT), o.get(BLOCKS_PER_FILE),
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
      org.apache.hadoop.fs.Path root = new org.apache.hadoop.fs.Path(
          root(options, op, fs, ctx.directories().base(), ctx.pointDirectory()));
      if (op != NameNodeOp.CLEAN && !ctx.directories().isOwned(root)) {
        ctx.directories().create(root);
      }
      if (op == NameNodeOp.CLEAN && fs.exists(root) && !ctx.directories().isOwned(root)) {
        throw new IllegalStateException(root + " is not hbench's: clean removes only what hbench made");
      }
      try (RemoteNameNode nn = RemoteNameNode.of(fs)) {
        measure(op, s, nn, root.toUri().getPath(), options, ctx);
      }
    }
  }

  /**
   * The namespace tree of {@code --mode rpc} on the running NameNode, as a path of its
   * namespace: at a fixed place under the base directory when kept, so a later run finds it,
   * else under the point's directory.
   */
  static String root(OptionValues o, NameNodeOp op, FileSystem fs, org.apache.hadoop.fs.Path base,
      org.apache.hadoop.fs.Path pointDir) {
    boolean kept = o.get(KEEP_RESULTS) || o.get(USE_EXISTING) || op == NameNodeOp.CLEAN;
    return fs.makeQualified(new org.apache.hadoop.fs.Path(kept ? base : pointDir, KEPT_NAMESPACE))
        .toUri().getPath();
  }

  private void measure(
      NameNodeOp op, NameNodeWorkload.Settings s, NameNodeTarget nn, String root,
      OptionValues options, RunContext ctx) throws Exception {
    NameNodeWorkload w = new NameNodeWorkload(op, s, nn, root);
    String label = op.text;
    ctx.param("target", nn.describe());
    ctx.param("block_size", s.blockSize());
    boolean timed = LoadOptions.timed(options);
    if (w.hasPreparation(timed)) {
      ctx.phase("prepare", 0, () -> w.prepare(ctx, label, timed));
    } else {
      w.prepare(ctx, label, timed);
    }
    if (op.usesDatanodes()) {
      ctx.param("blocks", w.blocksPlaced());
    }
    if (op == NameNodeOp.REPLICATION) {
      ctx.param("decommissioned_blocks", w.decommissionedBlocks());
    }
    // The clients of an in-process NameNode, of blockReport's and replication's simulated
    // datanodes and of clean use this workload; over RPC they take their names from the options.
    LoadResult r = ctx.load(op.text, w);
    if (timed && op.namesEachRun()) {
      w.verifyRuns(ctx, r);
      ctx.check("no_failures", r.failuresOutsideFaults() == 0 && r.calls() > 0, r.calls()
          + " calls, " + r.failures() + " failed" + r.faultFailuresNote()
          + (r.failures() == 0 ? "" : "; the first: "
              + r.firstProblem()));
    } else {
      w.verify(ctx, r);
    }
  }
}
