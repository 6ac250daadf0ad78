package io.hbench.core.engine;

import io.hbench.core.Benchmark;
import io.hbench.core.HbenchVersion;
import io.hbench.core.LoadOptions;
import io.hbench.core.OptionValues;
import io.hbench.core.cluster.BenchCluster;
import io.hbench.core.cluster.ClusterConfiguration;
import io.hbench.core.cluster.ClusterEnvironment;
import io.hbench.core.cluster.ClusterFactory;
import io.hbench.core.cluster.FaultActions;
import io.hbench.core.cluster.Needs;
import io.hbench.core.embed.RunSettings;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.fs.Instrumentation;
import io.hbench.core.fs.IoStatistics;
import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.load.Disruption;
import io.hbench.core.result.Environment;
import io.hbench.core.text.Console;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * What a run works in, opened once: the cluster and services the suite {@link Needs}, the data's
 * file system, the base directory and this run's owned directory under it, and the environment
 * records describe. Closing it closes what it opened.
 */
final class Workspace implements AutoCloseable {

  final BenchCluster cluster;
  final Configuration base;
  final FileSystem dataFs;
  final OwnedDirectories dirs;
  final Path runDir;
  final Environment env;
  final IoStatistics clientIo;
  final Needs needs;
  /** {@code --metrics}: the daemons' figures read during each phase; null when off. */
  final io.hbench.core.daemons.DaemonMetrics daemonMetrics;
  /** {@code --disrupt}'s actions by service, checked; empty without {@code --disrupt}. */
  final java.util.Map<String, FaultActions> faults;
  /** {@code --request-prices}, or null: each load's store requests priced. */
  final RequestPrices prices;
  /** Whether {@code dataFs} is this run's own instance (not Hadoop's cache's), to be closed. */
  private final boolean ownDataFs;

  private Workspace(BenchCluster cluster, Configuration base, FileSystem dataFs,
      OwnedDirectories dirs, Path runDir, Environment env, IoStatistics clientIo, Needs needs,
      io.hbench.core.daemons.DaemonMetrics daemonMetrics, boolean ownDataFs,
      java.util.Map<String, FaultActions> faults, RequestPrices prices) {
    this.faults = faults;
    this.prices = prices;
    this.daemonMetrics = daemonMetrics;
    this.cluster = cluster;
    this.base = base;
    this.dataFs = dataFs;
    this.dirs = dirs;
    this.runDir = runDir;
    this.env = env;
    this.clientIo = clientIo;
    this.needs = needs;
    this.ownDataFs = ownDataFs;
  }

  /**
   * What the suite needs with these options: YARN too when its load runs as map tasks, unless it
   * works on this machine's directory, where a job runs in MapReduce's local runner.
   */
  static Needs needs(Benchmark benchmark, OptionValues options) {
    Needs needs = benchmark.needs(options);
    boolean tasks = LoadOptions.maps(options) > 0 && needs.localDirectory() == null;
    return tasks && !needs.yarn() ? needs.andYarn() : needs;
  }

