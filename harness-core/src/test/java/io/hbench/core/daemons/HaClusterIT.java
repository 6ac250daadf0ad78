package io.hbench.core.daemons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.cluster.ClusterChanges;
import io.hbench.core.cluster.Daemon.Role;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.result.DaemonFigures;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.MiniDFSNNTopology;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code --metrics} on an HA HDFS (MiniDFSCluster's HA topology: two NameNodes of nameservice
 * {@code ns1}, one datanode), seen through a client configuration with only the HA keys, as an
 * operator's {@code hdfs-site.xml} has them: both NameNodes and the datanode are found and read,
 * and a failover during a point is named.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HaClusterIT {

  private java.nio.file.Path root;
  private MiniDFSCluster cluster;
  private Configuration client;
  private FileSystem fs;

  @BeforeAll
  void start() throws Exception {
    root = Files.createTempDirectory("hbench-ha-it");
    Configuration c = new HdfsConfiguration();
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, root.toString());
    c.setInt("dfs.replication", 1);
    cluster = new MiniDFSCluster.Builder(c).nnTopology(MiniDFSNNTopology.simpleHATopology())
        .numDataNodes(1).build();
    cluster.waitActive();
    cluster.transitionToActive(0);
    // Only what an HA client's hdfs-site.xml says: the nameservice, its NameNodes' RPC and web
    // addresses (no dfs.namenode.http-address), and how to fail over.
    client = new HdfsConfiguration();
    client.set("fs.defaultFS", "hdfs://ns1");
    client.set("dfs.nameservices", "ns1");
    client.set("dfs.ha.namenodes.ns1", "nn1,nn2");
    for (int i = 0; i < 2; i++) {
      var nn = cluster.getNameNode(i);
      client.set("dfs.namenode.rpc-address.ns1.nn" + (i + 1),
          "127.0.0.1:" + nn.getNameNodeAddress().getPort());
      client.set("dfs.namenode.http-address.ns1.nn" + (i + 1),
          "0.0.0.0:" + nn.getHttpAddress().getPort());
    }
    client.set("dfs.client.failover.proxy.provider.ns1",
        "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
    fs = FileSystem.newInstance(URI.create("hdfs://ns1"), client);
    fs.mkdirs(new Path("/ha-it"));
  }

  @AfterAll
  void stop() throws Exception {
    if (fs != null) {
      fs.close();
    }
    if (cluster != null) {
      cluster.shutdown();
    }
    FileUtil.fullyDelete(root.toFile());
  }

  @Test
  void bothNameNodesAndTheDatanodeAreFoundAndRead() throws Exception {
    List<Daemon> daemons = ClusterDaemons.find(fs, client);
    assertEquals(List.of(Role.NAMENODE, Role.NAMENODE, Role.DATANODE, Role.DATANODE_VOLUME,
        Role.DATANODE_VOLUME), daemons.stream().map(Daemon::role).toList(), daemons.toString());
    for (int i = 0; i < 2; i++) {
      // The wildcard bind address stands for the host of the NameNode's RPC address.
      URI web = daemons.get(i).http();
      assertEquals(cluster.getNameNode(i).getHttpAddress().getPort(), web.getPort(), web.toString());
      assertTrue(web.getHost().equals("localhost") || web.getHost().equals("127.0.0.1"),
          web.toString());
    }
    DaemonSampler sampler = DaemonSampler.start(daemons, Duration.ofMillis(500), Duration.ZERO);
    fs.create(new Path("/ha-it/f")).close();
    List<DaemonFigures> figures = sampler.finish();
    for (DaemonFigures d : figures.subList(0, 3)) {
      assertNull(d.unreachable(), d.toString());
      assertTrue(d.samples() >= 2, d.toString());
    }
    // Each NameNode's own state, from the bean of the NameNode its RPC address names (both
    // share this JVM, and its /jmx).
    assertEquals("active", figures.get(0).haState(), figures.get(0).toString());
    assertEquals("standby", figures.get(1).haState(), figures.get(1).toString());
    assertNull(figures.get(2).haState());
    ServerFingerprints f = ServerFingerprints.read(daemons);
    f.servers().forEach(s -> assertNull(s.unavailable(), s.toString()));
  }

  @Test
  void aFailoverDuringAPointIsNamedAndIsNotARestart() throws Exception {
    List<Daemon> namenodes = ClusterDaemons.find(fs, client).subList(0, 2);
    String nn1 = namenodes.get(0).node();
    String nn2 = namenodes.get(1).node();
    assertTrue(nn1.endsWith(":" + cluster.getNameNode(0).getNameNodeAddress().getPort()), nn1);
    ClusterChanges.Watch watch = ClusterChanges.watch(fs, client);
    cluster.transitionToStandby(0);
    cluster.transitionToActive(1);
    try {
      fs.create(new Path("/ha-it/after-failover")).close();
      ClusterChanges changes = watch.changes(0, () -> { });
      assertEquals("NameNode " + nn1 + " was active when the point began, " + nn2
          + " when it ended", changes.failover());
      assertNull(changes.nameNodeRestart());
    } finally {
      cluster.transitionToStandby(1);
      cluster.transitionToActive(0);
    }
  }
}
