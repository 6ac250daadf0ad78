package io.hbench.core.cluster;

import io.hbench.core.result.Environment;
import java.io.IOException;
import java.net.InetAddress;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.util.VersionInfo;
import org.apache.hadoop.yarn.client.api.YarnClient;

/** Reads what a run is measured on from the cluster itself. */
public final class ClusterEnvironment {

  private ClusterEnvironment() {}

  public static Environment read(BenchCluster cluster, String hbenchVersion) {
    Configuration conf = cluster.configuration();
    return new Environment(
        hbenchVersion,
        VersionInfo.getVersion(),
        cluster.kind(),
        conf.get(FileSystem.FS_DEFAULT_NAME_KEY),
        conf.get("mapreduce.framework.name", "local"),
        datanodes(conf),
        nodeManagers(conf),
        System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"),
        Runtime.getRuntime().availableProcessors(),
        hostName(),
        null);
  }

  private static Integer datanodes(Configuration conf) {
    try {
      FileSystem fs = FileSystem.get(conf);
      if (fs instanceof DistributedFileSystem dfs) {
        return dfs.getDataNodeStats(DatanodeReportType.LIVE).length;
      }
    } catch (IOException | RuntimeException e) {
      // Not allowed for this user, or not HDFS: recorded as unknown.
    }
    return null;
  }

  private static Integer nodeManagers(Configuration conf) {
    if (!"yarn".equals(conf.get("mapreduce.framework.name"))) {
      return null;
    }
    YarnClient yarn = YarnClient.createYarnClient();
    try {
      yarn.init(conf);
      yarn.start();
      return yarn.getYarnClusterMetrics().getNumNodeManagers();
    } catch (Exception e) {
      return null;
    } finally {
      yarn.stop();
    }
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
