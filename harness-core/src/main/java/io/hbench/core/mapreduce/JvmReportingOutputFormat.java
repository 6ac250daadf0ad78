package io.hbench.core.mapreduce;

import io.hbench.core.annotation.Internal;
import io.hbench.core.fs.Instrumentation;
import io.hbench.core.result.JobJvms;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.OutputCommitter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Wraps a job's output format so that its ApplicationMaster and each task attempt say what JVM
 * they run in ({@link JobJvms}): the Java, where it is installed, the Hadoop its classes are,
 * and whether it has Java 17's {@code --add-opens}. The hook is {@code getOutputCommitter},
 * which the ApplicationMaster and every map and reduce task call once as they start; each
 * leaves one small file in the job's report directory. Output and commit are the wrapped
 * format's own.
 */
@Internal
public final class JvmReportingOutputFormat<K, V> extends WrappingOutputFormat<K, V> {

  /** The wrapped output format class. */
  static final String WRAPPED_KEY = "hbench.jvms.output.format";

  /** Where the reports go. */
  static final String DIRECTORY_KEY = "hbench.jvms.dir";

  private boolean reported;

  /** Makes {@code job}'s ApplicationMaster and tasks report their JVMs to {@code dir}. */
  public static void prepare(Job job, Path dir) throws ClassNotFoundException {
    Configuration conf = job.getConfiguration();
    conf.set(WRAPPED_KEY, job.getOutputFormatClass().getName());
    conf.set(DIRECTORY_KEY, dir.toString());
    job.setOutputFormatClass(JvmReportingOutputFormat.class);
  }

  /** The JVMs reported to {@code dir}; null when none did. */
  public static JobJvms collect(FileSystem counted, Path dir) throws IOException {
    FileSystem fs = Instrumentation.uncounted(counted);
    if (!fs.exists(dir)) {
      return null;
    }
    Map<List<Object>, int[]> am = new LinkedHashMap<>();
    Map<List<Object>, int[]> tasks = new LinkedHashMap<>();
    for (FileStatus f : fs.listStatus(dir, p -> !p.getName().startsWith("."))) {
      Properties p = new Properties();
      try (InputStream in = fs.open(f.getPath())) {
        p.load(in);
      }
      List<Object> kind = List.of(p.getProperty("java", "?"), p.getProperty("java_home", "?"),
          p.getProperty("hadoop", "?"), Boolean.parseBoolean(p.getProperty("add_opens")));
      (f.getPath().getName().startsWith("am") ? am : tasks)
          .computeIfAbsent(kind, k -> new int[1])[0]++;
    }
    return am.isEmpty() && tasks.isEmpty() ? null : new JobJvms(jvms(am), jvms(tasks));
  }

  private static List<JobJvms.Jvm> jvms(Map<List<Object>, int[]> kinds) {
    List<JobJvms.Jvm> out = new ArrayList<>();
    kinds.forEach((k, n) -> out.add(new JobJvms.Jvm((String) k.get(0), (String) k.get(1),
        (String) k.get(2), (Boolean) k.get(3), n[0])));
    return out;
  }

  public JvmReportingOutputFormat() {
    super(WRAPPED_KEY);
  }

  @Override
  public OutputCommitter getOutputCommitter(TaskAttemptContext context)
      throws IOException, InterruptedException {
    if (!reported) {
      reported = true;
      report(context.getConfiguration());
    }
    return wrapped(context.getConfiguration()).getOutputCommitter(context);
  }

  /** Leaves this JVM's report: as the task attempt it is, or as the ApplicationMaster. */
  private static void report(Configuration conf) throws IOException {
    String dir = conf.get(DIRECTORY_KEY);
    if (dir == null) {
      return;
    }
    // Set in a task's configuration only, never in the ApplicationMaster's.
    String attempt = conf.get("mapreduce.task.attempt.id");
    if (attempt == null && "local".equals(conf.get("mapreduce.framework.name", "local"))) {
      return; // MapReduce's local runner: the client's own JVM, not an ApplicationMaster
    }
    String name = attempt != null ? attempt : "am-" + ProcessHandle.current().pid();
    Path file = new Path(dir, name);
    Properties p = new Properties();
    p.setProperty("java", System.getProperty("java.version") + " ("
        + System.getProperty("java.vendor") + ")");
    p.setProperty("java_home", System.getProperty("java.home"));
    p.setProperty("hadoop", org.apache.hadoop.util.VersionInfo.getVersion());
    p.setProperty("add_opens", Boolean.toString(String.join(" ",
        ManagementFactory.getRuntimeMXBean().getInputArguments())
        .contains("java.base/java.lang=ALL-UNNAMED")));
    java.io.StringWriter text = new java.io.StringWriter();
    p.store(text, null);
    // An instance of its own: the harness's file is not among the task's counted requests.
    FileSystem fs = Instrumentation.uncounted(FileSystem.newInstance(file.toUri(), conf));
    try {
      StartBarrier.writeWhole(fs, file, text.toString());
    } finally {
      fs.close();
    }
  }
}
