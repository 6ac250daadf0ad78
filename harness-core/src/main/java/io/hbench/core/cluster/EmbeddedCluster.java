package io.hbench.core.cluster;

import io.hbench.core.result.ServiceInfo;
import java.io.IOException;
import java.io.OutputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.MRJobConfig;

/**
 * Services started in this process for machines with no cluster: one store (MiniDFSCluster by
 * default, or another {@link ServiceProvider#storage() store} such as Ozone), then YARN and any
 * other service, each by its {@link ServiceProvider}. All their files live in one fresh temporary
 * directory, removed on close.
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
  private final String kind;
  private final List<RunningService> services;
  private final Configuration conf;
  private final String dataFs;
  /**
   * The process's system properties as they were before the cluster started: the mini clusters
   * and the libraries they start set dozens (HBase's test utility its hadoop.tmp.dir, ZooKeeper
   * and Jetty theirs), and stopping gives the process its own back.
   */
  private final java.util.Properties savedProperties;
  /** Likewise the process's shutdown hooks. */
  private final ShutdownHookSnapshot savedHooks;
  private boolean closed;

  private EmbeddedCluster(Path root, String kind, List<RunningService> services,
      Configuration conf, String dataFs, java.util.Properties savedProperties,
      ShutdownHookSnapshot savedHooks) {
    this.savedProperties = savedProperties;
    this.savedHooks = savedHooks;
    this.root = root;
    this.kind = kind;
    this.services = services;
    this.conf = conf;
    this.dataFs = dataFs;
  }

  /**
   * Starts the named services in this order, found with {@link ClusterFactory#provider}: the
   * first must be a store ({@code hdfs}, {@code ozone}); {@code yarn} runs MapReduce jobs on it.
   *
   * @param base settings to start from ({@code -D} and {@code --conf} already applied)
   * @param datanodes datanodes of the store
   */
  public static EmbeddedCluster start(Configuration base, int datanodes, String... services)
      throws IOException {
    List<ServiceProvider> providers = new ArrayList<>();
    for (String name : services) {
      providers.add(ServiceProviders.provider(name));
    }
    return start(base, datanodes, providers);
  }

  /** Starts {@code providers} in order; the first must be a store. */
  public static EmbeddedCluster start(
      Configuration base, int datanodes, List<ServiceProvider> providers) throws IOException {
    if (providers.isEmpty() || !providers.get(0).storage()) {
      throw new IllegalArgumentException("an embedded cluster starts with a store");
    }
    Path root = Files.createTempDirectory(DeadRunDirectories.PREFIX);
    DeadRunDirectories.claim(root);
    java.util.Properties saved = (java.util.Properties) System.getProperties().clone();
    ShutdownHookSnapshot hooks = ShutdownHookSnapshot.take();
    // The mini clusters put their work directories under test.build.data, which defaults to
    // ./target/... relative to wherever the user stands; keep them in our own directory instead.
    System.setProperty("test.build.data", root.resolve("work").toString());
    if (System.getProperty("hadoop.log.dir") == null) {
      System.setProperty("hadoop.log.dir", root.resolve("logs").toString());
    }
    QUIET_JERSEY.setLevel(java.util.logging.Level.WARNING);
    QUIET_GUICE.setLevel(java.util.logging.Level.SEVERE);
    List<RunningService> started = new ArrayList<>();
    try {
      Configuration conf = new Configuration(base);
      // Jetty unpacks each daemon's web app into java.io.tmpdir, and Hadoop's own scratch files
      // (the S3A upload buffer, for one) default to /tmp/hadoop-<user>: both go under our root,
      // removed on close, or by the next run if this process is killed. Jetty empties and
      // re-creates the web app directory as each web app starts, so each service gets its own:
      // one may still be starting (YARN's history server) when the next service starts.
      boolean ownHttpDirs = conf.get(HTTP_TEMP_DIR) == null;
      ClusterConfiguration.setUnlessGiven(conf, "hadoop.tmp.dir",
          root.resolve("hadoop-tmp").toString());
      ServiceProvider store = providers.get(0);
      httpDir(conf, ownHttpDirs, root, store);
      RunningService storage = startInOwnTmp(root, () ->
          store.start(conf, Files.createDirectory(root.resolve(store.name())), datanodes));
      started.add(storage);
      conf.set(FileSystem.FS_DEFAULT_NAME_KEY, storage.defaultFs());
      // On a local default file system, staging stays inside our own directory.
      conf.set(
          MRJobConfig.MR_AM_STAGING_DIR,
          storage.defaultFs().startsWith("file:")
              ? root.resolve("staging").toString()
              : "/tmp/hadoop-yarn/staging");
      boolean yarn = false;
      for (ServiceProvider p : providers.subList(1, providers.size())) {
        // A second store (Ozone beside HDFS) adds its clients' settings; the first stays the
        // default file system, and --fs (or --vary fs) puts a run's data on the other.
        httpDir(conf, ownHttpDirs, root, p);
        started.add(startInOwnTmp(root, () ->
            p.start(conf, Files.createDirectories(root.resolve(p.name())), 1)));
        yarn |= p.name().equals("yarn");
      }
      if (!yarn) {
        conf.set("mapreduce.framework.name", "local");
      }
      if (ownHttpDirs) {
        conf.unset(HTTP_TEMP_DIR);
      }
      String kind = store.name().equals("hdfs") ? "embedded" : "embedded-" + store.name();
      return new EmbeddedCluster(root, kind, List.copyOf(started), conf, storage.dataFs(), saved,
          hooks);
    } catch (IOException | RuntimeException | Error e) {
      stopQuietly(started);
      deleteTree(root);
      restore(saved);
      hooks.restore();
      throw e;
    }
  }

  private static final String HTTP_TEMP_DIR = "hadoop.http.temp.dir";

  /** A service's start, which may throw what {@link ServiceProvider#start} throws. */
  private interface Start {
    RunningService call() throws IOException;
  }

  /**
   * Starts a service with {@code java.io.tmpdir} inside {@code root}: the web UIs that do not read
   * {@value #HTTP_TEMP_DIR} (HBase's, HiveServer2's) have Jetty unpack them into java.io.tmpdir
   * as they start, and a killed run would leave them in /tmp. Jetty reads the property as each
   * web app starts; it is restored as soon as the service is up.
   */
  private static RunningService startInOwnTmp(Path root, Start start) throws IOException {
    // java.io.File reads the property once, at its first temporary file, and keeps it: that
    // first read must not happen while the property points into a directory removed on close.
    java.io.File.createTempFile("hbench-tmp-probe", null).delete();
    String saved = System.getProperty("java.io.tmpdir");
    System.setProperty("java.io.tmpdir", Files.createDirectories(root.resolve("tmp")).toString());
    try {
      return start.call();
    } finally {
      if (saved == null) {
        System.clearProperty("java.io.tmpdir");
      } else {
        System.setProperty("java.io.tmpdir", saved);
      }
    }
  }

  private static void httpDir(Configuration conf, boolean ours, Path root, ServiceProvider p) {
    if (ours) {
      conf.set(HTTP_TEMP_DIR, root.resolve("http-" + p.name()).toString());
    }
  }

  @Override
  public String kind() {
    return kind;
  }

  @Override
  public String dataFs() {
    return dataFs;
  }

  /**
   * Set in {@link #configuration()}, never in the files {@link #writeConfiguration} writes: the
   * cluster is this process's embedded one, made for this run and empty when it starts.
   */
  public static final String IN_THIS_PROCESS = "hbench.cluster.embedded-in-this-process";

  /** Whether {@code conf} is an embedded cluster's of this process ({@link #IN_THIS_PROCESS}). */
  public static boolean inThisProcess(Configuration conf) {
    return conf.getBoolean(IN_THIS_PROCESS, false);
  }

  @Override
  public Configuration configuration() {
    Configuration c = new Configuration(conf);
    c.setBoolean(IN_THIS_PROCESS, true);
    return c;
  }

  @Override
  public List<ServiceInfo> services() {
    List<ServiceInfo> out = new ArrayList<>();
    for (RunningService s : services) {
      out.add(s.info());
    }
    return out;
  }

  @Override
  public FaultActions faults(String service) {
    for (RunningService s : services) {
      if (s.info().name().equals(service)) {
        return service.equals("hdfs")
            ? new HdfsFaults(configuration(), s.unwrap(org.apache.hadoop.hdfs.MiniDFSCluster.class))
            : ServiceProviders.provider(service).faults(configuration(), s);
      }
    }
    return null;
  }

  /**
   * The running service named {@code name} ({@code hdfs}, {@code yarn}, {@code hive} ...), for a
   * tool that drives it: {@link RunningService#unwrap} it, or close it to see how a benchmark
   * meets a service that stops.
   *
   * @throws IllegalArgumentException when this cluster runs no such service
   */
  public RunningService service(String name) {
    for (RunningService s : services) {
      if (s.info().name().equals(name)) {
        return s;
      }
    }
    throw new IllegalArgumentException("no " + name + " in this cluster: " + services());
  }

  /**
   * Writes this cluster's client configuration into {@code dir} as a Hadoop configuration
   * directory. The same full settings go into each of core-, hdfs-, mapred- and yarn-site.xml:
   * a setting only in core-site.xml would lose to mapred-default.xml (which says {@code
   * mapreduce.framework.name=local}) once a client loads the MapReduce defaults; hbase-site.xml
   * too when HBase runs, for the same reason.
   */
  public void writeConfiguration(Path dir) throws IOException {
    Files.createDirectories(dir);
    // Each file appears whole (written aside, then moved), core-site.xml last: a script that
    // waits for core-site.xml finds the others complete. Otherwise a client started between two
    // files could miss mapred-site.xml and run its job in the local runner without a word.
    java.util.List<String> sites = new java.util.ArrayList<>(
        java.util.List.of("hdfs-site.xml", "mapred-site.xml", "yarn-site.xml"));
    // HBase's clients read hbase-default.xml after core-site.xml: its ZooKeeper port would win.
    if (conf.get("hbase.zookeeper.quorum") != null) {
      sites.add("hbase-site.xml");
    }
    sites.add("core-site.xml");
    // Its daemons refresh /jmx every half second (hbench's hadoop-metrics2.properties), not every
    // 10 s as a configured cluster's: --metrics through this file then waits that long per phase.
    Configuration written = new Configuration(conf);
    written.setIfUnset(ClusterConfiguration.METRICS_PERIOD_KEY, "0.5");
    for (String site : sites) {
      Path tmp = dir.resolve("." + site + ".tmp");
      try (OutputStream out = Files.newOutputStream(tmp)) {
        written.writeXml(out);
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
    try {
      stopQuietly(services);
    } finally {
      logs.setThreshold(threshold);
    }
    DeadRunDirectories.release(root);
    restore(savedProperties);
    savedHooks.restore();
  }

  /** Stops in the reverse order of starting: YARN before the store it writes to. */
  private static void stopQuietly(List<RunningService> services) {
    // The stores' addresses, read before they stop: their file systems are closed after.
    Set<String> stores = new HashSet<>();
    for (RunningService s : services) {
      for (String uri : new String[] {s.defaultFs(), s.dataFs()}) {
        try {
          String authority = uri == null ? null : URI.create(uri).getAuthority();
          if (authority != null) {
            stores.add(authority);
          }
        } catch (RuntimeException e) {
          // Not a URI: nothing of it cached.
        }
      }
    }
    for (int i = services.size() - 1; i >= 0; i--) {
      services.get(i).close();
    }
    closeCachedFileSystems(stores);
  }

  /**
   * Closes the file systems Hadoop's cache holds for the given authorities ({@code host:port},
   * or an HA nameservice), for every user: the daemons and MapReduce's local tasks each cache
   * their own. MiniDFSCluster's shutdown removes the hook that would close them at exit, so a
   * later cluster in this JVM would otherwise find them; an embedder's own file systems (the
   * local one, another cluster's) stay open, which {@code FileSystem.closeAll()} did not leave
   * them. The cache has no public way to list its entries: when Hadoop's layout is not the one
   * read here, every cached file system is closed, as before, rather than this cluster's left.
   */
  static void closeCachedFileSystems(Set<String> authorities) {
    if (authorities.isEmpty()) {
      return;
    }
    List<FileSystem> ours = new ArrayList<>();
    try {
      java.lang.reflect.Field cacheField = FileSystem.class.getDeclaredField("CACHE");
      cacheField.setAccessible(true);
      Object cache = cacheField.get(null);
      java.lang.reflect.Field mapField = cache.getClass().getDeclaredField("map");
      mapField.setAccessible(true);
      synchronized (cache) {
        for (Object fs : ((java.util.Map<?, ?>) mapField.get(cache)).values()) {
          String authority = ((FileSystem) fs).getUri().getAuthority();
          if (authority != null && authorities.contains(authority)) {
            ours.add((FileSystem) fs);
          }
        }
      }
    } catch (ReflectiveOperationException | RuntimeException e) {
      try {
        FileSystem.closeAll();
      } catch (IOException | RuntimeException again) {
        // Stopping is best effort.
      }
      return;
    }
    for (FileSystem fs : ours) {
      try {
        fs.close(); // and out of the cache
      } catch (IOException | RuntimeException e) {
        // Stopping is best effort.
      }
    }
  }

  /** Gives the process back the system properties {@code saved} holds, and only those. */
  private static void restore(java.util.Properties saved) {
    java.util.Properties now = System.getProperties();
    for (String key : now.stringPropertyNames()) {
      if (!saved.containsKey(key)) {
        System.clearProperty(key);
      }
    }
    for (String key : saved.stringPropertyNames()) {
      String was = saved.getProperty(key);
      if (!was.equals(now.getProperty(key))) {
        System.setProperty(key, was);
      }
    }
  }

  private static void deleteTree(Path root) {
    DeadRunDirectories.deleteTree(root);
  }
}
