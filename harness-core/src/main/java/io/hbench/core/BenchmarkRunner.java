package io.hbench.core;

import io.hbench.core.cluster.BenchCluster;
import io.hbench.core.cluster.ClusterConfiguration;
import io.hbench.core.cluster.ClusterEnvironment;
import io.hbench.core.cluster.ClusterFactory;
import io.hbench.core.cluster.ClusterMode;
import io.hbench.core.fs.Instrumentation;
import io.hbench.core.fs.IoStatistics;
import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.mapreduce.JobPhase;
import io.hbench.core.report.Console;
import io.hbench.core.report.IoTable;
import io.hbench.core.report.SweepTable;
import io.hbench.core.result.Environment;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultWriter;
import io.hbench.core.result.SecretRedactor;
import io.hbench.core.result.Validation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ShutdownHookManager;

/**
 * Runs a suite: the engine behind every subcommand, and the entry point for tools that embed
 * hbench. Input is checked before anything is created; the cluster is opened once; each point is
 * measured, validated and appended to the results file as soon as it completes; a failure fails
 * that point only; an interrupt kills running jobs, records the point it cut short as failed, and
 * stops the embedded cluster.
 */
public final class BenchmarkRunner {

  /** The outcome of a run. */
  public record Summary(Path resultsFile, List<ResultRecord> records) {
    /** 0 when every point is ok, 1 otherwise. */
    public int exitCode() {
      return records.stream().allMatch(ResultRecord::ok) ? 0 : 1;
    }
  }

  private final Console console;
  private final boolean writeResults;
  private final boolean printTables;
  private final boolean interruptHook;
  private final List<RunListener> listeners;
  private final JobPhase jobs;
  /** Guards {@code measuring}: cancel() interrupts a point's work, never the code around it. */
  private final Object measuringLock = new Object();
  private Thread measuring;
  private volatile boolean cancelled;

  /** As the {@code bench} command runs: results file, tables, and Ctrl-C handling. */
  public BenchmarkRunner(Console console) {
    this(console, true, true, true, List.of());
  }

  /**
   * @param console where progress (and, with {@code printTables}, the tables) go
   * @param writeResults append each record to the results file
   * @param printTables print the end-of-run tables
   * @param interruptHook on JVM shutdown (Ctrl-C), record the point cut short and stop running
   *     jobs and the embedded cluster: for a process that is the run, not for a tool embedding it
   * @param listeners receive each record as it is measured
   */
  BenchmarkRunner(Console console, boolean writeResults, boolean printTables,
      boolean interruptHook, List<RunListener> listeners) {
    this.console = console;
    this.writeResults = writeResults;
    this.printTables = printTables;
    this.interruptHook = interruptHook;
    this.listeners = List.copyOf(listeners);
    this.jobs = new JobPhase(console);
  }

  /**
   * Stops a run under way from another thread: running jobs are killed, the point under way is
   * recorded as failed ({@code cancelled}), and no further point is measured.
   */
  public void cancel() {
    cancelled = true;
    jobs.killRunning();
    synchronized (measuringLock) {
      if (measuring != null) {
        measuring.interrupt();
      }
    }
  }

  /** The hbench version, from the build. */
  public static String version() {
    try (InputStream in = BenchmarkRunner.class.getResourceAsStream("version.properties")) {
      Properties p = new Properties();
      if (in != null) {
        p.load(in);
      }
      return p.getProperty("version", "unknown");
    } catch (IOException e) {
      return "unknown";
    }
  }

