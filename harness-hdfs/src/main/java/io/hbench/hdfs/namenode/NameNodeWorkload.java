package io.hbench.hdfs.namenode;

import static io.hbench.core.stats.RefusedCallException.refusedIf;

import io.hbench.core.LoadScope;
import io.hbench.core.RunContext;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadResult;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.crypto.CryptoProtocolVersion;
import org.apache.hadoop.fs.ContentSummary;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.ExtendedBlock;
import org.apache.hadoop.hdfs.protocol.HdfsConstants;
import org.apache.hadoop.hdfs.protocol.LocatedBlock;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.namenode.NotReplicatedYetException;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.hdfs.server.protocol.NamespaceInfo;
import org.apache.hadoop.io.EnumSetWritable;
import org.apache.hadoop.ipc.RemoteException;

/**
 * One NameNode operation as nnthroughput runs it: the inputs it needs, made before the clock
 * starts (names, files to open or delete, registered datanodes and their blocks); the call each
 * client repeats, which the core times; and the checks that the NameNode really did the work.
 * The operations and their inputs are NNThroughputBenchmark's.
 */
final class NameNodeWorkload {

  /** Block size of the datanode operations' files: tiny, so simulated datanodes hold them all. */
  static final long TINY_BLOCK = 16;

  /**
   * The settings of a run.
   *
   * @param blockSize block size given to create for the namespace operations
   */
  record Settings(
      int threads,
      int files,
      int filesPerDir,
      int dirs,
      int dirsPerDir,
      int datanodes,
      int reports,
      int blocksPerReport,
      int blocksPerFile,
      int nodesToDecommission,
      int nodeReplicationLimit,
      int totalBlocks,
      short replication,
      boolean close,
      boolean useExisting,
      long blockSize) {}

  private final NameNodeOp op;
  private final Settings s;
  private final NameNodeTarget nn;
  private final String root;
  private final String clientPrefix;
  private NameLayout names;
  private long expectedDirs;
  private SimulatedDatanode[] datanodes;
  private String blockPool;
  private long blocksPlaced;
  private long decommissionedBlocks;

  /** The count the replication op's calls add the block copies they scheduled to. */
  static final String REPLICATIONS_SCHEDULED = "replications_scheduled";

  /**
   * @param root the directory, in the NameNode's namespace, under which every operation works
   *     ({@code <root>/<op>})
   */
  NameNodeWorkload(NameNodeOp op, Settings s, NameNodeTarget nn, String root) {
    this(op, s, nn, root, "hbench-");
  }

  /**
   * @param clientPrefix prefix of the client names that hold the created files' leases, unique
   *     per process when several processes create at once
   */
  NameNodeWorkload(NameNodeOp op, Settings s, NameNodeTarget nn, String root, String clientPrefix) {
    this.op = op;
    this.s = s;
    this.nn = nn;
    this.root = root;
    this.clientPrefix = clientPrefix;
  }

  /** The clients of one process ({@link NameNodeLoad#open}). */
  static LoadClients clients(LoadScope scope) throws Exception {
    NameNodeOp op = scope.point().get(NnThroughputBenchmark.OPERATION);
    boolean inProcess = NnThroughputBenchmark.direct(scope.options()) || op.usesDatanodes()
        || op == NameNodeOp.CLEAN;
    if (inProcess && !(scope.timed() && op.namesEachRun())) {
      NameNodeWorkload w = scope.prepared(NameNodeWorkload.class);
      return new LoadClients(w.perClient(), w.call(), null);
    }
    NameNodeWorkload.Settings s = NnThroughputBenchmark.settings(scope.options(),
        scope.configuration(), op);
    String root = NnThroughputBenchmark.root(scope.options(), op, scope.fileSystem(),
        scope.directories().base(), scope.pointDirectory());
    if (scope.timed() && op.namesEachRun()) {
      if (inProcess) {
        return scope.prepared(NameNodeWorkload.class).runNames(scope);
      }
      RemoteNameNode nn = RemoteNameNode.of(scope.fileSystem());
      return new NameNodeWorkload(op, s, nn, root, "hbench-m" + scope.process() + "-")
          .runNames(scope).closing(nn);
    }
    String opDir = root + "/" + op.text;
    NameLayout all = op == NameNodeOp.MKDIRS
        ? new NameLayout(opDir, s.dirsPerDir(), s.dirs())
        : new NameLayout(opDir, s.filesPerDir(), s.files());
    long[] share = LoadPlan.split(all.size(), scope.processes());
    long first = NameNodeWorkload.offsets(share)[scope.process()];
    RemoteNameNode nn = RemoteNameNode.of(scope.fileSystem());
    NameNodeWorkload w = new NameNodeWorkload(op, s, nn, root, "hbench-m" + scope.process() + "-");
    w.useNames(all.slice(first, share[scope.process()]));
    return new LoadClients(w.perClient(), w.call(), nn);
  }

