package io.hbench.core.engine;

import io.hbench.core.RunContext;
import io.hbench.core.annotation.Internal;
import io.hbench.core.cluster.ScratchDirectory;
import io.hbench.core.error.PhaseFailedException;
import io.hbench.core.mapreduce.TaskIoReport;
import io.hbench.core.mapreduce.TaskJava;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.text.Console;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;

/**
 * Runs one MapReduce job as a measured phase: submits it, shows map and reduce progress, times it
 * from the start of the phase (client-side preparation such as sampling, then submission) to
 * completion, and reads its start-up cost and counters. Jobs still running
 * when the process is interrupted are killed, so Ctrl-C leaves nothing behind on the cluster.
 */
@Internal
public final class JobPhase {

  /** How often a job's state is asked for: its end is seen at most this late (was 1 s). */
  private static final long POLL_MILLIS = 200;

  private final Console console;
  private final Set<Job> running = ConcurrentHashMap.newKeySet();

  public JobPhase(Console console) {
    this.console = console;
  }

  /**
   * Client-side work done while the job runs, once it is submitted (a declared load's
   * conductor, which tells the tasks when to run each step): it returns once the tasks are told
   * to end; the job is then awaited as any other. If it fails, the job is killed.
   */
  @FunctionalInterface
  public interface WhileRunning {
    void run(Job job) throws Exception;
  }

  /**
   * Runs {@code job} as the phase {@code phase}: submitted, followed with a progress line, timed
   * from submission to completion, its start-up time and counters recorded.
   *
   * @param phase phase name
   * @param label point label, for the progress line
   * @param job a configured, unsubmitted job
   * @param bytes bytes the job processes, for MB/s
   * @param recordCounter the counter that counts the phase's records
   * @param beforeSubmit client-side work that belongs to the phase's time (such as sampling the
   *     input), run after the clock starts; may be null
   * @param during client-side work while the job runs; may be null
   */
  public PhaseResult run(
      String phase,
      String label,
      Job job,
      long bytes,
      Enum<?> recordCounter,
      RunContext.Preparation beforeSubmit,
      WhileRunning during)
      throws Exception {
    dropJarAlreadyOnClassPath(job);
    shipLibrariesBesideJobJar(job);
    TaskJava.apply(job);
    boolean local = "local".equals(job.getConfiguration().get("mapreduce.framework.name", "local"));
    // Made before the clock starts and removed after it stops.
    try (ScratchDirectory scratch =
        local ? ScratchDirectory.forLocalJob(job.getConfiguration()) : null) {
      long t0 = System.nanoTime();
      if (beforeSubmit != null) {
        beforeSubmit.run();
      }
      // hbench parses -D and --conf itself; this keeps JobSubmitter from advising ToolRunner.
      job.getConfiguration().setBoolean("mapreduce.client.genericoptionsparser.used", true);
      // So that the next run finds this job if this process is killed and the job is not.
      String tags = job.getConfiguration().getTrimmed("mapreduce.job.tags", "");
      job.getConfiguration().set("mapreduce.job.tags", (tags.isEmpty() ? "" : tags + ",")
          + io.hbench.core.cluster.DeadRunApplications.tags());
      long submitMillis = System.currentTimeMillis();
      if (local) {
        LocalJobFailures.listen();
      }
      return runSubmitted(phase, label, job, bytes, recordCounter, t0, submitMillis, local,
          during);
    }
  }

