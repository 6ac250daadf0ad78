package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.daemons.ProcStatSampler;
import io.hbench.core.report.ResultReader;
import io.hbench.core.result.IoResult;
import io.hbench.core.result.JobJvms;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.OperationSummary;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultSchema;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * The MapReduce I/O suites on one mini cluster, run as against a real one: DFSIO (write, read,
 * a corrupted byte, clean), WordCount (a sweep, a known tiny input) and Slive (every operation).
 * What is tested is the suites, not YARN: a run without {@code --instrument} has its jobs in
 * MapReduce's local runner in this process ({@code -D mapreduce.framework.name=local}; each YARN
 * job costs 15-25 s of start-up on 2 cores). A run with it stays on YARN: in the local runner the
 * tasks share this process's cache of file systems, whose plain client they get instead of an
 * instrumented one, so no task reports its figures.
 */
@Tag("integration")
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class MapReduceSuitesIT extends OnEmbeddedCluster {

  static final int FILES = 4;
  static final long SIZE = 3L << 20;

  FileSystem fs;

  @Override
  protected String[] services() {
    return new String[] {"hdfs", "yarn"};
  }

  @BeforeAll
  void openFileSystem() throws Exception {
    fs = FileSystem.get(cluster.configuration());
  }

  /**
   * {@code args}, in MapReduce's local runner unless they ask for --instrument (see above) or
   * --metrics (which reads the cluster's YARN daemons only when jobs run there).
   */
  private static String[] localUnlessInstrumented(List<String> args) {
    List<String> all = new ArrayList<>(args);
    if (!all.contains("--instrument") && !all.contains("--metrics")) {
      all.addAll(List.of("-D", "mapreduce.framework.name=local"));
    }
    return all.toArray(new String[0]);
  }

  private ResultRecord dfsio(int expectedExit, String mode, String... more) throws Exception {
    return dfsio(expectedExit, mode, FILES, more);
  }

  private ResultRecord dfsio(int expectedExit, String mode, int files, String... more)
      throws Exception {
    Path results = Files.createTempFile(tmp, "dfsio-", ".jsonl");
    List<String> args =
        new ArrayList<>(List.of("dfsio", "--mode", mode, "--files", "" + files, "--size", "3M",
            "--buffer-size", "100000", "--base-dir", "/it-dfsio", "--keep", "--out",
            results.toString()));
    args.addAll(List.of(more));
    BenchProcess p = BenchProcess.run(confDir.toString(), localUnlessInstrumented(args));
    assertEquals(expectedExit, p.exitCode, p.toString());
    if (expectedExit == 2) {
      return null;
    }
    if (expectedExit == 0 && !mode.equals("clean")) {
      assertTrue(p.out.contains("Throughput mb/s"), p.out);
    }
    ResultSchema.assertValid(results);
    return ResultReader.read(results).get(0);
  }

  /**
   * {@code figure} ("calls" or "bytes") of the instrumented operation {@code op}, added up over
   * the phase's map attempts.
   */
  private static long mapTotal(PhaseResult phase, String op, String figure) {
    IoResult io = phase.io();
    assertTrue(io != null && io.perTask() != null, "no --instrument figures in " + phase.name());
    long sum = 0;
    for (IoResult.TaskIo t : io.perTask()) {
      OperationSummary s = t.attempt().contains("_m_") ? t.ops().get(op) : null;
      if (s != null) {
        sum += figure.equals("calls") ? s.calls() : s.bytes();
      }
    }
    return sum;
  }

  /** The per-file lines the reduce wrote: file offset bytes start end nanos mismatch samples. */
  private List<String[]> perFileLines(ResultRecord r) throws Exception {
    org.apache.hadoop.fs.Path part =
        new org.apache.hadoop.fs.Path(
            "/it-dfsio/" + r.runId() + "/" + r.point() + "/result/part-r-00000");
    List<String[]> lines = new ArrayList<>();
    try (BufferedReader in =
        new BufferedReader(new InputStreamReader(fs.open(part), StandardCharsets.UTF_8))) {
      String line;
      while ((line = in.readLine()) != null) {
        if (line.startsWith("file\t")) {
          lines.add(line.substring(5).split(" "));
        }
      }
    }
    return lines;
  }

  /** Throughput and Average IO rate recomputed from the job's own per-map numbers. */
  private void assertFiguresFollowTheirDefinitions(ResultRecord r) throws Exception {
    PhaseResult phase = r.phases().get(0);
    Map<String, Object> f = phase.figures();
    List<String[]> lines = perFileLines(r);
    assertEquals(FILES, lines.size());
    double mb = 0;
    double seconds = 0;
    double rates = 0;
    for (String[] l : lines) {
      double fileMb = Long.parseLong(l[2]) / 1048576.0;
      double s = Long.parseLong(l[5]) / 1e9;
      assertEquals(SIZE, Long.parseLong(l[2]));
      mb += fileMb;
      seconds += s;
      rates += fileMb / s;
    }
    assertEquals(FILES * 3.0, ((Number) f.get("total_mb")).doubleValue(), 1e-9);
    assertEquals(mb / seconds, phase.metric("throughput_mb_s").value(), 0.001);
    assertTrue(phase.metric("throughput_mb_s").isHeadline());
    assertEquals(rates / FILES, phase.metric("average_io_rate_mb_s").value(), 0.001);
    assertEquals(phase.seconds(), ((Number) f.get("test_exec_time_s")).doubleValue(), 0.001);
    assertTrue(phase.metric("aggregate_mb_s").value() > 0);
    assertEquals((long) FILES, phase.records());
    assertFilesRanTogether(r, FILES);
  }

  /** Every file's I/O overlapped every other's, behind the maps' start barrier. */
  private static void assertFilesRanTogether(ResultRecord r, int files) {
    Map<String, Object> f = r.phases().get(0).figures();
    assertEquals(files, ((Number) f.get("concurrency")).intValue(), f.toString());
    assertEquals(Boolean.TRUE, f.get("all_files_together"), f.toString());
    assertTrue(((Number) f.get("start_skew_s")).doubleValue() < 1.0, f.toString());
  }

  @Test
  @Order(1)
  void readBeforeAnyWriteIsRefusedAndCreatesNothing() throws Exception {
    dfsio(2, "read");
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/it-dfsio")));
  }

  @Test
  @Order(2)
  void writeThenReadGiveFiguresThatObeyTheirDefinitions() throws Exception {
    ResultRecord w = dfsio(0, "write", "--instrument");
    assertEquals("ok", w.status(), w.toString());
    assertEquals("passed", w.validation().status());
    assertFiguresFollowTheirDefinitions(w);
    // The maps write the data files and nothing else to HDFS (map output is on local disk).
    assertEquals(FILES * SIZE, mapTotal(w.phases().get(0), "stream_write_operations", "bytes"));
    assertEquals(FILES, mapTotal(w.phases().get(0), "op_create", "calls"));
    for (int i = 0; i < FILES; i++) {
      assertEquals(SIZE, fs.getFileStatus(
          new org.apache.hadoop.fs.Path("/it-dfsio/io_data/test_io_" + i)).getLen());
    }

    ResultRecord read = dfsio(0, "read");
    assertEquals("ok", read.status(), read.toString());
    assertTrue(read.validation().checks().stream()
        .anyMatch(c -> c.name().equals("read_back") && c.passed()), read.toString());
    assertFiguresFollowTheirDefinitions(read);

    // Two files on YARN's containers (--instrument runs the job there), four above, on a second
    // JDK: this one's files, linked elsewhere, so the JVMs say where they ran from.
    Path secondJdk = secondJdk();
    ResultRecord random = dfsio(0, "random-read", 2, "--instrument", "--task-java-home",
        secondJdk.toString());
    assertEquals("ok", random.status(), random.toString());
    assertFilesRanTogether(random, 2);
    JobJvms jvms = random.phases().get(0).figure(JobJvms.FIELD);
    assertEquals(1, jvms.tasks().size(), jvms.toString());
    JobJvms.Jvm task = jvms.tasks().get(0);
    assertEquals(secondJdk.toString(), task.javaHome(), jvms.toString());
    assertTrue(task.addOpens(), jvms.toString());
    // The two maps and the reduce, each attempt once (a name per attempt)
    assertEquals(3, task.count(), jvms.toString());
    assertEquals(secondJdk.toString(), jvms.am().get(0).javaHome(), jvms.toString());
    // Without the option, the NodeManager's own Java: this JVM's.
    JobJvms plain = w.phases().get(0).figure(JobJvms.FIELD);
    assertEquals(System.getProperty("java.home"), plain.tasks().get(0).javaHome(),
        plain.toString());
    assertEquals(org.apache.hadoop.util.VersionInfo.getVersion(), plain.tasks().get(0).hadoop());
  }

  /** This JVM's JDK at another path: its files hard-linked (copied where links cannot go). */
  private Path secondJdk() throws Exception {
    Path home = Path.of(System.getProperty("java.home"));
    Path second = tmp.resolve("second-jdk");
    if (!Files.exists(second)) {
      Process cp = new ProcessBuilder("cp", "-al", home.toString(), second.toString())
          .redirectErrorStream(true).start();
      if (cp.waitFor() != 0) {
        assertEquals(0, new ProcessBuilder("cp", "-r", home.toString(), second.toString())
            .inheritIO().start().waitFor());
      }
    }
    return second;
  }

  /**
   * A task that cannot load its classes on the containers' Java (one compiled here for the newer
   * JDK beside this one) fails its job with one line naming both Javas and what to give.
   */
  @Test
  @Order(8)
  void aTaskOnAJavaOlderThanItsClassesIsSaidAsWhatToDo() throws Exception {
    Path newer = newerJdk();
    Path src = Files.createDirectories(tmp.resolve("probe-src/probe"));
    // The tasks' map output key: loaded by each map as it starts, and by neither the client nor
    // the ApplicationMaster (which load the mapper and reducer, Hadoop's own here).
    Files.writeString(src.resolve("NewerKey.java"), "package probe;\npublic class NewerKey {}\n");
    Path classes = Files.createDirectories(tmp.resolve("probe-classes"));
    Process javac = new ProcessBuilder(newer.resolve("bin/javac").toString(), "-d",
        classes.toString(), src.resolve("NewerKey.java").toString())
        .redirectErrorStream(true).start();
    String said = new String(javac.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, javac.waitFor(), said);
    Path jar = tmp.resolve("probe.jar");
    try (var out = new java.util.jar.JarOutputStream(Files.newOutputStream(jar))) {
      out.putNextEntry(new java.util.jar.JarEntry("probe/NewerKey.class"));
      out.write(Files.readAllBytes(classes.resolve("probe/NewerKey.class")));
      out.closeEntry();
    }
    org.apache.hadoop.mapreduce.Job job =
        org.apache.hadoop.mapreduce.Job.getInstance(cluster.configuration(), "newer classes");
    job.setJar(jar.toString());
    job.getConfiguration().set("mapreduce.map.output.key.class", "probe.NewerKey");
    job.getConfiguration().setInt("mapreduce.map.maxattempts", 1);
    io.hbench.core.mapreduce.NumberRangeInputFormat.configure(job, 1, 1, 0);
    job.setNumReduceTasks(1);
    job.setOutputFormatClass(org.apache.hadoop.mapreduce.lib.output.NullOutputFormat.class);
    java.io.ByteArrayOutputStream console = new java.io.ByteArrayOutputStream();
    java.io.PrintStream ps = new java.io.PrintStream(console, true, StandardCharsets.UTF_8);
    io.hbench.core.error.PhaseFailedException e = org.junit.jupiter.api.Assertions.assertThrows(
        io.hbench.core.error.PhaseFailedException.class,
        () -> new io.hbench.core.engine.JobPhase(new io.hbench.core.text.Console(ps, ps,
            false, 60_000)).run("probe", "probe", job, 0,
            org.apache.hadoop.mapreduce.TaskCounter.MAP_INPUT_RECORDS, null, null));
    int feature = Runtime.version().feature();
    int newerFeature = javaFeature(newer);
    assertTrue(e.getMessage().endsWith(": the cluster's containers run Java " + feature
        + ", and hbench's classes need Java " + newerFeature + ": run them on Java "
        + newerFeature + " with --task-java-home DIR (a JDK on every node) or"
        + " --task-jdk-archive URI (a JDK tarball on the cluster's file system)"),
        e.getMessage());
    assertFalse(e.getMessage().contains("\n"), e.getMessage());
  }

  /** A JDK newer than this one beside it (the build machines have a Java 25). */
  private static Path newerJdk() throws Exception {
    Path jvms = Path.of(System.getProperty("java.home")).toRealPath().getParent();
    try (var dirs = Files.list(jvms)) {
      for (Path d : dirs.sorted().toList()) {
        if (Files.isExecutable(d.resolve("bin/javac"))
            && javaFeature(d) > Runtime.version().feature()) {
          return d;
        }
      }
    }
    throw new AssertionError("no JDK newer than Java " + Runtime.version().feature() + " in "
        + jvms + ": this test needs one, as a second JVM (see DEPENDENCIES.md)");
  }

  /** A JDK's feature version, from its {@code release} file. */
  private static int javaFeature(Path jdk) throws Exception {
    Path release = jdk.resolve("release");
    if (!Files.exists(release)) {
      return 0;
    }
    for (String line : Files.readAllLines(release)) {
      if (line.startsWith("JAVA_VERSION=")) {
        String v = line.substring(13).replace("\"", "");
        return Integer.parseInt(v.split("[.+-]")[0]);
      }
    }
    return 0;
  }

  @Test
  @Order(3)
  void aCorruptedByteFailsTheReadAndIsNamed() throws Exception {
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/it-dfsio/io_data/test_io_2");
    byte[] data;
    try (FSDataInputStream in = fs.open(file)) {
      data = in.readAllBytes();
    }
    data[1_234_567] ^= 0x40;
    try (OutputStream out = fs.create(file, true)) {
      out.write(data);
    }
    ResultRecord r = dfsio(1, "read");
    assertEquals("failed", r.status());
    assertTrue(r.failure().contains("read_back") && r.failure().contains("test_io_2 at byte 1234567"),
        r.failure());
  }

  @Test
  @Order(4)
  void cleanRemovesOnlyTheSuitesData() throws Exception {
    org.apache.hadoop.fs.Path neighbour = new org.apache.hadoop.fs.Path("/it-dfsio-neighbour/keep");
    try (OutputStream out = fs.create(neighbour)) {
      out.write(1);
    }
    org.apache.hadoop.fs.Path foreign = new org.apache.hadoop.fs.Path("/it-dfsio/not-ours/keep");
    try (OutputStream out = fs.create(foreign)) {
      out.write(1);
    }
    ResultRecord r = dfsio(0, "clean");
    assertEquals("ok", r.status(), r.toString());
    assertFalse(fs.exists(new org.apache.hadoop.fs.Path("/it-dfsio/io_data")));
    assertTrue(fs.exists(neighbour));
    assertTrue(fs.exists(foreign));
  }

  private ResultRecord[] bench(int expectedExit, String... args) throws Exception {
    Path results = Files.createTempFile(tmp, "suite-", ".jsonl");
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--out", results.toString()));
    BenchProcess p = BenchProcess.run(confDir.toString(), localUnlessInstrumented(all));
    assertEquals(expectedExit, p.exitCode, p.toString());
    ResultSchema.assertValid(results);
    return ResultReader.read(results).toArray(new ResultRecord[0]);
  }

  private static io.hbench.core.result.DaemonFigures daemon(PhaseResult p, String role) {
    return p.daemons().stream().filter(d -> d.role().equals(role)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + role + " in " + p.name()));
  }

  /** The processors of the NodeManager's host, from its fingerprint. */
  private static double nodeManagerCores(ResultRecord r) {
    return r.environment().servers().stream().filter(f -> f.role().equals("nodemanager"))
        .findFirst().orElseThrow().cores();
  }

  @Test
  @Order(5)
  void wordCountSweepOfTwoSizesIsValidatedAndReusesKeptText() throws Exception {
    ResultRecord[] r;
    try (ProcStatSampler stat = new ProcStatSampler()) {
      // Sizes of 8M chunks: the 16M point's count is 2 maps on 2 cores.
      r = bench(0, "wordcount", "--sizes", "8M,16M", "--keep-input", "--vocabulary", "5000",
          "--base-dir", "/it-wordcount", "--instrument", "--metrics", "--metrics-interval", "1s");
      assertEquals(2, r.length);
      // Host load without SSH: each phase's host CPU (the servers' JVM, which is this one, read
      // over /jmx) within 15 points of /proc/stat over the same phase; on the point of 2 maps,
      // the count phase busy, as the NodeManager's measure of its node says too. (Another test
      // class may run beside this one: it adds to both figures alike. A quiet phase is checked
      // where tests run alone, in harness-core's HostLoadIT.)
      for (ResultRecord x : r) {
        for (PhaseResult p : x.phases()) {
          double busy = stat.busy(p.startedMillis(), p.startedMillis() + (long) (p.seconds() * 1000));
          double recorded = daemon(p, "namenode").metric("host_cpu").value();
          assertEquals(busy, recorded, 0.15, x.point() + " " + p.name());
          if (p.name().equals("count") && x.point().equals("16M")) {
            // Busy: an idle phase reads about 0.1 here; 0.59 was seen with the machine's other
            // test class between phases.
            assertTrue(recorded >= 0.5, x.point() + " count: host CPU " + recorded);
            double node = daemon(p, "nodemanager").metric("node_cpu_cores").value()
                / nodeManagerCores(x);
            System.out.printf("MapReduceSuitesIT count of 2 maps: host CPU %.3f, node CPU %.3f,"
                + " /proc/stat %.3f%n", recorded, node, busy);
            assertTrue(node >= 0.5, "node CPU " + node);
            assertEquals(busy, node, 0.15, "node CPU");
          }
        }
      }
    }
    for (ResultRecord x : r) {
      assertEquals("ok", x.status(), x.toString());
      assertEquals("passed", x.validation().status());
      assertEquals(List.of("generate", "count"), x.phases().stream().map(PhaseResult::name).toList());
      long words = ((Number) x.params().get("words")).longValue();
      // About six bytes a word: five letters or more and a separator.
      long bytes = ((Number) x.params().get("size_bytes")).longValue();
      assertTrue(words > bytes / 8 && words < bytes / 5, words + " words in " + bytes + " bytes");
      assertEquals(words, x.phase("count").records());
      // --instrument: generation (map-only, no output format) writes, per new chunk, its text
      // and a file holding the chunk's word count (digits and a newline); the count's maps read
      // all the text, and a little more (their split files, line ends past a split).
      PhaseResult gen = x.phase("generate");
      long made = ((Number) x.params().get("chunks")).longValue()
          - ((Number) x.params().get("chunks_reused")).longValue();
      assertEquals(2 * made, mapTotal(gen, "op_create", "calls"));
      long written = mapTotal(gen, "stream_write_operations", "bytes");
      assertTrue(written > gen.bytes() && written <= gen.bytes() + 20 * made,
          written + " bytes written for " + gen.bytes() + " of text");
      long read = mapTotal(x.phase("count"), "stream_read_operations", "bytes");
      assertTrue(read >= bytes && read < bytes + (64 << 10), read + " bytes read of " + bytes);
    }
    // The 16M point wrote only the chunk the 8M point had not.
    assertEquals(0, ((Number) r[0].params().get("chunks_reused")).intValue());
    assertEquals(1, ((Number) r[1].params().get("chunks_reused")).intValue());
    assertEquals(8L << 20, r[1].phase("generate").bytes());
  }

  @Test
  @Order(6)
  void aKnownTinyInputGivesKnownCounts() throws Exception {
    org.apache.hadoop.fs.Path in = new org.apache.hadoop.fs.Path("/it-tiny/text.txt");
    try (OutputStream out = fs.create(in)) {
      out.write("the cat  the dog\n\tthe end\n".getBytes(StandardCharsets.UTF_8));
    }
    ResultRecord r =
        bench(0, "wordcount", "--input", "/it-tiny", "--base-dir", "/it-wordcount-tiny", "--keep")[0];
    assertEquals("ok", r.status(), r.toString());
    org.apache.hadoop.fs.Path counts =
        new org.apache.hadoop.fs.Path("/it-wordcount-tiny/" + r.runId() + "/input/counts/part-r-00000");
    List<String> lines = new ArrayList<>();
    try (BufferedReader b =
        new BufferedReader(new InputStreamReader(fs.open(counts), StandardCharsets.UTF_8))) {
      b.lines().forEach(lines::add);
    }
    assertEquals(List.of("cat\t1", "dog\t1", "end\t1", "the\t3"), lines);
    assertEquals(6L, r.phase("count").records());
  }

  @Test
  @Order(7)
  void sliveReportsEveryOperationWithCountsAddingUpToMapsTimesOps() throws Exception {
    ResultRecord r =
        bench(0, "slive", "--maps", "2", "--ops-per-map", "300", "--files", "20",
            "--write-size", "4K", "--read-size", "4K", "--base-dir", "/it-slive",
            "--instrument")[0];
    assertEquals("ok", r.status(), r.toString());
    PhaseResult slive = r.phase("slive");
    assertEquals(java.util.Set.of("create", "read", "ls", "mkdir", "rename", "append", "delete"),
        new java.util.HashSet<>(slive.loads().stream().map(OperationLoad::op).toList()));
    long total = 0;
    long histogrammed = 0;
    for (OperationLoad l : slive.loads()) {
      assertTrue(l.failures() <= l.calls(), l.op());
      assertTrue(l.opsPerSecond() > 0, l.op());
      assertTrue(l.latencyMs() != null, l.op());
      total += l.calls();
      histogrammed += l.latencies().count();
    }
    assertEquals(600, total);
    assertEquals(600, histogrammed, "the maps' histograms merged");
    assertTrue(slive.metric("ops_per_s").isHeadline());
    // Some creates succeed, and reads of files never created fail as expected, by type.
    OperationLoad create = slive.load("create");
    assertTrue(create.calls() - create.failures() > 0);
    Map<String, Long> readFailures = slive.load("read").failureTypes();
    assertTrue(readFailures != null && readFailures.containsKey("FileNotFoundException"),
        String.valueOf(readFailures));
    // --instrument counted the same calls, one file system call per operation, failed ones too.
    PhaseResult phase = r.phase("slive");
    for (String[] pair : new String[][] {
        {"create", "op_create"}, {"append", "op_append"}, {"rename", "op_rename"},
        {"delete", "op_delete"}, {"ls", "op_list_status"}}) {
      assertEquals(slive.load(pair[0]).calls(), mapTotal(phase, pair[1], "calls"), pair[0]);
    }
  }
}