  /**
   * Under a duration, the operations that make or consume names work each run of the load (a
   * {@code --find-max} step is one) on names of its own: client c of run r under {@code
   * <op>/r<r>/c<c>}, laid out as NNThroughputBenchmark lays them out. create and mkdirs make
   * fresh names for as long as the load runs; delete and rename work through files made here,
   * before the clock, as many as the run's rate lets the client call in its warm-up and duration
   * ({@link LoadScope#callsAtMost}; {@code --files} split over the clients when only the
   * duration bounds it), and a client that runs out stops, said in the record. What each call
   * left (names made, files prepared) is counted per run and client for {@link #verifyRuns}.
   */
  LoadClients runNames(LoadScope scope) throws Exception {
    int threads = scope.threads();
    NameLayout[] mine = new NameLayout[threads];
    long[] prepared = new long[threads];
    String[] madeKey = new String[threads];
    String[] preparedKey = new String[threads];
    int perDir = op == NameNodeOp.MKDIRS ? s.dirsPerDir() : s.filesPerDir();
    for (int t = 0; t < threads; t++) {
      String base = runBase(scope.run(), scope.firstClient() + t);
      madeKey[t] = MADE + base;
      preparedKey[t] = PREPARED + base;
      if (op.consumesNames()) {
        long bound = scope.callsAtMost(t);
        prepared[t] = bound != Long.MAX_VALUE ? bound
            : LoadPlan.split(s.files(), scope.clients())[scope.firstClient() + t];
        mine[t] = new NameLayout(base, perDir, prepared[t]);
      } else {
        mine[t] = new NameLayout(base, perDir, NameLayout.UNBOUNDED);
      }
    }
    if (op.consumesNames()) {
      makeFiles(mine, scope.console(), "r" + scope.run() + " " + op.text);
    }
    ClientProtocol c = nn.client();
    ConcurrentLoad.SteppedCall call = (t, i, steps) -> {
      if (i >= mine[t].size()) {
        throw ConcurrentLoad.EXHAUSTED;
      }
      if (i == 0 && op.consumesNames()) {
        steps.countAll(preparedKey[t], prepared[t]);
      }
      String f = mine[t].get(i);
      switch (op) {
        case CREATE -> {
          create(c, f, clientPrefix + "create-" + t, s.blockSize());
          if (s.close()) {
            complete(c, f, clientPrefix + "create-" + t, null);
          }
        }
        case MKDIRS -> refusedIf(!c.mkdirs(f, FsPermission.getDefault(), true),
            "mkdirs returned false");
        case DELETE -> refusedIf(!c.delete(f, false), "delete returned false");
        case RENAME -> refusedIf(!c.rename(f, f + ".r"), "rename returned false");
        default -> throw new IllegalStateException(op.text + " makes no names");
      }
      steps.countAll(madeKey[t], 1);
      return 0;
    };
    long[] unbounded = new long[threads];
    java.util.Arrays.fill(unbounded, Long.MAX_VALUE);
    return new LoadClients(unbounded, call, null);
  }

  /** The directory of client {@code client}'s names in run {@code run} of a timed load. */
  private String runBase(int run, int client) {
    return opDir() + "/r" + run + "/c" + client;
  }

  /** The prefix of the count of the names a timed load's client made in its run, by its base. */
  static final String MADE = "made ";

