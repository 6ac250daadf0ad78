package io.hbench.hdfs.namenode;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.SafeModeAction;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.namenode.NameNode;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocols;
import org.apache.hadoop.hdfs.server.protocol.NamespaceInfo;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.apache.hadoop.util.ExitUtil;

/**
 * A NameNode started in this process on a local directory, driven by calling its RPC server's
 * methods directly: the NameNode's own work (locking, the namespace, the edit log and its syncs)
 * without RPC or serialization, the upper bound NNThroughputBenchmark measures. Settings follow
 * NNThroughputBenchmark's so figures compare: no minimum block size, one datanode handler, empty
 * include and exclude host files, and, for the datanode operations, a 180 s heartbeat interval.
 */
final class InProcessNameNode extends io.hbench.core.cluster.InProcessService
    implements NameNodeTarget {

  /** The NameNode's loggers, quieted as NNThroughputBenchmark does (its -logLevel ERROR). */
  private static final String[] LOGGERS = {
    "org.apache.hadoop.hdfs.server.namenode.FSNamesystem",
    "org.apache.hadoop.hdfs.server.blockmanagement.BlockManager",
    "org.apache.hadoop.hdfs.server.namenode.LeaseManager",
    "org.apache.hadoop.hdfs.server.namenode.NameNode",
    "org.apache.hadoop.hdfs.StateChange",
    "BlockStateChange",
  };

  private final NameNode nameNode;
  private final NamenodeProtocols rpc;
  private final Path excludeFile;

  private InProcessNameNode(NameNode nameNode, Path excludeFile) {
    this.nameNode = nameNode;
    this.rpc = nameNode.getRpcServer();
    this.excludeFile = excludeFile;
  }

  /**
   * Starts a NameNode whose files live in {@code dir}, formatting it first unless {@code reuse}
   * and it holds a namespace already.
   *
   * @param datanodeOps whether simulated datanodes will report to it (slower heartbeats, quick
   *     decommission checks, no background redundancy work)
   */
  static InProcessNameNode start(Configuration base, Path dir, boolean reuse, boolean datanodeOps)
      throws IOException {
    Configuration conf = new HdfsConfiguration(base);
    Path name = dir.resolve("name");
    Path hosts = dir.resolve("hosts");
    Files.createDirectories(hosts);
    Path include = Files.write(hosts.resolve("include"), new byte[0]);
    Path exclude = Files.write(hosts.resolve("exclude"), new byte[0]);
    conf.set("dfs.namenode.name.dir", name.toUri().toString());
    conf.set("dfs.namenode.edits.dir", name.toUri().toString());
    conf.set("dfs.hosts", include.toString());
    conf.set("dfs.hosts.exclude", exclude.toString());
    FileSystem.setDefaultUri(conf, "hdfs://127.0.0.1:0");
    conf.set("dfs.namenode.rpc-address", "127.0.0.1:0");
    conf.set("dfs.namenode.http-address", "127.0.0.1:0");
    conf.set("dfs.namenode.https-address", "127.0.0.1:0");
    conf.unset("dfs.namenode.servicerpc-address");
    conf.setLong("dfs.namenode.fs-limits.min-block-size", 0);
    conf.setInt("dfs.datanode.handler.count", 1);
    conf.setInt("dfs.namenode.safemode.extension", 0);
    if (datanodeOps) {
      // Simulated datanodes send one heartbeat: they must not expire during the run.
      conf.setLong("dfs.heartbeat.interval", 180);
      // The replication op schedules the work itself; the background monitor must not.
      conf.setLong("dfs.namenode.redundancy.interval.seconds", 1_000_000);
      conf.setInt("dfs.namenode.decommission.interval", 1);
    }
    for (String logger : LOGGERS) {
      org.apache.log4j.Logger.getLogger(logger).setLevel(org.apache.log4j.Level.ERROR);
    }
    // Several NameNodes in one JVM (one per point) would clash in the metrics system.
    DefaultMetricsSystem.setMiniClusterMode(true);
    // A NameNode that fails calls System.exit; here it must throw instead.
    ExitUtil.disableSystemExit();
    if (!(reuse && Files.isDirectory(name.resolve("current")))) {
      NameNode.format(conf);
    }
    NameNode nn = NameNode.createNameNode(new String[0], conf);
    InProcessNameNode target = new InProcessNameNode(nn, exclude);
    target.rpc.setSafeMode(SafeModeAction.SAFEMODE_LEAVE, false);
    return target;
  }

  @Override
  public ClientProtocol client() {
    return rpc;
  }

  @Override
  public DatanodeProtocol datanodes() {
    return rpc;
  }

  @Override
  public NamespaceInfo namespace() throws IOException {
    return rpc.versionRequest();
  }

  @Override
  public BlockManager blockManager() {
    return nameNode.getNamesystem().getBlockManager();
  }

  /** The file listing decommissioned datanodes ({@code dfs.hosts.exclude}). */
  Path excludeFile() {
    return excludeFile;
  }

  /** Blocks the namespace holds. */
  long blocksTotal() {
    return nameNode.getNamesystem().getBlocksTotal();
  }

  /** Saves the namespace to an image, so that a later run can start from it. */
  void saveNamespace() throws IOException {
    rpc.setSafeMode(SafeModeAction.SAFEMODE_ENTER, false);
    rpc.saveNamespace(0, 0);
    rpc.setSafeMode(SafeModeAction.SAFEMODE_LEAVE, false);
  }

  @Override
  public String describe() {
    return "in-process";
  }

  /** The NameNode as it describes itself: its RPC endpoint and the datanodes it knows. */
  @Override
  public io.hbench.core.result.ServiceInfo info() {
    return new io.hbench.core.result.ServiceInfo("namenode", "embedded",
        org.apache.hadoop.util.VersionInfo.getVersion(), defaultFs(),
        java.util.Map.of("datanodes", nameNode.getNamesystem().getNumLiveDataNodes()));
  }

  @Override
  public String defaultFs() {
    java.net.InetSocketAddress a = nameNode.getNameNodeAddress();
    return "hdfs://" + a.getHostString() + ":" + a.getPort();
  }

  @Override
  protected void stop() {
    nameNode.stop();
    nameNode.join();
  }
}
