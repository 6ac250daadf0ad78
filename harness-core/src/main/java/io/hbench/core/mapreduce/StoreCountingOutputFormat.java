package io.hbench.core.mapreduce;

import io.hbench.core.annotation.Internal;
import io.hbench.core.fs.StoreCounts;
import java.io.IOException;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Wraps a job's output format so that each task adds its object store's requests ({@link
 * StoreCounts}) to the job's counters at its end, its commit's included, and MapReduce adds them
 * up over the tasks that succeeded. A task runs in a JVM of its own, so the counts of its file
 * system instance (Hadoop's cached one, which the suite's code gets too) are the task's; the
 * harness's own files in a task (its JVM's report, the start barrier) go through other instances.
 * The ApplicationMaster's calls (the job's set-up and commit) are not a task's and are not
 * counted.
 */
@Internal
public final class StoreCountingOutputFormat<K, V> extends WrappingOutputFormat<K, V> {

  /** The wrapped output format class. */
  static final String WRAPPED_KEY = "hbench.store.output.format";

  /** The store whose requests are counted. */
  static final String STORE_KEY = "hbench.store.fs";

  /** Makes {@code job}'s tasks count the requests they make of the store at {@code store}. */
  public static void prepare(Job job, URI store) throws ClassNotFoundException {
    Configuration conf = job.getConfiguration();
    conf.set(WRAPPED_KEY, job.getOutputFormatClass().getName());
    conf.set(STORE_KEY, store.toString());
    job.setOutputFormatClass(StoreCountingOutputFormat.class);
  }

  public StoreCountingOutputFormat() {
    super(WRAPPED_KEY);
  }

  @Override
  public OutputCommitter getOutputCommitter(TaskAttemptContext context)
      throws IOException, InterruptedException {
    return atTaskEnd(context, StoreCountingOutputFormat::publish);
  }

  private static void publish(TaskAttemptContext task) throws IOException {
    Configuration conf = task.getConfiguration();
    FileSystem fs = FileSystem.get(URI.create(conf.get(STORE_KEY)), conf);
    StoreCounts.of(fs).forEach((name, count) ->
        task.getCounter(StoreCounts.COUNTER_GROUP, name).increment(count.getAsLong()));
  }
}
