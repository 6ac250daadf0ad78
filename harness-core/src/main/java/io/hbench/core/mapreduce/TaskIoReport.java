package io.hbench.core.mapreduce;

import io.hbench.core.annotation.Internal;
import io.hbench.core.fs.Instrumentation;
import io.hbench.core.fs.IoOperation;
import io.hbench.core.fs.IoStatistics;
import io.hbench.core.fs.OperationStats;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
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
 * included, as a small side file {@code <attempt>.io} in {@value #DIRECTORY_KEY}, which the client
 * merges. The side file is written through the wrapped file system, so it is not counted.
 *
 * <p>The side file is plain lines of space-separated fields ({@code attempt}, {@code host}, then
 * per instance an {@code instance} line followed by its {@code op} lines), not JSON: a task JVM
 * is short-lived, and loading a JSON mapper in every task cost about 150 ms of CPU per task on
 * the 2-core reference machine, which showed in the job's time.
 */
@Internal
public record TaskIoReport(String attempt, String host, List<Instance> instances) {

  /** Where tasks write their side files; set by the harness for each instrumented job. */
  public static final String DIRECTORY_KEY = "hbench.instrument.dir";

  public static final String COUNTER_GROUP = "hbench instrumented file system";

  /** Name ending of side files. */
  static final String SUFFIX = ".io";

  /** One file system instance in the task. */
  public record Instance(String id, String uri, int sampleEvery, Map<String, OperationStats> ops) {}

  /** The side file's text. */
  String text() {
    StringBuilder sb = new StringBuilder();
    sb.append("attempt ").append(attempt).append('\n');
    sb.append("host ").append(host == null ? "-" : host).append('\n');
    for (Instance i : instances) {
      // The URI goes last: it is the only field that could hold a space.
      sb.append("instance ").append(i.id()).append(' ').append(i.sampleEvery()).append(' ')
          .append(i.uri()).append('\n');
      i.ops().forEach((op, f) -> sb.append("op ").append(op).append(' ').append(f.toText()).append('\n'));
    }
    return sb.toString();
  }

  /** Parses what {@link #text()} wrote. */
  static TaskIoReport parse(List<String> lines) {
    String attempt = null;
    String host = null;
    List<Instance> instances = new ArrayList<>();
    Map<String, OperationStats> ops = null;
    for (String line : lines) {
      if (line.isBlank()) {
        continue;
      }
      String[] f = line.split(" ", line.startsWith("instance ") ? 4 : 3);
      switch (f[0]) {
        case "attempt" -> attempt = f[1];
        case "host" -> host = "-".equals(f[1]) ? null : f[1];
        case "instance" -> {
          ops = new LinkedHashMap<>();
          instances.add(new Instance(f[1], f[3], Integer.parseInt(f[2]), ops));
        }
        case "op" -> {
          if (ops == null || f.length != 3) {
            throw new IllegalArgumentException("malformed side file line: " + line);
          }
          ops.put(f[1], OperationStats.parseText(f[2]));
        }
        default -> throw new IllegalArgumentException("malformed side file line: " + line);
      }
    }
    return new TaskIoReport(attempt, host, instances);
  }

  /** This JVM's figures, every instrumented file system instance in it. */
  static TaskIoReport ofThisJvm(String attempt) {
    List<Instance> list = new ArrayList<>();
    for (IoStatistics s : IoStatistics.all()) {
      Map<String, OperationStats> ops = new LinkedHashMap<>();
      s.snapshot().forEach((op, st) -> ops.put(op.statisticName(), st));
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
              sum.computeIfAbsent(op, o -> new OperationStats()).add(f);
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
      Path file = new Path(dir, attempt + SUFFIX);
      FileSystem fs = Instrumentation.uncounted(file.getFileSystem(conf));
      try (OutputStream out = fs.create(file, true)) {
        out.write(report.text().getBytes(StandardCharsets.UTF_8));
      }
    }
  }

  /** Reads one side file. */
  static TaskIoReport read(FileSystem fs, Path file) throws IOException {
    try (BufferedReader in =
        new BufferedReader(
            new InputStreamReader(Instrumentation.uncounted(fs).open(file), StandardCharsets.UTF_8))) {
      return parse(in.lines().toList());
    } catch (IllegalArgumentException e) {
      throw new IOException(file + ": " + e.getMessage(), e);
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
