package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.FaultRecord;
import io.hbench.core.result.OperationSeries;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * {@code --disrupt} on a cluster hbench did not start (4 datanodes, replication 3, a NameNode
 * that declares a silent datanode dead in 14 s and re-replicates briskly, as docs/disrupt.md's
 * recipe sets it): a datanode shut down during fsops' writes is marked, measured and recorded;
 * the blocks short of replicas are counted back to 0; every file written is whole. The same load
 * without it has no marker and no fault figure. What the cluster cannot do, or the load cannot
 * measure, is one line and exit 2 before anything is created.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DisruptIT {

  Path tmp;
  MiniDFSCluster dfs;
  Path confDir;
  FileSystem fs;

  @BeforeAll
  void start() throws Exception {
    tmp = Files.createTempDirectory("hbench-disrupt-it-");
    Configuration conf = BenchProcess.miniDfs(tmp);
    conf.setInt("dfs.replication", 3);
    // docs/disrupt.md's recipe: dead after 2 x 2 s + 10 x 1 s, and re-replication not paced to
    // a few blocks per heartbeat.
    conf.setInt("dfs.heartbeat.interval", 1);
    conf.setInt("dfs.namenode.heartbeat.recheck-interval", 2000);
    conf.setInt("dfs.namenode.replication.max-streams", 50);
    conf.setInt("dfs.namenode.replication.max-streams-hard-limit", 100);
    conf.setInt("dfs.namenode.replication.work.multiplier.per.iteration", 50);
    // A copy the NameNode schedules to the datanode being shut down (counted live for a few
    // heartbeats more) stays pending until this timeout, 300 s by default: longer than the run
    // waits after its load, and low_redundancy_s then never ends (CI, once: one block pending
    // from the shutdown on). 5 s, and it is scheduled again to a live datanode.
    conf.setInt("dfs.namenode.reconstruction.pending.timeout-sec", 5);
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(4).build();
    dfs.waitActive();
    confDir = BenchProcess.clientSites(dfs, tmp);
    fs = dfs.getFileSystem();
    // A cluster's own data, not hbench's: 200 one-block files, so that a datanode's loss leaves
    // more blocks short of replicas than one pass of the NameNode's re-replication schedules
    // (150 here). On a busy machine fsops writes few files, and their copies were all scheduled
    // and made between two stamps (CI, once).
    for (int i = 0; i < 200; i++) {
      try (var out = fs.create(new org.apache.hadoop.fs.Path("/data/block-" + i))) {
        out.write(new byte[1024]);
      }
    }
  }

  @AfterAll
  void stop() {
    if (dfs != null) {
      dfs.shutdown();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
  }

  private BenchProcess bench(String... args) {
    return BenchProcess.run(confDir.toString(), args);
  }

  @Test
  void aDatanodeShutDownDuringWritesIsMeasuredAndItsBlocksAreReplicatedAgain() throws Exception {
    Path out = tmp.resolve("shutdown.jsonl");
    BenchProcess p = bench("fsops", "--op", "create_write", "--file-size", "64K", "--threads",
        "2", "--target-rate", "40", "--duration", "30s", "--disrupt", "shutdown-datanode@10s",
        "--repeat", "1", "--cluster", "conf", "--out", out.toString());
    System.out.println("DisruptIT shutdown-datanode:\n" + p.err);
    ResultRecord r = ResultReader.read(out).get(0);
    // Every file written is whole: fsops' own check, as on any run.
    assertEquals("passed", r.validation().status(), p.toString());
    PhaseResult phase = r.phase("create_write");
    FaultRecord d = phase.figure(FaultRecord.FIELD);
    assertNotNull(d, p.toString());
    assertEquals("shutdown-datanode@10s", d.actions());
    assertEquals(1, d.faults().size());
    FaultRecord.Fault f = d.faults().get(0);
    assertNull(f.error(), f.toString());
    // The marker: issued at its time after the control window, on a datanode of the cluster.
    assertEquals(10_000, f.issuedMillis() - d.controlStartMillis(), 1000, f.toString());
    List<String> datanodes = dfs.getDataNodes().stream()
        .map(dn -> "127.0.0.1:" + dn.getXferPort()).toList();
    assertTrue(datanodes.contains(f.target()), f.target() + " " + datanodes);
    assertTrue(f.acknowledgedMillis() >= f.issuedMillis(), f.toString());
    // The figures, within the window's bounds; failed calls counted, not hidden.
    FaultRecord.Figures g = f.figures();
    assertNotNull(g, f.toString());
    double window = (f.windowEndMillis() - f.issuedMillis()) / 1e3;
    assertTrue(g.unavailableSeconds() >= 0 && g.unavailableSeconds() <= window, g.toString());
    assertNotNull(g.worstClientUnavailableSeconds(), g.toString());
    assertTrue(g.worstClientUnavailableSeconds() >= g.unavailableSeconds(), g.toString());
    assertTrue(g.dipDepth() >= 0 && g.dipDepth() <= 1.5, g.toString());
    assertTrue(g.recovered() == (g.timeTo90Seconds() != null), g.toString());
    assertTrue(g.timeTo90Seconds() == null || g.timeTo90Seconds() <= window, g.toString());
    assertEquals(phase.load("create_write").failures(),
        g.callsFailed() + failuresBefore(phase, f.issuedMillis()), g.toString());
    // The asked 40/s at most (CI's busy machine has held 18/s here): the control's median.
    assertTrue(d.controlOpsPerSecond() > 0 && d.controlOpsPerSecond() <= 50, d.toString());
    // Blocks short of replicas, counted back to 0 once the NameNode declared the datanode dead.
    assertNotNull(f.lowRedundancySeconds(), f.toString());
    assertTrue(f.lowRedundancyPeak() > 0, f.toString());
    assertTrue(f.stamps().stream().anyMatch(s -> s.what().equals("live_datanodes")
        && s.value().equals("3")), f.stamps().toString());
    // Copies scheduled and not yet made are still short: read from the active NameNode's /jmx.
    assertTrue(f.stamps().stream().anyMatch(s -> s.what().equals("pending_reconstruction_blocks")),
        f.stamps().toString());
    // As metrics with a direction, per action: what compare, report and history read.
    assertEquals(f.figures().unavailableSeconds(),
        phase.metric("shutdown-datanode", FaultRecord.UNAVAILABLE).value(), 1e-9);
    assertEquals(f.lowRedundancySeconds(),
        phase.metric("shutdown-datanode", FaultRecord.LOW_REDUNDANCY).value(), 1e-9);
    assertTrue(p.err.contains("disrupt: shutdown-datanode at 10.0 s on " + f.target()), p.err);
    assertTrue(p.err.contains("disrupt shutdown-datanode: unavailable "), p.err);
    // A configured cluster's datanode is left for its operator, and said so.
    assertTrue(p.err.contains("datanode " + f.target() + " was shut down by --disrupt and is"
        + " left down"), p.err);
  }

  /**
   * Safe mode held 5 s: every create fails meanwhile. The failures are the fault's figure, not
   * the run's defect: the point is ok, its check saying how many the fault window held.
   */
  @Test
  void callsFailedUnderSafeModeAreMeasuredAndTheOthersStillJudged() throws Exception {
    Path out = tmp.resolve("safemode.jsonl");
    BenchProcess p = bench("fsops", "--op", "create_write", "--file-size", "4K", "--threads",
        "2", "--target-rate", "20", "--duration", "12s", "--disrupt", "safemode-enter-leave@5s",
        "--repeat", "1", "--cluster", "conf", "--out", out.toString());
    ResultRecord r = ResultReader.read(out).get(0);
    assertTrue(r.ok(), p.toString());
    FaultRecord.Fault f = r.phase("create_write").figure(FaultRecord.FIELD).faults().get(0);
    assertTrue(f.figures().callsFailed() > 0, f.toString());
    assertTrue(f.figures().unavailableSeconds() >= 4, f.toString());
    assertEquals(r.phase("create_write").load("create_write").failures(),
        f.figures().callsFailed(), f.toString());
    // What failed, by type: the NameNode's refusal, every one of them.
    assertEquals(java.util.Map.of("SafeModeException", f.figures().callsFailed()),
        f.figures().failedByType(), f.toString());
    assertTrue(p.err.contains(f.figures().callsFailed() + " calls failed (SafeModeException "
        + f.figures().callsFailed() + ")"), p.err);
    String detail = r.validation().checks().stream().filter(c -> c.name().equals("no_failures"))
        .findFirst().orElseThrow().detail();
    assertTrue(detail.contains(f.figures().callsFailed() + " inside --disrupt's fault windows,"
        + " measured there"), detail);
    assertFalse(dfs.getNameNode().isInSafeMode(), "left");
  }

  /**
   * On the embedded cluster hbench starts the datanode it shut down again after each point: the
   * second repeat meets four live datanodes and shuts down the same one. Last: stopping an
   * embedded cluster closes this JVM's cached file systems, this class's too.
   */
  @Test
  @Order(Integer.MAX_VALUE)
  void theEmbeddedClusterIsWholeAgainForEachRepeat() throws Exception {
    Path out = tmp.resolve("embedded.jsonl");
    BenchProcess p = BenchProcess.run(null, "fsops", "--op", "create_write", "--file-size", "4K",
        "--threads", "2", "--target-rate", "20", "--duration", "8s", "--disrupt",
        "shutdown-datanode@4s", "--repeat", "2", "--datanodes", "4", "--cluster", "mini",
        "--out", out.toString());
    List<ResultRecord> rs = ResultReader.read(out);
    assertEquals(2, rs.size(), p.toString());
    List<String> targets = new java.util.ArrayList<>();
    for (ResultRecord r : rs) {
      assertEquals("embedded", r.environment().cluster(), r.toString());
      FaultRecord d = r.phase("create_write").figure(FaultRecord.FIELD);
      FaultRecord.Fault f = d.faults().get(0);
      assertNull(f.error(), f.toString());
      targets.add(f.target());
      // Read just before the action: every datanode live.
      assertEquals("4", f.stamps().stream().filter(s -> s.what().equals("live_datanodes"))
          .findFirst().orElseThrow().value(), f.stamps().toString());
    }
    assertEquals(targets.get(0), targets.get(1), "the same datanode, started again: " + targets);
    assertFalse(p.err.contains("left down"), p.err);
  }

  /** Failed calls recorded before the action (none expected; counted to balance the sum). */
  private static long failuresBefore(PhaseResult phase, long actionMillis) {
    OperationSeries s = phase.load("create_write").series();
    long n = 0;
    for (int i = 0; i < s.t().size(); i++) {
      long end = s.startMillis() + Math.round((s.t().get(i) + s.intervalSeconds()) * 1000);
      n += end <= actionMillis ? s.failures().get(i) : 0;
    }
    return n;
  }

  /** Starts the datanodes a test's {@code --disrupt} shut down again, whatever it asserted. */
  @BeforeEach
  void allDatanodesUp() throws Exception {
    // A restarted datanode goes to the end of the list: look again from the start each time.
    for (int i = 0; i < dfs.getDataNodes().size(); i++) {
      DataNode dn = dfs.getDataNodes().get(i);
      if (!dn.isDatanodeUp()) {
        dfs.restartDataNode(i, true);
        i = -1;
      }
    }
    dfs.waitActive();
  }

  @Test
  void withoutDisruptThereIsNoMarkerAndNoFaultFigure() throws Exception {
    Path out = tmp.resolve("plain.jsonl");
    BenchProcess p = bench("fsops", "--op", "create_write", "--file-size", "64K", "--threads",
        "2", "--target-rate", "40", "--duration", "12s", "--repeat", "1", "--cluster", "conf",
        "--out", out.toString());
    ResultRecord r = ResultReader.read(out).get(0);
    assertTrue(r.ok(), p.toString());
    PhaseResult phase = r.phase("create_write");
    assertNull(phase.figure(FaultRecord.FIELD), phase.toString());
    assertTrue(phase.metrics().stream().noneMatch(m -> m.name().equals("unavailable_s")),
        phase.metrics().toString());
    assertFalse(p.err.contains("] disrupt"), p.err);
    // Not asserted: that the plain load's rate does not dip. With three test classes at a time
    // on 2 cores its intervals ranged from 8 to 38 calls (CI), a spread no bound can hold.
  }

  @Test
  void whatTheClusterCannotDoOrTheLoadCannotMeasureIsOneLineBeforeAnythingIsMade()
      throws Exception {
    String base = "/benchmarks/hbench-disrupt-refused";
    String[] common = {"--op", "create_write", "--file-size", "64K", "--target-rate", "40",
        "--duration", "30s", "--cluster", "conf", "--base-dir", base};
    refused("--disrupt failover-namenode: " + fs.getUri() + " has one NameNode; failing over"
        + " needs an HA pair (dfs.ha.namenodes.localhost)", common, "--disrupt",
        "failover-namenode@10s");
    refused("--disrupt restart-datanode: only the embedded cluster's own daemons can be"
        + " restarted by hbench (shutdown-datanode stops a cluster's datanode over RPC)", common,
        "--disrupt", "restart-datanode@10s");
    refused("--disrupt shutdown-datanode:7: " + fs.getUri() + " has 4 live datanodes (0 to 3)",
        common, "--disrupt", "shutdown-datanode:7@10s");
    refused("--disrupt stop-regionserver: hbench cannot do it on this configured cluster (it"
        + " runs no hbase hbench can act on)", common, "--disrupt", "stop-regionserver@10s");
    refused("--disrupt shutdown-datanode@40s: past the load's end less one interval"
        + " (--duration 30s)", common, "--disrupt", "shutdown-datanode@40s");
    refused("--disrupt: unknown action 'stop-datanode'; one of failover-namenode,"
        + " shutdown-datanode[:N], restart-datanode[:N], restart-namenode, safemode-enter-leave,"
        + " stop-regionserver[:N], move-regions, restart-regionserver[:N], kill-task-container",
        common, "--disrupt", "stop-datanode@10s");
    refused("--disrupt kill-task-container kills one of the load's own task containers: run the"
        + " load on map tasks (--maps N)", common, "--disrupt", "kill-task-container@10s");
    refused("--disrupt kill-task-container: the load's map tasks run in this process"
        + " (mapreduce.framework.name=local), with no container to kill; it needs YARN", common,
        "--maps", "2", "--disrupt", "kill-task-container@10s");
    String[] closedLoop = {"--op", "create_write", "--duration", "30s", "--cluster", "conf",
        "--base-dir", base, "--disrupt", "shutdown-datanode@10s"};
    refused("--disrupt needs --target-rate: an open-loop load, whose calls keep their times"
        + " while the cluster stalls, so that no back-off hides the dip", closedLoop);
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path(base)), "nothing made");
    assertEquals(4, ((DistributedFileSystem) fs).getDataNodeStats(
        org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.LIVE).length);
  }

  private void refused(String line, String[] common, String... more) {
    List<String> args = new java.util.ArrayList<>(List.of("fsops"));
    args.addAll(List.of(common));
    args.addAll(List.of(more));
    BenchProcess p = bench(args.toArray(String[]::new));
    assertEquals(2, p.exitCode, p.toString());
    assertEquals("bench: " + line + "\n", p.err, p.toString());
  }
}
