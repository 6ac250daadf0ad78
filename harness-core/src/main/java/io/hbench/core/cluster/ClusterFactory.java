package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.text.Console;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import org.apache.hadoop.conf.Configuration;

/**
 * The one place clusters and services are opened: what a suite {@link Needs}, from the
 * configuration or embedded in this process by the {@link ServiceProvider}s found with {@link
 * ServiceLoader}.
 */
@Internal
public final class ClusterFactory {

  private ClusterFactory() {}

  /**
   * Opens what a run needs.
   *
   * @param mode {@code --cluster}
   * @param config the run's configuration
   * @param datanodes datanodes of an embedded store
   * @param console where to say that the run is on an embedded cluster
   * @param needs what the suite declared for these options
   * @param namedDataFs the data's file system when named outright ({@code --fs}, or a {@code
   *     --base-dir} URI), or null
   */
  public static BenchCluster open(ClusterMode mode, ClusterConfiguration config, int datanodes,
      Console console, Needs needs, URI namedDataFs) throws IOException {
    if (needs.localDirectory() != null) {
      // Nothing of a configured cluster is touched, not even to describe it.
      return noCluster("local", config, "file:///");
    }
    // A connector missing for the data's file system: said before any cluster starts.
    requireConnector(config, namedDataFs);
    s3aBuffers(config.configuration(), namedDataFs);
    boolean keytab = KerberosLogin.given(config.configuration());
    boolean clientOnly = !needs.yarn() && needs.services().isEmpty();
    if (clientOnly && namedDataFs != null && mode.equals(ClusterMode.AUTO)) {
      KerberosLogin.login(config.configuration());
      return fileSystem(config, namedDataFs);
    }
    boolean embedded;
    if (mode.equals(ClusterMode.CONF)) {
      if (!config.namesCluster()) {
        throw new InvalidInputException(
            "--cluster conf: no cluster is configured (fs.defaultFS is "
                + config.configuration().get("fs.defaultFS", "file:///")
                + "); set HADOOP_CONF_DIR, --conf or -D fs.defaultFS=...");
      }
      embedded = false;
    } else {
      embedded = mode.embedded() || !config.namesCluster();
    }
    if (embedded && keytab) {
      throw new InvalidInputException(
          "--principal/--keytab: the embedded cluster does not use Kerberos; give --cluster conf"
              + " and the kerberized cluster's configuration");
    }
    if (!embedded) {
      KerberosLogin.login(config.configuration());
      ConfiguredCluster cluster = ConfiguredCluster.connect(config.configuration(), needs);
      if (needs.yarn() && "yarn".equals(config.configuration().get("mapreduce.framework.name"))) {
        // Jobs of a run killed with kill -9 still run on the cluster, beside this run's: stop
        // them first.
        for (String killed : DeadRunApplications.killLeftOver(config.configuration())) {
          cluster.note("hbench: " + killed);
        }
      }
      if (needs.yarn()
          && "local".equals(config.configuration().get("mapreduce.framework.name", "local"))) {
        cluster.note(
            "hbench: mapreduce.framework.name is 'local': jobs run inside this process, not on"
                + " the cluster's YARN (set it in mapred-site.xml or with -D)");
      }
      return cluster;
    }
    List<String> services = new ArrayList<>();
    services.add(mode.store());
    if (needs.yarn()) {
      services.add("yarn");
    }
    services.addAll(needs.services());
    return embedded(config, datanodes, services, console);
  }

  /**
   * When the data are on S3A (named, or the default file system), its upload buffers go to
   * hbench's scratch directory, whatever cluster is beside it: before any client is made, since
   * Hadoop's cache keeps the first S3A client for the process.
   */
  private static void s3aBuffers(Configuration conf, URI namedDataFs) {
    String scheme = namedDataFs != null ? namedDataFs.getScheme() : null;
    if (!"s3a".equals(scheme) && !conf.get("fs.defaultFS", "").startsWith("s3a:")) {
      return;
    }
    try {
      ScratchDirectory.forS3aBuffers(conf);
    } catch (IOException e) {
      // No directory of our own: S3A buffers where it would anyway.
    }
  }

