package io.hbench.core.cluster;

import io.hbench.core.result.ServiceInfo;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/** {@code hdfs}: MiniDFSCluster, a NameNode and datanodes in this process; the default store. */
public final class MiniDfsService implements ServiceProvider {

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
