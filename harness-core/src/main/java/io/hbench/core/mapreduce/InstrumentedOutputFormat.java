package io.hbench.core.mapreduce;

import java.io.IOException;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Wraps a job's output format so that each task publishes its instrumented file system figures
 * ({@link TaskIoReport}) at its end. The hook is the committer: every map and reduce task asks
 * {@code needsTaskCommit} after its output is closed and before its final counters are sent, and
 * commits (when it has output) before them too. Output, commit and counters are otherwise the
 * wrapped format's own.
 */
public final class InstrumentedOutputFormat<K, V> extends WrappingOutputFormat<K, V> {

  /** The wrapped output format class. */
  public static final String WRAPPED_KEY = "hbench.instrument.output.format";


  public InstrumentedOutputFormat() {
    super(WRAPPED_KEY);
  }

  @Override
  public OutputCommitter getOutputCommitter(TaskAttemptContext context)
      throws IOException, InterruptedException {
    return atTaskEnd(context, TaskIoReport::publish);
  }
}
