package io.hbench.core.cluster;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * What a suite needs in order to run, declared by {@link io.hbench.core.Benchmark#needs}: a local
 * directory of this machine, a file system, YARN for MapReduce jobs, and named services ({@code
 * hbase}, {@code hive}). The core opens exactly these, once per run, configured or embedded
 * ({@link ClusterFactory}); the suite opens nothing itself.
 *
 * <pre>{@code
 * Needs.jobs()                       // a file system and YARN (the default)
 * Needs.fileSystem()                 // only the data's file system: fsops, nnthroughput --mode rpc
 * Needs.localDirectory("/data1")     // this machine, no cluster at all: disk
 * Needs.fileSystem().and("hbase")    // a file system and an HBase cluster
 * Needs.jobs().and("hive", Map.of(HiveService.JDBC_URL, url))   // with the suite's own settings
 * }</pre>
 */
public final class Needs {

  private final String localDirectory;
  private final boolean yarn;
  private final List<String> services;
  private final Map<String, Map<String, String>> settings;

  private Needs(String localDirectory, boolean yarn, List<String> services,
      Map<String, Map<String, String>> settings) {
    this.localDirectory = localDirectory;
    this.yarn = yarn;
    this.services = List.copyOf(services);
    this.settings = Map.copyOf(settings);
  }

  /** A file system and YARN: a suite that submits MapReduce jobs. */
  public static Needs jobs() {
    return new Needs(null, true, List.of(), Map.of());
  }

  /** Only the data's file system: a suite that calls a file system or a NameNode as a client. */
  public static Needs fileSystem() {
    return new Needs(null, false, List.of(), Map.of());
  }

  /**
   * This machine only, working in {@code directory}: no cluster is opened or even asked, the
   * data's file system is {@code file:///}, and the base directory is {@code
   * <directory>/hbench-<suite>} unless {@code --base-dir} says otherwise.
   */
  public static Needs localDirectory(String directory) {
    return new Needs(Objects.requireNonNull(directory, "directory"), false, List.of(), Map.of());
  }

  /**
   * These needs and a named service ({@code hbase}, {@code hive}): configured from its own
   * configuration, or started embedded by the {@link ServiceProvider} of that name.
   */
  public Needs and(String service) {
    return and(service, Map.of());
  }

  /**
   * As {@link #and(String)}, with the suite's own settings for the service (a JDBC URL and the
   * credentials to use it): the provider sees them in the configuration it is given ({@link
   * ServiceProvider#connect}, {@link ServiceProvider#start}), and they go nowhere else, neither
   * into the run's configuration nor into any record.
   */
  public Needs and(String service, Map<String, String> serviceSettings) {
    if (localDirectory != null) {
      throw new IllegalStateException("a suite on a local directory uses no service");
    }
    String name = service.toLowerCase(Locale.ROOT);
    List<String> more = new ArrayList<>(services);
    more.add(name);
    Map<String, Map<String, String>> s = new LinkedHashMap<>(settings);
    if (!serviceSettings.isEmpty()) {
      s.put(name, Map.copyOf(serviceSettings));
    }
    return new Needs(null, yarn, more, s);
  }

  /** These needs and YARN: a load placed in map tasks ({@code --maps}). */
  public Needs andYarn() {
    if (localDirectory != null) {
      throw new IllegalStateException("a suite on a local directory submits no job");
    }
    return new Needs(null, true, services, settings);
  }

  /** The suite's settings for {@code service} (see {@link #and(String, Map)}); empty when none. */
  public Map<String, String> settings(String service) {
    return settings.getOrDefault(service, Map.of());
  }

  /**
   * {@code conf} with the suite's settings for {@code service}: a copy when there are any, so
   * that they never reach the run's configuration.
   */
  public org.apache.hadoop.conf.Configuration withSettings(
      String service, org.apache.hadoop.conf.Configuration conf) {
    Map<String, String> s = settings(service);
    if (s.isEmpty()) {
      return conf;
    }
    org.apache.hadoop.conf.Configuration c = new org.apache.hadoop.conf.Configuration(conf);
    s.forEach(c::set);
    return c;
  }

  /** The local directory of a suite that measures this machine, or null. */
  public String localDirectory() {
    return localDirectory;
  }

  /** Whether the suite submits MapReduce jobs. */
  public boolean yarn() {
    return yarn;
  }

  /** The named services, in the order declared. */
  public List<String> services() {
    return services;
  }

  @Override
  public String toString() {
    if (localDirectory != null) {
      return "local directory " + localDirectory;
    }
    List<String> all = new ArrayList<>(List.of("file system"));
    if (yarn) {
      all.add("yarn");
    }
    all.addAll(services);
    return String.join(", ", all);
  }
}
