package io.hbench.core.daemons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.daemons.Daemon.Role;
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

  @BeforeAll
  void start() throws IOException {
    root = Files.createTempDirectory("hbench-daemons-it");
    Configuration c = new HdfsConfiguration();
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, root.toString());
    c.setInt("dfs.replication", 1);
    cluster = new MiniDFSCluster.Builder(c).numDataNodes(2).build();
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
    assertEquals(List.of(Role.NAMENODE, Role.DATANODE, Role.DATANODE),
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
  }

  @Test
  void aDaemonThatDoesNotAnswerIsNotedAndTheOthersAreRead() throws Exception {
    int closed;
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    List<Daemon> daemons = new ArrayList<>(ClusterDaemons.find(fs, conf).subList(0, 1));
    daemons.add(new Daemon(Role.DATANODE, "127.0.0.1:1", URI.create("http://127.0.0.1:" + closed), null));
    List<DaemonFigures> figures =
        DaemonSampler.start(daemons, Duration.ofSeconds(5), Duration.ZERO).finish();
    assertNull(figures.get(0).unreachable());
    assertEquals(0, figures.get(1).samples());
    assertTrue(figures.get(1).unreachable().contains("Connection refused"), figures.get(1).toString());
  }
}
