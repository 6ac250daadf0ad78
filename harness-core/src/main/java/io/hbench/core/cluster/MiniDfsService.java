package io.hbench.core.cluster;

import io.hbench.core.result.ServiceInfo;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/** {@code hdfs}: MiniDFSCluster, a NameNode and datanodes in this process; the default store. */
public final class MiniDfsService implements ServiceProvider {

  /** The client's first wait before asking again to complete a file (HDFS default 400). */
  static final String COMPLETE_RETRY_DELAY_MS =
      "dfs.client.block.write.locateFollowingBlock.initial.delay.ms";

  /** How many last blocks of a file may be unreported at its close (HDFS default 0). */
  static final String CLOSE_COMMITTED_ALLOWED = "dfs.namenode.file.close.num-committed-allowed";

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
    conf.setIfUnset(COMPLETE_RETRY_DELAY_MS, "20");
    // With two datanodes or more, the NameNode may complete a file whose last block every
    // datanode has acknowledged but none has reported yet (HDFS-8999), so that a close does not
    // wait for the report at all; a partitioned Hive load (tpch --partitioned) closes one file per
    // day of seven years, and took over 20 minutes at SF 0.01 without it, 100 s with it.
    conf.setIfUnset(CLOSE_COMMITTED_ALLOWED, "1");
    MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(nodes).build();
    try {
      dfs.waitActive();
      return new Running(dfs, dfs.getFileSystem().getUri().toString());
    } catch (IOException | RuntimeException e) {
      dfs.shutdown();
      throw e;
    }
  }

  private static final class Running extends InProcessService {
    private final MiniDFSCluster dfs;
    private final String uri;

    Running(MiniDFSCluster dfs, String uri) {
      this.dfs = dfs;
      this.uri = uri;
    }

    @Override
    public ServiceInfo info() {
      try {
        return ClusterEnvironment.hdfs(dfs.getFileSystem(), "embedded");
      } catch (IOException e) {
        return new ServiceInfo("hdfs", "embedded", ClusterEnvironment.clientVersion(), uri, null);
      }
    }

    @Override
    public String defaultFs() {
      return uri;
    }

    @Override
    protected void stop() {
      dfs.shutdown();
    }
  }
}
