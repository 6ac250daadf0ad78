package io.hbench.core.mapreduce;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputFormat;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * An output format around a job's own, named by a setting: output and its checks are the
 * wrapped format's; a subclass adds to the committer, the hook every task and the
 * ApplicationMaster call.
 */
abstract class WrappingOutputFormat<K, V> extends OutputFormat<K, V> {

  private final String wrappedKey;
  private OutputFormat<K, V> wrapped;

  WrappingOutputFormat(String wrappedKey) {
    this.wrappedKey = wrappedKey;
  }

  @SuppressWarnings("unchecked")
  final OutputFormat<K, V> wrapped(Configuration conf) {
    if (wrapped == null) {
      Class<?> cls = conf.getClass(wrappedKey, null);
      if (cls == null) {
        throw new IllegalStateException(wrappedKey + " is not set");
      }
      wrapped = (OutputFormat<K, V>) org.apache.hadoop.util.ReflectionUtils.newInstance(cls, conf);
    }
    return wrapped;
  }

  /** The wrapped format's committer, telling {@code atEnd} at each task's end. */
  final org.apache.hadoop.mapreduce.OutputCommitter atTaskEnd(TaskAttemptContext context,
      TaskEndCommitter.AtTaskEnd atEnd) throws IOException, InterruptedException {
    return new TaskEndCommitter(wrapped(context.getConfiguration()).getOutputCommitter(context),
        context, atEnd);
  }

  @Override
  public RecordWriter<K, V> getRecordWriter(TaskAttemptContext context)
      throws IOException, InterruptedException {
    return wrapped(context.getConfiguration()).getRecordWriter(context);
  }

  @Override
  public void checkOutputSpecs(JobContext context) throws IOException, InterruptedException {
    wrapped(context.getConfiguration()).checkOutputSpecs(context);
  }
}