  /**
   * Refuses, in one line, a data file system whose connector is not on the class path ({@code
   * --fs}, a {@code --vary fs} level): said before any cluster starts.
   */
  public static void requireConnector(ClusterConfiguration config, URI dataFs) {
    ConfiguredCluster.requireConnector(config.configuration(), dataFs);
  }

  /**
   * Starts the embedded services {@code services} (a store first, added as {@code hdfs} when none
   * is named), saying so on {@code console}: for a run, and for {@code bench embedded-cluster}.
   */
  public static EmbeddedCluster embedded(
      ClusterConfiguration config, int datanodes, List<String> services, Console console)
      throws IOException {
    List<ServiceProvider> providers = new ArrayList<>();
    for (String name : services) {
      ServiceProvider p = provider(name);
      if (p.storage() && !providers.isEmpty() && providers.get(0).storage()) {
        // A second store: started after the first, which stays the default file system.
        if (providers.stream().filter(ServiceProvider::storage).count() > 1
            || providers.get(0).name().equals(name)) {
          throw new InvalidInputException("at most two stores per cluster, each once: "
              + String.join(",", services));
        }
        providers.add(1, p);
      } else if (p.storage()) {
        providers.add(0, p);
      } else if (providers.stream().noneMatch(q -> q.name().equals(p.name()))) {
        providers.add(p);
      }
    }
    if (providers.isEmpty() || !providers.get(0).storage()) {
      providers.add(0, provider("hdfs"));
    }
    List<String> described = new ArrayList<>();
    boolean ha = config.configuration().getBoolean(MiniDfsService.HA, false);
    for (ServiceProvider p : providers) {
      String name = ha && p.name().equals("hdfs")
          ? "hdfs as an HA pair (nn1 active, nn2 standby, nameservice " + MiniDfsService.NAMESERVICE
              + ")" : p.name();
      described.add(p.nodeKind() == null ? name : name + " with " + datanodes + " " + p.nodeKind());
    }
    String store = providers.get(0).name();
    console.status(
        "hbench: running on an embedded "
            + (store.equals("hdfs") ? "" : store + " ")
            + "cluster (in-process: "
            + String.join(", ", described)
            + "): figures describe this machine, not a cluster");
    for (java.nio.file.Path dead : DeadRunDirectories.removeAll()) {
      console.status("hbench: removed " + dead + ", left by an hbench process that is gone");
    }
    try {
      return EmbeddedCluster.start(config.configuration(), datanodes, providers);
    } catch (NoClassDefFoundError e) {
      throw ServiceProviders.notInThisJar(e.getMessage());
    }
  }

  /**
   * No cluster, only the file system at {@code uri} (s3a://bucket, file:///dir, hdfs://nn), for
   * suites that run no jobs and were given their data's file system outright. The file system is
   * asked once, with few retries, so an unreachable one gives one line instead of minutes of
   * retries.
   */
  private static BenchCluster fileSystem(ClusterConfiguration config, URI uri) {
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
      public List<io.hbench.core.result.ServiceInfo> services() {
        return kind.equals("local") ? List.of() : ClusterEnvironment.fileSystem(conf, defaultFs);
      }

      @Override
      public Configuration configuration() {
        return new Configuration(conf);
      }

      @Override
      public void close() {}
    };
  }

  /** The provider of the embedded service {@code name} ({@link ServiceProviders#provider}). */
  public static ServiceProvider provider(String name) {
    return ServiceProviders.provider(name);
  }

  /** Every service this jar can start embedded ({@link ServiceProviders#providers}). */
  public static List<ServiceProvider> providers() {
    return ServiceProviders.providers();
  }


}
