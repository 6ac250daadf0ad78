package io.hbench.core.mapreduce;

import io.hbench.core.text.Console;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/**
 * A start barrier for a job's map tasks. Each task, once ready for its timed work (its file or
 * clients open), says so ({@code <dir>/ready/<task>}) and waits; the client that submitted the
 * job writes one wall-clock start ({@code <dir>/go}) once every task is ready, so that no task's
 * work runs while the others are still being scheduled and started. Containers start a second
 * or more apart: without it, one short task is over before the next begins, and figures meant
 * for tasks sharing the cluster describe one task alone.
 *
 * <p>A job asks for it with {@link #together}; {@code RunContext.runJob} then gives the start,
 * and each map calls {@link #arrive(Configuration, int)} before its timed work. A declared load
 * on map tasks uses one barrier per run. When the cluster runs fewer tasks at once than there
 * are (more files than containers), the client gives the start to those ready once no other has
 * come for {@value #DEFAULT_STALL_MILLIS} ms, and the rest start as they come.
 */
public final class StartBarrier {

  /** The barrier's directory, set by the client before submission. */
  public static final String DIR = "hbench.start.dir";

  /** How many tasks start together; a job without it has no barrier. */
  public static final String TASKS = "hbench.start.tasks";

  /** How long a ready task waits for the start before it fails, ms. */
  public static final String TIMEOUT = "hbench.start.timeout-ms";

  /** How long the client waits for one more task to be ready before starting those that are. */
  public static final String STALL = "hbench.start.stall-ms";

  static final long DEFAULT_TIMEOUT_MILLIS = 300_000;
  static final long DEFAULT_STALL_MILLIS = 15_000;

  /** How far after the last task said it was ready the start is set: time to read it, ms. */
  public static final long START_DELAY_MILLIS = 300;

  /** MapReduce's local runner runs one map at a time unless told otherwise; at most these. */
  static final int LOCAL_TOGETHER = 8;

  private static final String READY = "ready";
  private static final String GO = "go";

  private final FileSystem fs;
  private final Path dir;

  /** The barrier in {@code dir} of {@code fs}, which every task and the client can reach. */
  public StartBarrier(FileSystem fs, Path dir) {
    this.fs = fs;
    this.dir = dir;
  }

  /**
   * Declares that {@code job}'s {@code tasks} map tasks start their timed work together: each
   * calls {@link #arrive(Configuration, int)}, and the client that runs the job gives the start.
   */
  public static void together(Job job, int tasks) {
    Configuration conf = job.getConfiguration();
    conf.setInt(TASKS, tasks);
    // In the local runner, tasks beyond its threads start as they come (see above).
    conf.setInt("mapreduce.local.map.tasks.maximum", Math.max(
        conf.getInt("mapreduce.local.map.tasks.maximum", 1), Math.min(tasks, LOCAL_TOGETHER)));
  }

  /** Whether {@code job} asked for its tasks to start together. */
  public static boolean wanted(Job job) {
    return job.getConfiguration().getInt(TASKS, 0) > 0;
  }

  /**
   * A map task's side of its job's barrier: says task {@code task} is ready and returns at the
   * start the client gave (at once if it was given already).
   *
   * @return the start, ms since the epoch
   */
  public static long arrive(Configuration conf, int task) throws IOException,
      InterruptedException {
    String where = conf.get(DIR);
    if (where == null) {
      throw new IOException("the job asked its tasks to start together, but its client set no"
          + " start barrier (" + DIR + ")");
    }
    Path dir = new Path(where);
    // Not among the task's counted calls (--instrument) nor its store's requests (an instance
    // of its own, not the task's cached one, whose requests are counted): the barrier is the
    // harness's, and on an object store its wait is a HEAD every 20 ms.
    FileSystem own = io.hbench.core.fs.Instrumentation.uncounted(
        FileSystem.newInstance(dir.toUri(), conf));
    try {
      return new StartBarrier(own, dir)
          .arrive(Integer.toString(task), conf.getLong(TIMEOUT, DEFAULT_TIMEOUT_MILLIS));
    } finally {
      own.close();
    }
  }

