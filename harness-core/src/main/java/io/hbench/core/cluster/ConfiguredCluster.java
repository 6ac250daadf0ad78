package io.hbench.core.cluster;

import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.exceptions.YarnException;

/** The cluster named by the configuration; hbench starts and stops nothing of it. */
final class ConfiguredCluster implements BenchCluster {

  private final java.util.List<String> notes = new java.util.ArrayList<>();

  @Override
  public java.util.List<String> notes() {
    return java.util.List.copyOf(notes);
  }

  /** Adds what opening it found worth saying, said after the suite's inputs were checked. */
  void note(String note) {
    notes.add(note);
  }

  private final Configuration conf;
  private final boolean yarn;
  private final java.util.List<io.hbench.core.result.ServiceInfo> named;
  private final Needs needs;

  private ConfiguredCluster(Configuration conf, boolean yarn,
      java.util.List<io.hbench.core.result.ServiceInfo> named, Needs needs) {
    this.conf = conf;
    this.yarn = yarn;
    this.named = named;
    this.needs = needs;
  }

  @Override
  public FaultActions faults(String service) {
    if (service.equals("hdfs")) {
      return conf.get(FileSystem.FS_DEFAULT_NAME_KEY, "").startsWith("hdfs:")
          ? new HdfsFaults(conf, null) : null;
    }
    return needs.services().contains(service)
        ? ServiceProviders.provider(service).faults(needs.withSettings(service, conf), null)
        : null;
  }

  /**
   * Checks that the file system, and what else the run needs (the ResourceManager when it submits
   * jobs to YARN, each named service), answers, failing fast with one line instead of Hadoop's
   * minutes of retries.
   */
  static ConfiguredCluster connect(Configuration conf, Needs needs) throws IOException {
    boolean jobs = needs.yarn();
    Configuration probe = fastFailing(conf);
    probe(conf, new Path(conf.get(FileSystem.FS_DEFAULT_NAME_KEY, "file:///")));
    if (jobs && "yarn".equals(conf.get("mapreduce.framework.name"))) {
      String rm = conf.get("yarn.resourcemanager.address", "0.0.0.0:8032");
      YarnClient yarn = YarnClient.createYarnClient();
      try {
        yarn.init(probe);
        yarn.start();
        yarn.getYarnClusterMetrics();
      } catch (IOException | YarnException | RuntimeException e) {
        throw new InvalidInputException(
            "cannot reach the ResourceManager at " + rm + ": " + rootMessage(e));
      } finally {
        yarn.stop();
      }
    }
    java.util.List<io.hbench.core.result.ServiceInfo> named = new java.util.ArrayList<>();
    for (String service : needs.services()) {
      named.add(ServiceProviders.provider(service).connect(needs.withSettings(service, conf)));
    }
    return new ConfiguredCluster(
        conf, jobs && "yarn".equals(conf.get("mapreduce.framework.name")), java.util.List.copyOf(named), needs);
  }

  @Override
  public java.util.List<io.hbench.core.result.ServiceInfo> services() {
    java.util.List<io.hbench.core.result.ServiceInfo> out =
        new java.util.ArrayList<>(
            ClusterEnvironment.fileSystem(conf, conf.get(FileSystem.FS_DEFAULT_NAME_KEY, "file:///")));
    if (yarn) {
      out.add(ClusterEnvironment.yarn(conf));
    }
    out.addAll(named);
    return out;
  }

  /** {@code conf} with few, short retries: for asking whether something answers at all. */
  static Configuration fastFailing(Configuration conf) {
    Configuration probe = new Configuration(conf);
    probe.setInt("ipc.client.connect.max.retries", 1);
    probe.setInt("ipc.client.connect.max.retries.on.timeouts", 1);
    probe.setInt("ipc.client.connect.timeout", 5000);
    probe.setInt("dfs.client.failover.max.attempts", 2);
    probe.setLong("yarn.resourcemanager.connect.max-wait.ms", 10_000);
    probe.setLong("yarn.resourcemanager.connect.retry-interval.ms", 1_000);
    probe.setInt("fs.s3a.attempts.maximum", 1);
    probe.setInt("fs.s3a.retry.limit", 1);
    probe.set("fs.s3a.connection.establish.timeout", "5s");
    return probe;
  }

  /**
   * Asks the file system of {@code path} whether {@code path} exists (the answer does not
   * matter), with few retries; throws {@link InvalidInputException} naming the file system when
   * it does not answer.
   */
  static void probe(Configuration conf, Path path) {
    java.net.URI u = path.toUri();
    Path asked =
        u.getPath() == null || u.getPath().isEmpty() ? new Path(u.getScheme(), u.getAuthority(), "/") : path;
    try (FileSystem fs = FileSystem.newInstance(u, fastFailing(conf))) {
      fs.exists(asked);
    } catch (IOException | RuntimeException | LinkageError e) {
      throw unreachable(u, e);
    }
  }

  /**
   * Refuses a file system whose scheme no class on the class path serves (a connector missing),
   * without contacting it: before any cluster is opened for a run whose data are named there.
   */
  static void requireConnector(Configuration conf, java.net.URI u) {
    if (u == null || u.getScheme() == null) {
      return;
    }
    try {
      FileSystem.getFileSystemClass(u.getScheme(), conf);
    } catch (IOException | RuntimeException | LinkageError e) {
      throw unreachable(u, e);
    }
  }

  private static InvalidInputException unreachable(java.net.URI u, Throwable e) {
    return new InvalidInputException("cannot reach the file system " + u.getScheme() + "://"
        + (u.getAuthority() == null ? "" : u.getAuthority()) + ": " + rootMessage(e)
        + missingConnector(u.getScheme(), e));
  }

  /**
   * What to add when a file system's connector is not on the class path (bench.jar carries
   * none: under {@code yarn jar} they are the cluster's optional tools), or "".
   */
  static String missingConnector(String scheme, Throwable e) {
    boolean missing = e instanceof org.apache.hadoop.fs.UnsupportedFileSystemException
        || e instanceof LinkageError
        || e.getCause() instanceof ClassNotFoundException;
    if (!missing || scheme == null) {
      return "";
    }
    String tool = switch (scheme) {
      case "s3a" -> "hadoop-aws (with its AWS SDK bundle)";
      case "abfs", "abfss", "wasb", "wasbs" -> "hadoop-azure";
      case "gs" -> "the GCS connector";
      case "ofs", "o3fs" -> "Ozone's filesystem client (ozone-filesystem-hadoop3)";
      default -> null;
    };
    return tool == null ? "" : "; its connector is not on the class path: add " + tool
        + " (HADOOP_OPTIONAL_TOOLS or HADOOP_CLASSPATH)";
  }

  static String rootMessage(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    int nl = m.indexOf('\n');
    return nl >= 0 ? m.substring(0, nl) : m;
  }

  @Override
  public String kind() {
    return "configured";
  }

  @Override
  public Configuration configuration() {
    return new Configuration(conf);
  }

  @Override
  public void close() {}
}
