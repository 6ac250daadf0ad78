package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.Check;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultSchema;
import java.io.IOException;
import java.net.HttpURLConnection;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * fsops against three real file systems: an embedded HDFS (no YARN: fsops runs no jobs), the
 * local file system, and S3 through S3A against a real S3 server (s3mock, from its exec jar,
 * started here on loopback as a separate process).
 */
@Tag("integration")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class FsOpsIT extends OnEmbeddedCluster {

  static final List<String> OPS =
      List.of("create_write", "open_read", "single_read", "prefetch_read", "exists", "rename",
          "list", "delete", "mkdirs", "clean");

  /** A secret nobody would print by chance: it must appear in no output and no result. */
  static final String SECRET = "s3cr3t-" + Long.toHexString(System.nanoTime()) + "-never-print";

  Process s3;
  int s3Port;

  @Override
  protected String[] services() {
    // Ozone beside HDFS: the same work on each, and on S3, side by side in one run.
    return new String[] {"hdfs", "ozone", "yarn"};
  }

  @BeforeAll
  void startS3() throws Exception {
    s3Port = freePort();
    String jar = System.getProperty("hbench.s3mock.jar");
    assertNotNull(jar, "hbench.s3mock.jar is set by the build (failsafe)");
    s3 =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                // Its Tomcat's work directory in ours, removed with it, not in /tmp.
                "-Djava.io.tmpdir=" + Files.createDirectories(tmp.resolve("s3mock-tmp")),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx192m", "-jar", jar,
                "--server.ssl.enabled=false", "--server.port=" + s3Port,
                "--server.address=127.0.0.1", "--com.adobe.testing.s3mock.httpPort=0",
                "--com.adobe.testing.s3mock.store.initialBuckets=bench",
                "--com.adobe.testing.s3mock.store.root=" + tmp.resolve("s3-store"),
                "--spring.main.banner-mode=off", "--logging.level.root=WARN",
                // Every request the server served, unbuffered: what hbench's counts are checked
                // against (method, path, query, status, copy source, S3A's audit header).
                "--server.tomcat.accesslog.enabled=true",
                "--server.tomcat.accesslog.directory=" + tmp.toAbsolutePath(),
                "--server.tomcat.accesslog.prefix=s3-access", "--server.tomcat.accesslog.suffix=.log",
                "--server.tomcat.accesslog.rotate=false", "--server.tomcat.accesslog.buffered=false",
                "--server.tomcat.accesslog.pattern=%m|%U|%q|%s|%{x-amz-copy-source}i|%{Referer}i")
            .redirectErrorStream(true)
            .redirectOutput(tmp.resolve("s3mock.log").toFile())
            .start();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
    while (!healthy()) {
      assertTrue(s3.isAlive(), "s3mock exited: " + Files.readString(tmp.resolve("s3mock.log")));
      assertTrue(System.nanoTime() < deadline, "s3mock did not start in 90 s");
      Thread.sleep(250);
    }
  }

  private boolean healthy() {
    try {
      HttpURLConnection c =
          (HttpURLConnection) URI.create("http://127.0.0.1:" + s3Port + "/actuator/health").toURL().openConnection();
      c.setRequestProperty("Accept", "application/json");
      c.setConnectTimeout(1000);
      return c.getResponseCode() == 200;
    } catch (IOException e) {
      return false;
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  @AfterAll
  void stopS3() throws Exception {
    if (s3 != null) {
      s3.destroy();
      s3.waitFor(20, TimeUnit.SECONDS);
    }
  }

  private record Run(BenchProcess process, List<ResultRecord> records, String resultsText) {}

  private Run fsops(String confDirOrNull, int expectedExit, List<String> args) throws Exception {
    Path out = tmp.resolve("r-" + System.nanoTime() + ".jsonl");
    List<String> all = new ArrayList<>(List.of("fsops"));
    all.addAll(args);
    all.addAll(List.of("--out", out.toString()));
    BenchProcess p = BenchProcess.run(confDirOrNull, all.toArray(new String[0]));
    assertEquals(expectedExit, p.exitCode, p.toString());
    boolean wrote = Files.exists(out);
    if (wrote) {
      ResultSchema.assertValid(out);
    }
    return new Run(p, wrote ? ResultReader.read(out) : List.of(),
        wrote ? Files.readString(out, StandardCharsets.UTF_8) : "");
  }

  private static Map<String, Object> figures(ResultRecord r) {
    PhaseResult p = r.phase(String.valueOf(r.params().get("op")));
    assertTrue(p != null && p.figures() != null, "no figures: " + r);
    return p.figures();
  }

  private static OperationLoad load(ResultRecord r) {
    String op = String.valueOf(r.params().get("op"));
    PhaseResult p = r.phase(op);
    assertTrue(p != null && p.load(op) != null, "no load: " + r);
    return p.load(op);
  }

  private static boolean hasCheck(ResultRecord r, String name) {
    return r.validation().checks().stream().map(Check::name).anyMatch(name::equals);
  }

  /** Every operation, in the order a user would run them, each measured twice, all ok. */
  private void everyOperation(String confDirOrNull, List<String> target) throws Exception {
    for (String op : OPS) {
      List<String> args = new ArrayList<>(List.of("--op", op, "--threads", "2", "--iterations",
          "2", "--buffer-size", "64K", "--repeats", "2"));
      if (op.equals("create_write")) {
        args.addAll(List.of("--file-size", "1M"));
      }
      args.addAll(target);
      Run run = fsops(confDirOrNull, 0, args);
      assertEquals(2, run.records().size(), op);
      for (ResultRecord r : run.records()) {
        assertTrue(r.ok(), op + ": " + r.failure());
        assertEquals("passed", r.validation().status(), op);
        OperationLoad l = load(r);
        assertEquals(op.equals("clean") ? 1 : 4, l.calls(), op);
        switch (op) {
          case "create_write" -> assertEquals(4L << 20, l.bytes());
          case "open_read", "single_read", "prefetch_read" -> {
            assertEquals(4L << 20, l.bytes(), op);
            assertTrue(hasCheck(r, "read_back"), op + " checks the bytes it read");
            assertTrue(((Number) figures(r).get("open_reader_time_s")).doubleValue() > 0, op);
            assertTrue(r.phase(op).load("open").isStep(), op + " times its open as a step");
          }
          default -> assertTrue(l.opsPerSecond() > 0, op);
        }
      }
      assertTrue(run.process().out.contains("mean") && run.process().out.contains("cv %"),
          "summary rows: " + run.process().out);
    }
  }

  @Test
  void everyOperationOnHdfs() throws Exception {
    everyOperation(confDir.toString(), List.of("--base-dir", "/it-fsops"));
  }

  @Test
  void everyOperationOnTheLocalFileSystem() throws Exception {
    everyOperation(null, List.of("--base-dir", tmp.resolve("local-fsops").toUri().toString()));
  }

  /**
   * The seed tool's load from many machines: two map tasks on an embedded YARN, two threads
   * each. Every task's calls are counted, their histograms merged, the rate over the merged
   * window.
   */
  @Test
  void mapTasksAddUpAndTheirHistogramsMerge() throws Exception {
    Run run = fsops(confDir.toString(), 0, List.of("--op", "create_write", "--maps", "2",
        "--threads", "2", "--iterations", "3", "--file-size", "256K", "--buffer-size", "64K",
        "--repeats", "1", "--base-dir", "/it-fsops-maps"));
    ResultRecord r = run.records().get(0);
    assertTrue(r.ok(), r.failure());
    assertEquals(4, ((Number) r.params().get("clients")).intValue());
    PhaseResult p = r.phase("create_write");
    assertTrue(p.jobId().startsWith("job_"), "ran as a job");
    OperationLoad l = p.load("create_write");
    assertEquals(12, l.calls());
    assertEquals(12L * (256 << 10), l.bytes());
    assertEquals(12, l.latencies().count(), "the tasks' histograms merged");
    assertTrue(l.opsPerSecond() > 0 && l.windowSeconds() > 0);
    assertTrue(p.metric("create_write", "mb_per_s").isHeadline());
    assertEquals("passed", r.validation().status(), r.validation().toString());
  }

  @Test
  void aChangedByteFailsTheReadBack() throws Exception {
    List<String> target = List.of("--base-dir", "/it-fsops-corrupt", "--repeats", "1");
    List<String> write = new ArrayList<>(List.of("--op", "create_write", "--file-size", "300K"));
    write.addAll(target);
    fsops(confDir.toString(), 0, write);
    FileSystem fs = FileSystem.get(cluster.configuration());
    org.apache.hadoop.fs.Path file = new org.apache.hadoop.fs.Path("/it-fsops-corrupt/data/test_0");
    byte[] bytes = new byte[300 << 10];
    try (FSDataInputStream in = fs.open(file)) {
      in.readFully(bytes);
    }
    bytes[123_456] ^= 1;
    try (FSDataOutputStream out = fs.create(file, true)) {
      out.write(bytes);
    }
    List<String> read = new ArrayList<>(List.of("--op", "open_read"));
    read.addAll(target);
    Run run = fsops(confDir.toString(), 1, read);
    ResultRecord r = run.records().get(0);
    assertFalse(r.ok());
    assertTrue(r.failure().contains("read_back") && r.failure().contains("123456"), r.failure());
  }

  /** The S3 requests the server logged, as the records name their types; "other" the rest. */
  static Map<String, Long> served(List<String> lines) {
    Map<String, Long> out = new java.util.TreeMap<>();
    for (String line : lines) {
      String[] f = line.split("\\|", -1);
      String method = f[0];
      String query = f[2];
      String type = switch (method) {
        case "GET" -> query.contains("list-type=") ? "list" : "get";
        case "HEAD" -> "head";
        case "PUT" -> !f[4].isEmpty() && !f[4].equals("-") ? "copy"
            : query.contains("partNumber=") ? "part_put" : "put";
        case "POST" -> query.contains("uploads") ? "multipart_initiate"
            : query.contains("uploadId=") ? "multipart_complete"
            : query.contains("delete") ? "delete" : "other";
        case "DELETE" -> query.contains("uploadId=") ? "multipart_abort" : "delete";
        default -> "other";
      };
      out.merge(type, 1L, Long::sum);
    }
    return out;
  }

  @Test
  void theStoresRequestsAreCountedByTypeAsTheServerSawThem() throws Exception {
    // Two threads, two files each of 10 MiB in parts of 5 MiB: per file one initiate, two
    // parts, one complete.
    // Priced: 20 requests at 0.005 per 1,000 and 40 MiB sent at 0.02 per GiB.
    Path prices = Files.writeString(tmp.resolve("prices.txt"), String.join("\n",
        "currency = USD", "source = FsOpsIT's prices",
        "store_list_requests = 0.005 / 1000", "store_multipart_initiate_requests = 0.005 / 1000",
        "store_part_put_requests = 0.005 / 1000",
        "store_multipart_complete_requests = 0.005 / 1000", "store_bytes_out = 0.02 / 1G"));
    Run run = requestsAsServed(List.of("--threads", "2", "--iterations", "2",
        "--file-size", "10M", "--request-prices", prices.toString()), Map.of("list", 4L,
        "multipart_initiate", 4L, "part_put", 8L, "multipart_complete", 4L));
    String printed = run.process().out + run.process().err;
    assertTrue(printed.contains("create_write: the store served 20 requests (S3A's count): 4"
        + " LIST, 4 MULTIPART INITIATE, 8 PART PUT, 4 MULTIPART COMPLETE; none throttled, none"
        + " retried; 40.0 MiB out, 0.0 MiB in; 5.00 requests a call; estimated cost 0.000881 USD"
        + " (FsOpsIT's prices)"), printed);
    io.hbench.core.result.Metric cost = run.records().get(0).phase("create_write").metrics()
        .stream().filter(m -> m.name().equals("store_cost")).findFirst().orElseThrow();
    assertEquals(20 * 0.005 / 1000 + 40 * 0.02 / 1024, cost.value(), 1e-12);
    assertEquals("USD", cost.unit());
  }

  @Test
  void requestPricesThatDoNotParseOrMeetNoStoreAreOneLineAndExit2() throws Exception {
    Path bad = Files.writeString(tmp.resolve("bad-prices.txt"),
        "currency = USD\nsource = s\nstore_put_requests = 0.005 per 1000\n");
    Run run = fsops(null, 2, List.of("--op", "create_write", "--base-dir",
        "s3a://bench/never", "--request-prices", bad.toString()));
    assertEquals(List.of("bench: --request-prices " + bad + ":3: store_put_requests: '0.005 per"
        + " 1000' is not a price"), run.process().errLines());
    assertTrue(run.records().isEmpty());
    Path good = Files.writeString(tmp.resolve("good-prices.txt"),
        "currency = USD\nsource = s\nstore_put_requests = 0.005 / 1000\n");
    run = fsops(confDir.toString(), 2, List.of("--op", "create_write", "--base-dir",
        "/it-fsops-priced", "--request-prices", good.toString()));
    assertEquals(1, run.process().errLines().size(), run.process().toString());
    assertTrue(run.process().err.startsWith("bench: --request-prices: the data is on hdfs://")
        && run.process().err.contains("not an object store whose requests hbench counts"),
        run.process().err);
    assertTrue(run.records().isEmpty());
    assertFalse(FileSystem.get(cluster.configuration()).exists(
        new org.apache.hadoop.fs.Path("/it-fsops-priced")),
        "nothing created");
  }

  @Test
  void theRequestsOfMapTasksAddUp() throws Exception {
    // Two map tasks on the embedded YARN, a file of 6 MiB each: a part of 5 MiB and one of 1.
    requestsAsServed(List.of("--maps", "2", "--threads", "1",
        "--iterations", "1", "--file-size", "6M"), Map.of("list", 2L, "multipart_initiate", 2L,
        "part_put", 4L, "multipart_complete", 2L));
  }

  @Test
  void aThrottlingStoreIsCountedRetriedPastAndFailsThePointWhenRetriesRunOut() throws Exception {
    // Every other PUT of the load's files answered 503 SlowDown: each file's first try, whose
    // retry goes through.
    java.util.function.Predicate<String> dataPuts = r -> r.startsWith("PUT ")
        && r.contains("/data/test_");
    try (ThrottlingS3Proxy store = new ThrottlingS3Proxy(s3Port, dataPuts, n -> n % 2 == 0)) {
      Run run = fsops(confDir.toString(), 0, throttledRun(store, "s3a://bench/throttled-ok"));
      ResultRecord r = run.records().get(0);
      assertTrue(r.ok(), r.failure());
      Map<String, Double> store4 = storeFigures(r.phase("create_write"));
      System.out.println("FsOpsIT throttled: " + store4 + "; proxy " + store.throttled);
      assertEquals(4, store.throttled.get(), "each of the 4 files' first PUT");
      assertEquals(4.0, store4.get("store_put_requests"), store4.toString());
      assertEquals(4.0, store4.get("store_throttled"), store4.toString());
      assertEquals(4.0, store4.get("store_retries"), store4.toString());
      assertTrue(run.process().err.contains("; 4 throttled, "), run.process().err);
    }
    // Every one of them throttled, one try allowed: the calls fail, and so does the point.
    try (ThrottlingS3Proxy store = new ThrottlingS3Proxy(s3Port, dataPuts, n -> true)) {
      List<String> args = new ArrayList<>(throttledRun(store, "s3a://bench/throttled-out"));
      args.addAll(List.of("-D", "fs.s3a.attempts.maximum=1", "-D",
          "fs.s3a.retry.throttle.limit=1", "-D", "fs.s3a.retry.limit=1"));
      Run run = fsops(confDir.toString(), 1, args);
      ResultRecord r = run.records().get(0);
      assertFalse(r.ok(), "retries ran out: " + r);
      assertTrue(store.throttled.get() >= 4, "every file's PUT throttled: " + store.throttled);
    }
  }

  private List<String> throttledRun(ThrottlingS3Proxy store, String base) {
    List<String> args = new ArrayList<>(List.of("--op", "create_write", "--repeats", "1",
        "--threads", "1", "--iterations", "4", "--file-size", "256K", "--base-dir", base,
        "-D", "fs.s3a.retry.throttle.interval=50ms"));
    args.addAll(s3a(store.port()));
    return args;
  }

  /** The settings of S3A for the S3 server at {@code port}, parts of 5 MiB. */
  private static List<String> s3a(int port) {
    return List.of("-D", "fs.s3a.endpoint=http://127.0.0.1:" + port,
        "-D", "fs.s3a.path.style.access=true", "-D", "fs.s3a.connection.ssl.enabled=false",
        "-D", "fs.s3a.endpoint.region=us-east-1", "-D", "fs.s3a.access.key=a",
        "-D", "fs.s3a.secret.key=" + SECRET, "-D", "fs.s3a.multipart.size=5M");
  }

  /** The requests of a phase's record by type, as {@link #served} names them; none at 0. */
  private static Map<String, Long> counted(PhaseResult p) {
    Map<String, Long> counted = new java.util.TreeMap<>();
    for (io.hbench.core.result.Metric m : p.metrics()) {
      if (m.name().startsWith("store_") && m.name().endsWith("_requests") && m.value() > 0) {
        counted.put(m.name().substring(6, m.name().length() - 9), (long) m.value());
      }
    }
    return counted;
  }

  /** The server's access log from line {@code from} on. */
  private List<String> logged(int from) throws IOException {
    List<String> lines = Files.readAllLines(tmp.resolve("s3-access.log"));
    return lines.subList(from, lines.size());
  }

  /**
   * A job's requests: dfsio writes a file of 6 MiB from each of 2 map tasks (a part of 5 MiB
   * and one of 1), and its reduce writes and commits its output, where a rename is a COPY and a
   * DELETE. Each task adds its own to the job's counters; the record has their sum, which is
   * what the server served those tasks' file systems.
   */
  @Test
  void aJobsRequestsAreItsTasksAddedUp() throws Exception {
    int before = logged(0).size();
    Path out = tmp.resolve("dfsio-" + System.nanoTime() + ".jsonl");
    List<String> args = new ArrayList<>(List.of("dfsio", "--mode", "write", "--files", "2",
        "--size", "6M", "--base-dir", "s3a://bench/dfsio-" + System.nanoTime(), "--out",
        out.toString()));
    args.addAll(s3a(s3Port));
    BenchProcess p = BenchProcess.run(confDir.toString(), args.toArray(new String[0]));
    assertEquals(0, p.exitCode, p.toString());
    ResultRecord r = ResultReader.read(out).get(0);
    assertTrue(r.ok(), r.failure());
    Map<String, Long> counted = counted(r.phase("write"));
    List<String> lines = logged(before);
    // The tasks' file systems, by S3A's audit header (fs= names the instance): those that made
    // a data file or a task's output. hbench's own files in a task (its JVM's report, the start
    // barrier) go through instances of their own, and the ApplicationMaster is not a task.
    java.util.regex.Pattern made = java.util.regex.Pattern.compile(
        "/op_create/.*[?&]p1=[^&]*(io_data/test_io_|/attempt_[^/&]*/part-)");
    java.util.Set<String> tasks = new java.util.TreeSet<>();
    lines.stream().filter(l -> made.matcher(l).find()).forEach(l -> tasks.add(fsInstance(l)));
    Map<String, Long> served = served(lines.stream()
        .filter(l -> tasks.contains(fsInstance(l))).toList());
    System.out.println("FsOpsIT dfsio: counted " + counted + "; served its tasks " + served
        + "; in all " + served(lines));
    assertEquals(3, tasks.size(), "two maps and a reduce: " + tasks);
    assertEquals(2L, counted.get("multipart_initiate"), counted.toString());
    assertEquals(4L, counted.get("part_put"), counted.toString());
    assertEquals(2L, counted.get("multipart_complete"), counted.toString());
    assertTrue(counted.getOrDefault("copy", 0L) >= 1, "the reduce's commit renames: " + counted);
    assertEquals(served, counted, "what the server served the tasks");
    List<String> harness = lines.stream().filter(l -> tasks.contains(fsInstance(l))
        && (l.contains("_start-") || l.contains("_jvms-"))).toList();
    assertTrue(harness.isEmpty(), "hbench's own files in a task (the start barrier, the JVM's"
        + " report) are not counted; " + harness.size() + " were, the first: "
        + (harness.isEmpty() ? "" : harness.get(0)));
    assertTrue(p.err.contains("write: its tasks made "), p.err);
    // Hadoop's default committer on S3A: the reduce's commit renamed its output.
    assertEquals("file", r.phase("write").figures().get("store_committer"));
    assertTrue(p.err.contains("committer file (FileOutputCommitter: each commit renames"), p.err);
  }

  /**
   * The seeds' HDFS-against-Ozone-against-an-object-store table, made by one command: {@code
   * --vary fs} puts the same writes on each, and the report's page shows them side by side, the
   * store's requests in the S3 column alone.
   */
  @Test
  void hdfsOzoneAndS3SideBySideInOneRun() throws Exception {
    String hdfs = FileSystem.getDefaultUri(cluster.configuration()).toString();
    String ofs = cluster.services().stream().filter(i -> i.name().equals("ozone")).findFirst()
        .orElseThrow().endpoint();
    String s3 = "s3a://bench/backends-" + System.nanoTime() + "/";
    List<String> args = new ArrayList<>(List.of("--op", "create_write", "--threads", "1",
        "--iterations", "2", "--file-size", "6M", "--repeats", "1", "--vary",
        "fs=" + hdfs + "," + ofs + "," + s3));
    args.addAll(s3a(s3Port));
    Run run = fsops(confDir.toString(), 0, args);
    assertEquals(3, run.records().size());
    Map<String, ResultRecord> byFs = new java.util.TreeMap<>();
    for (ResultRecord r : run.records()) {
      assertTrue(r.ok(), r.failure());
      byFs.put(r.options().get("fs"), r);
    }
    assertEquals(new java.util.TreeSet<>(List.of(hdfs, ofs, s3)), byFs.keySet());
    assertEquals(Map.of("list", 2L, "multipart_initiate", 2L, "part_put", 4L,
        "multipart_complete", 2L), counted(byFs.get(s3).phase("create_write")));
    assertEquals(Map.of(), counted(byFs.get(hdfs).phase("create_write")), "HDFS has no requests");
    assertEquals(Map.of(), counted(byFs.get(ofs).phase("create_write")), "nor has Ozone");

    Path results = Path.of(run.records().get(0).options().get("out"));
    Path html = tmp.resolve("backends.html");
    BenchProcess report = BenchProcess.run(null, "report", "--html", html.toString(),
        results.toString());
    assertEquals(0, report.exitCode, report.toString());
    try (io.hbench.core.report.HeadlessChromium chrome = new io.hbench.core.report
        .HeadlessChromium(io.hbench.core.report.HeadlessChromium.find())) {
      chrome.open(html);
      // The headline table: ops/s and MB/s, a column per file system.
      String heads = chrome.evaluate("JSON.stringify([...[...document.querySelectorAll('h3')]"
          + ".find(h => h.textContent === 'fsops').nextElementSibling"
          + ".querySelectorAll('thead tr:last-child th')].map(t => t.textContent))").asText();
      for (String fs : List.of(hdfs, ofs, s3)) {
        assertEquals(2, heads.split(java.util.regex.Pattern.quote("fs=" + fs), -1).length - 1,
            fs + " in " + heads);
      }
      String store = chrome.evaluate("(() => { const h = [...document.querySelectorAll('h3')]"
          + ".find(h => h.textContent.startsWith('Object store requests'));"
          + " return h ? h.nextElementSibling.textContent : 'none'; })()").asText();
      assertTrue(store.contains("fs=" + s3) && !store.contains("fs=" + hdfs)
          && !store.contains("fs=" + ofs), store);
      assertTrue(store.contains("10 (5.00 a call): 2 LIST, 2 MULTIPART INITIATE, 4 PART PUT,"
          + " 2 MULTIPART COMPLETE"), store);
      assertTrue(chrome.errors.isEmpty(), chrome.errors.toString());
    }
  }

  /** The S3A file system instance a logged request came from, from its audit header. */
  private static String fsInstance(String line) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("[?&]fs=([^&]+)").matcher(line);
    return m.find() ? m.group(1) : "";
  }

  private static Map<String, Double> storeFigures(PhaseResult p) {
    Map<String, Double> out = new java.util.TreeMap<>();
    for (io.hbench.core.result.Metric m : p.metrics()) {
      if (m.name().startsWith("store_")) {
        out.put(m.name(), m.value());
      }
    }
    return out;
  }

  /**
   * Runs {@code fsops --op create_write} with {@code args} on the S3 server, parts of 5 MiB,
   * and checks the store's requests the record counts by type: {@code expected}, and what the
   * server logged for the load's calls; returns the run.
   */
  private Run requestsAsServed(List<String> args, Map<String, Long> expected)
      throws Exception {
    // The spans of the creates that uploaded; the rest is hbench's set-up and clean-up
    // (directories made and their markers, the files' checks, the point's deletion).
    return requestsAsServed("create_write",
        l -> l.startsWith("POST|") && l.split("\\|", -1)[2].contains("uploads"), args, expected);
  }

  /**
   * Runs {@code fsops --op op} with {@code args} on the S3 server and checks the store's
   * requests the record counts by type: {@code expected}, and what the server served the load's
   * calls, the spans of the requests {@code loadCall} picks (S3A's audit header names each
   * request's operation and span); returns the run.
   */
  private Run requestsAsServed(String op, java.util.function.Predicate<String> loadCall,
      List<String> args, Map<String, Long> expected) throws Exception {
    int before = logged(0).size();
    List<String> all = new ArrayList<>(List.of("--op", op, "--repeats", "1",
        "--base-dir", "s3a://bench/requests-" + System.nanoTime()));
    all.addAll(s3a(s3Port));
    all.addAll(args);
    Run run = fsops(confDir.toString(), 0, all);
    List<String> lines = logged(before);
    Map<String, Long> counted = counted(run.records().get(0).phase(op));
    java.util.Set<String> loadSpans = new java.util.HashSet<>();
    lines.stream().filter(loadCall).forEach(l -> loadSpans.add(span(l)));
    Map<String, Long> byLoad = served(lines.stream().filter(l -> loadSpans.contains(span(l)))
        .toList());
    Map<String, Long> server = served(lines);
    System.out.println("FsOpsIT requests of " + op + ": counted " + counted
        + "; served the load's calls " + byLoad + "; served in all " + server);
    assertEquals(expected, counted, op);
    assertEquals(byLoad, counted, op + ": what the server served the load's calls");
    server.forEach((type, n) -> assertTrue(counted.getOrDefault(type, 0L) <= n, type));
    return run;
  }

  /**
   * A read, a listing and a rename, each twice, as S3A makes them: an open is a HEAD and the
   * read of a whole file one GET; a listing of a small directory one page of LIST; a rename of a
   * file a COPY and a DELETE, with HEADs and a LIST to check source and destination.
   */
  @Test
  void readsListingsAndRenamesAreCountedAsTheServerSawThem() throws Exception {
    List<String> two = List.of("--threads", "1", "--iterations", "2", "--file-size", "6M");
    requestsAsServed("open_read", l -> l.contains("/op_open/"), two,
        Map.of("head", 2L, "get", 2L));
    // The load lists the point's data directory; hbench lists the base directory as it ends.
    requestsAsServed("list", l -> l.contains("/op_list_status/") && l.contains("/data&"), two,
        Map.of("list", 2L));
    requestsAsServed("rename", l -> l.contains("/op_rename/"), two,
        Map.of("head", 6L, "list", 2L, "copy", 2L, "delete", 2L));
  }

  /** The S3A operation span a logged request was made in, from its audit header. */
  private static String span(String line) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("/hadoop/1/([^/?]+/[^/?]+)/")
        .matcher(line);
    return m.find() ? m.group(1) : "";
  }

  @Test
  void s3ThroughTheStorageToolsConfFileWithoutShowingTheSecret() throws Exception {
    Path conf =
        Files.writeString(
            tmp.resolve("s3.conf"),
            "AWS_ACCESS_KEY=hbench-access\n"
                + "AWS_SECRET_KEY=" + SECRET + "\n"
                + "AWS_ENDPOINT=http://127.0.0.1:" + s3Port + "\n"
                + "AWS_REGION=us-east-1\n"
                + "base_dir=s3a://bench/fsops\n"
                + "fs.s3a.path.style.access=true\n"
                + "fs.s3a.connection.ssl.enabled=false\n");
    StringBuilder printed = new StringBuilder();
    StringBuilder recorded = new StringBuilder();
    // S3A's upload buffers: in hbench's scratch directory (this JVM's, removed as it exits),
    // not in hadoop.tmp.dir/s3a, which S3A would leave in /tmp.
    Path s3aDefault = Path.of(new Configuration().get("hadoop.tmp.dir"), "s3a");
    boolean hadDefault = Files.exists(s3aDefault);
    for (String op : OPS) {
      List<String> args = new ArrayList<>(List.of("--op", op, "--threads", "2", "--repeats", "2",
          "--conf", conf.toString(), "--buffer-size", "128K"));
      if (op.equals("create_write")) {
        args.addAll(List.of("--file-size", "512K"));
      }
      if (op.equals("single_read")) {
        // As such files name objects: s3://bucket/key, served by S3A.
        args.addAll(List.of("--file-path", "s3://bench/fsops/data/test_1"));
      }
      Run run = fsops(confDir.toString(), 0, args);
      for (ResultRecord r : run.records()) {
        assertTrue(r.ok(), op + ": " + r.failure());
        assertEquals("filesystem", r.environment().cluster(), "no cluster is started for s3a");
        assertEquals("bench", r.label(), "an S3 run is labelled with its bucket");
      }
      printed.append(run.process().out).append(run.process().err);
      recorded.append(run.resultsText());
    }
    assertFalse(printed.toString().contains(SECRET), "the secret was printed");
    assertFalse(recorded.toString().contains(SECRET), "the secret was recorded");
    assertTrue(recorded.toString().contains("s3a://bench"), "the records name the store");
    assertEquals(hadDefault, Files.exists(s3aDefault), s3aDefault + " was made");
    // A process of its own removes its scratch directory as it exits.
    Path javaTmp = Files.createDirectories(tmp.resolve("s3-java-tmp"));
    Process child = BenchProcess.start(null, javaTmp, tmp.resolve("s3-child.log"),
        List.of("fsops", "--op", "create_write", "--threads", "1", "--repeats", "1", "--conf",
            conf.toString(), "--file-size", "512K", "--out", tmp.resolve("s3-child.jsonl").toString()));
    assertTrue(child.waitFor(2, TimeUnit.MINUTES), "the child run ends");
    assertEquals(0, child.exitValue(), Files.readString(tmp.resolve("s3-child.log")));
    try (java.util.stream.Stream<Path> left = Files.list(javaTmp)) {
      assertEquals(List.of(), left.toList(), "its java.io.tmpdir is empty again");
    }
    // The same with a configured cluster beside the store (--cluster conf, the data on S3A),
    // whose configuration leaves hadoop.tmp.dir at Hadoop's default, as most clients' do.
    Path plain = Files.createDirectories(tmp.resolve("conf-default-tmp"));
    try (java.util.stream.Stream<Path> sites = Files.list(confDir)) {
      for (Path site : sites.filter(f -> f.toString().endsWith(".xml")).toList()) {
        Configuration c = new Configuration(false);
        c.addResource(new org.apache.hadoop.fs.Path(site.toUri()));
        c.unset("hadoop.tmp.dir");
        try (java.io.OutputStream out = Files.newOutputStream(plain.resolve(site.getFileName()))) {
          c.writeXml(out);
        }
      }
    }
    Process beside = BenchProcess.start(null, javaTmp, tmp.resolve("s3-beside.log"), List.of(),
        java.util.Map.of("HADOOP_CONF_DIR", plain.toString()), List.of("fsops", "--cluster", "conf", "--op", "create_write", "--threads", "1",
            "--repeats", "1", "--conf", conf.toString(), "--file-size", "512K", "--out",
            tmp.resolve("s3-beside.jsonl").toString()));
    assertTrue(beside.waitFor(2, TimeUnit.MINUTES), "the run beside a cluster ends");
    assertEquals(0, beside.exitValue(), Files.readString(tmp.resolve("s3-beside.log")));
    io.hbench.core.result.Environment besideEnv =
        ResultReader.read(tmp.resolve("s3-beside.jsonl")).get(0).environment();
    assertTrue(besideEnv.dataFs().startsWith("s3a://bench")
        && besideEnv.defaultFs().startsWith("hdfs://"), besideEnv.toString());
    try (java.util.stream.Stream<Path> left = Files.walk(javaTmp)) {
      assertEquals(List.of(javaTmp), left.toList(), "its java.io.tmpdir is empty again");
    }
    // hadoop.tmp.dir's default is /tmp/hadoop-<user>, whatever java.io.tmpdir says.
    assertEquals(hadDefault, Files.exists(s3aDefault), s3aDefault + " was made");
  }

  @Test
  void anUnreachableStoreIsOneLine() throws Exception {
    int closed = freePort();
    Run run = fsops(null, 2, List.of("--op", "exists", "--base-dir", "s3a://bench/x",
        "-D", "fs.s3a.endpoint=http://127.0.0.1:" + closed, "-D", "fs.s3a.path.style.access=true",
        "-D", "fs.s3a.access.key=a", "-D", "fs.s3a.secret.key=" + SECRET));
    assertEquals(1, run.process().errLines().size(), run.process().toString());
    assertTrue(run.process().err.contains("cannot reach"), run.process().err);
    assertFalse(run.process().err.contains(SECRET));
    assertTrue(run.records().isEmpty());
  }
}
