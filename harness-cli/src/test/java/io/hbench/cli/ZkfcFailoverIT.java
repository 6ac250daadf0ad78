package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.FaultRecord;
import io.hbench.core.result.ResultRecord;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.ha.HAServiceProtocol.HAServiceState;
import org.apache.hadoop.ha.HAServiceProtocol.RequestSource;
import org.apache.hadoop.ha.HAServiceProtocol.StateChangeRequestInfo;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.MiniDFSNNTopology;
import org.apache.hadoop.hdfs.tools.DFSZKFailoverController;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * {@code --disrupt failover-namenode} on an HA pair whose failover is automatic, as most
 * operators run it: a ZooKeeper and a failover controller (ZKFC) beside each NameNode, all in
 * this JVM. Such NameNodes refuse a user's direct transition, so the failover must go through the
 * standby's ZKFC ({@code ZKFCProtocol.gracefulFailover}, as {@code hdfs haadmin -failover}
 * does); the test types the command an operator would, against the configuration files.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class ZkfcFailoverIT {

  static final String NS = "ns1";

  Path tmp;
  ServerCnxnFactory zookeeper;
  MiniDFSCluster dfs;
  final List<Thread> zkfcs = new ArrayList<>();
  final List<DFSZKFailoverController> controllers = new ArrayList<>();
  Path confDir;

  @BeforeAll
  void start() throws Exception {
    tmp = Files.createTempDirectory("hbench-zkfc-it-");
    java.io.File zkData = tmp.resolve("zookeeper").toFile();
    zookeeper = ServerCnxnFactory.createFactory(new InetSocketAddress("127.0.0.1", 0), 50);
    zookeeper.startup(new ZooKeeperServer(zkData, zkData, 2000));

    Configuration conf = BenchProcess.miniDfs(tmp);
    conf.set("ha.zookeeper.quorum", "127.0.0.1:" + zookeeper.getLocalPort());
    conf.setBoolean("dfs.ha.automatic-failover.enabled", true);
    // The old active steps down when asked; were it to hang, nothing here could fence it.
    conf.set("dfs.ha.fencing.methods", "shell(true)");
    // Each controller checks its NameNode's health 5 times a second, not once: ready sooner.
    conf.setInt("ha.health-monitor.check-interval.ms", 200);
    // A ZKFC's address is its NameNode's host and this port: chosen before, as an operator's.
    conf.setInt("dfs.ha.zkfc.port." + NS + ".nn1", freePort());
    conf.setInt("dfs.ha.zkfc.port." + NS + ".nn2", freePort());
    dfs = new MiniDFSCluster.Builder(conf).nnTopology(new MiniDFSNNTopology()
        .addNameservice(new MiniDFSNNTopology.NSConf(NS)
            .addNN(new MiniDFSNNTopology.NNConf("nn1").setIpcPort(freePort()))
            .addNN(new MiniDFSNNTopology.NNConf("nn2").setIpcPort(freePort()))))
        .numDataNodes(1).build();
    for (int i = 0; i < 2; i++) {
      DFSZKFailoverController zkfc = DFSZKFailoverController.create(dfs.getConfiguration(i));
      controllers.add(zkfc);
      if (i == 0) {
        assertEquals(0, zkfc.run(new String[] {"-formatZK", "-nonInteractive"}));
      }
      Thread t = new Thread(() -> {
        try {
          zkfc.run(new String[0]); // until interrupted
        } catch (Exception e) {
          // interrupted at the end
        }
      }, "zkfc-nn" + (i + 1));
      t.setDaemon(true);
      t.start();
      zkfcs.add(t);
      if (i == 0) {
        awaitState(0, HAServiceState.ACTIVE); // nn1's controller won the first election
      }
    }
    dfs.waitActive();
    Configuration client = new Configuration(dfs.getConfiguration(0));
    client.unset("dfs.ha.namenode.id");
    client.set("fs.defaultFS", "hdfs://" + NS);
    client.set("dfs.client.failover.proxy.provider." + NS,
        "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
    client.set("mapreduce.framework.name", "local");
    confDir = BenchProcess.writeSites(client, tmp.resolve("conf"), "core-site.xml",
        "hdfs-site.xml", "mapred-site.xml");
    // Wait until nn2's controller is in the election too: a graceful failover needs it.
    long deadline = System.currentTimeMillis() + 60_000;
    while (!standbyControllerReady()) {
      assertTrue(System.currentTimeMillis() < deadline, "nn2's ZKFC never became ready");
      Thread.sleep(200);
    }
  }

  /**
   * Whether nn2's controller has found its NameNode healthy, which a graceful failover to it
   * needs (the controller keeps it to itself: read by reflection, in this test only).
   */
  private boolean standbyControllerReady() {
    try {
      java.lang.reflect.Method health = org.apache.hadoop.ha.ZKFailoverController.class
          .getDeclaredMethod("getLastHealthState");
      health.setAccessible(true);
      return String.valueOf(health.invoke(controllers.get(1))).equals("SERVICE_HEALTHY");
    } catch (ReflectiveOperationException e) {
      throw new AssertionError(e);
    }
  }

  @AfterAll
  void stop() {
    zkfcs.forEach(Thread::interrupt);
    if (dfs != null) {
      dfs.shutdown();
    }
    if (zookeeper != null) {
      zookeeper.shutdown();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
  }

  private static int freePort() throws java.io.IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  private void awaitState(int nn, HAServiceState state) throws Exception {
    long deadline = System.currentTimeMillis() + 60_000;
    while (dfs.getNameNode(nn).getRpcServer().getServiceStatus().getState() != state) {
      assertTrue(System.currentTimeMillis() < deadline, "nn" + (nn + 1) + " never " + state);
      Thread.sleep(100);
    }
  }

  @Test
  void aFailoverOfAutomaticHaGoesThroughTheStandbysControllerAndIsMeasured() throws Exception {
    // What hbench must not do here: a user's direct transition is refused under automatic HA.
    assertThrows(Exception.class, () -> dfs.getNameNode(0).getRpcServer().transitionToStandby(
        new StateChangeRequestInfo(RequestSource.REQUEST_BY_USER)));
    Path out = tmp.resolve("failover.jsonl");
    BenchProcess p = BenchProcess.run(confDir.toString(), "nnthroughput", "--op", "fileStatus",
        "--target-rate", "200", "--duration", "12s", "--disrupt", "failover-namenode@5s",
        "--repeat", "1", "--cluster", "conf", "--out", out.toString());
    System.out.println("ZkfcFailoverIT:\n" + p.err);
    assertEquals(0, p.exitCode, p.toString());
    ResultRecord r = ResultReader.read(out).get(0);
    assertTrue(r.ok(), r.failure() + " " + r.validation());
    FaultRecord d = r.phases().stream().map(ph -> ph.figure(FaultRecord.FIELD))
        .filter(java.util.Objects::nonNull).findFirst().orElseThrow(() -> new AssertionError(p));
    FaultRecord.Fault f = d.faults().get(0);
    assertNull(f.error(), f.toString());
    assertTrue(f.target().startsWith("nn1 (") && f.target().contains(") to nn2 ("),
        f.target());
    // The controllers elected nn2 and made nn1 stand by.
    awaitState(1, HAServiceState.ACTIVE);
    assertEquals(HAServiceState.STANDBY,
        dfs.getNameNode(0).getRpcServer().getServiceStatus().getState());
    // Stamped from the NameNodes' /jmx: nn2's transition to active, inside the load.
    assertTrue(f.stamps().stream().anyMatch(s -> s.what().equals("last_ha_transition")
        && s.value().equals("active") && s.atMillis() >= f.issuedMillis()), f.stamps().toString());
    assertNotNull(f.figures(), f.toString());
    assertTrue(f.figures().recovered(), f.figures().toString());
    assertTrue(p.err.contains("disrupt: failover-namenode at 5.0 s on " + f.target()), p.err);
  }
}
