package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Faults in the middle of a point, on a cluster hbench did not start (3 datanodes, replication
 * 3), as an operator breaking a cluster on purpose would cause them: a datanode stopped during a
 * write leaves an ok point that names the datanode lost and whose validation passed; a NameNode
 * restart fails the point it cut through and the run goes on. Nothing outside hbench's base
 * directory changes. Both are seen by the core (ClusterChanges) around every suite's point, so
 * one suite each: fsops for the datanode, slive (a job's repeats) for the NameNode.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class FaultsIT {

  Path tmp;
  MiniDFSCluster dfs;
  Path confDir;
  FileSystem fs;
  static final org.apache.hadoop.fs.Path PRECIOUS = new org.apache.hadoop.fs.Path("/user/ops/precious");

  @BeforeAll
  void start() throws Exception {
    tmp = Files.createTempDirectory("hbench-faults-it-");
    Configuration conf = BenchProcess.miniDfs(tmp);
    conf.setInt("dfs.replication", 3);
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(3).build();
    dfs.waitActive();
    // Jobs run in MapReduce's local runner: the faults are the file system's.
    confDir = BenchProcess.clientSites(dfs, tmp);
    fs = dfs.getFileSystem();
    try (FSDataOutputStream out = fs.create(PRECIOUS)) {
      out.write("not hbench's".getBytes(StandardCharsets.UTF_8));
    }
  }

  @AfterAll
  void stop() {
    if (dfs != null) {
      dfs.shutdown();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
  }

  List<String> topLevel;
  MiniDFSCluster.DataNodeProperties stopped;

  @BeforeEach
  void allDatanodesUp() throws Exception {
    if (stopped != null) {
      dfs.restartDataNode(stopped, true);
      stopped = null;
    }
    dfs.waitActive();
    topLevel = top();
  }

  @AfterEach
  void nothingOutsideTheBaseChanged() throws Exception {
    assertEquals(topLevel, top());
    try (var in = fs.open(PRECIOUS)) {
      assertEquals("not hbench's", new String(in.readAllBytes(), StandardCharsets.UTF_8));
    }
  }

  private List<String> top() throws Exception {
    return java.util.Arrays.stream(fs.listStatus(new org.apache.hadoop.fs.Path("/")))
        .map(s -> s.getPath().getName()).filter(n -> !n.equals("benchmarks")).sorted().toList();
  }

  /** Runs bench in the background, does {@code fault} once {@code when} holds, returns records. */
  private List<ResultRecord> runWithFault(Path out, BooleanSupplier when, Runnable fault,
      String... args) throws Exception {
    CompletableFuture<BenchProcess> run =
        CompletableFuture.supplyAsync(() -> BenchProcess.run(confDir.toString(), args));
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (!when.getAsBoolean()) {
      if (run.isDone()) {
        throw new AssertionError("the point ended before the fault: " + run.get());
      }
      if (System.nanoTime() > deadline) {
        throw new AssertionError("the point never got under way: " + run.get(5, TimeUnit.MINUTES));
      }
      Thread.sleep(100);
    }
    fault.run();
    BenchProcess p = run.get(5, TimeUnit.MINUTES);
    System.out.println("FaultsIT " + args[0] + ": exit " + p.exitCode + "\n" + p.err);
    return ResultReader.read(out);
  }

  private String stopFirstDatanode() {
    String addr = dfs.getDataNodes().get(0).getXferAddress().getAddress().getHostAddress() + ":"
        + dfs.getDataNodes().get(0).getXferAddress().getPort();
    stopped = dfs.stopDataNode(0);
    return addr;
  }

  private long filesTotal() {
    return dfs.getNamesystem().getFilesTotal();
  }

  /**
   * ok, the datanode named and validation passed. As reliability.md says, a datanode stopped in
   * the point's last heartbeat interval plus a second may go unseen; the test stops it earlier
   * than that, and this checks it did.
   */
  private static void okWithTheLossNoted(ResultRecord r, String lost, Instant stoppedAt) {
    assertTrue(Duration.between(stoppedAt, Instant.parse(r.ended())).toSeconds() >= 5,
        "the datanode was stopped too late in the point to be seen: " + stoppedAt + " " + r);
    assertEquals("ok", r.status(), r.toString());
    assertEquals(List.of(lost), r.environment().datanodesLost(), r.toString());
    assertEquals("passed", r.validation().status(), r.toString());
  }

  /** Stops a datanode once {@code when} holds during a one-point run of {@code args}. */
  private void datanodeStoppedDuring(BooleanSupplier when, String... args) throws Exception {
    Path out = tmp.resolve(args[0] + ".jsonl");
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.addAll(List.of("--cluster", "conf", "--out", out.toString()));
    String[] lost = new String[1];
    Instant[] stoppedAt = new Instant[1];
    List<ResultRecord> records = runWithFault(out, when, () -> {
      lost[0] = stopFirstDatanode();
      stoppedAt[0] = Instant.now();
    }, all.toArray(String[]::new));
    assertEquals(1, records.size());
    ResultRecord r = records.get(0);
    okWithTheLossNoted(r, lost[0], stoppedAt[0]);
    System.out.println("FaultsIT " + args[0] + " record: status " + r.status() + ", failure "
        + r.failure() + ", datanodes_lost " + r.environment().datanodesLost());
  }

  @Test
  void aDatanodeStoppedDuringFsOps() throws Exception {
    // fsops rewrites each thread's file every iteration: under way once the NameNode holds a
    // block of each thread's. (A listing of its files raced the rewrites and once never saw one.)
    long blocks = dfs.getNamesystem().getBlocksTotal();
    datanodeStoppedDuring(() -> dfs.getNamesystem().getBlocksTotal() >= blocks + 2, "fsops", "--op", "create_write",
        "--file-size", "256K", "--threads", "2", "--duration", "20s", "--repeat", "1");
  }

  @Test
  void aNameNodeRestartDuringSliveFailsThatRepeatAndTheNextIsMeasured() throws Exception {
    Path out = tmp.resolve("slive.jsonl");
    long before = filesTotal();
    // The job's files, then the maps' first creates.
    List<ResultRecord> records = runWithFault(out, () -> filesTotal() > before + 20,
        this::restartNameNode, "slive", "--maps", "2", "--ops-per-map", "1000", "--files", "200",
        "--write-size", "4K", "--read-size", "4K", "--repeat", "2", "--cluster", "conf",
        "--out", out.toString());
    assertEquals(2, records.size(), records.toString());
    firstCutByTheRestartThenOk(records, "slive");
  }

  /** The first record failed by the NameNode's restart, the next measured as usual. */
  private static void firstCutByTheRestartThenOk(List<ResultRecord> records, String suite) {
    ResultRecord cut = records.get(0);
    assertEquals("failed", cut.status(), cut.toString());
    assertTrue(cut.failure().startsWith("NameNode restarted during the point"), cut.failure());
    assertEquals("ok", records.get(1).status(), "the run goes on: " + records.get(1));
    System.out.println("FaultsIT " + suite + " record: " + cut.failure());
  }

  private void restartNameNode() {
    try {
      dfs.restartNameNode(true);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }
}
