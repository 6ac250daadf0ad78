package io.hbench.core;

import io.hbench.core.cluster.BenchCluster;
import io.hbench.core.cluster.ClusterConfiguration;
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
      throw Workspace.fileNotInstrumentable();
    }
    ClusterConfiguration config =
        ClusterConfiguration.load(
            settings.hadoopConfDir(), settings.confFiles(), settings.defines());
    if (settings.baseDir() == null && config.baseDir() != null) {
      settings = settings.withBaseDir(config.baseDir());
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
    try (Workspace ws =
        Workspace.open(benchmark, options, settings, config, runId, console, c -> interrupt.cluster = c)) {
      List<ResultRecord> records = new ArrayList<>();
      try (ResultWriter writer = writeResults ? ResultWriter.open(out) : null) {
        interrupt.writer = writer;
        for (RunPlan.Measurement m : plan.measurements()) {
          if (cancelled) {
            break;
          }
          Point point = m.point();
          String label = m.label();
          RunContext ctx =
              new RunContext(
                  label,
                  new Configuration(ws.base),
                  ws.dirs,
                  new org.apache.hadoop.fs.Path(ws.runDir, m.directoryName()),
                  settings.keep(),
                  jobs,
                  console,
                  ws.clientIo);
          PointState state =
              new PointState(runId, benchmark.name(), point, m.repeat(), ws.env, redactedOptions,
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
        ws.removeRunDirectory(settings.keep());
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
      if (interruptHook && !interrupt.stopping) {
        ShutdownHookManager.get().removeShutdownHook(interrupt);
      }
    }
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
    s.ctx.stopServices();
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
          env.withServices(ctx.services()),
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
