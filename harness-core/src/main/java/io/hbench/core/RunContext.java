package io.hbench.core;

import io.hbench.core.error.PhaseFailedException;
import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.mapreduce.StartBarrier;
import io.hbench.core.result.Field;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.text.Console;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/**
 * What a suite gets to measure one point: the configuration, a directory of its own, and the
 * calls through which the core times phases, runs the suite's load and records validation. One
 * per point and repeat; the engine implements it, a suite only calls it. Each phase is recorded
 * once, whole: its timing, its loads, and the suite's figures of it ({@link PhaseFigures}), added after its clock stopped and before it
 * is recorded; a recorded phase is never changed.
 */
public interface RunContext {

  /** Work done by a phase; returns the records it processed, or null when not counted. */
  @FunctionalInterface
  interface PhaseBody {
    Long run() throws Exception;
  }

  /** The suite's figures of a phase, from the phase as timed (its seconds), after its clock. */
  @FunctionalInterface
  interface Figures {
    void add(PhaseResult timed, PhaseFigures into) throws Exception;
  }

  /** The suite's figures of an in-process load, from its result. */
  @FunctionalInterface
  interface LoadFigures {
    void add(LoadResult result, PhaseFigures into) throws Exception;
  }

  /** Client-side work done inside a job's phase time before the job is submitted. */
  @FunctionalInterface
  interface Preparation {
    void run() throws Exception;
  }

  /** The point's label as tables and progress lines show it ({@code 64M #2} for a repeat). */
  String label();

  /** This point's configuration; changes made to it stay with this point. */
  Configuration configuration();

  /** The file system of the base directory. */
  FileSystem fileSystem();

  /** Creates and deletes directories safely; see {@link OwnedDirectories}. */
  OwnedDirectories directories();

  /**
   * This point's own directory under the base directory, created (with its marker) on first
   * call and deleted after the point unless {@code --keep}.
   */
  Path pointDirectory() throws IOException;

  /** Whether the user asked to keep the data ({@code --keep}). */
  boolean keep();

  /**
   * Adds a parameter the suite worked out (a description, a setting it chose) to the result
   * record; one that is read back, by a report or by the load's clients, is a {@link Field}.
   */
  void param(String key, Object value);

  /**
   * Adds the parameter {@code field} to the result record, read back with its type by reports
   * ({@code record.param(field)}) and by the load's clients ({@link LoadScope#param}).
   */
  <T> void param(Field<T> field, T value);

  /** Runs and times {@code body} as the phase {@code name} processing {@code bytes}. */
  PhaseResult phase(String name, long bytes, PhaseBody body) throws Exception;

  /**
   * As {@link #phase(String, long, PhaseBody)}, with the suite's figures of it, added after its
   * clock stopped from the phase as timed (its seconds), and recorded with it.
   */
  PhaseResult phase(String name, long bytes, PhaseBody body, Figures figures) throws Exception;

  /**
   * As {@link #phase}, for one of several independent pieces of work of a point (a query of a
   * stream) whose failure must not stop the others: on success the phase is recorded and
   * returned; on failure no figure is kept, the failure becomes the failed check {@code name}
   * with {@code describe}'s one line (so the point is recorded failed), and null is returned.
   */
  PhaseResult attempt(String name, long bytes, PhaseBody body, java.util.function.Function<Exception, String> describe) throws InterruptedException;

  /**
   * Runs the suite's declared load ({@code Benchmark.load()}) for this point as the phase {@code
   * name}: in this process, or with {@code --maps M} as M map tasks on YARN, placed by the core.
   * The phase's bytes are what the calls moved, its records the calls, its loads the operations'
   * figures, with the suite's own ({@link LoadSpec#figures}). The suite checks its work against
   * the returned result.
   */
  LoadResult load(String name) throws Exception;

  /**
   * As {@link #load(String)}, with what this process prepared for a load that cannot leave it
   * (an in-process NameNode): the clients read it with {@link LoadScope#prepared}; a map task has
   * none.
   */
  LoadResult load(String name, Object prepared) throws Exception;

  /**
   * As {@link #load(String)}, the load as the suite declares it for {@code as}, a point of the
   * suite's making that is not among the run's (hbase-pe's write of the table a read on a fresh
   * embedded cluster needs): in this process only, since a map task finds its point by label
   * among the run's.
   *
   * @throws IllegalStateException with {@code --maps}
   */
  LoadResult loadAs(String name, Point as) throws Exception;

  /**
   * Runs {@code clients} in this process as the phase {@code name}, each thread making its
   * calls, recorded as {@code op} (or what a call names): for a load that by its nature stays in
   * one process, such as TPC-H's query streams on their JDBC connections. A load that can run
   * from many machines is declared ({@link #load(String)}).
   */
  LoadResult load(String name, String op, LoadClients clients, LoadFigures figures) throws Exception;

  /** Whether this run counts file system calls ({@code --instrument}). */
  boolean instrumented();

  /**
   * Runs a MapReduce job as the phase {@code name}: submitted, followed with a progress line,
   * timed from submission to completion (preparation included, see below), start-up cost and
   * counters recorded. A failed job throws {@link PhaseFailedException}, which fails the point.
   * Its tasks find the point they work for, the suite's options typed, with {@link
   * PointInTask#of}: a suite carries no settings of its own in the job's configuration. A job
   * whose maps must start their timed work together asks for it with {@link
   * StartBarrier#together}; this process then gives them their start.
   *
   * @param recordCounter the counter whose value is the phase's record count
   */
  PhaseResult runJob(String name, Job job, long bytes, Enum<?> recordCounter) throws Exception;

  /**
   * As {@link #runJob(String, Job, long, Enum)}, with client-side work (such as sampling the
   * input) that counts in the phase's time, done after the clock starts and before submission.
   */
  PhaseResult runJob(String name, Job job, long bytes, Enum<?> recordCounter, Preparation beforeSubmit) throws Exception;

  /**
   * As {@link #runJob(String, Job, long, Enum, Preparation)}, with the suite's figures
   * of the finished job (read from its output or counters after the clock stopped), recorded
   * with the phase.
   */
  PhaseResult runJob(String name, Job job, long bytes, Enum<?> recordCounter, Preparation beforeSubmit, Figures figures) throws Exception;

  /** Records a validation check. Any failed check fails the point. */
  void check(String name, boolean passed, String detail);

  /** Where the suite says what it does, as the run's other lines are said. */
  Console console();

  /**
   * Starts the embedded service {@code name} for this point only, through its {@link
   * io.hbench.core.cluster.ServiceProvider}: a service whose state is the point's own (the
   * in-process NameNode of {@code nnthroughput --mode direct}, fresh or kept per operation). It is
   * recorded in this point's {@code environment.services} and stopped when the point ends, if the
   * suite has not closed it before. Services the whole run needs are declared with {@link
   * Benchmark#needs} instead.
   *
   * @param conf the service's settings
   * @param dir a directory of this machine for its files, which the suite owns
   */
  io.hbench.core.cluster.RunningService startService(String name, Configuration conf, java.nio.file.Path dir) throws IOException;
}
