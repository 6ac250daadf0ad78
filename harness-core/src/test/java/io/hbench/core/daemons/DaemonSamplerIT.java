package io.hbench.core.daemons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.cluster.Daemon.Role;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.result.DaemonFigures;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The daemons' own figures over a piece of work on a real HDFS (MiniDFSCluster, 2 datanodes,
 * replication 1): what the datanodes say they wrote is what was written, the NameNode's creates
 * are the files created, and a daemon that does not answer is noted, not an error.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DaemonSamplerIT {

  private java.nio.file.Path root;
  private MiniDFSCluster cluster;
  private FileSystem fs;
  private Configuration conf;

  private static final String SECRET = "Sesame-4711-open";

  @BeforeAll
  void start() throws IOException {
    root = Files.createTempDirectory("hbench-daemons-it");
    Configuration c = new HdfsConfiguration();
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, root.toString());
    c.setInt("dfs.replication", 1);
    c.set("hbench.test.password", SECRET);
    c.setInt("dfs.datanode.fileio.profiling.sampling.percentage", 100);
    cluster = new MiniDFSCluster.Builder(c).numDataNodes(2).racks(new String[] {"/r1", "/r2"})
        .build();
    cluster.waitActive();
    conf = new Configuration(cluster.getConfiguration(0));
    fs = FileSystem.newInstance(cluster.getURI(), conf);
  }

  @AfterAll
  void stop() throws IOException {
    if (fs != null) {
      fs.close();
    }
    if (cluster != null) {
      cluster.shutdown();
    }
    FileUtil.fullyDelete(root.toFile());
  }

  @Test
  void theDaemonsFiguresMatchTheWorkDone() throws Exception {
    List<Daemon> daemons = ClusterDaemons.find(fs, conf);
    assertEquals(List.of(Role.NAMENODE, Role.DATANODE, Role.DATANODE, Role.DATANODE_VOLUME,
        Role.DATANODE_VOLUME, Role.DATANODE_VOLUME, Role.DATANODE_VOLUME),
        daemons.stream().map(Daemon::role).toList(), daemons.toString());
    DaemonSampler sampler = DaemonSampler.start(daemons, Duration.ofMillis(500), Duration.ofSeconds(2));
    long bytes = 0;
    int files = 5;
    byte[] buffer = new byte[1 << 20];
    for (int i = 0; i < files; i++) {
      try (FSDataOutputStream out = fs.create(new Path("/daemons-it/f" + i))) {
        for (int m = 0; m <= i; m++) {
          out.write(buffer);
          bytes += buffer.length;
        }
      }
    }
    Thread.sleep(1200);
    List<DaemonFigures> figures = sampler.finish();

    DaemonFigures nn = figures.get(0);
    assertNull(nn.unreachable(), nn.toString());
    assertEquals(files, nn.metric("create_file_ops").value(), nn.toString());
    assertTrue(nn.metric("rpc_calls").value() >= files, nn.toString());
    assertNotNull(nn.metric("heap_used_mb_max"), nn.toString());
    // Samples at the start, every 500 ms, and at the end.
    assertTrue(nn.samples() >= 4, nn.toString());
    assertEquals(nn.samples(), nn.series().get("t").size());

    double written = 0;
    for (DaemonFigures dn : figures.subList(1, 3)) {
      assertNull(dn.unreachable(), dn.toString());
      written += dn.metric("bytes_written").value();
    }
    assertEquals(bytes, written, bytes * 0.01, figures.toString());
    // The datanodes time their volumes' file I/O (profiling on): the volumes written to say so.
    double ios = figures.subList(3, 7).stream().map(v -> v.metric("data_file_ios"))
        .filter(m -> m != null).mapToDouble(io.hbench.core.result.Metric::value).sum();
    assertTrue(ios >= files, figures.subList(3, 7).toString());
  }

  /** The NameNode, and a datanode whose web port nothing listens on. */
  private List<Daemon> nameNodeAndAClosedPort() throws IOException {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    List<Daemon> daemons = new ArrayList<>(ClusterDaemons.find(fs, conf).subList(0, 1));
    daemons.add(new Daemon(Role.DATANODE, "127.0.0.1:1", URI.create("http://127.0.0.1:" + closed), null));
    return daemons;
  }

  @Test
  void aDaemonThatDoesNotAnswerIsNotedAndTheOthersAreRead() throws Exception {
    List<Daemon> daemons = nameNodeAndAClosedPort();
    List<DaemonFigures> figures =
        DaemonSampler.start(daemons, Duration.ofSeconds(5), Duration.ZERO).finish();
    assertNull(figures.get(0).unreachable());
    assertEquals(0, figures.get(1).samples());
    assertTrue(figures.get(1).unreachable().contains("Connection refused"), figures.get(1).toString());
  }

  private static io.hbench.core.result.ResultRecord recordOf(String label, ServerFingerprints f) {
    io.hbench.core.result.Environment env = new io.hbench.core.result.Environment("0", "3.4.2",
        "configured", "hdfs://nn", "local", 2, null, "17", "Linux", 2, "h", null, null, null)
        .withServers(f.servers(), f.configs());
    return new io.hbench.core.result.ResultRecord(io.hbench.core.result.ResultRecord.SCHEMA,
        "run-" + label, label, "fsops", "p", 1, null, java.util.Map.of(), "ok", null, null,
        List.of(), env, null, null, "2026-01-01T00:00:00Z", "2026-01-01T00:00:01Z");
  }

  /**
   * Each daemon's fingerprint from its /conf and /jmx; after the NameNode restarts with another
   * handler count and the datanodes take another transfer thread limit, exactly those two
   * settings differ (nothing volatile: not its ports, directories or start-up), and the secret
   * in the NameNode's settings is never recorded.
   */
  @Test
  void fingerprintsNameTheServersAndExactlyTheSettingsThatChanged() throws Exception {
    ServerFingerprints before = ServerFingerprints.read(ClusterDaemons.find(fs, conf));
    assertEquals(3, before.servers().size(), before.toString());
    io.hbench.core.result.ServerFingerprint nn = before.servers().get(0);
    assertEquals("namenode", nn.role());
    assertNull(nn.unavailable(), nn.toString());
    assertEquals(org.apache.hadoop.util.VersionInfo.getVersion(), nn.version());
    assertTrue(nn.cores() >= 1 && nn.memoryBytes() > 0 && nn.os().startsWith("Linux"), nn.toString());
    java.util.Map<String, String> nnConfig = before.configs().get(nn.config());
    assertEquals(io.hbench.core.result.SecretRedactor.REDACTED, nnConfig.get("hbench.test.password"));
    assertEquals("1", nnConfig.get("dfs.replication"));
    nnConfig.forEach((k, v) -> assertTrue(!ServerSettings.isVolatile(k, v), k + "=" + v));
    String json = new io.hbench.thirdparty.jackson.databind.ObjectMapper().writeValueAsString(before);
    assertTrue(!json.contains(SECRET), json);
    List<String> racks = new ArrayList<>();
    for (io.hbench.core.result.ServerFingerprint dn : before.servers().subList(1, 3)) {
      assertEquals("datanode", dn.role());
      racks.add(dn.rack());
      assertEquals(2, dn.volumes().size(), dn.toString());
      dn.volumes().forEach(v -> assertTrue(v.storageType().equals("DISK") && v.capacityBytes() > 0,
          dn.toString()));
    }
    racks.sort(null);
    assertEquals(List.of("/r1", "/r2"), racks);

    cluster.getConfiguration(0).setInt("dfs.namenode.handler.count", 20);
    cluster.restartNameNode(true);
    for (org.apache.hadoop.hdfs.server.datanode.DataNode dn : cluster.getDataNodes()) {
      dn.reconfigureProperty("dfs.datanode.max.transfer.threads", "2048");
    }
    FileSystem again = FileSystem.newInstance(cluster.getURI(), conf);
    try {
      ServerFingerprints after = ServerFingerprints.read(ClusterDaemons.find(again, conf));
      List<String> differ = io.hbench.core.report.ServerDifferences.between(List.of(
          List.of(recordOf("A", before)), List.of(recordOf("B", after)))).stream()
          .map(d -> d.text(List.of("A", "B"))).toList();
      assertEquals(List.of(
          "datanode dfs.datanode.max.transfer.threads: A (default); B 2048",
          "namenode dfs.namenode.handler.count: A (default); B 20"), differ);
    } finally {
      again.close();
    }
  }

  @Test
  void aDaemonThatRefusesItsConfigurationIsUnavailableAndTheOthersAreDescribed() throws Exception {
    List<Daemon> daemons = nameNodeAndAClosedPort();
    ServerFingerprints f = ServerFingerprints.read(daemons);
    assertNull(f.servers().get(0).unavailable());
    assertTrue(f.servers().get(1).unavailable().contains("Connection refused"), f.toString());
    assertNull(f.servers().get(1).config());
  }
}