  /**
   * Opens the workspace of {@code benchmark} with {@code options}: the cluster from the factory,
   * then the data's file system, the suite's input checks, and the base directory.
   *
   * @param opened told of the cluster as soon as it is open, so Ctrl-C can stop it
   */
  static Workspace open(Benchmark benchmark, OptionValues options, RunSettings settings,
      ClusterConfiguration config, String runId, Console console,
      java.util.function.Consumer<BenchCluster> opened) throws IOException {
    Needs needs = needs(benchmark, options);
    RequestPrices prices = settings.requestPrices() == null ? null
        : RequestPrices.read(settings.requestPrices());
    if (needs.localDirectory() != null && settings.fs() != null) {
      throw new InvalidInputException(
          benchmark.name() + " works on a local directory; --fs does not apply");
    }
    BenchCluster cluster =
        ClusterFactory.open(settings.cluster(), config, settings.datanodes(), console, needs,
            namedDataFs(settings));
    FileSystem dataFs = null;
    try {
      opened.accept(cluster);
      Configuration base = new Configuration(cluster.configuration());
      Path basePath =
          needs.localDirectory() != null
              ? localBasePath(settings, benchmark.name(), needs.localDirectory())
              : basePath(settings, benchmark.name(),
                  settings.fs() != null ? settings.fs() : cluster.dataFs());
      dataFs = openDataFileSystem(basePath, base, settings.instrument());
      if (prices != null && !"s3a".equals(dataFs.getScheme())) {
        String why = "--request-prices: the data is on " + dataFs.getUri() + ", not an object"
            + " store whose requests hbench counts (s3a://)";
        if (!variesOntoS3a(settings)) {
          throw new InvalidInputException(why);
        }
        console.status(why + "; these points have no cost");
      }
      if (UserGroupInformation.isSecurityEnabled()) {
        // Tasks have no Kerberos ticket: their jobs take delegation tokens for the data's file
        // system too (--fs), not only for fs.defaultFS and their staging directory.
        java.util.List<String> servers =
            new java.util.ArrayList<>(base.getTrimmedStringCollection(MRJobConfig.JOB_NAMENODES));
        servers.add(dataFs.getUri().toString());
        base.setStrings(MRJobConfig.JOB_NAMENODES, servers.toArray(String[]::new));
      }
      benchmark.checkInputs(options, base, dataFs.makeQualified(basePath));
      java.util.Map<String, FaultActions> faults =
          faults(cluster, LoadOptions.disruption(options), base);
      if (needs.yarn() && !cluster.kind().startsWith("embedded")) {
        // Before anything is created: jobs whose containers would start on a Java older than
        // hbench's classes (the embedded NodeManager is this JVM).
        io.hbench.core.mapreduce.TaskJava.checkNodeManagers(base);
      }
      cluster.notes().forEach(console::status);
      Environment env =
          ClusterEnvironment.read(cluster, HbenchVersion.get())
              .withDataFs(dataFs.getUri().toString());
      IoStatistics clientIo = settings.instrument() ? Instrumentation.statistics(dataFs) : null;
      OwnedDirectories dirs = new OwnedDirectories(dataFs, basePath, runId);
      dirs.prepareBase();
      return new Workspace(cluster, base, dataFs, dirs, new Path(dirs.base(), runId), env,
          clientIo, needs, daemonMetrics(settings, cluster, dataFs, base), ownDataFs(dataFs,
          settings), faults, prices);
    } catch (IOException | RuntimeException | Error e) {
      if (dataFs != null && ownDataFs(dataFs, settings)) {
        dataFs.close();
      }
      cluster.close();
      throw e;
    }
  }

  /**
   * {@code --disrupt}'s actions on {@code cluster}, each checked before anything is created: the
   * cluster offers it, has what it acts on, and lets hbench's user do it.
   *
   * @throws InvalidInputException naming the action and what is missing
   */
  static java.util.Map<String, FaultActions> faults(BenchCluster cluster, Disruption plan,
      Configuration conf) throws IOException {
    java.util.Map<String, FaultActions> out = new java.util.LinkedHashMap<>();
    if (plan == null) {
      return out;
    }
    if (cluster.kind().equals("local")) {
      throw new InvalidInputException("--disrupt: this run works on this machine's directory,"
          + " with no cluster to disrupt");
    }
    for (Disruption.Action a : plan.actions().subList(0, plan.perCycle())) {
      String service = a.kind().service();
      // The load's own containers: its job's, on any cluster's YARN.
      FaultActions f = out.containsKey(service) ? out.get(service)
          : a.kind() == Disruption.Kind.KILL_TASK_CONTAINER
              ? new TaskContainerKill(conf) : cluster.faults(service);
      if (f == null) {
        throw new InvalidInputException("--disrupt " + a.kind().text() + ": hbench cannot do it"
            + " on this " + cluster.kind() + " cluster (it runs no " + service + " hbench can"
            + " act on" + (a.kind().embeddedOnly() ? "; only the embedded cluster's own" : "")
            + ")");
      }
      f.check(a);
      out.put(service, f);
    }
    return out;
  }

  /**
   * Removes this run's directory unless kept, and the base directory too when this run created it
   * and left it empty; what a suite kept elsewhere stays.
   */
  void removeRunDirectory(boolean keep) throws IOException {
    if (!keep && dirs.isOwned(runDir)) {
      dirs.delete(runDir);
    }
    dirs.removeBaseIfEmpty();
  }

  @Override
  public void close() throws IOException {
    try {
      if (ownDataFs) {
        // Our own instance (not Hadoop's cache): closing it prints its report when asked to.
        dataFs.close();
      }
    } finally {
      cluster.close();
    }
  }

