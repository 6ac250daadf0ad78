package io.hbench.compat.hbase;

import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseTestingUtility;
import org.apache.hadoop.hbase.StartMiniClusterOption;
import org.apache.hadoop.hbase.util.VersionInfo;

/**
 * An HBase mini cluster (ZooKeeper, HDFS, one Master, one RegionServer) of whichever HBase
 * version is on the class path, in a JVM of its own, for {@code compat/hbase-matrix.sh}: hbench's
 * own HBase client against another version's servers. It writes the clients' configuration to a
 * folder and a file {@code ready} once the cluster is up, then runs until SIGTERM.
 *
 * <p>Usage: {@code HBaseVersionCluster CONF_DIR WORK_DIR}.
 */
public final class HBaseVersionCluster {

  private HBaseVersionCluster() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: HBaseVersionCluster CONF_DIR WORK_DIR");
      System.exit(2);
    }
    Path confDir = Path.of(args[0]).toAbsolutePath();
    Path work = Path.of(args[1]).toAbsolutePath();
    Files.createDirectories(confDir);
    Files.createDirectories(work);
    System.setProperty("test.build.data.basedirectory", work.toString());

    Configuration conf = org.apache.hadoop.hbase.HBaseConfiguration.create();
    conf.set("hadoop.tmp.dir", work.resolve("tmp").toString());
    // As hbench's embedded HBase: the async WAL's HDFS internals break on Hadoop 3.4.
    conf.set("hbase.wal.provider", "filesystem");
    conf.setBoolean("hbase.unsafe.stream.capability.enforce", false);
    // Web UIs on loopback, on any free port: the Master's and RegionServer's /jmx.
    conf.setInt("hbase.master.info.port", 0);
    conf.setInt("hbase.regionserver.info.port", 0);
    conf.set("hbase.master.info.bindAddress", "127.0.0.1");
    conf.set("hbase.regionserver.info.bindAddress", "127.0.0.1");
    // The RegionServer sums its regions' figures every 0.1 s (5 s by default), well inside the
    // half second its metrics system refreshes /jmx (hadoop-metrics2-hbase.properties).
    conf.set("hbase.regionserver.metrics.period", "100");
    HBaseTestingUtility util = new HBaseTestingUtility(conf);
    util.startMiniCluster(StartMiniClusterOption.builder()
        .numMasters(1).numRegionServers(1).numDataNodes(1).build());
    Configuration clients = util.getConfiguration();
    for (String site : new String[] {"core-site.xml", "hdfs-site.xml", "hbase-site.xml"}) {
      try (OutputStream out = new FileOutputStream(confDir.resolve(site).toFile())) {
        clients.writeXml(out);
      }
    }
    // Before Hadoop closes its cached file systems (its hook of FileSystem's priority): beside
    // it, as a JVM hook of its own, the Master's last flush met "Filesystem closed" and retried
    // 10 times a second apart, 12 s of every stop.
    org.apache.hadoop.util.ShutdownHookManager.get().addShutdownHook(() -> {
      try {
        util.shutdownMiniCluster();
      } catch (Exception e) {
        e.printStackTrace();
      }
    }, org.apache.hadoop.fs.FileSystem.SHUTDOWN_HOOK_PRIORITY + 1);
    String ready = "hbase " + VersionInfo.getVersion()
        + "\nhadoop " + org.apache.hadoop.util.VersionInfo.getVersion()
        + "\njava " + System.getProperty("java.version")
        + "\nfs.defaultFS " + clients.get("fs.defaultFS")
        + "\nhbase.zookeeper.quorum " + clients.get("hbase.zookeeper.quorum") + ":"
        + clients.get("hbase.zookeeper.property.clientPort") + "\n";
    Files.writeString(confDir.resolve("ready"), ready, StandardCharsets.UTF_8);
    System.out.print(ready);
    System.out.flush();
    Thread.currentThread().join(); // until SIGTERM, whose hook stops the cluster
  }
}
