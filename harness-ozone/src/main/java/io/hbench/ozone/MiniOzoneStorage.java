package io.hbench.ozone;

import static io.hbench.core.cluster.ClusterConfiguration.setUnlessGiven;

import io.hbench.core.cluster.InProcessService;
import io.hbench.core.cluster.RunningService;
import io.hbench.core.cluster.ServiceProvider;
import io.hbench.core.result.ServiceInfo;
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
 * {@code benchmarks}, bucket {@code hbench}. YARN and MapReduce keep their own files on the local
 * disk, so only the benchmark's data goes to Ozone.
 */
public final class MiniOzoneStorage extends InProcessService {

  private final MiniOzoneCluster cluster;
  private final String dataFs;
  private final int datanodes;

  private MiniOzoneStorage(MiniOzoneCluster cluster, String dataFs, int datanodes) {
    this.cluster = cluster;
    this.dataFs = dataFs;
    this.datanodes = datanodes;
  }

  /** Found by the core through {@link java.util.ServiceLoader}. */
  public static final class Provider implements ServiceProvider {
    @Override
    public String name() {
      return "ozone";
    }

    @Override
    public String description() {
      return "Ozone (MiniOzoneCluster): SCM, OM and datanodes; data on ofs://, YARN's files local";
    }

    @Override
    public boolean storage() {
      return true;
    }

    @Override
    public RunningService start(Configuration conf, Path root, int datanodes)
        throws IOException {
      quietLogs();
      nativeLibrariesIn(root);
      OzoneConfiguration oz = new OzoneConfiguration(conf);
      // Sizes for one machine: the defaults (5 GB containers, 256 MB blocks) expect real disks.
      setUnlessGiven(oz, "ozone.scm.container.size", "1GB");
      setUnlessGiven(oz, "ozone.scm.block.size", "128MB");
      setUnlessGiven(oz, "hdds.datanode.volume.min.free.space", "1GB");
      String replication = datanodes >= 3 ? "THREE" : "ONE";
      setUnlessGiven(oz, "ozone.replication", replication);
      setUnlessGiven(oz, "ozone.server.default.replication", replication);
      // Beside HDFS, metrics already run: registering SCM's node metrics reads them before SCM
      // has nodes, and the metrics system logs the NullPointerException with its stack.
      org.apache.log4j.Logger adapter =
          org.apache.log4j.Logger.getLogger("org.apache.hadoop.metrics2.impl.MetricsSourceAdapter");
      org.apache.log4j.Level was = adapter.getLevel();
      adapter.setLevel(org.apache.log4j.Level.OFF);
      MiniOzoneCluster cluster;
      try {
        cluster = MiniOzoneCluster.newBuilder(oz).setNumDatanodes(datanodes).build();
      } finally {
        adapter.setLevel(was);
      }
      try {
        cluster.waitForClusterToBeReady();
        InetSocketAddress om = cluster.getOzoneManager().getOmRpcServerAddr();
        String uri = "ofs://" + om.getHostString() + ":" + om.getPort() + "/";
        // Clients, here and in task JVMs (through job.xml), need the cluster's addresses.
        for (Map.Entry<String, String> e : cluster.getConf()) {
          if (!e.getValue().equals(conf.get(e.getKey()))) {
            conf.set(e.getKey(), e.getValue());
          }
        }
        conf.set("fs.ofs.impl", "org.apache.hadoop.fs.ozone.RootedOzoneFileSystem");
        conf.set("fs.AbstractFileSystem.ofs.impl", "org.apache.hadoop.fs.ozone.RootedOzFs");
        return new MiniOzoneStorage(cluster, uri, datanodes);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        shutdown(cluster);
        throw new IOException("interrupted while the Ozone cluster started", e);
      } catch (TimeoutException | RuntimeException e) {
        shutdown(cluster);
        throw new IOException("the Ozone cluster did not become ready: " + e.getMessage(), e);
      }
    }
  }

  /** Whether hbench, not the user, chose where Ozone extracts its native libraries. */
  private static boolean nativeDirIsOurs;

  /**
   * Ozone extracts its RocksDB libraries (15 MB) into {@code native.lib.tmp.dir}, by default the
   * working directory, where they outlive the run and land in whatever checkout the user stands
   * in. Unless the user chose a directory, they go to the embedded cluster's own, removed on exit.
   */
  private static synchronized void nativeLibrariesIn(Path root) {
    String key = "native.lib.tmp.dir";
    if (System.getProperty(key) == null || nativeDirIsOurs) {
      System.setProperty(key, root.toString());
      nativeDirIsOurs = true;
    }
  }

  /**
   * Ozone's daemons log many warnings at start and stop (metrics, RocksDB natives, shutdown
   * interrupts), and its audit log writes every failed lookup (such as "does this output exist
   * yet?") to the console at ERROR through Log4j 2. None of it is about the measurement.
   */
  private static void quietLogs() {
    if (System.getProperty("org.apache.logging.log4j.level") == null) {
      System.setProperty("org.apache.logging.log4j.level", "OFF");
    }
    for (String name : new String[] {"org.apache.hadoop.ozone", "org.apache.hadoop.hdds",
        "org.apache.ratis", "org.apache.hadoop.hdds.utils.db", "org.apache.hadoop.ozone.om",
        "org.apache.ozone"}) {
      org.apache.log4j.Logger.getLogger(name).setLevel(org.apache.log4j.Level.ERROR);
    }
  }

  @Override
  public String defaultFs() {
    return "file:///";
  }

  @Override
  public String dataFs() {
    return dataFs;
  }

  /** Datanodes as SCM counts them, and the Ozone version of the classes running them. */
  @Override
  public ServiceInfo info() {
    int healthy = datanodes;
    try {
      healthy = cluster.getStorageContainerManager().getScmNodeManager().getAllNodes().size();
    } catch (RuntimeException e) {
      // As started.
    }
    return new ServiceInfo("ozone", "embedded",
        org.apache.hadoop.ozone.util.OzoneVersionInfo.OZONE_VERSION_INFO.getVersion(), dataFs,
        Map.of("datanodes", healthy));
  }

  @Override
  protected void stop() {
    shutdown(cluster);
  }

  /**
   * Stops the cluster, then drops the JVM shutdown hooks its daemons registered with Ozone's
   * hook manager: the Ozone Manager's saves its metrics file at exit, recreating its directory
   * inside the embedded cluster's after hbench has removed it. Once the daemons are stopped the
   * hooks have nothing left to stop.
   */
  private static void shutdown(MiniOzoneCluster cluster) {
    // Its daemons print their interrupted threads' stack traces straight to stderr as they
    // stop: noise once the results are written, so System.err is quiet until they have stopped.
    java.io.PrintStream err = System.err;
    java.io.PrintStream quiet = new java.io.PrintStream(java.io.OutputStream.nullOutputStream());
    System.setErr(quiet);
    try {
      cluster.shutdown();
    } finally {
      if (System.err == quiet) {
        System.setErr(err);
      }
      org.apache.hadoop.ozone.util.ShutdownHookManager.get().clearShutdownHooks();
    }
  }
}
