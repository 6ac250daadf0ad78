package io.hbench.core.mapreduce;

import io.hbench.core.fs.InstrumentedFileSystem;
import io.hbench.core.fs.Instrumentation;
import io.hbench.core.fs.IoOperation;
import io.hbench.core.fs.OperationStats;
import io.hbench.core.result.IoResult;
import io.hbench.core.result.OperationSummary;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.TaskCompletionEvent;

/**
 * Instrumentation of one job's tasks: before submission, wraps its output format and names the
 * side-file directory; after success, merges the side files of the successful attempts (failed
 * and speculative losers are left out, as they are from the job's counters).
 */
public final class JobIo {

  private JobIo() {}

  /** Makes {@code job}'s tasks publish their figures to {@code sideDir}. */
  public static void prepare(Job job, Path sideDir) throws ClassNotFoundException {
    var conf = job.getConfiguration();
    conf.set(InstrumentedOutputFormat.WRAPPED_KEY, job.getOutputFormatClass().getName());
    // The ApplicationMaster publishes nothing: its streams go uncounted (see STREAMS_PROPERTY).
    String amOpts =
        conf.get(MRJobConfig.MR_AM_COMMAND_OPTS, MRJobConfig.DEFAULT_MR_AM_COMMAND_OPTS);
    if (!amOpts.contains(InstrumentedFileSystem.STREAMS_PROPERTY)) {
      conf.set(MRJobConfig.MR_AM_COMMAND_OPTS,
          amOpts + " -D" + InstrumentedFileSystem.STREAMS_PROPERTY + "=false");
    }
    conf.set(TaskIoReport.DIRECTORY_KEY, sideDir.toString());
    job.setOutputFormatClass(InstrumentedOutputFormat.class);
  }

  /** The merged figures of {@code job}'s successful attempts, or null when none published. */
  public static IoResult collect(Job job, FileSystem counted, Path sideDir)
      throws IOException, InterruptedException {
    FileSystem fs = Instrumentation.uncounted(counted);
    Set<String> succeeded = successfulAttempts(job);
    if (!fs.exists(sideDir)) {
      return null;
    }
    EnumMap<IoOperation, OperationStats> sum = new EnumMap<>(IoOperation.class);
    List<IoResult.TaskIo> perTask = new ArrayList<>();
    for (FileStatus f : fs.listStatus(sideDir)) {
      String name = f.getPath().getName();
      String suffix = TaskIoReport.SUFFIX;
      if (!name.endsWith(suffix)
          || !succeeded.contains(name.substring(0, name.length() - suffix.length()))) {
        continue;
      }
      TaskIoReport report = TaskIoReport.read(fs, f.getPath());
      Map<IoOperation, OperationStats> totals = report.totals();
      totals.forEach((op, st) -> sum.computeIfAbsent(op, o -> new OperationStats()).add(st));
      perTask.add(new IoResult.TaskIo(report.attempt(), report.host(), summaries(totals, false)));
    }
    if (perTask.isEmpty()) {
      return null;
    }
    perTask.sort((a, b) -> a.attempt().compareTo(b.attempt()));
    return new IoResult(summaries(sum, true), perTask, null);
  }

  /** Figures per IOStatistics name, operations never called left out. */
  public static Map<String, OperationSummary> summaries(
      Map<IoOperation, OperationStats> figures, boolean latency) {
    Map<String, OperationSummary> out = new LinkedHashMap<>();
    figures.forEach(
        (op, st) -> {
          if (st.calls() > 0) {
            out.put(op.statisticName(), OperationSummary.of(st, latency));
          }
        });
    return out;
  }

  private static Set<String> successfulAttempts(Job job) throws IOException, InterruptedException {
    Set<String> ids = new HashSet<>();
    int from = 0;
    while (true) {
      TaskCompletionEvent[] events = job.getTaskCompletionEvents(from, 1000);
      if (events == null || events.length == 0) {
        return ids;
      }
      for (TaskCompletionEvent e : events) {
        if (e.getStatus() == TaskCompletionEvent.Status.SUCCEEDED) {
          ids.add(e.getTaskAttemptId().toString());
        }
      }
      from += events.length;
    }
  }
}
