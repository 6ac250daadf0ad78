package io.hbench.core.engine;

import io.hbench.core.Benchmark;
import io.hbench.core.OptionValues;
import io.hbench.core.cluster.ClusterChanges;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.cluster.ServiceProvider;
import io.hbench.core.cluster.ServiceProviders;
import io.hbench.core.cluster.ServiceWatch;
import io.hbench.core.embed.Experiment;
import io.hbench.core.embed.RunPlan;
import io.hbench.core.error.ErrorLine;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.Validation;
import io.hbench.core.text.Console;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * Measures one planned point in an open {@link Workspace} and makes its record: runs the suite's
 * hook, turns an exception or a failed check into a {@code failed} record, stops the point's
 * services, and removes the point's data after the clock stopped. What a run needs once (plan,
 * workspace, results file, tables) is {@link BenchmarkRunner}'s; this is one point.
 */
final class PointExecutor {

  private final Benchmark benchmark;
  /** How the suite's records are read: its headlines, marked as each phase is recorded. */
  private final io.hbench.core.report.SuiteReport report;
  private final OptionValues options;
  private final String runId;
  private final String label;
  private final Workspace ws;
  private final boolean keep;
  private final JobPhase jobs;
  private final Console console;
  private final Map<String, String> recordedOptions;
  private final Map<String, String> recordedConfig;
  /** Guards {@code measuring}: cancel() interrupts a point's work, never the code around it. */
  private final Object measuringLock = new Object();
  private Thread measuring;
  private volatile boolean cancelled;
  private volatile InProgress current;

  /**
   * @param recordedOptions the options as every record shows them, secrets redacted
   * @param recordedConfig the explicit Hadoop settings as every record shows them, redacted
   */
  PointExecutor(Benchmark benchmark, OptionValues options, String runId, String label, Workspace ws,
      boolean keep, JobPhase jobs, Console console, Map<String, String> recordedOptions,
      Map<String, String> recordedConfig) {
    this.benchmark = benchmark;
    this.report = io.hbench.core.report.SuiteReport.of(benchmark.name());
    this.options = options;
    this.runId = runId;
    this.label = label;
    this.ws = ws;
    this.keep = keep;
    this.jobs = jobs;
    this.console = console;
    this.recordedOptions = recordedOptions;
    this.recordedConfig = recordedConfig;
  }

  /** Whether {@code --disrupt} restarts the NameNode: a restart then is the measured fault. */
  private boolean restartAskedFor() {
    io.hbench.core.load.Disruption d = io.hbench.core.LoadOptions.disruption(options);
    return d != null && d.actions().stream()
        .anyMatch(a -> a.kind() == io.hbench.core.load.Disruption.Kind.RESTART_NAMENODE);
  }

  /** Measures {@code m}: always returns its record, ok or failed. */
  ResultRecord measure(RunPlan.Measurement m) {
    PointRun ctx =
        new PointRun(
            benchmark.load(),
            benchmark.getClass(),
            options,
            m.point(),
            runId,
            report.headlines(),
            m.label(),
            new Configuration(ws.base),
            ws.dirs,
            new org.apache.hadoop.fs.Path(ws.runDir, m.directoryName()),
            keep,
            jobs,
            console,
            ws.clientIo,
            ws.needs,
            ws.daemonMetrics == null ? null : ws.daemonMetrics.forPoint(serviceDaemons()),
            ws.faults,
            ws.prices);
    InProgress point = new InProgress(m, ctx);
    current = point;
    try {
      return run(point);
    } finally {
      current = null;
    }
  }

  /**
   * The record of the point under way as cut short by {@code failure}, for the JVM's shutdown
   * hook; null when no point is under way.
   */
  ResultRecord cutShort(String failure) {
    InProgress p = current;
    return p == null ? null
        : p.record(failure, Validation.incomplete(p.ctx.checks()), Instant.now());
  }

  /** Stops the point under way (its thread is interrupted) and every later one. */
  void cancel() {
    cancelled = true;
    synchronized (measuringLock) {
      if (measuring != null) {
        measuring.interrupt();
      }
    }
  }