  /** The prefix of the count of the files made for a timed client to consume, by its base. */
  static final String PREPARED = "prepared ";

  /** Creates and closes every name of {@code layouts}, one thread per layout, before the clock. */
  private void makeFiles(NameLayout[] layouts, io.hbench.core.text.Console console,
      String label) throws Exception {
    long[] each = new long[layouts.length];
    for (int t = 0; t < layouts.length; t++) {
      each[t] = layouts[t].size();
    }
    ClientProtocol c = nn.client();
    LoadResult r = ConcurrentLoad.run("create (input)", LoadPlan.calls(each),
        (ConcurrentLoad.Call) (t, i) -> {
          String f = layouts[t].get(i);
          create(c, f, clientPrefix + "input-" + t, s.blockSize());
          complete(c, f, clientPrefix + "input-" + t, null);
          return 0;
        }, console, label);
    failOnFailures(r, "creating the files to " + op.text);
  }

  /**
   * The checks of a timed load's runs, from what its calls left ({@link LoadResult#left}): for
   * each run and client, the NameNode holds exactly the names it made (create: files; mkdirs:
   * directories, the layout's parents included), or the files made for it less those it deleted,
   * or all of them with the renamed ones under their new names.
   */
  void verifyRuns(RunContext ctx, LoadResult r) throws IOException {
    ClientProtocol c = nn.client();
    int perDir = op == NameNodeOp.MKDIRS ? s.dirsPerDir() : s.filesPerDir();
    long made = 0;
    long bases = 0;
    List<String> wrong = new ArrayList<>();
    for (Map.Entry<String, Long> e : r.left().entrySet()) {
      if (!e.getKey().startsWith(MADE) && !e.getKey().startsWith(PREPARED)) {
        continue;
      }
      boolean isMade = e.getKey().startsWith(MADE);
      String base = e.getKey().substring((isMade ? MADE : PREPARED).length());
      if (!isMade && r.left().containsKey(MADE + base)) {
        continue; // checked with its made count
      }
      long n = r.left().getOrDefault(MADE + base, 0L);
      long p = r.left().getOrDefault(PREPARED + base, 0L);
      made += n;
      bases++;
      ContentSummary sum = c.getContentSummary(base);
      NameLayout names = new NameLayout(base, perDir, Math.max(n, p));
      String problem = switch (op) {
        case CREATE -> sum.getFileCount() == n ? null : sum.getFileCount() + " files for " + n;
        case MKDIRS -> {
          long dirs = sum.getDirectoryCount() - 1;
          long expected = n + new NameLayout(base, perDir, n).directories();
          // A failed call leaves its name unused, and the parents of the names after it are
          // made all the same: up to the layout of every name tried.
          long most = n + new NameLayout(base, perDir, n + r.failures()).directories();
          yield dirs >= expected && dirs <= most ? null : dirs + " directories for " + expected
              + (most == expected ? "" : " to " + most);
        }
        case DELETE -> sum.getFileCount() == p - n ? null
            : sum.getFileCount() + " files left of " + p + " after " + n + " deletes";
        case RENAME -> sum.getFileCount() != p ? sum.getFileCount() + " files of " + p
            : n > 0 && (c.getFileInfo(names.get(0)) != null
                || c.getFileInfo(names.get(0) + ".r") == null) ? "the first not renamed"
            : null;
        default -> null;
      };
      if (problem != null) {
        wrong.add(base + ": " + problem);
      }
    }
    String what = switch (op) {
      case CREATE -> "files made";
      case MKDIRS -> "directories made";
      case DELETE -> "files deleted";
      default -> "files renamed";
    };
    ctx.check("names", wrong.isEmpty() && bases > 0, made + " " + what + " by " + bases
        + " client run(s), each as the NameNode counts them"
        + (wrong.isEmpty() ? "" : "; not so: " + String.join("; ", wrong.subList(0,
            Math.min(3, wrong.size())))));
  }

  /** Works on these names only (a map task's share), made elsewhere; nothing is prepared. */
  void useNames(NameLayout share) {
    names = share;
  }

  String opDir() {
    return root + "/" + op.text;
  }