  /** As {@link #arrive(Configuration, int)}, for task {@code task} of this barrier. */
  public long arrive(String task, long timeoutMillis) throws IOException, InterruptedException {
    Path ready = new Path(dir, READY);
    fs.mkdirs(ready);
    fs.create(new Path(ready, task), true).close();
    Path go = new Path(dir, GO);
    long deadline = System.currentTimeMillis() + timeoutMillis;
    while (!fs.exists(go)) {
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("no start given " + timeoutMillis / 1000 + " s after this task was"
            + " ready: the other tasks never were, or the client that runs the job is gone");
      }
      Thread.sleep(20);
    }
    long start;
    try (InputStream in = fs.open(go)) {
      start = Long.parseLong(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim());
    }
    long wait = start - System.currentTimeMillis();
    if (wait > 0) {
      Thread.sleep(wait);
    }
    return start;
  }

  /**
   * The start already given (ms since the epoch), or null when it has not been: what a task
   * started again after the start (a killed one's next attempt) joins late.
   */
  public Long given() throws IOException {
    Path go = new Path(dir, GO);
    if (!fs.exists(go)) {
      return null;
    }
    try (InputStream in = fs.open(go)) {
      return Long.parseLong(new String(in.readAllBytes(), StandardCharsets.UTF_8).trim());
    }
  }

  /** Whether the job has ended (a task failed): no task will come any more. */
  @FunctionalInterface
  public interface Ended {
    boolean ended() throws IOException;
  }

  /**
   * What the client checks and says while it waits for the tasks to be ready: whether their job
   * ended, and the progress line "[label] subject: n of m what".
   */
  public record Waiting(Ended job, Console console, String label, String subject, String what) {

    String line(int seen, int of) {
      return "[" + label + "] " + subject + ": " + seen + " of " + of + " " + what;
    }
  }

  /**
   * The client's wait for {@code tasks} tasks to be ready. Returns how many are: all of them;
   * fewer when no other came for {@code stallMillis} ms after the last did (the cluster runs no
   * more at once); -1 when the job ended first (a task failed; the job's failure says why).
   * Throws when fewer than all are ready after {@code timeoutMillis} ms, with {@code why}.
   */
  public int awaitReady(int tasks, long stallMillis, long timeoutMillis, String why,
      Waiting waiting) throws IOException, InterruptedException {
    long started = System.currentTimeMillis();
    long lastArrival = started;
    int before = 0;
    boolean shown = false;
    int seen;
    while ((seen = count()) < tasks) {
      if (waiting.job().ended()) {
        return -1;
      }
      long now = System.currentTimeMillis();
      if (seen > before) {
        before = seen;
        lastArrival = now;
      }
      if (seen > 0 && now - lastArrival > stallMillis) {
        break;
      }
      if (now - started > timeoutMillis) {
        throw new IOException(waiting.line(seen, tasks) + " after " + timeoutMillis / 1000
            + " s; " + why);
      }
      // Said only when it takes a while (containers starting, not a step's short wait).
      if (now - started >= 1000) {
        waiting.console().progress(waiting.line(seen, tasks));
        shown = true;
      }
      Thread.sleep(100);
    }
    if (shown) {
      waiting.console().finishProgress(String.format(Locale.ROOT, "%s after %.1f s",
          waiting.line(seen, tasks), (System.currentTimeMillis() - started) / 1e3));
    }
    return seen;
  }

  /** Gives the start, {@link #START_DELAY_MILLIS} from now; returns it (ms since the epoch). */
  public long go() throws IOException {
    long start = System.currentTimeMillis() + START_DELAY_MILLIS;
    writeWhole(fs, new Path(dir, GO), Long.toString(start));
    return start;
  }

  /**
   * The client's side of a job that asked for {@link #together}: waits for its tasks, gives the
   * start, and says when fewer than all were ready for it. Runs while the job runs.
   */
  public static void release(Job job, FileSystem fs, Path dir, Console console, String label,
      String phase) throws IOException, InterruptedException {
    Configuration conf = job.getConfiguration();
    int tasks = conf.getInt(TASKS, 0);
    long stall = conf.getLong(STALL, DEFAULT_STALL_MILLIS);
    StartBarrier barrier = new StartBarrier(fs, dir);
    int ready = barrier.awaitReady(tasks, stall,
        // The tasks wait this long for the start; the client gives it before they give up.
        conf.getLong(TIMEOUT, DEFAULT_TIMEOUT_MILLIS) - 10_000 > stall
            ? conf.getLong(TIMEOUT, DEFAULT_TIMEOUT_MILLIS) - 10_000 : stall,
        "the cluster runs no task of this job", new Waiting(job::isComplete, console, label, phase + " tasks",
            "ready to start together"));
    if (ready < 0) {
      return;
    }
    barrier.go();
    if (ready < tasks) {
      console.status(String.format(Locale.ROOT, "[%s] %s: %d of %d tasks started together; no"
          + " other was ready within %.0f s (the cluster ran no more at once), and the rest start"
          + " as they come", label, phase, ready, tasks, stall / 1e3));
    }
  }

  private int count() throws IOException {
    Path ready = new Path(dir, READY);
    if (!fs.exists(ready)) {
      return 0;
    }
    return fs.listStatus(ready, p -> !p.getName().startsWith(".")).length;
  }

  /**
   * Writes {@code text} as {@code file}, whole: written aside, then renamed into place, so that
   * a task or client polling for it never reads it half written.
   */
  public static void writeWhole(FileSystem fs, Path file, String text) throws IOException {
    Path tmp = new Path(file.getParent(), "." + file.getName() + ".tmp");
    try (java.io.Writer w = new java.io.OutputStreamWriter(fs.create(tmp, true),
        StandardCharsets.UTF_8)) {
      w.write(text);
    }
    if (!fs.rename(tmp, file)) {
      throw new IOException("could not write " + file);
    }
  }
}
