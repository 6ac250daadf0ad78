package io.hbench.core.mapreduce;

import java.io.IOException;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.PathOutputCommitter;

/**
 * Passes everything to a job's own committer, and tells a task's figures once at the task's end:
 * every map and reduce task asks {@code needsTaskCommit} after its output is closed and before
 * its final counters are sent, and commits (when it has output) before them too. It is a {@link
 * PathOutputCommitter} so that output formats which look up their work path through the task's
 * committer keep working.
 */
final class TaskEndCommitter extends PathOutputCommitter {

  /** What a task tells at its end: to counters, or to a side file. */
  @FunctionalInterface
  interface AtTaskEnd {
    void publish(TaskAttemptContext task) throws IOException;
  }

  private final OutputCommitter inner;
  private final AtTaskEnd atEnd;

  TaskEndCommitter(OutputCommitter inner, TaskAttemptContext context, AtTaskEnd atEnd)
      throws IOException {
    super(inner instanceof PathOutputCommitter p ? p.getOutputPath() : null, context);
    this.inner = inner;
    this.atEnd = atEnd;
  }

  @Override
  public Path getOutputPath() {
    return inner instanceof PathOutputCommitter p ? p.getOutputPath() : null;
  }

  @Override
  public Path getWorkPath() throws IOException {
    return inner instanceof PathOutputCommitter p ? p.getWorkPath() : null;
  }

  @Override
  public void setupJob(JobContext jobContext) throws IOException {
    inner.setupJob(jobContext);
  }

  @Override
  public void commitJob(JobContext jobContext) throws IOException {
    inner.commitJob(jobContext);
  }

  @Override
  public void abortJob(JobContext jobContext, JobStatus.State state) throws IOException {
    inner.abortJob(jobContext, state);
  }

  @Override
  @SuppressWarnings("deprecation")
  public void cleanupJob(JobContext jobContext) throws IOException {
    inner.cleanupJob(jobContext);
  }

  @Override
  public void setupTask(TaskAttemptContext taskContext) throws IOException {
    inner.setupTask(taskContext);
  }

  @Override
  public boolean needsTaskCommit(TaskAttemptContext taskContext) throws IOException {
    boolean needs = inner.needsTaskCommit(taskContext);
    if (!needs) {
      // No commit follows, so this is the task's last chance; otherwise commitTask tells once,
      // the commit's own calls included.
      atEnd.publish(taskContext);
    }
    return needs;
  }

  @Override
  public void commitTask(TaskAttemptContext taskContext) throws IOException {
    inner.commitTask(taskContext);
    atEnd.publish(taskContext);
  }

  @Override
  public void abortTask(TaskAttemptContext taskContext) throws IOException {
    inner.abortTask(taskContext);
  }

  @Override
  @SuppressWarnings("deprecation")
  public boolean isRecoverySupported() {
    return inner.isRecoverySupported();
  }

  @Override
  public boolean isRecoverySupported(JobContext jobContext) throws IOException {
    return inner.isRecoverySupported(jobContext);
  }

  @Override
  public boolean isCommitJobRepeatable(JobContext jobContext) throws IOException {
    return inner.isCommitJobRepeatable(jobContext);
  }

  @Override
  public void recoverTask(TaskAttemptContext taskContext) throws IOException {
    inner.recoverTask(taskContext);
  }
}
