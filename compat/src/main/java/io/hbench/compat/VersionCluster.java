package io.hbench.compat;

import java.io.FileOutputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.util.VersionInfo;

/**
 * A MiniDFS + MiniMRYarn cluster of whichever Hadoop version is on the class path, in a JVM of
 * its own, for hbench's version matrix ({@code compat/matrix.sh}). It writes the clients'
 * configuration to a folder, as an operator's cluster has one, and a file {@code ready} once
 * both are up, then runs until it is sent SIGTERM.
 *
 * <p>Usage: {@code VersionCluster CONF_DIR WORK_DIR}.
 */
public final class VersionCluster {

  private VersionCluster() {}

  /** Java 17's module flags, which Hadoop before 3.4 (MAPREDUCE-7449) never gives containers. */
  static final String OPENS =
      "--add-opens=java.base/java.lang=ALL-UNNAMED --add-opens=java.base/java.util=ALL-UNNAMED"
          + " --add-opens=java.base/java.lang.reflect=ALL-UNNAMED"
          + " --add-opens=java.base/java.nio=ALL-UNNAMED --add-opens=java.base/java.net=ALL-UNNAMED"
          + " --add-opens=java.base/java.util.concurrent=ALL-UNNAMED"
          + " --add-opens=java.base/java.io=ALL-UNNAMED --add-opens=java.base/sun.nio.ch=ALL-UNNAMED";

  public static void main(String[] args) throws Exception {
    if (args.length != 2) {
      System.err.println("usage: VersionCluster CONF_DIR WORK_DIR");
      System.exit(2);
    }
    Path confDir = Path.of(args[0]).toAbsolutePath();
    Path work = Path.of(args[1]).toAbsolutePath();
    Files.createDirectories(confDir);
    Files.createDirectories(work);

    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, work.resolve("dfs").toString());
    conf.set("hadoop.tmp.dir", work.resolve("tmp").toString());
    // Room for an ApplicationMaster and several tasks; vmem checks misfire on small machines.
    conf.set("yarn.nodemanager.resource.memory-mb", "8192");
    conf.set("yarn.nodemanager.resource.cpu-vcores", "8");
    conf.set("yarn.nodemanager.vmem-check-enabled", "false");
    // MiniYARNCluster gives its NodeManager this key's memory (4 GB unless set), not the one above.
    conf.set("yarn.minicluster.yarn.nodemanager.resource.memory-mb", "8192");
    // Heartbeats every 0.1 s, not 1 s, as hbench's embedded cluster: small jobs' start-up.
    conf.set("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", "100");
    conf.set("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", "100");
    // Finished applications' logs kept 5 s, as hbench's embedded cluster keeps them: with YARN's
    // 3 hours the NodeManager's stop waits 17 s for them.
    conf.set("yarn.nodemanager.log.retain-seconds", "5");
    // As an operator running this version on Java 17 configures it.
    conf.set("yarn.app.mapreduce.am.command-opts", "-Xmx1024m " + OPENS);
    conf.set("mapreduce.map.java.opts", "-Xmx512m " + OPENS);
    conf.set("mapreduce.reduce.java.opts", "-Xmx512m " + OPENS);
    // A client closing a file asks the NameNode to complete it and, asked before the one
    // datanode has reported the block, sleeps 400 ms (HDFS's default) before asking again; in one
    // JVM the two race and about half the closes lose: slive's creates took 337 ms each here. The
    // clients' configuration written below carries 20 ms, as hbench's embedded cluster sets it.
    conf.set("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", "20");
    // The NameNode's audit log, so replay can be pointed at a real one if wanted.
    conf.setBoolean("dfs.namenode.audit.log.async", false);

    MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    dfs.waitActive();
    conf.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
    MiniMRYarnCluster yarn = new MiniMRYarnCluster("compat", 1);
    yarn.init(conf);
    yarn.start();
    Configuration clients = yarn.getConfig();
    clients.set("fs.defaultFS", conf.get("fs.defaultFS"));

    // Every file a client loads gets the whole configuration: yarn-default.xml is loaded after
    // core-site.xml and would put back its defaults over the addresses written there.
    for (String site : new String[] {"core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml"}) {
      try (OutputStream out = new FileOutputStream(confDir.resolve(site).toFile())) {
        clients.writeXml(out);
      }
    }
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      try {
        yarn.stop();
      } finally {
        dfs.shutdown();
      }
    }));
    String ready = "hadoop " + VersionInfo.getVersion() + "\njava " + System.getProperty("java.version")
        + "\nfs.defaultFS " + clients.get("fs.defaultFS")
        + "\nyarn.resourcemanager.address " + clients.get("yarn.resourcemanager.address") + "\n";
    Files.writeString(confDir.resolve("ready"), ready, StandardCharsets.UTF_8);
    System.out.print(ready);
    System.out.flush();
    Thread.currentThread().join(); // until SIGTERM, whose hook stops the cluster
  }
}
