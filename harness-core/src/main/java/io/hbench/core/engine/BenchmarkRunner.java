package io.hbench.core.engine;

import io.hbench.core.Benchmark;
import io.hbench.core.OptionValues;
import io.hbench.core.annotation.Internal;
import io.hbench.core.cluster.BenchCluster;
import io.hbench.core.cluster.ClusterConfiguration;
import io.hbench.core.embed.Experiment;
import io.hbench.core.embed.RunListener;
import io.hbench.core.embed.RunPlan;
import io.hbench.core.embed.RunSettings;
import io.hbench.core.error.ErrorLine;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.report.TableFormat;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultWriter;
import io.hbench.core.result.SecretRedactor;
import io.hbench.core.text.Console;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
@Internal
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
  private final TableFormat tables;
  private final boolean interruptHook;
  private final List<RunListener> listeners;
  private final JobPhase jobs;
  private PointExecutor executor;
  private volatile boolean cancelled;

  /** As the {@code bench} command runs: results file, tables, and Ctrl-C handling. */
  public BenchmarkRunner(Console console) {
    this(console, TableFormat.TEXT);
  }

  /** As the {@code bench} command runs, with the tables in {@code format} ({@code --format}). */
  public BenchmarkRunner(Console console, TableFormat format) {
    this(console, true, format, true, List.of());
  }

  /**
   * @param console where progress (and, with {@code printTables}, the tables) go
   * @param writeResults append each record to the results file
   * @param tables the format of the end-of-run tables, or null to print none
   * @param interruptHook on JVM shutdown (Ctrl-C), record the point cut short and stop running
   *     jobs and the embedded cluster: for a process that is the run, not for a tool embedding it
   * @param listeners receive each record as it is measured
   */
  BenchmarkRunner(Console console, boolean writeResults, TableFormat tables,
      boolean interruptHook, List<RunListener> listeners) {
    this.console = console;
    this.writeResults = writeResults;
    this.tables = tables;
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
    PointExecutor e;
    synchronized (this) {
      e = executor;
    }
    if (e != null) {
      e.cancel();
    }
  }

  /**
   * Runs {@code benchmark} with its parsed {@code options} and the common {@code settings}: plans
   * the run ({@link RunPlan}), opens its {@link Workspace}, measures each point with a {@link
   * PointExecutor}, and hands each record to the listeners (results file, progress lines, the
   * caller's) as it completes and the whole list at the end (tables, the caller's).
   *
   * @throws InvalidInputException for bad input, before anything is created
   * @throws IOException when results cannot be written
   */
  public Summary run(Benchmark benchmark, OptionValues options, RunSettings settings)
      throws IOException {
    RunPlan plan = RunPlan.of(benchmark, options, settings, RunPlan.newRunId());
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
    // What each cell of --vary records (with no key varied, the one cell of the run).
    Map<Integer, CellRun> cells = new LinkedHashMap<>();
    for (Experiment.Cell c : plan.cells()) {
      cells.put(c.index(), CellRun.of(c, settings, config, benchmark.name(), out));
    }
    // Every --vary fs level's connector, before the first cell measures anything.
    cells.values().forEach(c -> Workspace.requireConnector(c.settings, c.clusterConfig));
    List<RunPlan.Measurement> toMeasure =
        settings.resume() ? notRecorded(plan, benchmark, cells) : plan.measurements();
    if (toMeasure.isEmpty()) {
      return new Summary(writeResults ? out : null, List.of());
    }

    Interrupt interrupt = new Interrupt(jobs);
    if (interruptHook) {
      ShutdownHookManager.get()
          .addShutdownHook(interrupt, FileSystem.SHUTDOWN_HOOK_PRIORITY + 10);
    }
    // The first workspace before the results file: input it finds bad leaves nothing behind.
    try (CellWalk walk = new CellWalk(benchmark, plan.runId(), settings.keep(), interrupt,
            cells.get(toMeasure.get(0).cell().index()));
        ResultFileListener file = writeResults ? new ResultFileListener(out) : null) {
      interrupt.file = file;
      List<RunListener> all = listeners(file, benchmark.name(), out);
      // With --vary fs, not the first cell's data file system's: the cells tell them apart.
      String label = settings.label() != null ? settings.label()
          : settings.experiment().factors().stream().anyMatch(f -> f.key().equals("fs"))
              ? walk.ws.env.withDataFs(null).defaultLabel() : walk.ws.env.defaultLabel();
      List<ResultRecord> records = new ArrayList<>();
      for (RunPlan.Measurement m : toMeasure) {
        if (cancelled || walk.cancelled()) {
          break;
        }
        PointExecutor executor = walk.executorFor(cells.get(m.cell().index()), label);
        for (RunListener l : all) {
          l.started(m);
        }
        ResultRecord record = executor.measure(m);
        if (interrupt.stopping) {
          // The interrupt handler has recorded this point as interrupted.
          return new Summary(out, records);
        }
        records.add(record);
        for (RunListener l : all) {
          l.measured(record);
        }
      }
      // Cleaned up before the tables, closed (the embedded cluster stopped) after them.
      walk.finish();
      for (RunListener l : all) {
        l.finished(List.copyOf(records));
      }
      return new Summary(writeResults ? out : null, records);
    } catch (java.io.UncheckedIOException e) {
      // The results file could not be appended to: the run cannot keep its records.
      throw e.getCause();
    } finally {
      if (interruptHook && !interrupt.stopping) {
        ShutdownHookManager.get().removeShutdownHook(interrupt);
      }
    }
  }

  /**
   * Who hears of each point, in order: the results file first, so a record is on disk before
   * anyone is told of it; the tables before the line that says where the records went; then the
   * caller's listeners.
   */
  private List<RunListener> listeners(ResultFileListener file, String suite, Path out) {
    List<RunListener> all = new ArrayList<>();
    if (file != null) {
      all.add(file);
    }
    if (tables != null) {
      all.add(new ConsoleTables(console, io.hbench.core.report.SuiteReport.of(suite), tables));
    }
    all.add(new ProgressLines(console, suite, writeResults ? out : null));
    all.addAll(listeners);
    return all;
  }

  /**
   * The workspace and point executor of the cell being measured, as the run walks its cells: a
   * cell whose {@code -D} settings or data file system ({@code --vary fs}) differ from the open
   * workspace's gets a workspace of its own (a varied setting reaches the servers only when they
   * start), any other cell an executor of its own.
   */
  private final class CellWalk implements AutoCloseable {
    private final Benchmark benchmark;
    private final String runId;
    private final boolean keep;
    private final Interrupt interrupt;
    private Workspace ws;
    private CellRun open;
    private PointExecutor executor;

    CellWalk(Benchmark benchmark, String runId, boolean keep, Interrupt interrupt, CellRun first)
        throws IOException {
      this.benchmark = benchmark;
      this.runId = runId;
      this.keep = keep;
      this.interrupt = interrupt;
      this.ws = workspaceFor(first);
      this.open = first;
    }

    private Workspace workspaceFor(CellRun cell) throws IOException {
      return Workspace.open(benchmark, cell.cell.options(), cell.settings, cell.clusterConfig,
          runId, console, c -> interrupt.cluster = c);
    }

    boolean cancelled() {
      return executor != null && executor.cancelled();
    }

    PointExecutor executorFor(CellRun cell, String label) throws IOException {
      if (!cell.settings.defines().equals(open.settings.defines())
          || !java.util.Objects.equals(cell.settings.fs(), open.settings.fs())) {
        Workspace done = ws;
        ws = null;
        closeWorkspace(done, benchmark, open, keep);
        ws = workspaceFor(cell);
        executor = null;
      }
      if (executor == null || open != cell) {
        executor = new PointExecutor(benchmark, cell.cell.options(), runId, label, ws, keep, jobs,
            console, cell.options, cell.config);
        interrupt.executor = executor;
        synchronized (BenchmarkRunner.this) {
          BenchmarkRunner.this.executor = executor;
        }
        if (BenchmarkRunner.this.cancelled) {
          executor.cancel();
        }
      }
      open = cell;
      return executor;
    }

    /** The suite's clean-up after the last point, and the run's directory removed. */
    void finish() throws IOException {
      finishWorkspace(ws, benchmark, open, keep);
    }

    @Override
    public void close() throws IOException {
      if (ws != null) {
        ws.close();
      }
    }
  }

  /**
   * What a cell of the run records and opens: its settings, cluster configuration, and the
   * options and settings its records show, redacted.
   */
  private record CellRun(Experiment.Cell cell, RunSettings settings,
      ClusterConfiguration clusterConfig, Map<String, String> options,
      Map<String, String> config) {

    /**
     * {@code c} under the run's {@code settings} (its base directory unless the cell names one)
     * and cluster configuration {@code config} (read again for a cell that varies a setting).
     */
    static CellRun of(Experiment.Cell c, RunSettings settings, ClusterConfiguration config,
        String suite, Path out) {
      RunSettings cs = c.settings().baseDir() == null && settings.baseDir() != null
          ? c.settings().withBaseDir(settings.baseDir()) : c.settings();
      ClusterConfiguration cc = c.levels().isEmpty() ? config : ClusterConfiguration.load(
          cs.hadoopConfDir(), cs.confFiles(), cs.defines());
      Map<String, String> optionText = new LinkedHashMap<>(c.options().asText());
      optionText.putAll(cs.asText(suite, out));
      return new CellRun(c, cs, cc, SecretRedactor.redact(optionText),
          SecretRedactor.redact(cc.explicitSettings()));
    }
  }

  /** {@code --resume}: the plan's measurements not already recorded ok in its results file. */
  private List<RunPlan.Measurement> notRecorded(RunPlan plan, Benchmark benchmark,
      Map<Integer, CellRun> cells) throws IOException {
    Path out = plan.resultsFile();
    CellRun first = cells.values().iterator().next();
    List<Experiment.Cell> all = plan.cells();
    RecordedPoints done = RecordedPoints.read(out, benchmark.name(), first.options,
        first.config, Experiment.variedOptions(all, benchmark),
        Experiment.variedSettings(all, benchmark));
    List<RunPlan.Measurement> left =
        plan.measurements().stream().filter(m -> !done.has(m)).toList();
    console.status("hbench: --resume: " + (plan.measurements().size() - left.size())
        + " of " + plan.measurements().size() + " measurements already recorded ok in " + out
        + (left.isEmpty() ? "; nothing left to measure" : "; measuring the other "
            + left.size()));
    return left;
  }

  /** The suite's clean-up, the run's directory removed, the workspace (and its cluster) closed. */
  private void closeWorkspace(Workspace ws, Benchmark benchmark, CellRun cell, boolean keep)
      throws IOException {
    try {
      finishWorkspace(ws, benchmark, cell, keep);
    } finally {
      ws.close();
    }
  }

  /** The suite's clean-up after the points measured in {@code ws}, and the run's directory removed. */
  private void finishWorkspace(Workspace ws, Benchmark benchmark, CellRun cell, boolean keep)
      throws IOException {
    try {
      benchmark.finish(cell.cell.options(), new Configuration(ws.base), keep);
    } catch (IOException | RuntimeException e) {
      // Every record is written; what is left behind is said, and the run still reports.
      console.status("hbench: " + benchmark.name() + ": cleaning up after the run: "
          + ErrorLine.of(e));
    }
    ws.removeRunDirectory(keep);
  }

  /** Ctrl-C: kill running jobs, record the cut-short point as failed, stop the embedded cluster. */
  private static final class Interrupt implements Runnable {
    /** How long the hook waits for the point to stop: its load's calls in flight, and more. */
    private static final long STOP_WAIT_MILLIS = 12_000;

    private final JobPhase jobs;
    volatile PointExecutor executor;
    volatile ResultFileListener file;
    volatile BenchCluster cluster;
    volatile boolean stopping;

    Interrupt(JobPhase jobs) {
      this.jobs = jobs;
    }

    @Override
    public void run() {
      stopping = true;
      // The record first: it is local and quick, and the hook has a bounded time to run.
      PointExecutor point = executor;
      ResultRecord cut = point == null ? null : point.cutShort("interrupted");
      ResultFileListener f = file;
      if (cut != null && f != null) {
        try {
          f.append(cut);
        } catch (RuntimeException failed) {
          // Nothing more can be done while the JVM exits.
        }
      }
      if (point != null) {
        // Stop the load before the cluster closes under it: calls still made would hold the
        // client's streams and keep the close waiting on them for the hook's whole time.
        try {
          point.cancelAndWait(STOP_WAIT_MILLIS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
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
