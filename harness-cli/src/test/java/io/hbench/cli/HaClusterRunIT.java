package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.cluster.EmbeddedCluster;
import io.hbench.core.cluster.MiniDfsService;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.tools.DFSHAAdmin;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * A run on an HA HDFS it did not start: the embedded cluster's HA pair ({@code bench
 * embedded-cluster --ha}), its configuration written and used with {@code --cluster conf}. Both
 * NameNodes and the datanode are read with {@code --metrics}, and a failover in the middle of an
 * fsops load is named in the record.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class HaClusterRunIT {

  Path tmp;
  EmbeddedCluster cluster;
  Path confDir;

  @BeforeAll
  void start() throws Exception {
    tmp = Files.createTempDirectory("hbench-ha-run-it-");
    Configuration base = new Configuration();
    base.setBoolean(MiniDfsService.HA, true);
    cluster = EmbeddedCluster.start(base, 1, "hdfs");
    confDir = tmp.resolve("conf");
    cluster.writeConfiguration(confDir);
  }

  @AfterAll
  void stop() {
    if (cluster != null) {
      cluster.close();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
  }

  private int haAdmin(String... args) throws Exception {
    DFSHAAdmin admin = new DFSHAAdmin();
    admin.setConf(new Configuration(cluster.configuration()));
    return admin.run(args);
  }

  @Test
  void bothNameNodesAreReadAndAFailoverDuringTheLoadIsNamed() throws Exception {
    assertEquals("hdfs://" + MiniDfsService.NAMESERVICE, cluster.configuration().get("fs.defaultFS"));
    Path out = tmp.resolve("ha.jsonl");
    CompletableFuture<BenchProcess> run = CompletableFuture.supplyAsync(() -> BenchProcess.run(
        confDir.toString(), "fsops", "--op", "exists", "--threads", "2", "--duration", "8s",
        "--repeat", "1", "--cluster", "conf", "--metrics", "--metrics-interval", "1s",
        "--out", out.toString()));
    Thread.sleep(4000);
    assertEquals(0, haAdmin("-transitionToStandby", "nn1"));
    assertEquals(0, haAdmin("-transitionToActive", "nn2"));
    BenchProcess p = run.get(3, TimeUnit.MINUTES);
    System.out.println("HaClusterRunIT:\n" + p.out + p.err);
    ResultRecord r = ResultReader.read(out).get(0);
    String failover = r.environment().namenodeFailover();
    assertNotNull(failover, p.toString());
    assertTrue(failover.matches("NameNode \\S+ was active when the point began, \\S+ when it"
        + " ended"), failover);
    assertTrue((p.out + p.err).contains(failover), p.toString());
    // A failover fails nothing by itself: the point fails only if calls did.
    OperationLoad load = r.phase("exists").load("exists");
    assertEquals(load.failures() == 0, r.ok(), r.failure());
    List<DaemonFigures> namenodes = r.phase("exists").daemons().stream()
        .filter(d -> d.role().equals("namenode")).toList();
    assertEquals(2, namenodes.size(), r.phase("exists").daemons().toString());
    namenodes.forEach(d -> assertTrue(d.samples() >= 2, d.toString()));
    assertEquals(1, r.phase("exists").daemons().stream()
        .filter(d -> d.role().equals("datanode") && d.samples() >= 2).count());
  }
}