  private PhaseResult runSubmitted(String phase, String label, Job job, long bytes,
      Enum<?> recordCounter, long t0, long submitMillis, boolean local, WhileRunning during)
      throws Exception {
    try {
      job.submit();
    } catch (ClassNotFoundException e) {
      throw new IOException(e);
    }
    running.add(job);
    try {
      if (during != null) {
        try {
          during.run(job);
        } catch (Exception | Error e) {
          try {
            if (!job.isComplete()) {
              job.killJob();
            }
          } catch (IOException | RuntimeException suppressed) {
            e.addSuppressed(suppressed);
          }
          throw e;
        }
      }
      while (!job.isComplete()) {
        console.progress(progressLine(phase, label, job, (System.nanoTime() - t0) / 1e9));
        Thread.sleep(POLL_MILLIS);
      }
    } finally {
      running.remove(job);
    }
    double seconds = (System.nanoTime() - t0) / 1e9;
    console.finishProgress(progressLine(phase, label, job, seconds));
    if (!job.isSuccessful()) {
      String info = job.getStatus().getFailureInfo();
      if (local && (info == null || info.isBlank() || info.equals("NA"))) {
        info = LocalJobFailures.reason(job.getJobID().toString());
      } else if (info != null && info.startsWith("Task failed")) {
        String error = firstTaskError(job);
        info = error == null ? info : firstLine(info) + ": " + error;
      }
      if (!local && info != null && info.contains("AM Container for appattempt_")) {
        // YARN says only that the ApplicationMaster exited; its own log says why.
        String cause = AmFailure.cause(job.getConfiguration(),
            job.getJobID().toString().replaceFirst("^job_", "application_"));
        if (cause != null) {
          info = "its ApplicationMaster failed: " + cause;
        }
      }
      // A Java older than hbench's classes: said as what to do, not as a class loader's words.
      String javaTooOld = TaskJava.classVersionFailure(info);
      if (javaTooOld != null) {
        info = javaTooOld;
      }
      throw new PhaseFailedException(
          phase
              + " job "
              + job.getJobID()
              + " "
              + job.getJobState().toString().toLowerCase(Locale.ROOT)
              + (info == null || info.isBlank() ? "" : ": " + firstLine(info)));
    }
    Counters counters = job.getCounters();
    Long records = counters == null ? null : counters.findCounter(recordCounter).getValue();
    Map<String, Integer> tasks = new LinkedHashMap<>();
    int maps = (int) value(counters, "org.apache.hadoop.mapreduce.JobCounter", "TOTAL_LAUNCHED_MAPS");
    int reduces = (int) value(counters, "org.apache.hadoop.mapreduce.JobCounter", "TOTAL_LAUNCHED_REDUCES");
    if (local && maps == 0 && reduces == 0) {
      // The local runner counts no launched tasks; it runs one map per split (the count
      // JobSubmitter leaves in the job's configuration) and the reduces asked for.
      maps = job.getConfiguration().getInt("mapreduce.job.maps", 0);
      reduces = job.getNumReduceTasks();
    }
    tasks.put("maps", maps);
    tasks.put("reduces", reduces);
    return new PhaseResult(
        phase,
        seconds,
        bytes,
        records,
        startupSeconds(job, submitMillis, seconds),
        job.getJobID().toString(),
        tasks,
        selectedCounters(counters));
  }

  /**
   * The standalone form keeps hbench as separate jars in {@code lib/}; a job jar is then one
   * module's jar, so on a real cluster the tasks also need the core's and HdrHistogram's (the
   * thin {@code bench.jar} carries both inside itself). Hadoop's own jars are the cluster's.
   */
  static void shipLibrariesBesideJobJar(Job job) {
    Configuration conf = job.getConfiguration();
    if (conf.getBoolean("yarn.is.minicluster", false) || conf.get(MRJobConfig.JAR) == null) {
      return;
    }
    java.util.Set<String> jars = new java.util.LinkedHashSet<>();
    String given = conf.get("tmpjars");
    if (given != null && !given.isBlank()) {
      jars.addAll(java.util.Arrays.asList(given.split(",")));
    }
    int before = jars.size();
    for (Class<?> c : new Class<?>[] {JobPhase.class, org.HdrHistogram.Histogram.class}) {
      String jar = org.apache.hadoop.util.ClassUtil.findContainingJar(c);
      // In bench.jar both are inside the job jar itself (relocated): nothing to add.
      if (jar != null && !jar.equals(conf.get(MRJobConfig.JAR))) {
        jars.add(new File(jar).toURI().toString());
      }
    }
    if (jars.size() > before) {
      conf.set("tmpjars", String.join(",", jars));
    }
  }

  /**
   * On a mini cluster the tasks get the client's classpath (MRApps propagates it when {@code
   * yarn.is.minicluster} is set), so shipping a jar that is already on it only copies a large
   * standalone jar into HDFS and back for every job.
   */
  private static void dropJarAlreadyOnClassPath(Job job) {
    Configuration conf = job.getConfiguration();
    if (!conf.getBoolean("yarn.is.minicluster", false)) {
      return;
    }
    String jar = conf.get(MRJobConfig.JAR);
    if (jar == null) {
      return;
    }
    String path = jar.startsWith("file:") ? URI.create(jar).getPath() : jar;
    for (String entry : System.getProperty("java.class.path", "").split(File.pathSeparator)) {
      if (!entry.isEmpty() && new File(entry).getAbsoluteFile().equals(new File(path).getAbsoluteFile())) {
        conf.unset(MRJobConfig.JAR);
        return;
      }
    }
  }

  /** Kills every job still running; for the interrupt handler. */
  public void killRunning() {
    for (Job job : running) {
      try {
        job.killJob();
      } catch (IOException | RuntimeException e) {
        // Best effort during shutdown.
      }
    }
  }

