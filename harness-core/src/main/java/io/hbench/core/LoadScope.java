package io.hbench.core;

import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.result.Field;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What one process's clients of a load are opened with ({@link LoadSpec#open}), the same in this
 * process and in a map task: the configuration, the suite's options and point, the parameters
 * recorded for the point so far, the point's directories, and which clients are this process's.
 */
public final class LoadScope {

  private final Configuration conf;
  private final OptionValues options;
  private final Point point;
  private final Map<String, Object> params;
  private final OwnedDirectories dirs;
  private final Path pointDirectory;
  private final int process;
  private final int processes;
  private final int threads;
  private final Object prepared;
  private final int run;
  /** How this process's clients are driven in this run, their counts left open. */
  private final io.hbench.core.load.LoadPlan plan;
  private final boolean timed;
  private final io.hbench.core.text.Console console;
  private final String phase;

  /** How far apart a restarted map task's runs are numbered from its first attempt's. */
  public static final int RESTARTED = 1000;

  /** The scope of one process's clients: made by the engine, or by a suite's unit test. */
  public LoadScope(Configuration conf, OptionValues options, Point point, Map<String, Object> params,
      OwnedDirectories dirs, Path pointDirectory, int process, int processes, int threads,
      Object prepared) {
    this(conf, options, point, params, dirs, pointDirectory, process, processes, threads,
        prepared, 0, null, false, null, "");
  }

  private LoadScope(Configuration conf, OptionValues options, Point point,
      Map<String, Object> params, OwnedDirectories dirs, Path pointDirectory, int process,
      int processes, int threads, Object prepared, int run, io.hbench.core.load.LoadPlan plan,
      boolean timed, io.hbench.core.text.Console console, String phase) {
    this.console = console;
    this.phase = phase;
    this.run = run;
    this.plan = plan;
    this.timed = timed;
    this.conf = conf;
    this.options = options;
    this.point = point;
    this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    this.dirs = dirs;
    this.pointDirectory = pointDirectory;
    this.process = process;
    this.processes = processes;
    this.threads = threads;
    this.prepared = prepared;
  }

  /** The point's configuration (the job's, in a map task). */
  public Configuration configuration() {
    return conf;
  }

  public OptionValues options() {
    return options;
  }

  public Point point() {
    return point;
  }

  /**
   * A parameter recorded for the point before the load (by {@link Benchmark#points} or {@link
   * RunContext#param(Field, Object)}), with its type; null when none was.
   */
  public <T> T param(Field<T> field) {
    return field.in(params);
  }

  /** The file system of the base directory. */
  public FileSystem fileSystem() {
    return dirs.fileSystem();
  }

  /** The base directory and the only place to create or delete in ({@link OwnedDirectories}). */
  public OwnedDirectories directories() {
    return dirs;
  }

  /** The point's own directory, already made when the load's clients open. */
  public Path pointDirectory() {
    return pointDirectory;
  }

  /** This process's first client, numbered over every process: {@code process() x threads()}. */
  public int firstClient() {
    return process * threads;
  }

  /** This process's client threads. */
  public int threads() {
    return threads;
  }

  /** Client threads over every process. */
  public int clients() {
    return threads * processes;
  }

  /** This process: 0 in this process, the task's number in a map task. */
  public int process() {
    return process;
  }

  /** Processes running the load: 1, or the map tasks. */
  public int processes() {
    return processes;
  }

  /**
   * This scope for run {@code run} of the load, driven as {@code plan} says (its counts open):
   * the core's, before it opens the clients.
   */
  public LoadScope forRun(int run, io.hbench.core.load.LoadPlan plan, boolean timed,
      io.hbench.core.text.Console console) {
    return new LoadScope(conf, options, point, params, dirs, pointDirectory, process, processes,
        threads, prepared, run, plan, timed, console, phase);
  }

  /** This scope for the load run as the phase {@code name}: the core's, before it opens them. */
  public LoadScope inPhase(String name) {
    return new LoadScope(conf, options, point, params, dirs, pointDirectory, process, processes,
        threads, prepared, run, plan, timed, console, name);
  }

  /**
   * The phase this load runs as ({@link RunContext#load(String)}'s name), in this process and in
   * every map task: what tells a point's loads apart when it has several (datanodes' writes, then
   * the reads of what they wrote). "" when the scope was made outside a run.
   */
  public String phase() {
    return phase;
  }

  /**
   * Where this process shows progress (of work done while the clients open, before any clock):
   * the run's console, or a map task's log.
   */
  public io.hbench.core.text.Console console() {
    return console != null ? console
        : new io.hbench.core.text.Console(System.out, System.err, false, 10_000);
  }

  /**
   * Which run of the load this is within its phase: 0, or a {@code --find-max} search's step
   * (the probe 0, then 1, 2, ...), each of which opens the clients again. A load that makes names
   * keeps each run's apart with it, so that no run finds the names of another. A map task started
   * again during the run (attempt {@code a} after {@code --disrupt kill-task-container}) opens
   * its clients as run {@link #RESTARTED}{@code  x a +} the run, so that its names are new too.
   */
  public int run() {
    return run;
  }

  /** Whether a duration drives this load ({@link LoadSpec#timed}), not the clients' counts. */
  public boolean timed() {
    return timed;
  }

  /**
   * The most calls client {@code thread} of this process can make in this run (0 to {@code
   * threads() - 1}): under a duration at a rate (a {@code --target-rate}, or a step of {@code
   * --find-max}), what the rate allows in the warm-up and the duration, exactly; {@link
   * Long#MAX_VALUE} when nothing but the duration bounds it (as fast as the clients go), or
   * when the load is not timed (its own counts bound it). What a load that consumes names (delete,
   * rename) makes before the clock.
   */
  public long callsAtMost(int thread) {
    return plan == null || !timed ? Long.MAX_VALUE : plan.callsAtMost(thread);
  }

  /**
   * What the suite prepared in this process for a load that cannot leave it ({@link
   * RunContext#load(String, Object)}: nnthroughput's in-process NameNode and its simulated
   * datanodes), or null, as in every map task.
   */
  public <T> T prepared(Class<T> type) {
    return type.isInstance(prepared) ? type.cast(prepared) : null;
  }
}
