package io.hbench.ozone;

import io.hbench.core.cluster.EmbeddedStorage;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.ozone.MiniOzoneCluster;

/**
 * An in-process Ozone (SCM, OM and datanodes: MiniOzoneCluster) as the store of the embedded
 * cluster, so that {@code --cluster mini-ozone} compares Ozone with HDFS on one machine. Data goes
 * to {@code ofs://<om>/}; the base directory {@code /benchmarks/hbench/<suite>} becomes volume
 * {@code benchmarks}, bucket {@code hbench}. MapReduce stages its job files on the local disk, so
 * only the benchmark's own I/O goes to Ozone.
 */
public final class MiniOzoneStorage implements EmbeddedStorage {

  private final MiniOzoneCluster cluster;
  private final String defaultFs;

  private MiniOzoneStorage(MiniOzoneCluster cluster, String defaultFs) {
    this.cluster = cluster;
    this.defaultFs = defaultFs;
  }

  /** Found by the core through {@link java.util.ServiceLoader}. */
  public static final class Provider implements EmbeddedStorage.Provider {
    @Override
    public String name() {
      return "ozone";
    }

    @Override
    public EmbeddedStorage start(Configuration conf, Path root, int datanodes)
        throws IOException {
      OzoneConfiguration oz = new OzoneConfiguration(conf);
      // Sizes for one machine: the defaults (5 GB containers, 256 MB blocks) expect real disks.
      oz.setIfUnset("ozone.scm.container.size", "1GB");
      oz.setIfUnset("ozone.scm.block.size", "128MB");
      oz.setIfUnset("hdds.datanode.volume.min.free.space", "1GB");
      String replication = datanodes >= 3 ? "THREE" : "ONE";
      oz.setIfUnset("ozone.replication", replication);
      oz.setIfUnset("ozone.server.default.replication", replication);
      MiniOzoneCluster cluster =
          MiniOzoneCluster.newBuilder(oz).setNumDatanodes(datanodes).build();
      try {
        cluster.waitForClusterToBeReady();
        InetSocketAddress om = cluster.getOzoneManager().getOmRpcServerAddress();
        String uri = "ofs://" + om.getHostString() + ":" + om.getPort() + "/";
        // Clients, here and in task JVMs (through job.xml), need the cluster's addresses.
        for (Map.Entry<String, String> e : cluster.getConf()) {
          if (!e.getValue().equals(conf.get(e.getKey()))) {
            conf.set(e.getKey(), e.getValue());
          }
        }
        conf.set("fs.ofs.impl", "org.apache.hadoop.fs.ozone.RootedOzoneFileSystem");
        conf.set("fs.AbstractFileSystem.ofs.impl", "org.apache.hadoop.fs.ozone.RootedOzFs");
        return new MiniOzoneStorage(cluster, uri);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        cluster.shutdown();
        throw new IOException("interrupted while the Ozone cluster started", e);
      } catch (TimeoutException | RuntimeException e) {
        cluster.shutdown();
        throw new IOException("the Ozone cluster did not become ready: " + e.getMessage(), e);
      }
    }
  }

  @Override
  public String defaultFs() {
    return defaultFs;
  }

  @Override
  public String stagingDir(Path root) {
    return root.resolve("staging").toUri().toString();
  }

  @Override
  public String kind() {
    return "embedded-ozone";
  }

  @Override
  public void stop() {
    try {
      cluster.shutdown();
    } catch (RuntimeException e) {
      // Stopping is best effort; the process is usually about to exit.
    }
  }
}