  /**
   * {@code --metrics}, on by default for the embedded cluster, whose daemons refresh what they
   * show every half second (hbench's {@code hadoop-metrics2.properties}); a configured cluster's do
   * every 10 s unless {@value io.hbench.core.cluster.ClusterConfiguration#METRICS_PERIOD_KEY} says otherwise.
   */
  private static io.hbench.core.daemons.DaemonMetrics daemonMetrics(RunSettings settings,
      BenchCluster cluster, FileSystem dataFs, Configuration base) {
    boolean embedded = cluster.kind().startsWith("embedded");
    if (settings.metrics() == null ? !embedded : !settings.metrics()) {
      return null;
    }
    java.time.Duration period = embedded ? java.time.Duration.ofMillis(500)
        : java.time.Duration.ofMillis(
            (long) (base.getDouble(io.hbench.core.cluster.ClusterConfiguration.METRICS_PERIOD_KEY, 10) * 1000));
    return io.hbench.core.daemons.DaemonMetrics.of(dataFs, base, settings.metricsInterval(), period);
  }

  static InvalidInputException fileNotInstrumentable() {
    return new InvalidInputException(
        "--instrument cannot wrap file:// (MapReduce tasks need the local file system"
            + " unwrapped); give the data a cluster file system with --fs or fs.defaultFS");
  }

  /** The data's file system when named outright: {@code --fs}, or a {@code --base-dir} URI. */
  /**
   * Refuses a data file system that cannot be reached for want of its connector, before anything
   * starts: each {@code --vary fs} level is checked so, not only the first cell's.
   */
  static void requireConnector(RunSettings settings, ClusterConfiguration config) {
    ClusterFactory.requireConnector(config, namedDataFs(settings));
  }

  private static java.net.URI namedDataFs(RunSettings settings) {
    String text = settings.fs() != null ? settings.fs() : settings.baseDir();
    if (text == null) {
      return null;
    }
    java.net.URI uri = new Path(text).toUri();
    return uri.getScheme() == null ? null : uri;
  }

  /** The base directory, under {@code dataFs} ({@code --fs}, or the cluster's) when given. */
  private static Path basePath(RunSettings settings, String suite, String dataFs) {
    String text = settings.baseDir() != null ? settings.baseDir() : RunSettings.defaultBaseDir(suite);
    Path p = new Path(text);
    if (dataFs == null || p.toUri().getScheme() != null) {
      return p;
    }
    // Appended, not resolved: ofs://om/vol/bucket + /benchmarks/... keeps the volume and bucket.
    String fs = dataFs.replaceAll("/+$", "");
    return new Path(fs + (text.startsWith("/") ? text : "/" + text));
  }

  /** The base directory of a suite that works on this machine: absolute, on {@code file:}. */
  private static Path localBasePath(RunSettings settings, String suite, String localDir) {
    String given = settings.baseDir();
    java.nio.file.Path dir =
        given == null
            ? java.nio.file.Path.of(localDir).resolve("hbench-" + suite)
            : given.startsWith("file:")
                ? java.nio.file.Path.of(java.net.URI.create(given))
                : java.nio.file.Path.of(given);
    return new Path(dir.toAbsolutePath().normalize().toUri());
  }

  /** Whether {@code --vary fs=...} puts some of the run's points on S3A. */
  private static boolean variesOntoS3a(RunSettings settings) {
    return settings.experiment().factors().stream()
        .filter(f -> f.key().equals("fs"))
        .anyMatch(f -> f.levels().stream().anyMatch(l -> l.strip().startsWith("s3a://")));
  }

  /** Whether {@link #openDataFileSystem} made {@code fs} outside Hadoop's cache. */
  private static boolean ownDataFs(FileSystem fs, RunSettings settings) {
    return settings.instrument() || "s3a".equals(fs.getScheme());
  }

  /**
   * The file system of the base directory. With {@code --instrument}, the configuration is set so
   * that every file system of that scheme made from it (here and in the job's tasks) is
   * instrumented, and this process gets an instance of its own, outside Hadoop's cache, so that
   * instances made before the switch cannot stand in for it. On S3A the same holds for the count
   * of the store's throttled responses ({@link io.hbench.core.fs.StoreResponses}).
   */
  private static FileSystem openDataFileSystem(Path basePath, Configuration conf, boolean instrument)
      throws IOException {
    String scheme = basePath.toUri().getScheme();
    if (scheme == null) {
      scheme = FileSystem.getDefaultUri(conf).getScheme();
    }
    boolean s3a = "s3a".equals(scheme);
    if (s3a) {
      // The store's throttled responses, counted as they come (StoreResponses); the same
      // setting reaches the job's tasks.
      io.hbench.core.fs.StoreResponses.enable(conf);
    }
    if (!instrument) {
      return s3a ? FileSystem.newInstance(basePath.toUri(), conf) : basePath.getFileSystem(conf);
    }
    if ("file".equals(scheme)) {
      throw fileNotInstrumentable();
    }
    Instrumentation.enable(conf, scheme);
    return FileSystem.newInstance(basePath.toUri(), conf);
  }
}
