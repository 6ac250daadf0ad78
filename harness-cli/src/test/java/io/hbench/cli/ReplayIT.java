package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.cluster.EmbeddedCluster;
import io.hbench.core.report.HeadlessChromium;
import io.hbench.core.report.ResultReader;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultSchema;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.hdfs.server.namenode.AuditLogger;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * replay on an embedded HDFS whose NameNode also hands every audit event to {@link
 * CapturingAuditLogger}: what the NameNode saw is compared with the trace, command for command.
 * One cluster for the class (with YARN, for --maps); the test of a NameNode with one handler
 * starts its own.
 */
@Tag("integration")
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class ReplayIT extends OnEmbeddedCluster {

  /** Every audit event the NameNodes of this class logged as allowed: cmd, src, dst. */
  static final Queue<List<String>> SEEN = new ConcurrentLinkedQueue<>();

  /** Keeps what the NameNode logs (dfs.namenode.audit.loggers), in this JVM. */
  public static final class CapturingAuditLogger implements AuditLogger {
    @Override
    public void initialize(Configuration conf) {}

    @Override
    public void logAuditEvent(boolean succeeded, String userName, InetAddress addr, String cmd,
        String src, String dst, FileStatus stat) {
      if (succeeded) {
        SEEN.add(java.util.Arrays.asList(cmd, src, dst));
      }
    }
  }

  Path trace;

  @Override
  protected String[] services() {
    return new String[] {"hdfs", "yarn"};
  }

  @Override
  protected Configuration serverConf() {
    Configuration c = new Configuration();
    c.set("dfs.namenode.audit.loggers", CapturingAuditLogger.class.getName());
    return c;
  }

  @BeforeAll
  void makeTrace() throws Exception {
    // 20,000 commands over 20 s: eight kinds, five users (each from four addresses).
    trace = tmp.resolve("audit.log");
    ok(null, "replay", "--synthesize", trace.toString(), "--commands", "20000", "--duration",
        "20s");
    // Commands no FileSystem call makes, at times within the trace.
    List<String> lines = Files.readAllLines(trace);
    List<String> more = new ArrayList<>();
    for (int i = 1; i <= 5; i++) {
      String at = lines.get(i * 1000);
      more.add(at.replaceFirst("cmd=[A-Za-z]+", i <= 3 ? "cmd=getEZForPath" : "cmd=checkAccess"));
    }
    Files.write(trace, more, java.nio.file.StandardOpenOption.APPEND);
  }

  private ResultRecord ok(Path conf, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    int given = all.indexOf("--out");
    Path out = given >= 0 ? Path.of(all.get(given + 1)) : tmp.resolve("r-" + System.nanoTime() + ".jsonl");
    if (given < 0) {
      all.addAll(List.of("--out", out.toString()));
    }
    BenchProcess p = BenchProcess.run(conf == null ? null : conf.toString(),
        all.toArray(new String[0]));
    assertEquals(0, p.exitCode, p.toString());
    ResultSchema.assertValid(out);
    List<ResultRecord> records = ResultReader.read(out);
    assertEquals(1, records.size());
    assertTrue(records.get(0).ok(), records.get(0).failure());
    return records.get(0);
  }

  /** The window of the replay's calls: first due time to last end, seconds. */
  private static double window(PhaseResult p) {
    return p.loads().stream().filter(l -> !l.isStep()).mapToDouble(OperationLoad::windowSeconds)
        .max().orElseThrow();
  }

  /**
   * Every supported command of the trace reached the NameNode as itself, with its paths mapped
   * under the replay's root, and no other; the unsupported are named with their counts. At the
   * recorded rate the replay takes the trace's 20 s.
   */
  @Test
  void theNameNodeSeesTheTracesCommandsAtTheTracesPace() throws Exception {
    ResultRecord r = ok(confDir, "replay", "--trace", trace.toString());
    assertEquals(20000, assertNameNodeSaw(trace, r));
    assertEquals(Map.of("getEZForPath", 3L, "checkAccess", 2L),
        Map.copyOf(castLongs((Map<?, ?>) r.params().get("unsupported"))));
    PhaseResult p = r.phase("replay");
    assertEquals(8, p.loads().stream().filter(l -> !l.isStep()).count(), "8 command types");
    assertEquals(5, p.loads().stream()
        .filter(l -> l.op().startsWith("user ") && !l.op().endsWith(".service")).count(), "5 users");
    double w = window(p);
    assertTrue(w >= 19 && w <= 21, "20 s trace replayed in " + w + " s");
    assertEquals(0L, ((Number) p.figures().get("invalid")).longValue());
  }

  /**
   * What the NameNode logged under the replay's root, against the trace: the same multiset of
   * (command, source, destination), mapped, for the supported commands; and each client's
   * commands (each works in its own directory) in the trace's order. Returns the commands
   * compared.
   */
  private static long assertNameNodeSaw(Path traceFile, ResultRecord r) throws Exception {
    String root = URI.create((String) r.params().get("namespace_root")).getPath();
    Map<List<String>, Integer> expected = new TreeMap<>(ReplayIT::compare);
    Map<String, List<List<String>>> traceOrder = new TreeMap<>();
    long replayed = 0;
    for (String line : Files.readAllLines(traceFile, StandardCharsets.UTF_8)) {
      String cmd = field(line, "cmd");
      if (cmd.equals("getEZForPath") || cmd.equals("checkAccess")) {
        continue;
      }
      String dst = field(line, "dst");
      List<String> e = java.util.Arrays.asList(cmd, root + field(line, "src"),
          dst.equals("null") ? null : root + dst);
      expected.merge(e, 1, Integer::sum);
      traceOrder.computeIfAbsent(client(root, e.get(1)), k -> new ArrayList<>()).add(e);
      replayed++;
    }
    Map<List<String>, Integer> seen = new TreeMap<>(ReplayIT::compare);
    Map<String, List<List<String>>> seenOrder = new TreeMap<>();
    for (List<String> e : SEEN) {
      if (e.get(1) != null && e.get(1).startsWith(root + "/")) {
        seen.merge(e, 1, Integer::sum);
        seenOrder.computeIfAbsent(client(root, e.get(1)), k -> new ArrayList<>()).add(e);
      }
    }
    List<String> differ = new ArrayList<>();
    for (List<String> k : expected.keySet()) {
      if (!expected.get(k).equals(seen.get(k))) {
        differ.add(k + ": trace " + expected.get(k) + ", NameNode " + seen.get(k));
      }
    }
    for (List<String> k : seen.keySet()) {
      if (!expected.containsKey(k)) {
        differ.add(k + ": trace 0, NameNode " + seen.get(k));
      }
    }
    assertTrue(differ.isEmpty(), differ.size() + " differ, first: "
        + differ.subList(0, Math.min(10, differ.size())));
    assertEquals(traceOrder.keySet(), seenOrder.keySet());
    for (String client : traceOrder.keySet()) {
      assertEquals(traceOrder.get(client), seenOrder.get(client), client + "'s order");
    }
    return replayed;
  }

  /** The client a synthetic trace's path belongs to: its directory /user/<user>/c<k>. */
  private static String client(String root, String path) {
    String[] parts = path.substring(root.length()).split("/");
    return parts[1] + "/" + parts[2] + "/" + parts[3];
  }

  /**
   * From two map tasks on YARN: every command made once, in each client's order, the tasks'
   * counts and histograms merged into the record.
   */
  @Test
  void fromTwoMapTasksEveryClientKeepsItsOrder() throws Exception {
    Path small = tmp.resolve("maps.log");
    ok(null, "replay", "--synthesize", small.toString(), "--commands", "4000", "--duration", "4s",
        "--random-seed", "5");
    ResultRecord r = ok(confDir, "replay", "--trace", small.toString(), "--maps", "2",
        "--threads", "4");
    assertEquals(4000, assertNameNodeSaw(small, r));
    PhaseResult p = r.phase("replay");
    long calls = p.loads().stream().filter(l -> !l.isStep()).mapToLong(OperationLoad::calls).sum();
    assertEquals(4000, calls);
    assertEquals(4000, p.load("replay.lateness").calls(), "both tasks' lateness, merged");
    assertEquals(4000, p.loads().stream().filter(l -> !l.isStep())
        .mapToLong(l -> io.hbench.core.stats.LatencyHistogram.decode(l.histogram()).count()).sum(),
        "both tasks' histograms, merged");
    assertEquals(2, ((Number) r.params().get("maps")).intValue());
  }

  /**
   * At --rate-factor 2 the same trace takes half as long. The HTML report draws the replay's rate
   * beside the rate its commands were due at, in a real headless Chromium.
   */
  @Test
  void rateFactorTwoHalvesTheReplay() throws Exception {
    Path out = tmp.resolve("rate2.jsonl");
    ResultRecord r = ok(confDir, "replay", "--trace", trace.toString(), "--rate-factor", "2",
        "--out", out.toString());
    double w = window(r.phase("replay"));
    assertTrue(w >= 9.5 && w <= 10.5, "20 s trace at rate factor 2 replayed in " + w + " s");
    BenchProcess text = BenchProcess.run(null, "report", out.toString());
    assertEquals(0, text.exitCode, text.toString());
    assertTrue(text.out.contains("Replay by command") && text.out.contains("fell behind"),
        text.out);
    Path page = tmp.resolve("replay.html");
    BenchProcess p = BenchProcess.run(null, "report", "--html", page.toString(), out.toString());
    assertEquals(0, p.exitCode, p.toString());
    try (HeadlessChromium chrome = new HeadlessChromium(HeadlessChromium.find())) {
      chrome.open(page);
      io.hbench.thirdparty.jackson.databind.JsonNode labels = chrome.evaluate("JSON.parse(JSON.stringify("
          + "window.hbenchCharts.filter(c => c.kind === 'series').map(c =>"
          + " c.plot.series.map(s => s.label))))");
      assertTrue(labels.toString().contains("due (timetable)")
          && labels.toString().contains("done (all operations)"), labels.toString());
      assertTrue(chrome.errors.isEmpty(), chrome.errors.toString());
    }
  }

  /**
   * Opens of files the trace never creates are invalid, exactly those, without the seed; with
   * it every target is there. --as-users on a cluster that allows no proxy user replays as this
   * user and says so.
   */
  @Test
  void seedingTheNamespaceFindsWhatTheTraceNeverCreated() throws Exception {
    Path missing = tmp.resolve("missing.log.gz");
    ok(null, "replay", "--synthesize", missing.toString(), "--commands", "5000", "--duration",
        "5s", "--missing", "30", "--random-seed", "7");
    ResultRecord without = ok(confDir, "replay", "--trace", missing.toString(), "--rate-factor",
        "5", "--as-users");
    long opens = without.phase("replay").load("open").calls();
    long invalid = ((Number) castLongs((Map<?, ?>) without.phase("replay").figures()
        .get("invalid_by_command")).get("open")).longValue();
    double share = invalid / (double) opens;
    assertTrue(Math.abs(share - 0.30) <= 0.01, invalid + " of " + opens + " opens invalid");
    assertEquals(Boolean.FALSE, without.params().get("as_trace_users"));
    assertTrue(String.valueOf(without.params().get("as_trace_users_refused")).contains(
        "not allowed to impersonate"), String.valueOf(without.params()));
    ResultRecord with = ok(confDir, "replay", "--trace", missing.toString(), "--rate-factor",
        "5", "--seed-namespace");
    assertEquals(0L, ((Number) with.phase("replay").figures().get("invalid")).longValue());
    assertEquals(invalid, ((Number) with.params().get("seeded_paths")).longValue(),
        "one seeded file for each open the trace never creates");
  }

  /**
   * A NameNode with one handler and a burst of 1,000 creates in 100 ms: the calls queue at the
   * server, so latency from each command's due time dwarfs the time inside the call, and the
   * record says the replay fell behind.
   */
  @Test
  void aBurstOnOneHandlerFallsBehindAndSaysSo() throws Exception {
    Path burst = tmp.resolve("burst.log");
    ok(null, "replay", "--synthesize", burst.toString(), "--commands", "1000", "--duration",
        "100ms", "--mix", "create=1");
    Configuration c = serverConf();
    c.setInt("dfs.namenode.handler.count", 1);
    try (EmbeddedCluster one = EmbeddedCluster.start(c, 1, "hdfs")) {
      Path conf = tmp.resolve("conf-one-handler");
      one.writeConfiguration(conf);
      ResultRecord r = ok(conf, "replay", "--trace", burst.toString());
      PhaseResult p = r.phase("replay");
      double fromDue = p.load("create").latencyMs().p99();
      double service = p.load("create.service").latencyMs().p99();
      assertTrue(fromDue >= 10 * service, "p99 from due " + fromDue + " ms, service " + service);
      assertEquals(Boolean.TRUE, p.figures().get("fell_behind"));
      assertFalse(((Number) p.figures().get("lateness_max_s")).doubleValue() < 0.1);
    }
  }

  /**
   * A trace whose every create but the first fails on the NameNode (each is under a file, not a
   * directory): the point is failed by --max-failures' 1%, and the record says how many failed.
   */
  @Test
  void aReplayWhoseCommandsFailIsAFailedPoint() throws Exception {
    Path fails = tmp.resolve("fails.log");
    ok(null, "replay", "--synthesize", fails.toString(), "--commands", "200", "--duration", "1s",
        "--mix", "create=1");
    List<String> lines = new ArrayList<>(Files.readAllLines(fails));
    for (int i = 0; i < lines.size(); i++) {
      lines.set(i, lines.get(i).replaceFirst("\tsrc=[^\t]*",
          "\tsrc=/hb-fails/file" + (i == 0 ? "" : "/under-a-file-" + i)));
    }
    Files.write(fails, lines);
    Path out = tmp.resolve("fails.jsonl");
    // One client thread: the trace's order, so the file exists before the creates under it.
    BenchProcess p = BenchProcess.run(confDir.toString(), "replay", "--trace", fails.toString(),
        "--rate-factor", "4", "--threads", "1", "--out", out.toString());
    assertEquals(1, p.exitCode, p.toString());
    ResultRecord r = ResultReader.read(out).get(0);
    assertFalse(r.ok(), "every create under a file failed: " + p);
    var failures = r.validation().checks().stream().filter(c -> c.name().equals("failures"))
        .findFirst().orElseThrow();
    assertFalse(failures.passed());
    assertTrue(failures.detail().startsWith("199 of 200 commands failed (99.5%), at most 1%"),
        failures.detail());
    assertTrue(failures.detail().contains("ParentNotDirectoryException"), failures.detail());
  }

  private static String field(String line, String name) {
    int at = line.indexOf("\t" + name + "=");
    int end = line.indexOf('\t', at + 1);
    return line.substring(at + name.length() + 2, end < 0 ? line.length() : end);
  }

  private static int compare(List<String> a, List<String> b) {
    for (int i = 0; i < 3; i++) {
      String x = a.get(i) == null ? "" : a.get(i);
      String y = b.get(i) == null ? "" : b.get(i);
      int c = x.compareTo(y);
      if (c != 0) {
        return c;
      }
    }
    return 0;
  }

  private static Map<String, Long> castLongs(Map<?, ?> m) {
    Map<String, Long> out = new TreeMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), ((Number) v).longValue()));
    return out;
  }
}