  private String createDir() {
    return root + "/" + NameNodeOp.CREATE.text;
  }

  /** The clients that issue the operation at once: datanodes report as themselves. */
  int clients() {
    if (op.singleClient()) {
      return 1;
    }
    return op == NameNodeOp.BLOCK_REPORT ? s.datanodes() : s.threads();
  }

  /** How many calls each client makes. */
  long[] perClient() {
    return switch (op) {
      case CREATE, MKDIRS, OPEN, DELETE, FILE_STATUS, RENAME -> ConcurrentLoad.split(names.size(), clients());
      case BLOCK_REPORT -> ConcurrentLoad.split(s.reports(), clients());
      case REPLICATION -> new long[] {Math.max(1, replicationCalls())};
      case CLEAN -> new long[] {1};
    };
  }

  /** NNThroughputBenchmark's bound on the replication op's calls; it stops sooner when idle. */
  private long replicationCalls() {
    long d = s.datanodes();
    return (long) s.totalBlocks() * s.replication() * s.nodesToDecommission() * 2 / (d * d);
  }

  /**
   * Whether {@link #prepare} does work worth a phase of its own (files or datanodes to make);
   * under a duration, delete and rename make their files as each run opens ({@link #runNames}).
   */
  boolean hasPreparation(boolean timed) {
    return (op.needsFiles() && !s.useExisting() && !(timed && op.consumesNames()))
        || op.usesDatanodes();
  }

  /**
   * Makes what the timed calls need. Returns the calls it made, for the preparation phase.
   *
   * @param ctx for progress lines
   */
  long prepare(RunContext ctx, String label, boolean timed) throws Exception {
    if (timed && op.namesEachRun()) {
      // Each run makes its own names as it opens; the operation's directory is made here.
      nn.client().mkdirs(opDir(), FsPermission.getDefault(), true);
      return 0;
    }
    switch (op) {
      case CREATE -> names = new NameLayout(opDir(), s.filesPerDir(), s.files());
      case MKDIRS -> {
        names = new NameLayout(opDir(), s.dirsPerDir(), s.dirs());
        // Every name is a directory, and so is every parent the layout made.
        expectedDirs = names.directories() + names.size();
      }
      case OPEN, DELETE, FILE_STATUS, RENAME -> {
        long made = 0;
        if (!s.useExisting()) {
          made = createFiles(ctx, label);
        }
        ClientProtocol c = nn.client();
        if (c.getFileInfo(opDir()) == null) {
          if (c.getFileInfo(createDir()) == null) {
            throw new InvalidInputException(
                "nnthroughput " + op.text + " --use-existing: neither " + opDir() + " nor "
                    + createDir() + " exists; run --op create --keep-results first");
          }
          c.rename(createDir(), opDir());
        }
        names = new NameLayout(opDir(), s.filesPerDir(), s.files());
        return made;
      }
      case BLOCK_REPORT -> {
        return placeBlocks(s.datanodes(), s.blocksPerReport(), s.blocksPerFile());
      }
      case REPLICATION -> {
        return prepareReplication();
      }
      case CLEAN -> {
        // Nothing: clean removes whatever the root holds.
      }
    }
    return 0;
  }

  /** Creates and closes the files the namespace operations work on, in {@code <root>/create}. */
  private long createFiles(RunContext ctx, String label) throws Exception {
    NameLayout files = new NameLayout(createDir(), s.filesPerDir(), s.files());
    long[] share = ConcurrentLoad.split(files.size(), s.threads());
    long[] first = offsets(share);
    ClientProtocol c = nn.client();
    LoadResult r =
        ConcurrentLoad.run(
            "create (input)",
            LoadPlan.calls(share),
            (ConcurrentLoad.Call) (t, i) -> {
              String f = files.get(first[t] + i);
              create(c, f, clientPrefix + "input-" + t, s.blockSize());
              complete(c, f, clientPrefix + "input-" + t, null);
              return 0;
            },
            ctx.console(),
            label);
    failOnFailures(r, "creating the input files");
    return r.tally().calls();
  }

