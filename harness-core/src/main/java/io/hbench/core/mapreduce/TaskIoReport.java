package io.hbench.core.mapreduce;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hbench.core.fs.Instrumentation;
import io.hbench.core.fs.IoOperation;
import io.hbench.core.fs.IoStatistics;
import io.hbench.core.fs.OperationStats;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * What the instrumented file systems of one task JVM did, as published by the task at its end:
 * totals as job counters (group {@value #COUNTER_GROUP}), and everything, latency histograms
 * included, as a small JSON side file {@code <attempt>.json} in {@value #DIRECTORY_KEY}, which the
 * client merges. The side file is written through the wrapped file system, so it is not counted.
 */
public record TaskIoReport(
    @JsonProperty("attempt") String attempt,
    @JsonProperty("host") String host,
    @JsonProperty("instances") List<Instance> instances) {

  /** Where tasks write their side files; set by the harness for each instrumented job. */
  public static final String DIRECTORY_KEY = "hbench.instrument.dir";

  public static final String COUNTER_GROUP = "hbench instrumented file system";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** One file system instance in the task. */
  public record Instance(
      @JsonProperty("id") String id,
      @JsonProperty("uri") String uri,
      @JsonProperty("sample_every") int sampleEvery,
      @JsonProperty("ops") Map<String, Figures> ops) {}

  /** {@link OperationStats} as written to a side file. */
  public record Figures(
      @JsonProperty("calls") long calls,
      @JsonProperty("bytes") long bytes,
      @JsonProperty("failures") long failures,
      @JsonProperty("timed_calls") long timedCalls,
      @JsonProperty("timed_nanos") long timedNanos,
      @JsonProperty("timed_nanos_squared") double timedNanosSquared,
      @JsonProperty("coarse_nanos") long coarseNanos,
      @JsonProperty("coarse") boolean coarse,
      @JsonProperty("histogram") String histogram) {

    static Figures of(OperationStats s) {
      return new Figures(s.calls(), s.bytes(), s.failures(), s.timedCalls(), s.timedNanos(),
          s.timedNanosSquared(), s.coarseNanos(), s.hasCoarse(), s.encodedHistogram());
    }

    OperationStats stats() {
      return OperationStats.of(calls, bytes, failures, timedCalls, timedNanos, timedNanosSquared,
          coarseNanos, coarse, histogram);
    }
  }

  /** This JVM's figures, every instrumented file system instance in it. */
  static TaskIoReport ofThisJvm(String attempt) {
    List<Instance> list = new ArrayList<>();
    for (IoStatistics s : IoStatistics.all()) {
      Map<String, Figures> ops = new LinkedHashMap<>();
      s.snapshot().forEach((op, st) -> ops.put(op.statisticName(), Figures.of(st)));
      list.add(new Instance(s.id(), s.uri(), s.sampleEvery(), ops));
    }
    return new TaskIoReport(attempt, hostName(), list);
  }

  /** All instances added up per operation. */
  public Map<IoOperation, OperationStats> totals() {
    EnumMap<IoOperation, OperationStats> sum = new EnumMap<>(IoOperation.class);
    for (Instance i : instances) {
      i.ops.forEach(
          (name, f) -> {
            IoOperation op = IoOperation.byStatisticName(name);
            if (op != null) {
              sum.computeIfAbsent(op, o -> new OperationStats()).add(f.stats());
            }
          });
    }
    return sum;
  }

  /**
   * Publishes this JVM's figures for the task of {@code context}: counters, then the side file
   * when the job names a directory. Called at the end of the task, and again after its commit.
   */
  static void publish(TaskAttemptContext context) throws IOException {
    String attempt = context.getTaskAttemptID().toString();
    TaskIoReport report = ofThisJvm(attempt);
    report
        .totals()
        .forEach(
            (op, st) -> {
              String n = op.statisticName();
              context.getCounter(COUNTER_GROUP, n + " calls").setValue(st.calls());
              context.getCounter(COUNTER_GROUP, n + " bytes").setValue(st.bytes());
              context.getCounter(COUNTER_GROUP, n + " ms").setValue(Math.round(st.totalNanos() / 1e6));
            });
    Configuration conf = context.getConfiguration();
    String dir = conf.get(DIRECTORY_KEY);
    if (dir != null) {
      Path file = new Path(dir, attempt + ".json");
      FileSystem fs = Instrumentation.uncounted(file.getFileSystem(conf));
      try (OutputStream out = fs.create(file, true)) {
        JSON.writeValue(out, report);
      }
    }
  }

  /** Reads one side file. */
  static TaskIoReport read(FileSystem fs, Path file) throws IOException {
    try (InputStream in = Instrumentation.uncounted(fs).open(file)) {
      return JSON.readValue(in, TaskIoReport.class);
    }
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return null;
    }
  }
}
