package io.hbench.core.engine;

import io.hbench.core.cluster.FaultActions;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.load.Disruption;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskReport;
import org.apache.hadoop.mapreduce.TaskType;

/**
 * {@code --disrupt kill-task-container}: the container of one of a {@code --maps} load's own
 * tasks killed, through the job's ApplicationMaster ({@code mapred job -kill-task}), which has
 * its NodeManager stop the container and starts the task again in a new one. Any cluster's
 * YARN lets a job's owner do it, so it is offered embedded and configured alike.
 *
 * <p>So that no call is lost from the figures, the attempt is told first ({@link
 * LoadJob#killOrder}): at its next interval's end it stops calling and leaves its figures
 * ({@link LoadJob#killedFigures}), and only then is its container killed. The next attempt joins
 * the load for what is left of it, and the conductor merges the task's attempts as one task's
 * ({@link io.hbench.core.load.LoadResult#continued}).
 */
final class TaskContainerKill implements FaultActions {

  /** How long an attempt told to stop has to leave its figures, and a kill to be done. */
  private static final long WAIT_MILLIS = 60_000;

  private volatile Job job;
  private volatile FileSystem fs;
  private volatile Path dir;

  private final String framework;

  /** The action for a run on a cluster of configuration {@code conf}. */
  TaskContainerKill(Configuration conf) {
    this.framework = conf.get("mapreduce.framework.name");
  }

  /** The load's job and directory, once it is submitted: what {@link #perform} acts on. */
  void bind(Job job, Path dir) throws IOException {
    // Not the load's I/O: uncounted, as the conductor's own files are.
    this.fs = io.hbench.core.fs.Instrumentation.uncounted(dir.getFileSystem(
        job.getConfiguration()));
    this.dir = dir;
    this.job = job;
  }

  @Override
  public String service() {
    return "yarn";
  }

  /**
   * Checks, before anything is created, that the load's map tasks ({@code --maps}, which the
   * options' own check asked for) run in YARN's containers, not in this process.
   *
   * @throws InvalidInputException when it has none
   */
  @Override
  public void check(Disruption.Action action) {
    if (!"yarn".equals(framework)) {
      throw new InvalidInputException("--disrupt kill-task-container: the load's map tasks run in"
          + " this process (mapreduce.framework.name=" + framework + "), with no container to"
          + " kill; it needs YARN");
    }
  }

  /** Kills the container of the lowest-numbered map task that is running. */
  @Override
  public String perform(Disruption.Action action) throws IOException, InterruptedException {
    Job j = job;
    if (j == null) {
      throw new IOException("the load's job has not started");
    }
    TaskAttemptID attempt = Arrays.stream(j.getTaskReports(TaskType.MAP))
        .filter(r -> !r.getRunningTaskAttemptIds().isEmpty())
        .min(Comparator.comparingInt(r -> r.getTaskID().getId()))
        .map(TaskContainerKill::running)
        .orElseThrow(() -> new IOException("no task of the load is running"));
    int task = attempt.getTaskID().getId();
    LoadJob.write(fs, LoadJob.killOrder(dir, 0, task, attempt.getId()), "");
    Path figures = LoadJob.killedFigures(dir, 0, task, attempt.getId());
    long deadline = System.currentTimeMillis() + WAIT_MILLIS;
    while (!fs.exists(figures)) {
      if (System.currentTimeMillis() > deadline || j.isComplete()) {
        throw new IOException(attempt + " did not stop calling within " + WAIT_MILLIS / 1000
            + " s of being told");
      }
      Thread.sleep(20);
    }
    j.killTask(attempt);
    while (isRunning(j, attempt)) {
      if (System.currentTimeMillis() > deadline) {
        throw new IOException(attempt + " still runs " + WAIT_MILLIS / 1000 + " s after it was"
            + " killed");
      }
      Thread.sleep(100);
    }
    return attempt + " (map task " + task + ")";
  }

  private static TaskAttemptID running(TaskReport r) {
    return r.getRunningTaskAttemptIds().stream()
        .max(Comparator.comparingInt(TaskAttemptID::getId)).orElseThrow();
  }

  private static boolean isRunning(Job j, TaskAttemptID attempt) throws IOException,
      InterruptedException {
    for (TaskReport r : j.getTaskReports(TaskType.MAP)) {
      if (r.getRunningTaskAttemptIds().contains(attempt)) {
        return true;
      }
    }
    return false;
  }
}
