package io.hbench.core.daemons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.cluster.Daemon.Role;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.result.DaemonFigures;
import java.io.File;
import java.nio.file.Files;
import java.time.Duration;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.security.ssl.KeyStoreTestUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * {@code --metrics} on an HDFS whose web servers speak only HTTPS ({@code
 * dfs.http.policy=HTTPS_ONLY}, a self-signed certificate in a truststore that {@code
 * ssl-client.xml} names, on the class path as in {@code HADOOP_CONF_DIR}): the NameNode and the
 * datanode are found at their HTTPS ports and read, their settings too.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpsClusterIT {

  private java.nio.file.Path root;
  private String sslConfDir;
  private String keystores;
  private MiniDFSCluster cluster;
  private FileSystem fs;
  private Configuration conf;

  @BeforeAll
  void start() throws Exception {
    root = Files.createTempDirectory("hbench-https-it");
    Configuration c = new HdfsConfiguration();
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, root.resolve("dfs").toString());
    c.set("dfs.http.policy", "HTTPS_ONLY");
    c.set("dfs.namenode.https-address", "localhost:0");
    c.set("dfs.datanode.https.address", "localhost:0");
    keystores = root.resolve("keystores").toString();
    new File(keystores).mkdirs();
    // ssl-client.xml and ssl-server.xml where the class path finds them.
    sslConfDir = KeyStoreTestUtil.getClasspathDir(HttpsClusterIT.class);
    KeyStoreTestUtil.setupSSLConfig(keystores, sslConfDir, c, false);
    // The certificate names localhost: so does the datanode, as a cluster's hosts are named.
    c.set("dfs.datanode.hostname", "localhost");
    cluster = new MiniDFSCluster.Builder(c).numDataNodes(1).checkDataNodeHostConfig(true).build();
    cluster.waitActive();
    conf = new Configuration(cluster.getConfiguration(0));
    conf.set("dfs.namenode.https-address",
        "0.0.0.0:" + cluster.getNameNode().getHttpsAddress().getPort());
    fs = FileSystem.newInstance(cluster.getURI(), conf);
  }

  @AfterAll
  void stop() throws Exception {
    if (fs != null) {
      fs.close();
    }
    if (cluster != null) {
      cluster.shutdown();
    }
    if (keystores != null) {
      KeyStoreTestUtil.cleanupSSLConfig(keystores, sslConfDir);
    }
    FileUtil.fullyDelete(root.toFile());
  }

  @Test
  void theNameNodeAndTheDatanodeAreReadOverHttps() throws Exception {
    List<Daemon> daemons = ClusterDaemons.find(fs, conf);
    assertEquals(List.of(Role.NAMENODE, Role.DATANODE, Role.DATANODE_VOLUME, Role.DATANODE_VOLUME),
        daemons.stream().map(Daemon::role).toList(), daemons.toString());
    daemons.forEach(d -> assertEquals("https", d.http().getScheme(), d.toString()));
    assertEquals(cluster.getNameNode().getHttpsAddress().getPort(), daemons.get(0).http().getPort());
    DaemonSampler sampler = DaemonSampler.start(daemons, Duration.ofMillis(500), Duration.ZERO);
    fs.create(new Path("/https-it")).close();
    List<DaemonFigures> figures = sampler.finish();
    for (DaemonFigures d : figures.subList(0, 2)) {
      assertNull(d.unreachable(), d.toString());
      assertTrue(d.samples() >= 2, d.toString());
    }
    ServerFingerprints f = ServerFingerprints.read(daemons);
    f.servers().forEach(s -> assertNull(s.unavailable(), s.toString()));
    assertEquals("HTTPS_ONLY", f.configs().get(f.servers().get(0).config()).get("dfs.http.policy"));
  }
}