  boolean cancelled() {
    return cancelled;
  }

  /**
   * Cancels the point under way and waits, at most {@code millis}, for its suite to return: for a
   * process that is exiting, so that the cluster is not closed under calls still being made.
   */
  void cancelAndWait(long millis) throws InterruptedException {
    cancel();
    long deadline = System.nanoTime() + millis * 1_000_000L;
    synchronized (measuringLock) {
      long left;
      while (measuring != null && (left = deadline - System.nanoTime()) > 0) {
        measuringLock.wait(Math.max(1, left / 1_000_000L));
      }
    }
  }

  private ResultRecord run(InProgress p) {
    PointRun ctx = p.ctx;
    String failure = null;
    ClusterChanges.Watch watch = ClusterChanges.watch(ws.dataFs, ws.base);
    java.util.Map<String, ServiceWatch> serviceWatches = watchServices();
    try {
      synchronized (measuringLock) {
        measuring = Thread.currentThread();
      }
      benchmark.run(p.m.point(), options, ctx);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      failure = "interrupted";
    } catch (Exception | LinkageError e) {
      failure = ErrorLine.of(e);
      if (System.getenv("HBENCH_DEBUG") != null) {
        e.printStackTrace();
      }
    }
    synchronized (measuringLock) {
      measuring = null;
      measuringLock.notifyAll();
    }
    ctx.stopServices();
    ClusterChanges changes = cancelled ? ClusterChanges.NONE
        : watch.changes(NAMENODE_WAIT_MILLIS, () -> console.status("hbench: [" + p.m.label()
            + "] the NameNode is not answering; waiting for it (at most "
            + NAMENODE_WAIT_MILLIS / 60_000 + " min) to see whether it restarted"));
    if (changes.nameNodeRestart() != null) {
      // Calls in flight failed or waited: whatever figure the point made describes neither,
      // unless the restart is the fault --disrupt was asked to measure.
      if (!restartAskedFor()) {
        failure = changes.nameNodeRestart() + (failure == null ? "" : "; the suite: " + failure);
      }
      awaitOutOfSafeMode(p.m.label());
    }
    for (var w : serviceWatches.entrySet()) {
      if (cancelled) {
        w.getValue().close();
        continue;
      }
      ServiceWatch.Changes c = w.getValue().changes();
      if (c.restart() != null) {
        failure = w.getKey() + ": " + c.restart() + (failure == null ? "" : "; the suite: " + failure);
      }
      if (!c.nodesLost().isEmpty()) {
        console.status("hbench: [" + p.m.label() + "] " + w.getKey() + " server(s) lost during the"
            + " point: " + String.join(", ", c.nodesLost()));
        p.nodesLost.put(w.getKey(), c.nodesLost());
      }
    }
    if (!changes.datanodesLost().isEmpty()) {
      console.status("hbench: [" + p.m.label() + "] datanode(s) lost during the point: "
          + String.join(", ", changes.datanodesLost()));
      p.datanodesLost = changes.datanodesLost();
    }
    if (changes.failover() != null) {
      console.status("hbench: [" + p.m.label() + "] " + changes.failover());
      p.failover = changes.failover();
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
        failure == null ? Validation.of(ctx.checks()) : Validation.incomplete(ctx.checks());
    if (failure == null && "failed".equals(validation.status())) {
      failure =
          ctx.checks().stream()
              .filter(c -> !c.passed())
              .findFirst()
              .map(c -> "validation failed: " + c.name() + ": " + c.detail())
              .orElse("validation failed");
    }
    // Clean-up comes after the phases were timed, so it never counts in a figure.
    if (!ctx.keep() && ctx.pointDirectoryCreated()) {
      try {
        ctx.directories().delete(ctx.pointDirectoryPath());
      } catch (IOException | RuntimeException e) {
        console.status("hbench: could not remove " + ctx.pointDirectoryPath() + ": "
            + ErrorLine.of(e));
      }
    }
    return p.record(failure, validation, Instant.now());
  }

  /** A watch on each named service the suite needs ({@link ServiceProvider#watch}), by name. */
  private java.util.Map<String, ServiceWatch> watchServices() {
    java.util.Map<String, ServiceWatch> watches = new java.util.LinkedHashMap<>();
    for (String name : ws.needs.services()) {
      try {
        watches.put(name, ServiceProviders.provider(name).watch(ws.needs.withSettings(name, ws.base)));
      } catch (RuntimeException | LinkageError e) {
        // A service that cannot be watched is measured all the same, as before watches existed.
      }
    }
    return watches;
  }

  /** The daemons of each named service the suite needs ({@link ServiceProvider#daemons}). */
  private List<Daemon> serviceDaemons() {
    List<Daemon> out = new ArrayList<>();
    for (String name : ws.needs.services()) {
      try {
        out.addAll(ServiceProviders.provider(name).daemons(ws.needs.withSettings(name, ws.base)));
      } catch (RuntimeException | LinkageError e) {
        // Its figures are left out; the point is measured all the same.
      }
    }
    return out;
  }

  /** How long a NameNode that stopped answering during a point has to answer again. */
  static final long NAMENODE_WAIT_MILLIS = 2 * 60_000L;

  /** How long a restarted NameNode has to leave safe mode before the run goes on regardless. */
  static final long SAFE_MODE_WAIT_MILLIS = 10 * 60_000L;

  /**
   * After a NameNode restart: clean-up and the next point wait until the NameNode leaves safe
   * mode, or they would fail on its refusal rather than measure anything.
   */
  private void awaitOutOfSafeMode(String where) {
    console.status("hbench: [" + where + "] the NameNode restarted; waiting for it to leave safe"
        + " mode (at most " + SAFE_MODE_WAIT_MILLIS / 60_000 + " min)");
    long start = System.nanoTime();
    try {
      boolean left = ClusterChanges.awaitOutOfSafeMode(ws.dataFs, SAFE_MODE_WAIT_MILLIS);
      long s = (System.nanoTime() - start) / 1_000_000_000L;
      console.status(left ? "hbench: [" + where + "] the NameNode left safe mode after " + s + " s"
          : "hbench: [" + where + "] the NameNode is still in safe mode; going on");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A point being measured: what its record is made of, also when it is cut short. */
  private final class InProgress {
    final RunPlan.Measurement m;
    final PointRun ctx;
    final Instant started = Instant.now();
    volatile java.util.List<String> datanodesLost = java.util.List.of();
    volatile String failover;
    final java.util.Map<String, java.util.List<String>> nodesLost =
        new java.util.concurrent.ConcurrentHashMap<>();

    InProgress(RunPlan.Measurement m, PointRun ctx) {
      this.m = m;
      this.ctx = ctx;
    }

    ResultRecord record(String failure, Validation validation, Instant ended) {
      Map<String, Object> params = new LinkedHashMap<>(m.point().params());
      params.putAll(ctx.params());
      if (!m.cell().levels().isEmpty()) {
        // Which cell of --vary, and how the cells were ordered: what the main effects read.
        Experiment e = m.cell().settings().experiment();
        params.put(ResultRecord.CELL, new LinkedHashMap<>(m.cell().levels()));
        params.put("vary_order", e.sequential() ? "sequential" : "random");
        params.put("vary_seed", e.seed());
      }
      return new ResultRecord(
          ResultRecord.SCHEMA,
          runId,
          label,
          benchmark.name(),
          m.point().label(),
          m.repeat(),
          m.warmup() ? Boolean.TRUE : null,
          params,
          failure == null ? ResultRecord.OK : ResultRecord.FAILED,
          failure,
          validation,
          List.copyOf(ctx.phases()),
          ws.env.withServices(ctx.services()).withDatanodesLost(datanodesLost)
              .withFailover(failover)
              .withNodesLost(nodesLost)
              .withServers(ctx.serverFingerprints().servers(), ctx.serverFingerprints().configs()),
          recordedOptions,
          recordedConfig,
          started.toString(),
          ended.toString());
    }
  }
}
