package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.ServiceInfo;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/** {@code hdfs}: MiniDFSCluster, a NameNode and datanodes in this process; the default store. */
@Internal
public final class MiniDfsService implements ServiceProvider {

  /** The client's first wait before asking again to complete a file (HDFS default 400). */
  static final String COMPLETE_RETRY_DELAY_MS =
      "dfs.client.block.write.locateFollowingBlock.initial.delay.ms";

  /**
   * When true, HDFS starts as an HA pair ({@code bench embedded-cluster --ha}): two NameNodes of
   * nameservice {@value #NAMESERVICE}, the first active, and the client's HA settings in the
   * cluster's configuration, so that the configuration written names the nameservice only.
   */
  public static final String HA = "hbench.embedded.hdfs.ha";

  /** The HA pair's nameservice. */
  public static final String NAMESERVICE = "hbench-ns";

  /**
   * When true, the NameNode syncs its edit log to disk as a cluster's does; by default it skips
   * the fsync, as Hadoop's mini cluster does for its tests, and namespace changes cost no disk
   * wait.
   */
  public static final String FSYNC = "hbench.embedded.hdfs.fsync";

  /** The share of file I/O a datanode times per volume, in percent (HDFS default 0: none). */
  static final String FILE_IO_PROFILING = "dfs.datanode.fileio.profiling.sampling.percentage";

  /** How many last blocks of a file may be unreported at its close (HDFS default 0). */
  static final String CLOSE_COMMITTED_ALLOWED = "dfs.namenode.file.close.num-committed-allowed";

  /**
   * A lost datanode declared dead in 14 s (2 x 2 s + 10 x 1 s), not HDFS's 10.5 minutes, and its
   * blocks copied elsewhere at once rather than a few per datanode and heartbeat; a copy
   * scheduled to a datanode that is going away is scheduled again after 5 s, not 300 s. So that
   * {@code --disrupt shutdown-datanode} on the embedded cluster sees the blocks back at their
   * replicas within a short load (docs/disrupt.md), as the documented command types it.
   */
  static final java.util.Map<String, String> QUICK_RECOVERY = java.util.Map.of(
      "dfs.heartbeat.interval", "1",
      "dfs.namenode.heartbeat.recheck-interval", "2000",
      "dfs.namenode.replication.max-streams", "50",
      "dfs.namenode.replication.max-streams-hard-limit", "100",
      "dfs.namenode.replication.work.multiplier.per.iteration", "50",
      "dfs.namenode.reconstruction.pending.timeout-sec", "5");

  @Override
  public String name() {
    return "hdfs";
  }

  @Override
  public String description() {
    return "HDFS (MiniDFSCluster): a NameNode and --datanodes datanodes; the default store";
  }

  @Override
  public boolean storage() {
    return true;
  }

  @Override
  public RunningService start(Configuration conf, Path root, int nodes) throws IOException {
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, root.resolve("dfs").toString());
    // Closing a file, a client asks the NameNode to complete it; asked before the datanode has
    // reported the block, the NameNode says no and the client sleeps 400 ms. In one process the
    // two race and about half the closes lose: fsops create_write of 1 KB files measured p50
    // 407 ms, 13 ms with 20 ms here; a partitioned Hive load closes thousands of files.
    ClusterConfiguration.setUnlessGiven(conf, COMPLETE_RETRY_DELAY_MS, "20");
    // With two datanodes or more, the NameNode may complete a file whose last block every
    // datanode has acknowledged but none has reported yet (HDFS-8999), so that a close does not
    // wait for the report at all; a partitioned Hive load (tpch --partitioned) closes one file per
    // day of seven years, and took over 20 minutes at SF 0.01 without it, 100 s with it.
    ClusterConfiguration.setUnlessGiven(conf, CLOSE_COMMITTED_ALLOWED, "1");
    // Each datanode times its volumes' file I/O, so --metrics can say which disk was slow (a
    // cluster's datanodes do so only when set; docs/metrics.md says how).
    ClusterConfiguration.setUnlessGiven(conf, FILE_IO_PROFILING, "100");
    QUICK_RECOVERY.forEach((key, value) -> ClusterConfiguration.setUnlessGiven(conf, key, value));
    boolean ha = conf.getBoolean(HA, false);
    MiniDFSCluster.Builder builder = new MiniDFSCluster.Builder(conf).numDataNodes(nodes)
        .skipFsyncForTesting(!conf.getBoolean(FSYNC, false));
    if (ha) {
      builder.nnTopology(new org.apache.hadoop.hdfs.MiniDFSNNTopology().addNameservice(
          new org.apache.hadoop.hdfs.MiniDFSNNTopology.NSConf(NAMESERVICE)
              .addNN(new org.apache.hadoop.hdfs.MiniDFSNNTopology.NNConf("nn1"))
              .addNN(new org.apache.hadoop.hdfs.MiniDFSNNTopology.NNConf("nn2"))));
    }
    MiniDFSCluster dfs = builder.build();
    try {
      dfs.waitActive();
      if (!ha) {
        return new Running(dfs, dfs.getFileSystem().getUri().toString(), null);
      }
      dfs.transitionToActive(0);
      // What an HA client's hdfs-site.xml says: the nameservice, each NameNode's RPC and web
      // addresses, and how to fail over.
      conf.set("dfs.nameservices", NAMESERVICE);
      conf.set("dfs.ha.namenodes." + NAMESERVICE, "nn1,nn2");
      for (int i = 0; i < 2; i++) {
        String nn = NAMESERVICE + ".nn" + (i + 1);
        conf.set("dfs.namenode.rpc-address." + nn,
            "localhost:" + dfs.getNameNode(i).getNameNodeAddress().getPort());
        conf.set("dfs.namenode.http-address." + nn,
            "localhost:" + dfs.getNameNode(i).getHttpAddress().getPort());
      }
      conf.set("dfs.client.failover.proxy.provider." + NAMESERVICE,
          "org.apache.hadoop.hdfs.server.namenode.ha.ConfiguredFailoverProxyProvider");
      return new Running(dfs, "hdfs://" + NAMESERVICE, new Configuration(conf));
    } catch (IOException | RuntimeException e) {
      dfs.shutdown();
      throw e;
    }
  }

  private static final class Running extends InProcessService {
    private final MiniDFSCluster dfs;
    private final String uri;
    /** The HA pair's client configuration, or null for one NameNode. */
    private final Configuration haClient;

    Running(MiniDFSCluster dfs, String uri, Configuration haClient) {
      this.dfs = dfs;
      this.uri = uri;
      this.haClient = haClient;
    }

    @Override
    public ServiceInfo info() {
      try {
        if (haClient == null) {
          return ClusterEnvironment.hdfs(dfs.getFileSystem(), "embedded");
        }
        // MiniDFSCluster.getFileSystem() needs a NameNode's index under HA; the nameservice's
        // client asks whichever NameNode is active, as a user's would.
        return ClusterEnvironment.hdfs((org.apache.hadoop.hdfs.DistributedFileSystem)
            org.apache.hadoop.fs.FileSystem.get(java.net.URI.create(uri), haClient), "embedded");
      } catch (IOException e) {
        return new ServiceInfo("hdfs", "embedded", ClusterEnvironment.clientVersion(), uri, null);
      }
    }

    @Override
    public String defaultFs() {
      return uri;
    }

    @Override
    public <T> T unwrap(Class<T> type) {
      return type.isInstance(dfs) ? type.cast(dfs) : super.unwrap(type);
    }

    @Override
    protected void stop() {
      dfs.shutdown();
    }
  }
}