  /**
   * Runs {@code benchmark} with its parsed {@code options} and the common {@code settings}.
   *
   * @throws InvalidInputException for bad input, before anything is created
   * @throws IOException when results cannot be written
   */
  public Summary run(Benchmark benchmark, OptionValues options, RunSettings settings)
      throws IOException {
    RunPlan plan = RunPlan.of(benchmark, options, settings, RunPlan.newRunId());
    String runId = plan.runId();
    Path out = plan.resultsFile();
    if (writeResults) {
      ResultWriter.checkWritable(out);
    }
    if (settings.instrument() && settings.fs() != null && settings.fs().startsWith("file:")) {
      throw fileNotInstrumentable();
    }
    ClusterConfiguration config =
        ClusterConfiguration.load(
            settings.hadoopConfDir(), settings.confFiles(), settings.defines());
    if (settings.baseDir() == null && config.baseDir() != null) {
      settings = settings.withBaseDir(config.baseDir());
    }
    String localDir = benchmark.localDirectory(options);
    if (localDir != null && settings.fs() != null) {
      throw new InvalidInputException(
          benchmark.name() + " works on a local directory; --fs does not apply");
    }

    Map<String, String> optionText = new LinkedHashMap<>(options.asText());
    optionText.putAll(settings.asText(benchmark.name(), out));
    Map<String, String> redactedOptions = SecretRedactor.redact(optionText);
    Map<String, String> redactedConfig = SecretRedactor.redact(config.explicitSettings());

    Interrupt interrupt = new Interrupt(jobs);
    if (interruptHook) {
      ShutdownHookManager.get()
          .addShutdownHook(interrupt, FileSystem.SHUTDOWN_HOOK_PRIORITY + 10);
    }
    FileSystem dataFs = null;
    boolean runsJobs = benchmark.runsJobs(options);
    java.net.URI named = namedDataFs(settings);
    try (BenchCluster cluster =
        localDir != null
            ? ClusterFactory.localMachine(config)
            : !runsJobs && named != null && settings.cluster() == ClusterMode.AUTO
                ? ClusterFactory.fileSystem(config, named)
                : ClusterFactory.open(
                    settings.cluster(), config, settings.datanodes(), console, runsJobs)) {
      interrupt.cluster = cluster;
      Configuration base = new Configuration(cluster.configuration());
      org.apache.hadoop.fs.Path basePath =
          localDir != null
              ? localBasePath(settings, benchmark.name(), localDir)
              : basePath(settings, benchmark.name(),
                  settings.fs() != null ? settings.fs() : cluster.dataFs());
      dataFs = openDataFileSystem(basePath, base, settings.instrument());
      benchmark.checkInputs(options, base, dataFs.makeQualified(basePath));
      Environment env =
          ClusterEnvironment.read(cluster, version()).withDataFs(dataFs.getUri().toString());
      IoStatistics clientIo = settings.instrument() ? Instrumentation.statistics(dataFs) : null;
      OwnedDirectories dirs = new OwnedDirectories(dataFs, basePath, runId);
      dirs.prepareBase();
      org.apache.hadoop.fs.Path runDir = new org.apache.hadoop.fs.Path(dirs.base(), runId);

      List<ResultRecord> records = new ArrayList<>();
      try (ResultWriter writer = writeResults ? ResultWriter.open(out) : null) {
        interrupt.writer = writer;
        for (RunPlan.Measurement m : plan.measurements()) {
          if (cancelled) {
            break;
          }
          Point point = m.point();
          int rep = m.repeat();
          String label = m.label();
          String dirName = m.directoryName();
          RunContext ctx =
              new RunContext(
                  label,
                  new Configuration(base),
                  dirs,
                  new org.apache.hadoop.fs.Path(runDir, dirName),
                  settings.keep(),
                  jobs,
                  console,
                  clientIo);
          PointState state =
              new PointState(runId, benchmark.name(), point, rep, env, redactedOptions,
                  redactedConfig, ctx, benchmark.headlines(), m.warmup());
          interrupt.current = state;
          console.status("[" + label + "] " + benchmark.name() + ": started");
          ResultRecord record = measure(benchmark, options, state);
          interrupt.current = null;
          if (interrupt.stopping) {
            // The interrupt handler has recorded this point as interrupted.
            return new Summary(out, records);
          }
          if (writer != null) {
            writer.append(record);
          }
          records.add(record);
          for (RunListener l : listeners) {
            l.measured(record);
          }
          console.status(
              "["
                  + label
                  + "] "
                  + benchmark.name()
                  + ": "
                  + record.status()
                  + (record.failure() == null ? "" : ": " + record.failure()));
        }
        if (!settings.keep() && dirs.isOwned(runDir)) {
          dirs.delete(runDir);
        }
      }
      if (printTables) {
        if (benchmark.commonTable()) {
          console.print(SweepTable.render(records));
        }
        String ioTable = IoTable.render(records);
        if (ioTable != null) {
          console.print(ioTable);
        }
        String own = benchmark.report(records);
        if (own != null) {
          console.print(own);
        }
      }
      if (writeResults) {
        console.status("hbench: " + records.size() + " record(s) appended to " + out);
      }
      for (RunListener l : listeners) {
        l.finished(List.copyOf(records));
      }
      return new Summary(writeResults ? out : null, records);
    } finally {
      if (settings.instrument() && dataFs != null) {
        // Our own instance (not Hadoop's cache): closing it prints its report when asked to.
        dataFs.close();
      }
      if (interruptHook && !interrupt.stopping) {
        ShutdownHookManager.get().removeShutdownHook(interrupt);
      }
    }
  }