  private static String progressLine(String phase, String label, Job job, double elapsed) {
    try {
      return String.format(
          Locale.ROOT,
          "[%s] %s %s: map %3.0f%% reduce %3.0f%% %6.1fs",
          label,
          phase,
          job.getJobID(),
          job.mapProgress() * 100,
          job.reduceProgress() * 100,
          elapsed);
    } catch (IOException | RuntimeException e) {
      return String.format(Locale.ROOT, "[%s] %s: %6.1fs", label, phase, elapsed);
    }
  }

  /**
   * Submission (the submit call, which uploads the job's files) to the first task running: the
   * fixed cost (upload, ApplicationMaster start, scheduling, task JVM start) that every job pays
   * whatever its size. Null when task reports are not
   * available (no JobHistory server).
   */
  private static Double startupSeconds(Job job, long submitMillis, double seconds) {
    try {
      long first = Long.MAX_VALUE;
      for (TaskType type : new TaskType[] {TaskType.MAP, TaskType.REDUCE}) {
        for (TaskReport r : job.getTaskReports(type)) {
          if (r.getStartTime() > 0) {
            first = Math.min(first, r.getStartTime());
          }
        }
      }
      if (first == Long.MAX_VALUE) {
        return null;
      }
      double s = (first - submitMillis) / 1000.0;
      return Math.max(0, Math.min(s, seconds));
    } catch (IOException | InterruptedException | RuntimeException e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      return null;
    }
  }

  private static final TaskCounter[] SELECTED = {
    TaskCounter.MAP_INPUT_RECORDS,
    TaskCounter.MAP_OUTPUT_RECORDS,
    TaskCounter.MAP_OUTPUT_BYTES,
    TaskCounter.SPILLED_RECORDS,
    TaskCounter.REDUCE_SHUFFLE_BYTES,
    TaskCounter.REDUCE_OUTPUT_RECORDS,
    TaskCounter.GC_TIME_MILLIS,
    TaskCounter.CPU_MILLISECONDS
  };

  private static Map<String, Long> selectedCounters(Counters counters) {
    if (counters == null) {
      return null;
    }
    Map<String, Long> out = new LinkedHashMap<>();
    for (TaskCounter c : SELECTED) {
      out.put(c.name().toLowerCase(Locale.ROOT), counters.findCounter(c).getValue());
    }
    // Time inside the task attempts, summed: the tasks' own work, without YARN's scheduling gaps
    // (two maps that ran one after the other, or side by side, add up the same).
    out.put("millis_maps", counters.findCounter(org.apache.hadoop.mapreduce.JobCounter.MILLIS_MAPS).getValue());
    out.put("millis_reduces", counters.findCounter(org.apache.hadoop.mapreduce.JobCounter.MILLIS_REDUCES).getValue());
    // What instrumented tasks published (--instrument): io_<operation>_calls/_bytes/_ms.
    for (Counter c : counters.getGroup(TaskIoReport.COUNTER_GROUP)) {
      out.put("io_" + c.getName().replace(' ', '_'), c.getValue());
    }
    // Per scheme (hdfs_bytes_read, file_bytes_written, ...): local spills stay apart from HDFS I/O.
    for (Counter c : counters.getGroup("org.apache.hadoop.mapreduce.FileSystemCounter")) {
      String n = c.getName();
      if (n.endsWith("BYTES_READ") || n.endsWith("BYTES_WRITTEN")) {
        out.put(n.toLowerCase(Locale.ROOT), c.getValue());
      }
    }
    return out;
  }

  private static long value(Counters counters, String group, String name) {
    return counters == null ? 0 : counters.findCounter(group, name).getValue();
  }

  /**
   * The first failed task attempt's own error: YARN's failure info names the task only ("Task
   * failed task_..."), and the reason is in the attempt's diagnostics. Best effort: null if the
   * job's history cannot say.
   */
  static String firstTaskError(Job job) {
    try {
      int from = 0;
      for (int page = 0; page < 100; page++) {
        org.apache.hadoop.mapreduce.TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, 100);
        if (events.length == 0) {
          return null;
        }
        for (org.apache.hadoop.mapreduce.TaskCompletionEvent e : events) {
          // TIPFAILED: an attempt that failed its task for good (its last allowed one).
          if (e.getStatus() == org.apache.hadoop.mapreduce.TaskCompletionEvent.Status.FAILED
              || e.getStatus() == org.apache.hadoop.mapreduce.TaskCompletionEvent.Status.TIPFAILED) {
            for (String d : job.getTaskDiagnostics(e.getTaskAttemptId())) {
              if (d != null && !d.isBlank()) {
                return firstLine(d);
              }
            }
          }
        }
        from += events.length;
      }
    } catch (IOException | RuntimeException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return null;
  }

  private static String firstLine(String s) {
    int nl = s.indexOf('\n');
    return (nl >= 0 ? s.substring(0, nl) : s).trim();
  }
}
