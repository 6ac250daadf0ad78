package io.hbench.core.cluster;

import io.hbench.core.InvalidInputException;
import io.hbench.core.report.Console;
import java.io.IOException;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import org.apache.hadoop.conf.Configuration;

/** The one place clusters are opened. */
public final class ClusterFactory {

  private ClusterFactory() {}

  /**
   * Opens the cluster a run asked for.
   *
   * @param mode {@code --cluster}
   * @param config the run's configuration
   * @param datanodes datanodes of an embedded cluster
   * @param console where to say that the run is on an embedded cluster
   * @param jobs whether the run submits MapReduce jobs; without, an embedded cluster starts no
   *     YARN and a configured one's ResourceManager is not asked
   */
  public static BenchCluster open(
      ClusterMode mode, ClusterConfiguration config, int datanodes, Console console, boolean jobs)
      throws IOException {
    int nodeManagers = jobs ? 1 : 0;
    if (mode == ClusterMode.MINI_OZONE) {
      return startOn("ozone", config, datanodes, console, nodeManagers);
    }
    boolean embedded =
        switch (mode) {
          case MINI, MINI_OZONE -> true;
          case CONF -> {
            if (!config.namesCluster()) {
              throw new InvalidInputException(
                  "--cluster conf: no cluster is configured (fs.defaultFS is "
                      + config.configuration().get("fs.defaultFS", "file:///")
                      + "); set HADOOP_CONF_DIR, --conf or -D fs.defaultFS=...");
            }
            yield false;
          }
          case AUTO -> !config.namesCluster();
        };
    if (!embedded) {
      ConfiguredCluster cluster = ConfiguredCluster.connect(config.configuration(), jobs);
      if (jobs && "local".equals(config.configuration().get("mapreduce.framework.name", "local"))) {
        console.status(
            "hbench: mapreduce.framework.name is 'local': jobs run inside this process, not on"
                + " the cluster's YARN (set it in mapred-site.xml or with -D)");
      }
      return cluster;
    }
    console.status(
        "hbench: running on an embedded cluster (in-process MiniDFSCluster with "
            + datanodes
            + " datanode(s)"
            + (jobs ? " and MiniYARNCluster with 1 NodeManager" : "")
            + "): figures describe this machine, not a cluster");
    try {
      return EmbeddedCluster.start(config.configuration(), datanodes, nodeManagers);
    } catch (NoClassDefFoundError e) {
      throw notInThisJar(e.getMessage());
    }
  }

  /**
   * No cluster: this machine, for suites that measure a local directory ({@link
   * io.hbench.core.Benchmark#localDirectory}). Its data file system is {@code file:///}.
   */
  public static BenchCluster localMachine(ClusterConfiguration config) {
    // Nothing of a configured cluster is touched, not even to describe it.
    return noCluster("local", config, "file:///");
  }

  /**
   * No cluster, only the file system at {@code uri} (s3a://bucket, file:///dir, hdfs://nn), for
   * suites that run no jobs and were given their data's file system outright. The file system is
   * asked once, with few retries, so an unreachable one gives one line instead of minutes of
   * retries.
   */
  public static BenchCluster fileSystem(ClusterConfiguration config, java.net.URI uri) {
    String root = uri.getScheme() + "://" + (uri.getAuthority() == null ? "" : uri.getAuthority()) + "/";
    BenchCluster none = noCluster("filesystem", config, root);
    ConfiguredCluster.probe(none.configuration(), new org.apache.hadoop.fs.Path(uri));
    return none;
  }

  /** No cluster: {@code defaultFs} as the default file system, and no jobs on YARN. */
  private static BenchCluster noCluster(String kind, ClusterConfiguration config, String defaultFs) {
    Configuration conf = new Configuration(config.configuration());
    conf.set("fs.defaultFS", defaultFs);
    conf.set("mapreduce.framework.name", "local");
    return new BenchCluster() {
      @Override
      public String kind() {
        return kind;
      }

      @Override
      public String dataFs() {
        return defaultFs;
      }

      @Override
      public Configuration configuration() {
        return new Configuration(conf);
      }

      @Override
      public void close() {}
    };
  }

  /** An embedded cluster on a store found through {@link EmbeddedStorage.Provider}. */
  private static BenchCluster startOn(
      String storage, ClusterConfiguration config, int datanodes, Console console,
      int nodeManagers)
      throws IOException {
    EmbeddedStorage.Provider provider = null;
    try {
      for (EmbeddedStorage.Provider p : ServiceLoader.load(EmbeddedStorage.Provider.class)) {
        if (p.name().equals(storage)) {
          provider = p;
        }
      }
    } catch (ServiceConfigurationError | NoClassDefFoundError e) {
      throw notInThisJar(e.getMessage());
    }
    if (provider == null) {
      throw notInThisJar("the " + storage + " store");
    }
    console.status(
        "hbench: running on an embedded "
            + storage
            + " cluster (in-process, "
            + datanodes
            + " datanode(s)"
            + (nodeManagers > 0 ? ", with MiniYARNCluster" : "")
            + "): figures describe this machine, not a cluster");
    try {
      return EmbeddedCluster.start(config.configuration(), datanodes, nodeManagers, provider);
    } catch (NoClassDefFoundError e) {
      throw notInThisJar(e.getMessage());
    }
  }

  private static InvalidInputException notInThisJar(String missing) {
    return new InvalidInputException(
        "the embedded cluster is not in this jar (missing "
            + missing
            + "): use bench-standalone.jar, or --cluster conf with a configured cluster");
  }
}