  private static InvalidInputException fileNotInstrumentable() {
    return new InvalidInputException(
        "--instrument cannot wrap file:// (MapReduce tasks need the local file system"
            + " unwrapped); give the data a cluster file system with --fs or fs.defaultFS");
  }

  /** The data's file system when named outright: {@code --fs}, or a {@code --base-dir} URI. */
  private static java.net.URI namedDataFs(RunSettings settings) {
    String text = settings.fs() != null ? settings.fs() : settings.baseDir();
    if (text == null) {
      return null;
    }
    java.net.URI uri = new org.apache.hadoop.fs.Path(text).toUri();
    return uri.getScheme() == null ? null : uri;
  }

  /** The base directory, under {@code dataFs} ({@code --fs}, or the cluster's) when given. */
  private static org.apache.hadoop.fs.Path basePath(
      RunSettings settings, String suite, String dataFs) {
    String text = settings.baseDir() != null ? settings.baseDir() : RunSettings.defaultBaseDir(suite);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(text);
    if (dataFs == null || p.toUri().getScheme() != null) {
      return p;
    }
    // Appended, not resolved: ofs://om/vol/bucket + /benchmarks/... keeps the volume and bucket.
    String fs = dataFs.replaceAll("/+$", "");
    return new org.apache.hadoop.fs.Path(fs + (text.startsWith("/") ? text : "/" + text));
  }

  /** The base directory of a suite that works on this machine: absolute, on {@code file:}. */
  private static org.apache.hadoop.fs.Path localBasePath(
      RunSettings settings, String suite, String localDir) {
    String given = settings.baseDir();
    java.nio.file.Path dir =
        given == null
            ? java.nio.file.Path.of(localDir).resolve("hbench-" + suite)
            : given.startsWith("file:")
                ? java.nio.file.Path.of(java.net.URI.create(given))
                : java.nio.file.Path.of(given);
    return new org.apache.hadoop.fs.Path(dir.toAbsolutePath().normalize().toUri());
  }

  /**
   * The file system of the base directory. With {@code --instrument}, the configuration is set so
   * that every file system of that scheme made from it (here and in the job's tasks) is
   * instrumented, and this process gets an instance of its own, outside Hadoop's cache, so that
   * instances made before the switch cannot stand in for it.
   */
  private static FileSystem openDataFileSystem(
      org.apache.hadoop.fs.Path basePath, Configuration conf, boolean instrument)
      throws IOException {
    if (!instrument) {
      return basePath.getFileSystem(conf);
    }
    String scheme = basePath.toUri().getScheme();
    if (scheme == null) {
      scheme = FileSystem.getDefaultUri(conf).getScheme();
    }
    if ("file".equals(scheme)) {
      throw fileNotInstrumentable();
    }
    Instrumentation.enable(conf, scheme);
    return FileSystem.newInstance(basePath.toUri(), conf);
  }

