package io.hbench.cli;

import io.hbench.core.text.Console;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Runs {@code bench} in-process and keeps what it printed, or starts it as a child process. */
final class BenchProcess {
  final int exitCode;
  final String out;
  final String err;

  private BenchProcess(int exitCode, String out, String err) {
    this.exitCode = exitCode;
    this.out = out;
    this.err = err;
  }

  static BenchProcess run(String hadoopConfDir, String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    Console console =
        new Console(
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8),
            false,
            10_000);
    int code = new Main(console, hadoopConfDir).execute(args);
    keepRecords(args);
    return new BenchProcess(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /** Where the records of every in-process run are kept after the tests: {@link #keepRecords}. */
  static final Path KEPT_RECORDS = Path.of("target", "it-records");
  private static final java.util.concurrent.atomic.AtomicInteger KEPT = new java.util.concurrent.atomic.AtomicInteger();

  /**
   * Copies the results file a run wrote ({@code --out}) to {@link #KEPT_RECORDS}: the records
   * the integration tests leave, real records of every suite, for {@code bench history} and
   * {@code perf/report-scale.sh} after a build.
   */
  private static void keepRecords(String... args) {
    String out = null;
    for (int i = 0; i < args.length; i++) {
      if (args[i].equals("--out") && i + 1 < args.length) {
        out = args[i + 1];
      } else if (args[i].startsWith("--out=")) {
        out = args[i].substring("--out=".length());
      }
    }
    if (out == null || !java.nio.file.Files.isRegularFile(Path.of(out))) {
      return;
    }
    try {
      java.nio.file.Files.createDirectories(KEPT_RECORDS);
      java.nio.file.Files.copy(Path.of(out), KEPT_RECORDS.resolve(String.format("%d-%03d-%s",
          ProcessHandle.current().pid(), KEPT.incrementAndGet(), Path.of(out).getFileName())),
          java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Starts {@code bench} in a child JVM, as a user's process: this JVM's class path and module
   * flags (the mini clusters' {@code --add-opens}), output and errors to {@code log}.
   *
   * @param dir its working directory, or null for this one's
   * @param javaTmp its {@code java.io.tmpdir}, or null for this JVM's
   */
  static Process start(Path dir, Path javaTmp, Path log, List<String> args) throws IOException {
    return start(dir, javaTmp, log, List.of(), java.util.Map.of(), args);
  }

  /**
   * As {@link #start(Path, Path, Path, List)}, with more JVM arguments ({@code -D...}) and
   * environment variables.
   */
  static Process start(Path dir, Path javaTmp, Path log, List<String> jvmArgs,
      java.util.Map<String, String> env, List<String> args) throws IOException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // Without one of its own, this JVM's: a test's processes keep out of another test's.
    cmd.add("-Djava.io.tmpdir=" + (javaTmp != null ? javaTmp : System.getProperty("java.io.tmpdir")));
    cmd.addAll(jvmArgs);
    cmd.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
        .filter(a -> a.startsWith("--add-")).toList());
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
    cmd.addAll(args);
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    pb.environment().putAll(env);
    if (dir != null) {
      pb.directory(dir.toFile());
    }
    return pb.start();
  }

  List<String> errLines() {
    return err.lines().toList();
  }

  @Override
  public String toString() {
    return "exit " + exitCode + "\n--- stdout\n" + out + "--- stderr\n" + err;
  }

  /**
   * The configuration of a MiniDFSCluster a test starts under {@code tmp}: its data and its web
   * servers' temporary files there.
   */
  static org.apache.hadoop.conf.Configuration miniDfs(Path tmp) {
    org.apache.hadoop.conf.Configuration conf = new org.apache.hadoop.conf.Configuration();
    conf.set(org.apache.hadoop.hdfs.MiniDFSCluster.HDFS_MINIDFS_BASEDIR,
        tmp.resolve("dfs").toString());
    conf.set("hadoop.http.temp.dir", tmp.resolve("http").toString());
    return conf;
  }

  /**
   * {@code dfs} as a user's {@code HADOOP_CONF_DIR} in {@code tmp/conf}: its client settings,
   * and jobs in MapReduce's local runner (the tests' subject is the file system; YARN's
   * containers would cost a minute of CI each).
   */
  static Path clientSites(org.apache.hadoop.hdfs.MiniDFSCluster dfs, Path tmp)
      throws IOException {
    org.apache.hadoop.conf.Configuration client =
        new org.apache.hadoop.conf.Configuration(dfs.getConfiguration(0));
    client.set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
    client.set("mapreduce.framework.name", "local");
    return writeSites(client, tmp.resolve("conf"), "hdfs-site.xml", "mapred-site.xml",
        "core-site.xml");
  }

  /**
   * Writes {@code client} as each of {@code sites} in {@code dir} (created): the {@code
   * HADOOP_CONF_DIR} a test gives bench for a cluster it started.
   */
  static Path writeSites(org.apache.hadoop.conf.Configuration client, Path dir, String... sites)
      throws IOException {
    java.nio.file.Files.createDirectories(dir);
    for (String site : sites) {
      try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(dir.resolve(site))) {
        client.writeXml(out);
      }
    }
    return dir;
  }
}