  private static void failOnFailures(LoadResult r, String what) {
    if (r.tally().failedCalls() > 0) {
      String op = r.tally().stats().keySet().iterator().next();
      throw new IllegalStateException(
          what + ": " + r.tally().failedCalls() + " of " + r.tally().calls() + " calls failed "
              + r.tally().failures(op));
    }
  }

  static long[] offsets(long[] share) {
    long[] first = new long[share.length];
    for (int t = 1; t < share.length; t++) {
      first[t] = first[t - 1] + share[t - 1];
    }
    return first;
  }

  private void create(ClientProtocol c, String file, String client, long blockSize)
      throws IOException {
    try {
      c.create(file, FsPermission.getDefault(), client,
          new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE, CreateFlag.OVERWRITE)), true,
          s.replication(), blockSize, CryptoProtocolVersion.supported(), null, null);
    } catch (RemoteException e) {
      String m = String.valueOf(e.getMessage());
      if (m.contains("is less than configured minimum value")) {
        throw new InvalidInputException(
            "the NameNode at " + nn.describe() + " refuses " + blockSize + "-byte blocks"
                + " (dfs.namenode.fs-limits.min-block-size): "
                + (op.usesDatanodes()
                    ? "blockReport needs it set to 16 or lower on that NameNode"
                    : "set it lower, or -D dfs.blocksize larger"));
      }
      throw e;
    }
  }

  private static void complete(ClientProtocol c, String file, String client, ExtendedBlock last)
      throws IOException {
    while (!c.complete(file, client, last, HdfsConstants.GRANDFATHER_INODE_ID)) {
      Thread.onSpinWait();
    }
  }

  /**
   * Registers the datanodes and creates files whose blocks they hold, so that each full report
   * carries {@code blocksPerReport} blocks (NNThroughputBenchmark's blockReport inputs). Returns
   * the blocks placed.
   */
  private long placeBlocks(int dnCount, int blocksPerReport, int blocksPerFile) throws Exception {
    short replication = (short) Math.min(s.replication(), dnCount);
    NamespaceInfo ns = nn.namespace();
    blockPool = ns.getBlockPoolID();
    DatanodeProtocol dnp = nn.datanodes();
    datanodes = new SimulatedDatanode[dnCount];
    for (int i = 0; i < dnCount; i++) {
      datanodes[i] = new SimulatedDatanode(i, blocksPerReport);
      datanodes[i].register(dnp, ns);
    }
    ClientProtocol c = nn.client();
    // Real datanodes (on a running NameNode) must not get these blocks: only ours, whose transfer
    // ports are 1..dnCount.
    List<DatanodeInfo> real = new ArrayList<>();
    for (DatanodeInfo d : c.getDatanodeReport(HdfsConstants.DatanodeReportType.LIVE)) {
      if (d.getXferPort() > dnCount) {
        real.add(d);
      }
    }
    DatanodeInfo[] exclude = real.toArray(new DatanodeInfo[0]);
    long blocks = ((long) blocksPerReport * dnCount + replication - 1) / replication;
    long files = (blocks + blocksPerFile - 1) / blocksPerFile;
    String client = clientPrefix + "blockreport";
    NameLayout layout = new NameLayout(opDir(), 100, files);
    for (long f = 0; f < files; f++) {
      String file = layout.get(f);
      c.create(file, FsPermission.getDefault(), client,
          new EnumSetWritable<>(EnumSet.of(CreateFlag.CREATE, CreateFlag.OVERWRITE)), true,
          replication, TINY_BLOCK, CryptoProtocolVersion.supported(), null, null);
      ExtendedBlock last = null;
      for (int b = 0; b < blocksPerFile; b++) {
        LocatedBlock lb = addBlock(c, file, client, last, exclude);
        last = lb.getBlock();
        for (DatanodeInfo loc : lb.getLocations()) {
          int n = SimulatedDatanode.numberOfPort(loc.getXferPort());
          datanodes[n].received(dnp, blockPool, last.getLocalBlock());
        }
        blocksPlaced++;
      }
      complete(c, file, client, last);
    }
    for (SimulatedDatanode d : datanodes) {
      d.prepareReport();
    }
    return blocksPlaced;
  }

  /** addBlock, waiting while the NameNode has not yet processed the previous block's receipt. */
  private static LocatedBlock addBlock(
      ClientProtocol c, String file, String client, ExtendedBlock previous, DatanodeInfo[] exclude)
      throws IOException, InterruptedException {
    for (int attempt = 0; ; attempt++) {
      try {
        return c.addBlock(file, client, previous, exclude, HdfsConstants.GRANDFATHER_INODE_ID, null, null);
      } catch (IOException e) {
        // Called directly the NameNode throws the exception itself; over RPC it comes wrapped.
        boolean notYet =
            e instanceof NotReplicatedYetException
                || (e instanceof RemoteException r && r.getClassName().endsWith("NotReplicatedYetException"));
        if (attempt >= 500 || !notYet) {
          throw e;
        }
        Thread.sleep(10);
      }
    }
  }

  /**
   * The replication op's inputs: blocks on every datanode, reported in full, then the last
   * {@code nodesToDecommission} datanodes decommissioned, so that their blocks need copies.
   */
  private long prepareReplication() throws Exception {
    BlockManager bm = nn.blockManager();
    if (!(nn instanceof InProcessNameNode local) || bm == null) {
      throw new InvalidInputException("replication needs a NameNode in this process (--mode direct)");
    }
    int d = s.datanodes();
    long placed = placeBlocks(d, s.totalBlocks() * s.replication() / d, d);
    DatanodeProtocol dnp = nn.datanodes();
    for (SimulatedDatanode dn : datanodes) {
      dn.sendReport(dnp, blockPool);
    }
    StringBuilder exclude = new StringBuilder();
    for (int i = d - s.nodesToDecommission(); i < d; i++) {
      exclude.append(datanodes[i].transferAddress()).append('\n');
      decommissionedBlocks += datanodes[i].blocks();
    }
    Files.writeString(local.excludeFile(), exclude, StandardCharsets.UTF_8);
    nn.client().refreshNodes();
    // The decommission monitor (every second here) finds the blocks that need copies.
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (bm.getLowRedundancyBlocksCount() == 0 && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    bm.setMaxReplicationStreams(s.nodeReplicationLimit(), false);
    return placed;
  }

  /**
   * Client {@code t}'s {@code i}-th name: its share in order, once; open and fileStatus, which
   * leave the names as they found them, go round their share again under a duration.
   */
  private String name(long[] first, long[] share, int t, long i) throws Exception {
    if (i >= share[t]) {
      if (share[t] == 0 || !(op == NameNodeOp.OPEN || op == NameNodeOp.FILE_STATUS)) {
        throw ConcurrentLoad.EXHAUSTED;
      }
      i %= share[t];
    }
    return names.get(first[t] + i);
  }

  /** The timed call. */
  ConcurrentLoad.SteppedCall call() throws IOException {
    ClientProtocol c = nn.client();
    long[] share = perClient();
    long[] first = offsets(share);
    return switch (op) {
      case CREATE -> (t, i, steps) -> {
        String f = name(first, share, t, i);
        create(c, f, clientPrefix + "create-" + t, s.blockSize());
        if (s.close()) {
          complete(c, f, clientPrefix + "create-" + t, null);
        }
        return 0;
      };
      case MKDIRS -> (t, i, steps) -> refusedIf(!c.mkdirs(name(first, share, t, i), FsPermission.getDefault(), true), "mkdirs returned false");
      case OPEN -> (t, i, steps) -> refusedIf(c.getBlockLocations(name(first, share, t, i), 0, s.blockSize()) == null, "no such file");
      case DELETE -> (t, i, steps) -> refusedIf(!c.delete(name(first, share, t, i), false), "delete returned false");
      case FILE_STATUS -> (t, i, steps) -> refusedIf(c.getFileInfo(name(first, share, t, i)) == null, "no such file");
      case RENAME -> (t, i, steps) -> {
        String f = name(first, share, t, i);
        return refusedIf(!c.rename(f, f + ".r"), "rename returned false");
      };
      case BLOCK_REPORT -> {
        DatanodeProtocol dnp = nn.datanodes();
        yield (t, i, steps) -> {
          datanodes[t].sendReport(dnp, blockPool);
          return 0;
        };
      }
      case REPLICATION -> {
        Method compute = computeDatanodeWork();
        BlockManager bm = nn.blockManager();
        yield (t, i, steps) -> {
          int work = (Integer) compute.invoke(bm);
          if (work == 0) {
            throw ConcurrentLoad.EXHAUSTED;
          }
          steps.count(REPLICATIONS_SCHEDULED, work);
          return 0;
        };
      }
      // The tree may be absent (nothing kept): clean's goal is its absence, checked afterwards.
      case CLEAN -> (t, i, steps) -> {
        c.delete(root, true);
        return 0;
      };
    };
  }

  /**
   * BlockManager.computeDatanodeWork, the NameNode's step that schedules re-replication:
   * package-private, so reached by reflection (Hadoop is in the unnamed module; no flag needed).
   */
  private static Method computeDatanodeWork() {
    try {
      Method m = BlockManager.class.getDeclaredMethod("computeDatanodeWork");
      m.setAccessible(true);
      return m;
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException(
          "this Hadoop's BlockManager has no computeDatanodeWork(): " + e.getMessage(), e);
    }
  }

  /** Records the checks that the NameNode did what the calls asked. */
  void verify(RunContext ctx, LoadResult r) throws IOException {
    long calls = r.calls();
    long failed = r.failures();
    ctx.check("no_failures", r.failuresOutsideFaults() == 0 && calls > 0, calls + " calls, "
        + failed + " failed" + r.faultFailuresNote()
        + (failed == 0 ? "" : "; the first: " + r.firstProblem()));
    long scheduled = r.count(REPLICATIONS_SCHEDULED);
    ClientProtocol c = nn.client();
    switch (op) {
      case CREATE -> {
        long n = c.getContentSummary(opDir()).getFileCount();
        ctx.check("files", n == s.files(), n + " files in " + opDir() + ", expected " + s.files());
      }
      case MKDIRS -> {
        // The summary counts the operation's directory itself too.
        long n = c.getContentSummary(opDir()).getDirectoryCount() - 1;
        ctx.check("directories", n == expectedDirs,
            n + " directories under " + opDir() + ", expected " + expectedDirs);
      }
      case OPEN, FILE_STATUS -> {
        long n = c.getContentSummary(opDir()).getFileCount();
        ctx.check("files", n == s.files(), n + " files, expected " + s.files() + " untouched");
      }
      case DELETE -> {
        long n = c.getContentSummary(opDir()).getFileCount();
        ctx.check("deleted", n == 0, n + " files left in " + opDir() + ", expected 0");
      }
      case RENAME -> {
        ContentSummary sum = c.getContentSummary(opDir());
        String first = names.get(0);
        String last = names.get(names.size() - 1);
        boolean moved =
            c.getFileInfo(first) == null && c.getFileInfo(first + ".r") != null
                && c.getFileInfo(last) == null && c.getFileInfo(last + ".r") != null;
        ctx.check("renamed", moved && sum.getFileCount() == s.files(),
            sum.getFileCount() + " files; first and last renamed: " + moved);
      }
      case BLOCK_REPORT -> {
        String detail = blocksPlaced + " blocks placed on " + datanodes.length + " datanodes";
        boolean ok = blocksPlaced > 0;
        if (nn instanceof InProcessNameNode local) {
          long total = local.blocksTotal();
          ok &= total == blocksPlaced;
          detail += "; the namespace holds " + total;
        }
        ctx.check("blocks", ok, detail);
      }
      case REPLICATION -> ctx.check("scheduled", scheduled > 0,
          scheduled + " block copies scheduled; the decommissioned datanodes reported "
              + decommissionedBlocks + " blocks");
      case CLEAN -> ctx.check("removed", c.getFileInfo(root) == null,
          root + (c.getFileInfo(root) == null ? " is gone" : " still exists"));
    }
  }

  long decommissionedBlocks() {
    return decommissionedBlocks;
  }

  long blocksPlaced() {
    return blocksPlaced;
  }
}
