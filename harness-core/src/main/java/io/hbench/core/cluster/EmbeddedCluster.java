package io.hbench.core.cluster;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;

/**
 * An in-process store (MiniDFSCluster, or another {@link EmbeddedStorage}) plus a MiniYARNCluster
 * that runs MapReduce jobs, for machines with no cluster. All its files live in one fresh
 * temporary directory, removed on close.
 */
public final class EmbeddedCluster implements BenchCluster {

  /**
   * Jersey and Guice log through java.util.logging: every web resource binding at INFO, and a
   * warning for each of the cluster's several web apps in one JVM. Held here so the levels stick.
   */
  private static final java.util.logging.Logger QUIET_JERSEY =
      java.util.logging.Logger.getLogger("com.sun.jersey");

  private static final java.util.logging.Logger QUIET_GUICE =
      java.util.logging.Logger.getLogger("com.google.inject.servlet");

  private final Path root;
  private final EmbeddedStorage storage;
  private final MiniMRYarnCluster yarn;
  private final Configuration conf;
  private final String savedTestDir;
  private boolean closed;

  private EmbeddedCluster(
      Path root, EmbeddedStorage storage, MiniMRYarnCluster yarn, Configuration conf,
      String saved) {
    this.root = root;
    this.storage = storage;
    this.yarn = yarn;
    this.conf = conf;
    this.savedTestDir = saved;
  }

  /**
   * Starts the cluster on HDFS.
   *
   * @param base settings to start from ({@code -D} and {@code --conf} already applied)
   * @param datanodes number of datanodes
   * @param nodeManagers number of NodeManagers; 0 starts no YARN (for suites that run no jobs)
   */
  public static EmbeddedCluster start(Configuration base, int datanodes, int nodeManagers)
      throws IOException {
    return start(base, datanodes, nodeManagers, new MiniDfsProvider());
  }

  /** Starts the cluster on the store {@code provider} makes. */
  public static EmbeddedCluster start(
      Configuration base, int datanodes, int nodeManagers, EmbeddedStorage.Provider provider)
      throws IOException {
    Path root = Files.createTempDirectory("hbench-embedded-");
    // The mini clusters put their work directories under test.build.data, which defaults to
    // ./target/... relative to wherever the user stands; keep them in our own directory instead.
    String saved = System.getProperty("test.build.data");
    System.setProperty("test.build.data", root.resolve("work").toString());
    if (System.getProperty("hadoop.log.dir") == null) {
      System.setProperty("hadoop.log.dir", root.resolve("logs").toString());
    }
    EmbeddedStorage storage = null;
    MiniMRYarnCluster yarn = null;
    QUIET_JERSEY.setLevel(java.util.logging.Level.WARNING);
    QUIET_GUICE.setLevel(java.util.logging.Level.SEVERE);
    try {
      Configuration conf = new Configuration(base);
      storage = provider.start(conf, root, datanodes);
      conf.set(FileSystem.FS_DEFAULT_NAME_KEY, storage.defaultFs());
      // On a local default file system, staging stays inside our own directory.
      conf.set(
          MRJobConfig.MR_AM_STAGING_DIR,
          storage.defaultFs().startsWith("file:")
              ? root.resolve("staging").toString()
              : "/tmp/hadoop-yarn/staging");
      if (nodeManagers == 0) {
        conf.set("mapreduce.framework.name", "local");
        return new EmbeddedCluster(root, storage, null, conf, saved);
      }
      // Room for an ApplicationMaster and several tasks; vmem checks misfire on small machines.
      conf.setIfUnset("yarn.nodemanager.resource.memory-mb", "8192");
      conf.setIfUnset("yarn.nodemanager.resource.cpu-vcores", "8");
      conf.setIfUnset("yarn.nodemanager.vmem-check-enabled", "false");
      yarn = new MiniMRYarnCluster("hbench", nodeManagers);
      yarn.init(conf);
      yarn.start();
      Configuration client = new Configuration(yarn.getConfig());
      return new EmbeddedCluster(root, storage, yarn, client, saved);
    } catch (IOException | RuntimeException | Error e) {
      stopQuietly(yarn, storage);
      deleteTree(root);
      restore(saved);
      throw e;
    }
  }

