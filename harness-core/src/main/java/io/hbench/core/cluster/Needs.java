package io.hbench.core.cluster;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * }</pre>
 */
public final class Needs {

  private final String localDirectory;
  private final boolean yarn;
  private final List<String> services;

  private Needs(String localDirectory, boolean yarn, List<String> services) {
    this.localDirectory = localDirectory;
    this.yarn = yarn;
    this.services = List.copyOf(services);
  }

  /** A file system and YARN: a suite that submits MapReduce jobs. */
  public static Needs jobs() {
    return new Needs(null, true, List.of());
  }

  /** Only the data's file system: a suite that calls a file system or a NameNode as a client. */
  public static Needs fileSystem() {
    return new Needs(null, false, List.of());
  }

  /**
   * This machine only, working in {@code directory}: no cluster is opened or even asked, the
   * data's file system is {@code file:///}, and the base directory is {@code
   * <directory>/hbench-<suite>} unless {@code --base-dir} says otherwise.
   */
  public static Needs localDirectory(String directory) {
    return new Needs(Objects.requireNonNull(directory, "directory"), false, List.of());
  }

  /**
   * These needs and a named service ({@code hbase}, {@code hive}): configured from its own
   * configuration, or started embedded by the {@link ServiceProvider} of that name.
   */
  public Needs and(String service) {
    if (localDirectory != null) {
      throw new IllegalStateException("a suite on a local directory uses no service");
    }
    List<String> more = new ArrayList<>(services);
    more.add(service.toLowerCase(Locale.ROOT));
    return new Needs(null, yarn, more);
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