  private ResultRecord measure(Benchmark benchmark, OptionValues options, PointState s) {
    Instant started = Instant.now();
    String failure = null;
    try {
      synchronized (measuringLock) {
        measuring = Thread.currentThread();
      }
      benchmark.run(s.point, options, s.ctx);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = "interrupted";
    } catch (Exception | LinkageError e) {
      failure = describe(e);
      if (System.getenv("HBENCH_DEBUG") != null) {
        e.printStackTrace();
      }
    }
    synchronized (measuringLock) {
      measuring = null;
    }
    if (cancelled) {
      // cancel() interrupted this thread to stop the point, and can no longer: clear it, so
      // clean-up and writing run and the caller's thread is left as it was.
      Thread.interrupted();
      if (failure != null) {
        failure = "cancelled (" + failure + ")";
      }
    }
    // A point cut short by an error was not fully validated, whatever checks it made so far.
    Validation validation =
        failure == null ? Validation.of(s.ctx.checks()) : Validation.incomplete(s.ctx.checks());
    if (failure == null && "failed".equals(validation.status())) {
      failure =
          s.ctx.checks().stream()
              .filter(c -> !c.passed())
              .findFirst()
              .map(c -> "validation failed: " + c.name() + ": " + c.detail())
              .orElse("validation failed");
    }
    // Clean-up comes after the phases were timed, so it never counts in a figure.
    if (!s.ctx.keep() && s.ctx.pointDirectoryCreated()) {
      try {
        s.ctx.directories().delete(s.ctx.pointDirectoryPath());
      } catch (IOException | RuntimeException e) {
        console.status("hbench: could not remove " + s.ctx.pointDirectoryPath() + ": " + e.getMessage());
      }
    }
    return s.record(failure, validation, started, Instant.now());
  }

  /** One line that says what went wrong: the message of our own errors, else type and message. */
  public static String describe(Throwable e) {
    String m = e.getMessage();
    if (e instanceof InvalidInputException || e instanceof PhaseFailedException) {
      return m;
    }
    String first = m == null ? "" : m.lines().findFirst().orElse("");
    return e.getClass().getSimpleName() + (first.isEmpty() ? "" : ": " + first);
  }

  /** What is needed to write a point's record, also from the interrupt handler. */
  private static final class PointState {
    final String runId;
    final String suite;
    final Point point;
    final int repeat;
    final Environment env;
    final Map<String, String> options;
    final Map<String, String> config;
    final RunContext ctx;
    final java.util.Set<String> headlines;
    final boolean warmup;
    final Instant started = Instant.now();

    PointState(String runId, String suite, Point point, int repeat, Environment env,
        Map<String, String> options, Map<String, String> config, RunContext ctx,
        java.util.Set<String> headlines, boolean warmup) {
      this.headlines = headlines;
      this.warmup = warmup;
      this.runId = runId;
      this.suite = suite;
      this.point = point;
      this.repeat = repeat;
      this.env = env;
      this.options = options;
      this.config = config;
      this.ctx = ctx;
    }

    ResultRecord record(String failure, Validation validation, Instant from, Instant to) {
      Map<String, Object> params = new LinkedHashMap<>(point.params());
      params.putAll(ctx.params());
      return new ResultRecord(
          ResultRecord.SCHEMA,
          runId,
          suite,
          point.label(),
          repeat,
          warmup ? Boolean.TRUE : null,
          params,
          failure == null ? ResultRecord.OK : ResultRecord.FAILED,
          failure,
          validation,
          ctx.phases().stream().map(p -> PhaseMetrics.complete(p, headlines)).toList(),
          env,
          options,
          config,
          from.toString(),
          to.toString());
    }
  }

  /** Ctrl-C: kill running jobs, record the cut-short point as failed, stop the embedded cluster. */
  private static final class Interrupt implements Runnable {
    private final JobPhase jobs;
    volatile PointState current;
    volatile ResultWriter writer;
    volatile BenchCluster cluster;
    volatile boolean stopping;

    Interrupt(JobPhase jobs) {
      this.jobs = jobs;
    }

    @Override
    public void run() {
      stopping = true;
      // The record first: it is local and quick, and the hook has a bounded time to run.
      PointState s = current;
      ResultWriter w = writer;
      if (s != null && w != null) {
        try {
          w.append(
              s.record("interrupted", Validation.incomplete(s.ctx.checks()), s.started, Instant.now()));
        } catch (IOException | RuntimeException e) {
          // Nothing more can be done while the JVM exits.
        }
      }
      jobs.killRunning();
      // Daemon threads of a stopping mini cluster die noisily when the JVM is exiting.
      Thread.setDefaultUncaughtExceptionHandler((t, e) -> {});
      BenchCluster c = cluster;
      if (c != null) {
        c.close();
      }
    }
  }
}