  @Override
  public String kind() {
    return storage.kind();
  }

  @Override
  public String dataFs() {
    return storage.dataFs();
  }

  @Override
  public Configuration configuration() {
    return new Configuration(conf);
  }

  /**
   * Writes this cluster's client configuration into {@code dir} as a Hadoop configuration
   * directory. The same full settings go into each of core-, hdfs-, mapred- and yarn-site.xml:
   * a setting only in core-site.xml would lose to mapred-default.xml (which says {@code
   * mapreduce.framework.name=local}) once a client loads the MapReduce defaults.
   */
  public void writeConfiguration(Path dir) throws IOException {
    Files.createDirectories(dir);
    // Each file appears whole (written aside, then moved), core-site.xml last: a script that
    // waits for core-site.xml finds the others complete. Otherwise a client started between two
    // files could miss mapred-site.xml and run its job in the local runner without a word.
    for (String site : new String[] {"hdfs-site.xml", "mapred-site.xml", "yarn-site.xml", "core-site.xml"}) {
      Path tmp = dir.resolve("." + site + ".tmp");
      try (OutputStream out = Files.newOutputStream(tmp)) {
        conf.writeXml(out);
      }
      Files.move(tmp, dir.resolve(site), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
          java.nio.file.StandardCopyOption.ATOMIC_MOVE);
    }
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    // Stopping the daemons interrupts their threads, and each logs that as an error: noise once
    // the results are written, so logging is off while they stop.
    org.apache.log4j.spi.LoggerRepository logs = org.apache.log4j.LogManager.getLoggerRepository();
    org.apache.log4j.Level threshold = logs.getThreshold();
    logs.setThreshold(org.apache.log4j.Level.OFF);
    // Some daemons (Ozone's) print their interrupted threads' stack traces straight to stderr.
    java.io.PrintStream err = System.err;
    System.setErr(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
    try {
      stopQuietly(yarn, storage);
    } finally {
      System.setErr(err);
      logs.setThreshold(threshold);
    }
    deleteTree(root);
    restore(savedTestDir);
  }

  private static void stopQuietly(MiniMRYarnCluster yarn, EmbeddedStorage storage) {
    try {
      if (yarn != null) {
        yarn.stop();
      }
    } catch (RuntimeException e) {
      // Stopping is best effort; the process is usually about to exit.
    }
    if (storage != null) {
      storage.stop();
    }
    try {
      // MiniDFSCluster.shutdown() removes FileSystem's shutdown hook; close cached instances
      // ourselves so a later cluster in the same JVM starts clean.
      FileSystem.closeAll();
    } catch (IOException e) {
      // as above
    }
  }

  /** MiniDFSCluster, the default store. */
  private static final class MiniDfsProvider implements EmbeddedStorage.Provider {
    @Override
    public String name() {
      return "hdfs";
    }

    @Override
    public EmbeddedStorage start(Configuration conf, Path root, int datanodes)
        throws IOException {
      conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, root.resolve("dfs").toString());
      MiniDFSCluster dfs = new MiniDFSCluster.Builder(conf).numDataNodes(datanodes).build();
      try {
        dfs.waitActive();
        String uri = dfs.getFileSystem().getUri().toString();
        return new EmbeddedStorage() {
          @Override
          public String defaultFs() {
            return uri;
          }

          @Override
          public String kind() {
            return "embedded";
          }

          @Override
          public void stop() {
            try {
              dfs.shutdown();
            } catch (RuntimeException e) {
              // Stopping is best effort; the process is usually about to exit.
            }
          }
        };
      } catch (IOException | RuntimeException e) {
        dfs.shutdown();
        throw e;
      }
    }
  }

  private static void restore(String saved) {
    if (saved == null) {
      System.clearProperty("test.build.data");
    } else {
      System.setProperty("test.build.data", saved);
    }
  }

  private static void deleteTree(Path root) {
    try (Stream<Path> paths = Files.walk(root)) {
      paths.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    } catch (IOException e) {
      // A temporary directory we could not remove is left to the OS.
    }
  }
}
