package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * {@code --metrics} on a real cluster (a MiniDFSCluster of 3 datanodes, replication 1, one of
 * them slow to take in writes, run as a configured cluster: its daemons found from the
 * configuration and the NameNode): what the daemons say they did matches what the suite did, the
 * samples follow the interval, and the summary names the slow datanode.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class MetricsIT {

  Path tmp;
  Path confDir;
  MiniDFSCluster dfs;

  /** The slow datanode's write bandwidth: what it receives from a client it takes in at this rate. */
  static final long SLOW_BYTES_PER_S = 1L << 20;

  @BeforeAll
  void start() throws Exception {
    tmp = Files.createTempDirectory("hbench-metrics-it-");
    Configuration conf = BenchProcess.miniDfs(tmp);
    conf.setInt("dfs.replication", 1);
    // The first datanode is slow to take in writes (its own write throttle); the others are not.
    Configuration slow = new Configuration(false);
    slow.setLong("dfs.datanode.data.write.bandwidthPerSec", SLOW_BYTES_PER_S);
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(3)
        .dataNodeConfOverlays(new Configuration[] {slow, new Configuration(false),
            new Configuration(false)})
        .build();
    dfs.waitActive();
    // Jobs in MapReduce's local runner: the daemons read here are the file system's.
    confDir = BenchProcess.clientSites(dfs, tmp);
  }

  @AfterAll
  void stop() {
    if (dfs != null) {
      dfs.shutdown();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
  }

  /** Runs bench on the cluster with --metrics read every second; returns its one record. */
  private ResultRecord run(String name, String... args) throws Exception {
    Path out = tmp.resolve(name + ".jsonl");
    List<String> all = new ArrayList<>(List.of(args));
    // The daemons refresh their /jmx every half second (hbench's hadoop-metrics2.properties).
    all.addAll(List.of("--cluster", "conf", "--metrics", "--metrics-interval", "1s",
        "-D", "hbench.metrics.period=0.5", "--out", out.toString()));
    BenchProcess p = BenchProcess.run(confDir.toString(), all.toArray(String[]::new));
    System.out.println("MetricsIT " + name + ":\n" + p.out + p.err);
    assertEquals(0, p.exitCode, p.out + p.err);
    assertTrue(p.out.contains("What stood out on the cluster's daemons"), p.out);
    List<ResultRecord> records = ResultReader.read(out);
    assertEquals(1, records.size());
    assertTrue(records.get(0).ok(), records.get(0).failure());
    return records.get(0);
  }

  private static List<DaemonFigures> of(PhaseResult p, String role) {
    assertNotNull(p.daemons(), p.toString());
    return p.daemons().stream().filter(d -> d.role().equals(role)).toList();
  }

  @Test
  void theDatanodesWroteWhatDfsioWrote() throws Exception {
    ResultRecord r = run("dfsio", "dfsio", "--mode", "write", "--files", "3", "--size", "4M");
    PhaseResult write = r.phase("write");
    int replication = 1;
    List<DaemonFigures> datanodes = of(write, "datanode");
    assertEquals(3, datanodes.size(), write.daemons().toString());
    double written = 0;
    for (DaemonFigures d : datanodes) {
      assertNull(d.unreachable(), d.toString());
      written += d.metric("bytes_written").value();
    }
    double expected = 3 * (4L << 20) * (double) replication;
    assertEquals(expected, written, expected * 0.01, datanodes.toString());
    // A sample at the start, one a second, and one at the end.
    DaemonFigures nn = of(write, "namenode").get(0);
    assertTrue(nn.samples() >= (int) write.seconds() + 1, nn.samples() + " samples in "
        + write.seconds() + " s");
    assertEquals(nn.samples(), nn.series().get("t").size());
    // A job names no NameNode calls: the NameNode's per-method bean, its largest, is not read.
    assertTrue(nn.metric("rpc_calls").value() > 0, nn.toString());
    assertNull(nn.metric("rpc_create_calls"), nn.toString());
    assertNull(nn.series().get("rpc_create_ms"), nn.toString());
  }

  @Test
  void theNameNodeCreatedWhatFsopsCreated() throws Exception {
    ResultRecord r = run("fsops", "fsops", "--op", "create_write", "--iterations", "50",
        "--file-size", "4K", "--repeat", "1");
    PhaseResult create = r.phase("create_write");
    DaemonFigures nn = of(create, "namenode").get(0);
    assertEquals(50, nn.metric("create_file_ops").value(), nn.toString());
    assertTrue(nn.metric("rpc_calls").value() >= 150, nn.toString()); // create, addBlock, complete
  }

  @Test
  void theSummaryNamesTheSlowDatanode() throws Exception {
    // 30 files of 1 MB, each block on one datanode, chosen at random among the three (the
    // client is on all their hosts): the slow one takes about 10, at 1 s each; the others' take
    // milliseconds. (The chance that it takes none is (2/3)^30, 5 in a million.)
    String slow = dfs.getDataNodes().get(0).getDatanodeId().getXferAddr();
    Path out = tmp.resolve("slow.jsonl");
    BenchProcess p = BenchProcess.run(confDir.toString(), "fsops", "--op", "create_write",
        "--iterations", "30", "--file-size", "1M", "--repeat", "1", "--cluster", "conf",
        "--metrics", "-D", "hbench.metrics.period=0.5", "--out", out.toString());
    System.out.println("MetricsIT slow:\n" + p.out + p.err);
    assertEquals(0, p.exitCode, p.out + p.err);
    String line = p.out.lines().filter(l -> l.contains("datanode " + slow)).findFirst().orElse("");
    assertTrue(line.contains("write_block_ms") && line.contains("times the median of its 2 peers"),
        "the summary names the slow datanode " + slow + ":\n" + p.out);
    // And no other datanode.
    for (int i = 1; i < 3; i++) {
      String other = dfs.getDataNodes().get(i).getDatanodeId().getXferAddr();
      assertTrue(p.out.lines().noneMatch(l -> l.contains("datanode " + other + " ")
          && l.contains("times the median")), p.out);
    }
    // The report shows the same: the slow datanode's write_block_ms in red among its peers' bars,
    // and its line red in the phase's charts.
    Path page = tmp.resolve("slow.html");
    BenchProcess report = BenchProcess.run(null, "report", "--html", page.toString(), out.toString());
    assertEquals(0, report.exitCode, report.toString());
    try (io.hbench.core.report.HeadlessChromium chrome =
        new io.hbench.core.report.HeadlessChromium(io.hbench.core.report.HeadlessChromium.find())) {
      chrome.open(page);
      io.hbench.thirdparty.jackson.databind.JsonNode skew = chrome.evaluate("JSON.parse(JSON.stringify("
          + "[...document.querySelectorAll('td.skew')].map(td => [td.closest('tr').firstChild"
          + ".textContent, td.title])))");
      assertEquals(1, skew.size(), skew.toString());
      assertEquals(slow, skew.get(0).get(0).asText());
      assertTrue(skew.get(0).get(1).asText().startsWith("write_block_ms"), skew.toString());
      assertTrue(chrome.evaluate("window.hbenchCharts.some(c => c.kind === 'daemon' && c.stands"
          + " === 1 && c.lines === 3)").asBoolean());
      assertTrue(chrome.errors.isEmpty(), chrome.errors.toString());
      chrome.screenshot(Path.of("target", "report-screenshots", "metrics-slow-datanode.png"), 1400);
    }
  }

  @Test
  void aDaemonWhoseWebPortIsClosedIsNotedAndThePointIsStillOk() throws Exception {
    int closed;
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    // The NameNode's web address (where its /jmx is) on a port nothing listens on; its RPC works.
    ResultRecord r = run("closed", "fsops", "--op", "create_write", "--iterations", "5",
        "--file-size", "4K", "--repeat", "1", "-D", "dfs.namenode.http-address=127.0.0.1:" + closed);
    PhaseResult p = r.phases().get(0);
    DaemonFigures nn = of(p, "namenode").get(0);
    assertEquals(0, nn.samples(), nn.toString());
    assertTrue(nn.unreachable().contains("Connection refused"), nn.toString());
    // The datanodes, found over RPC, were read all the same.
    for (DaemonFigures d : of(p, "datanode")) {
      assertNull(d.unreachable(), d.toString());
      assertTrue(d.samples() >= 2, d.toString());
    }
  }

  @Test
  void withoutMetricsNoDaemonIsRead() throws Exception {
    Path out = tmp.resolve("off.jsonl");
    BenchProcess p = BenchProcess.run(confDir.toString(), "fsops", "--op", "create_write",
        "--iterations", "5", "--repeat", "1", "--cluster", "conf", "--no-metrics", "--out",
        out.toString());
    assertEquals(0, p.exitCode, p.out + p.err);
    assertNull(ResultReader.read(out).get(0).phases().get(0).daemons());
  }
}
