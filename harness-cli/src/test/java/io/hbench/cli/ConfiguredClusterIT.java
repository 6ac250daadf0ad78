package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.zip.CRC32;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.examples.terasort.TeraGen;
import org.apache.hadoop.examples.terasort.TeraSort;
import org.apache.hadoop.examples.terasort.TeraValidate;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ToolRunner;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * hbench against a cluster it did not start: a mini cluster whose configuration is written to a
 * folder used as HADOOP_CONF_DIR, as a real cluster's would be. Also the interoperability with
 * Hadoop's own TeraSort tools, on the same cluster.
 */
@Tag("integration")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ConfiguredClusterIT extends OnEmbeddedCluster {

  Configuration conf;
  FileSystem fs;

  @Override
  protected String[] services() {
    return new String[] {"hdfs", "yarn"};
  }

  @BeforeAll
  void openFileSystem() throws Exception {
    conf = cluster.configuration();
    fs = FileSystem.get(conf);
  }

  /**
   * {@code base} for Hadoop's own tools in MapReduce's local runner, staging and task files in
   * the test's directory rather than the runner's defaults in /tmp.
   */
  private Configuration localRunner(Configuration base) {
    Configuration c = new Configuration(base);
    c.set("mapreduce.framework.name", "local");
    c.set("mapreduce.jobtracker.staging.root.dir", tmp.resolve("mr-staging").toString());
    c.set("mapreduce.cluster.local.dir", tmp.resolve("mr-local").toString());
    return c;
  }

  private BenchProcess bench(String... args) {
    return BenchProcess.run(confDir.toString(), args);
  }

  /**
   * Before a run on a configured YARN creates anything, hbench asks a NodeManager for its Java
   * (a Java older than its classes is refused in one line, {@code TaskJavaTest}): read here from
   * a real NodeManager's {@code /jmx}, found through its ResourceManager's.
   */
  @Test
  void aNodeManagersJavaIsReadFromItsOwnJmx() {
    List<io.hbench.core.cluster.Daemon> nodeManagers =
        io.hbench.core.daemons.ClusterDaemons.nodeManagersByWeb(conf);
    assertEquals(1, nodeManagers.size(), nodeManagers.toString());
    assertEquals(String.valueOf(Runtime.version().feature()),
        io.hbench.core.mapreduce.TaskJava.javaOf(nodeManagers.get(0).http()));
  }

  /**
   * A client of the written configuration asks about a job whose ApplicationMaster has exited:
   * YARN sends it to the history server, whose address the configuration must carry with its
   * real port (it carried port 0, and every such question failed).
   */
  /**
   * A run killed with {@code kill -9} while its job runs leaves the job running on the cluster
   * (the ApplicationMaster does not need the client); the next run that submits jobs kills it,
   * with one line naming it.
   */
  @Test
  void theNextRunKillsTheJobARunKilledWithKill9LeftRunning() throws Exception {
    Path log = tmp.resolve("killed.log");
    Process proc = BenchProcess.start(null, null, log, List.of(), java.util.Map.of(
        "HADOOP_CONF_DIR", confDir.toString()), List.of("dfsio", "--mode", "write", "--files",
        "1", "--size", "16G", "--base-dir", "/it-killed", "--cluster", "conf", "--no-metrics",
        "--out", tmp.resolve("killed.jsonl").toString()));
    org.apache.hadoop.yarn.api.records.ApplicationId app = null;
    try (org.apache.hadoop.yarn.client.api.YarnClient yarn =
        org.apache.hadoop.yarn.client.api.YarnClient.createYarnClient()) {
      yarn.init(new org.apache.hadoop.yarn.conf.YarnConfiguration(conf));
      yarn.start();
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      while (app == null) {
        assertTrue(System.nanoTime() < deadline, "no hbench job ran: " + Files.readString(log));
        for (var r : yarn.getApplications(null, java.util.EnumSet.of(
            org.apache.hadoop.yarn.api.records.YarnApplicationState.RUNNING), java.util.Set.of(
            io.hbench.core.cluster.DeadRunApplications.TAG))) {
          app = r.getApplicationId();
        }
        Thread.sleep(200);
      }
      proc.destroyForcibly(); // SIGKILL: no shutdown hook runs
      proc.waitFor();
      assertEquals(org.apache.hadoop.yarn.api.records.YarnApplicationState.RUNNING,
          yarn.getApplicationReport(app).getYarnApplicationState());

      BenchProcess next = bench("teragen", "--size", "1M", "--base-dir", "/it-after-kill",
          "--out", tmp.resolve("after-kill.jsonl").toString());
      assertEquals(0, next.exitCode, next.toString());
      String said = next.out + next.err;
      assertTrue(said.contains("hbench: killed " + app + " (hbench dfsio "), next.toString());
      assertTrue(said.contains("left running by an hbench process that is gone (pid " + proc.pid()
          + ")"), next.toString());
      assertEquals(org.apache.hadoop.yarn.api.records.YarnApplicationState.KILLED,
          yarn.getApplicationReport(app).getYarnApplicationState());
    } finally {
      proc.destroyForcibly();
    }
  }

  @Test
  void aFinishedJobIsAnsweredByTheHistoryServerAtTheWrittenAddress() throws Exception {
    Path results = tmp.resolve("history.jsonl");
    BenchProcess gen = bench("teragen", "--size", "1M", "--base-dir", "/it-history", "--out",
        results.toString());
    assertEquals(0, gen.exitCode, gen.toString());
    String jobId = ResultReader.read(results).get(0).phase("teragen").jobId();
    Configuration client = new Configuration();
    for (String site : List.of("core-site.xml", "hdfs-site.xml", "mapred-site.xml", "yarn-site.xml")) {
      client.addResource(new org.apache.hadoop.fs.Path(confDir.resolve(site).toUri()));
    }
    // The written configuration also says how often the embedded daemons refresh /jmx.
    assertEquals("0.5", client.get(io.hbench.core.cluster.ClusterConfiguration.METRICS_PERIOD_KEY));
    org.apache.hadoop.mapreduce.JobID id = org.apache.hadoop.mapreduce.JobID.forName(jobId);
    org.apache.hadoop.yarn.api.records.ApplicationId app = org.apache.hadoop.yarn.api.records
        .ApplicationId.newInstance(Long.parseLong(jobId.split("_")[1]), id.getId());
    try (org.apache.hadoop.yarn.client.api.YarnClient yarn =
        org.apache.hadoop.yarn.client.api.YarnClient.createYarnClient()) {
      yarn.init(new org.apache.hadoop.yarn.conf.YarnConfiguration(client));
      yarn.start();
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      while (yarn.getApplicationReport(app).getYarnApplicationState()
          != org.apache.hadoop.yarn.api.records.YarnApplicationState.FINISHED) {
        assertTrue(System.nanoTime() < deadline, "the ApplicationMaster did not finish");
        Thread.sleep(200);
      }
    }
    org.apache.hadoop.mapreduce.Cluster mr = new org.apache.hadoop.mapreduce.Cluster(client);
    try {
      org.apache.hadoop.mapreduce.Job job = mr.getJob(id);
      assertEquals(org.apache.hadoop.mapreduce.JobStatus.State.SUCCEEDED, job.getJobState());
      assertTrue(job.getCounters().findCounter(org.apache.hadoop.mapreduce.TaskCounter
          .MAP_OUTPUT_RECORDS).getValue() > 0);
    } finally {
      mr.close();
    }
  }

  @Test
  void sortedOutputPassesHadoopsTeraValidateAndACorruptedRecordIsNamed() throws Exception {
    Path results = tmp.resolve("sort.jsonl");
    // The formats are what is tested, not YARN: the jobs run in MapReduce's local runner.
    BenchProcess sort =
        bench("terasort", "--sizes", "1M", "--reduces", "2", "--keep", "--base-dir", "/it-sort",
            "--out", results.toString(), "-D", "mapreduce.framework.name=local");
    assertEquals(0, sort.exitCode, sort.toString());
    ResultRecord r = ResultReader.read(results).get(0);
    assertEquals("configured", r.environment().cluster());
    // No --label: the configured cluster's fs.defaultFS authority names the run.
    assertEquals(java.net.URI.create(r.environment().defaultFs()).getAuthority(), r.label());
    String checksum = (String) r.params().get("checksum");
    org.apache.hadoop.fs.Path output =
        new org.apache.hadoop.fs.Path("/it-sort/" + r.runId() + "/1M/output");
    assertTrue(fs.exists(new org.apache.hadoop.fs.Path(output, "part-r-00001")));

    // Hadoop's own TeraValidate reads hbench's output, finds it sorted, and agrees on the checksum.
    org.apache.hadoop.fs.Path report = new org.apache.hadoop.fs.Path("/it-hadoop-validate");
    assertEquals(0, ToolRunner.run(localRunner(conf), new TeraValidate(),
        new String[] {output.toString(), report.toString()}));
    String hadoopReport = readAll(report);
    assertEquals("checksum\t" + checksum, hadoopReport.trim(), hadoopReport);

    // Corrupt record 5 of the second reducer's file: its key becomes the largest possible, so
    // record 6 is the first out of order.
    org.apache.hadoop.fs.Path part = new org.apache.hadoop.fs.Path(output, "part-r-00001");
    byte[] data;
    try (InputStream in = fs.open(part)) {
      data = in.readAllBytes();
    }
    assertTrue(data.length > 700);
    Arrays.fill(data, 500, 510, (byte) 0xFF);
    try (OutputStream out = fs.create(part, true)) {
      out.write(data);
    }
    Path vresults = tmp.resolve("validate.jsonl");
    BenchProcess validate =
        bench("teravalidate", "--input", output.toString(), "--base-dir", "/it-validate",
            "--out", vresults.toString(), "-D", "mapreduce.framework.name=local");
    assertEquals(1, validate.exitCode, validate.toString());
    ResultRecord v = ResultReader.read(vresults).get(0);
    assertEquals("failed", v.status());
    assertEquals("failed", v.validation().status());
    assertTrue(v.failure().contains("part-r-00001 record 6 (byte offset 600)"), v.failure());
    assertTrue(validate.out.contains("failed"), validate.out);
    // The validation report was the run's own scratch data: removed, and with it the base the
    // run created for it, left empty; the input it validated stays.
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/it-validate")));
    assertTrue(fs.exists(part));
  }

  @Test
  void hbenchValidatesHadoopsTeraSortOutput() throws Exception {
    String gen = "/it-hadoop/gen";
    String sorted = "/it-hadoop/sorted";
    Configuration c = localRunner(conf);
    assertEquals(0, ToolRunner.run(c, new TeraGen(), new String[] {"5000", gen}));
    assertEquals(0, ToolRunner.run(c, new TeraSort(), new String[] {gen, sorted}));
    String expected = checksumOf(gen);
    Path results = tmp.resolve("hadoop.jsonl");
    BenchProcess p =
        bench("teravalidate", "--input", sorted, "--expect-checksum", expected,
            "--base-dir", "/it-validate-hadoop", "--out", results.toString(),
            "-D", "mapreduce.framework.name=local");
    assertEquals(0, p.exitCode, p.toString());
    ResultRecord r = ResultReader.read(results).get(0);
    assertEquals(5000L, ((Number) r.params().get("records")).longValue());
    assertEquals(expected, r.params().get("checksum"));
  }

  @Test
  void yarnJarPathRunsOnTheConfiguredClusterAndRedactsSecrets() throws Exception {
    Path jar = Path.of("target", "bench.jar").toAbsolutePath();
    assertTrue(Files.isRegularFile(jar), "bench.jar must be built before integration tests");
    // The classpath a Hadoop client would have: Hadoop's jars and the configuration folder,
    // none of hbench's own classes (those come from bench.jar alone). Written relative to the
    // working directory, as `java -jar harness-cli/target/...` gives it: the mini cluster's
    // tasks inherit it and start elsewhere, so hbench must make it absolute before submitting.
    Path here = Path.of("").toAbsolutePath();
    String cp =
        Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(e -> !e.contains("harness-") && !e.contains("io/hbench"))
                .map(e -> here.relativize(Path.of(e).toAbsolutePath()).toString())
                .collect(Collectors.joining(File.pathSeparator))
            + File.pathSeparator
            + here.relativize(confDir);
    Path results = tmp.resolve("runjar.jsonl");
    List<String> cmd = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", cp, "org.apache.hadoop.util.RunJar", jar.toString(),
        "teragen", "--size", "1M", "--cluster", "conf", "--base-dir", "/it-runjar",
        "-D", "fs.s3a.secret.key=TopSecret-1", "-D", "my.db.password=hunter2-pw",
        "--out", results.toString()));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().put("HADOOP_CONF_DIR", confDir.toString());
    Process proc = pb.start();
    String output = new String(proc.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(proc.waitFor(5, TimeUnit.MINUTES));
    assertEquals(0, proc.exitValue(), output);

    ResultRecord r = ResultReader.read(results).get(0);
    assertEquals("ok", r.status(), output);
    assertEquals("configured", r.environment().cluster());
    assertEquals(conf.get("fs.defaultFS"), r.environment().defaultFs());
    // The data is on this cluster, written by map tasks on its YARN.
    org.apache.hadoop.fs.Path out = new org.apache.hadoop.fs.Path("/it-runjar/teragen-1M");
    long bytes = 0;
    for (FileStatus st : fs.listStatus(out, p -> p.getName().startsWith("part-"))) {
      bytes += st.getLen();
    }
    assertEquals(10_485L * 100, bytes);
    // It ran on the cluster's YARN, not in the client's local job runner.
    assertEquals("yarn", r.environment().mapreduceFramework());
    String jobId = r.phase("teragen").jobId();
    assertFalse(jobId.contains("local"), jobId);
    assertTrue(r.phase("teragen").startupSeconds() != null);
    YarnClient yarn = YarnClient.createYarnClient();
    yarn.init(conf);
    yarn.start();
    try {
      assertTrue(
          yarn.getApplications().stream()
              .anyMatch(a -> jobId.equals(a.getApplicationId().toString().replace("application_", "job_"))),
          "the job is not among the ResourceManager's applications: " + jobId);
    } finally {
      yarn.stop();
    }

    String file = Files.readString(results);
    for (String secret : new String[] {"TopSecret-1", "hunter2-pw"}) {
      assertFalse(file.contains(secret), "secret in results file");
      assertFalse(output.contains(secret), "secret in console output");
    }
    assertEquals("<redacted>", r.config().get("fs.s3a.secret.key"));
    assertEquals("<redacted>", r.config().get("my.db.password"));
  }

  @Test
  void refusesABaseDirectoryItDidNotCreate() throws Exception {
    org.apache.hadoop.fs.Path precious = new org.apache.hadoop.fs.Path("/precious/data");
    try (OutputStream out = fs.create(precious)) {
      out.write(1);
    }
    Path results = tmp.resolve("refused.jsonl");
    BenchProcess p =
        bench("terasort", "--sizes", "1M", "--base-dir", "/precious", "--out", results.toString());
    assertEquals(2, p.exitCode, p.toString());
    assertEquals(1, p.errLines().size(), p.toString());
    assertTrue(p.err.contains("not created by hbench"), p.err);
    assertTrue(fs.exists(precious));
    assertFalse(Files.exists(results));
  }

  @Test
  void missingInputIsBadInput() {
    Path results = tmp.resolve("missing.jsonl");
    BenchProcess p = bench("teravalidate", "--input", "/no/such/dir", "--out", results.toString());
    assertEquals(2, p.exitCode, p.toString());
    assertEquals(1, p.errLines().size(), p.toString());
    assertTrue(p.err.contains("/no/such/dir"), p.err);
    assertFalse(Files.exists(results));
  }

  /** Sum of the CRC32 of every 100-byte record under {@code dir}, computed here independently. */
  private String checksumOf(String dir) throws IOException {
    java.math.BigInteger sum = java.math.BigInteger.ZERO;
    CRC32 crc = new CRC32();
    for (FileStatus st : fs.listStatus(new org.apache.hadoop.fs.Path(dir), p -> p.getName().startsWith("part-"))) {
      byte[] data;
      try (InputStream in = fs.open(st.getPath())) {
        data = in.readAllBytes();
      }
      for (int off = 0; off + 100 <= data.length; off += 100) {
        crc.reset();
        crc.update(data, off, 100);
        sum = sum.add(java.math.BigInteger.valueOf(crc.getValue()));
      }
    }
    return sum.toString(16);
  }

  private String readAll(org.apache.hadoop.fs.Path dir) throws IOException {
    StringBuilder sb = new StringBuilder();
    for (FileStatus st : fs.listStatus(dir, p -> p.getName().startsWith("part-"))) {
      try (InputStream in = fs.open(st.getPath())) {
        sb.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
      }
    }
    return sb.toString();
  }
}
