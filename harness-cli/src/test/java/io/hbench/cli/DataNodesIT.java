package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.HeadlessChromium;
import io.hbench.core.report.ResultReader;
import io.hbench.core.result.Field;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.metrics2.lib.MetricsTestHelper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * {@code bench datanodes} on an HDFS of four DataNodes the test started, one of them slowed
 * down by its own write throttle (what it receives, from a client or a pipeline, at 512 KiB/s):
 * that node, and only it, is named on writes, alone and in pairs; nothing on reads; every file
 * is on the DataNode it was pinned to; map tasks say the same.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 10, unit = TimeUnit.MINUTES)
class DataNodesIT {

  static final Field<List<String>> NODES = Field.listOf("datanodes", String.class);
  static final Field<Map<String, Double>> OUTLIERS = Field.mapOf("outliers", Double.class);
  static final Field<List<String>> SLOW_NODES = Field.listOf("slow_nodes", String.class);
  static final Field<List<String>> SLOW_LINKS = Field.listOf("slow_links", String.class);
  static final Field<Map<String, Integer>> HDFS_SLOW_PEERS =
      Field.mapOf("hdfs_slow_peers", Integer.class);
  static final Field<Map<String, Integer>> VOLUME_FAILURES =
      Field.mapOf("volume_failures", Integer.class);

  static final ObjectMapper JSON = new ObjectMapper();

  Path tmp;
  MiniDFSCluster dfs;
  Path confDir;
  FileSystem fs;
  String slow;

  @BeforeAll
  void start() throws Exception {
    tmp = Files.createTempDirectory("hbench-datanodes-it-");
    Configuration conf = BenchProcess.miniDfs(tmp);
    // A client closing a file asks the NameNode to complete it until the DataNode has reported
    // the block, first after 400 ms: most of a 1 MiB file's time here, on every node alike.
    conf.setInt("dfs.client.block.write.locateFollowingBlock.initial.delay.ms", 20);
    // HDFS's own slow-peer detection, on and quick: each DataNode reports the peers it sends to
    // slowly every second, judged among 3 peers (10 by default) from any number of packets.
    conf.setBoolean("dfs.datanode.peer.stats.enabled", true);
    conf.setLong("dfs.datanode.outliers.report.interval", 1000);
    conf.setLong("dfs.datanode.peer.metrics.min.outlier.detection.samples", 1);
    conf.setLong("dfs.datanode.min.outlier.detection.nodes", 3);
    conf.setInt("dfs.heartbeat.interval", 1);
    // A sender waits on a slow receiver only once the sockets' buffers are full: small ones, so
    // that the throttled node's upstream peer times what it waits.
    conf.setInt("dfs.datanode.transfer.socket.send.buffer.size", 64 << 10);
    conf.setInt("dfs.datanode.transfer.socket.recv.buffer.size", 64 << 10);
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(4).build();
    dfs.waitActive();
    for (DataNode d : dfs.getDataNodes()) {
      // The DataNode averages over windows of 5 minutes, fixed: 1 s windows, as HDFS's tests do.
      MetricsTestHelper.replaceRollingAveragesScheduler(
          d.getPeerMetrics().getSendPacketDownstreamRollingAverages(), 60, 1, TimeUnit.SECONDS);
    }
    confDir = BenchProcess.clientSites(dfs, tmp);
    fs = dfs.getFileSystem();
    DataNode d = dfs.getDataNodes().get(2);
    // As an operator would, live (dfsadmin -reconfig): what it receives, from a client or a
    // pipeline, at 512 KiB/s.
    d.reconfigureProperty("dfs.datanode.data.write.bandwidthPerSec", String.valueOf(512 << 10));
    slow = d.getDatanodeId().getXferAddr();
  }

  @AfterAll
  void stop() {
    if (dfs != null) {
      dfs.shutdown();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
  }

  @Test
  void theThrottledDataNodeAloneIsNamedOnWritesAloneAndInPairsAndEveryFileIsWhereItWasPinned()
      throws Exception {
    Path out = tmp.resolve("datanodes.jsonl");
    BenchProcess p = BenchProcess.run(confDir.toString(), "datanodes", "--size", "1M",
        "--files", "1", "--pairs", "--cluster", "conf", "--base-dir", "/it-datanodes", "--keep",
        "--out", out.toString());
    System.out.println("DataNodesIT:\n" + p.err + p.out);
    assertEquals(0, p.exitCode, p.toString());
    List<ResultRecord> rs = ResultReader.read(out);
    assertEquals(List.of("alone", "pairs"), rs.stream().map(ResultRecord::point).toList());
    rs.forEach(r -> assertEquals("passed", r.validation().status(), r.toString()));
    ResultRecord alone = rs.get(0);
    List<String> nodes = alone.params().get(NODES.name()) instanceof List<?> l
        ? l.stream().map(Object::toString).toList() : List.of();
    assertEquals(4, nodes.size(), alone.params().toString());
    assertTrue(nodes.contains(slow), nodes + " " + slow);
    assertEquals(Map.of(slow, alone.phase("write").figure(OUTLIERS).get(slow)),
        alone.phase("write").figure(OUTLIERS), "the throttled node alone, on writes");
    assertEquals(Map.of(), alone.phase("read").figure(OUTLIERS), "reads are not throttled");
    PhaseResult pairs = rs.get(1).phase("write");
    assertEquals(List.of(slow), pairs.figure(SLOW_NODES), "the node, not a link");
    // Beside it, HDFS's own detection: on here, and by the pipelines' end naming the same node.
    assertEquals(Boolean.TRUE, alone.params().get("hdfs_slow_peer_detection"));
    Map<String, Integer> hdfsSlow = rs.get(1).param(HDFS_SLOW_PEERS);
    assertEquals(List.of(slow), hdfsSlow == null ? rs.get(1).params() : List.copyOf(
        hdfsSlow.keySet()), "HDFS's slow-peer report");
    Map<String, Integer> failedVolumes = alone.param(VOLUME_FAILURES);
    assertEquals(4, failedVolumes == null ? 0 : failedVolumes.size(), alone.params().toString());
    assertEquals(List.of(0), failedVolumes.values().stream().distinct().toList());
    assertTrue(p.err.contains("HDFS's slow-peer report names [" + slow + "]"), p.err);
    assertEquals(List.of(), pairs.figure(SLOW_LINKS));
    assertTrue(p.err.contains("[alone] datanodes write: 4 DataNodes")
        && p.err.contains("(HDFS's rule): " + slow + " ("), p.err);
    assertTrue(p.err.contains("[pairs] datanodes write: 12 pipelines")
        && p.err.contains("(HDFS's rule): node " + slow + " ("), p.err);

    // Kept (--keep): every block of every file on the DataNode its name pins it to (t<k>: the
    // k-th of the record's DataNodes; t<a>_<b>: the pair).
    int files = 0;
    RemoteIterator<LocatedFileStatus> it =
        fs.listFiles(new org.apache.hadoop.fs.Path("/it-datanodes"), true);
    while (it.hasNext()) {
      LocatedFileStatus st = it.next();
      String target = st.getPath().getParent().getName();
      if (!target.matches("t[0-9_]+")) {
        continue;
      }
      TreeSet<String> meant = new TreeSet<>();
      for (String k : target.substring(1).split("_")) {
        meant.add(nodes.get(Integer.parseInt(k)));
      }
      for (BlockLocation b : st.getBlockLocations()) {
        assertEquals(meant, new TreeSet<>(List.of(b.getNames())), st.getPath().toString());
      }
      files++;
    }
    assertEquals(4 + 12, files, "one file per DataNode and per ordered pair");

    BenchProcess report = BenchProcess.run(confDir.toString(), "report", out.toString());
    assertEquals(0, report.exitCode, report.toString());
    assertTrue(report.out.contains("DataNodes alone") && report.out.contains("OUTLIER")
        && report.out.contains("DataNode pipelines, MB/s"), report.out);

    // The page: a bar per DataNode and phase, the throttled one red on writes alone; a heat map
    // of the pipelines' writes, the throttled node's row and column the reddest cells.
    Path html = tmp.resolve("datanodes.html");
    report = BenchProcess.run(confDir.toString(), "report", "--html", html.toString(),
        out.toString());
    assertEquals(0, report.exitCode, report.toString());
    try (HeadlessChromium chrome = new HeadlessChromium(HeadlessChromium.find())) {
      chrome.open(html);
      assertEquals(8, chrome.evaluate("document.querySelectorAll('table.bars tr').length")
          .asInt());
      assertEquals("[\"" + slow + "\"]", chrome.evaluate("JSON.stringify([...document"
          + ".querySelectorAll('table.bars tr.marked th')].map(t => t.textContent))").asText());
      assertTrue(chrome.evaluate("document.querySelector('table.bars tr.marked')"
          + ".closest('.chart').querySelector('h3').textContent").asText()
          .startsWith("alone · write: MB/s per DataNode"));
      assertEquals(1, chrome.evaluate("document.querySelectorAll('table.heat').length").asInt(),
          "pipelines are written, not read");
      // Each write cell's hue (0 red to 120 green) with whether it holds the throttled node.
      JsonNode cells = chrome.evaluate("JSON.stringify([...document.querySelectorAll("
          + "'table.heat')[0].querySelectorAll('td[title]')].map(td => [td.title,"
          + " +td.getAttribute('style').match(/hsl\\((\\d+)/)[1]]))");
      assertEquals(2, chrome.evaluate("document.querySelectorAll('table.heat')[0]"
          + ".querySelectorAll('th.marked').length").asInt(), "the slow node's row and column");
      List<Double> slowHues = new java.util.ArrayList<>();
      List<Double> otherHues = new java.util.ArrayList<>();
      for (JsonNode c : JSON.readTree(cells.asText())) {
        (c.get(0).asText().contains(slow) ? slowHues : otherHues).add(c.get(1).asDouble());
      }
      assertEquals(6, slowHues.size(), cells.asText());
      assertEquals(6, otherHues.size(), cells.asText());
      assertTrue(java.util.Collections.max(slowHues) < java.util.Collections.min(otherHues),
          cells.asText());
      assertTrue(chrome.errors.isEmpty(), chrome.errors.toString());
    }
  }

  @Test
  void compareNamesTheDataNodeThatGotSlower() throws Exception {
    // The class's throttled node runs free for this test, another is throttled between runs.
    DataNode was = dfs.getDataNodes().get(2);
    DataNode d = dfs.getDataNodes().get(3);
    String slower = d.getDatanodeId().getXferAddr();
    Path before = tmp.resolve("before.jsonl");
    Path after = tmp.resolve("after.jsonl");
    try {
      // No throttle to speak of: the setting cannot be taken back to none.
      was.reconfigureProperty("dfs.datanode.data.write.bandwidthPerSec", String.valueOf(1L << 40));
      BenchProcess a = BenchProcess.run(confDir.toString(), "datanodes", "--size", "1M",
          "--files", "1", "--repeat", "4", "--cluster", "conf", "--base-dir", "/it-compare",
          "--out", before.toString());
      assertEquals(0, a.exitCode, a.toString());
      d.reconfigureProperty("dfs.datanode.data.write.bandwidthPerSec", String.valueOf(512 << 10));
      BenchProcess b = BenchProcess.run(confDir.toString(), "datanodes", "--size", "1M",
          "--files", "1", "--repeat", "4", "--cluster", "conf", "--base-dir", "/it-compare",
          "--out", after.toString());
      System.out.println("DataNodesIT before:\n" + a.err + "\nafter:\n" + b.err);
      assertEquals(0, b.exitCode, b.toString());
    } finally {
      d.reconfigureProperty("dfs.datanode.data.write.bandwidthPerSec", String.valueOf(1L << 40));
      was.reconfigureProperty("dfs.datanode.data.write.bandwidthPerSec",
          String.valueOf(512 << 10));
    }
    BenchProcess p = BenchProcess.run(null, "compare", before.toString(), after.toString());
    System.out.println("DataNodesIT compare:\n" + p.out + p.err);
    assertEquals(0, p.exitCode, p.toString());
    // Its block: the figure's heading, then the point's row with the verdict last.
    String block = java.util.Arrays.stream(p.out.split("\n\n"))
        .filter(b -> b.startsWith("datanodes · write · write " + slower + "/stream_mb_per_s"))
        .findFirst().orElse("");
    assertTrue(block.lines().anyMatch(l -> l.startsWith("alone") && l.endsWith("worse")),
        p.out);
  }

  @Test
  void fromTwoMapTasksTheVerdictIsTheSameAndNothingIsLeft() throws Exception {
    Path out = tmp.resolve("maps.jsonl");
    BenchProcess p = BenchProcess.run(confDir.toString(), "datanodes", "--size", "1M",
        "--files", "2", "--maps", "2", "--cluster", "conf", "--base-dir", "/it-datanodes-maps",
        "--out", out.toString());
    assertEquals(0, p.exitCode, p.toString());
    ResultRecord r = ResultReader.read(out).get(0);
    assertEquals("passed", r.validation().status(), r.toString());
    // 8 files over 2 tasks, merged: each DataNode's 2 files, from both tasks.
    PhaseResult write = r.phase("write");
    assertEquals(List.of(slow), List.copyOf(write.figure(OUTLIERS).keySet()), write.toString());
    assertEquals(2, write.load("write " + slow).calls(), write.toString());
    FileStatus[] left = fs.exists(new org.apache.hadoop.fs.Path("/it-datanodes-maps"))
        ? fs.listStatus(new org.apache.hadoop.fs.Path("/it-datanodes-maps")) : new FileStatus[0];
    assertEquals(0, left.length, "nothing of hbench's left: " + List.of(left));
  }

  @Test
  void aDecommissioningDataNodeIsListedWithWhyAndNotMeasured() throws Exception {
    DataNode d = dfs.getDataNodes().get(1);
    String leaving = d.getDatanodeId().getXferAddr();
    org.apache.hadoop.hdfs.server.blockmanagement.DatanodeDescriptor descriptor = dfs
        .getNamesystem().getBlockManager().getDatanodeManager().getDatanode(d.getDatanodeId());
    Path out = tmp.resolve("decommissioning.jsonl");
    descriptor.startDecommission(); // its state only: the NameNode moves no block of it here
    try {
      BenchProcess p = BenchProcess.run(confDir.toString(), "datanodes", "--size", "256K",
          "--files", "1", "--cluster", "conf", "--base-dir", "/it-decommissioning", "--out",
          out.toString());
      assertEquals(0, p.exitCode, p.toString());
    } finally {
      descriptor.stopDecommission();
    }
    ResultRecord r = ResultReader.read(out).get(0);
    assertEquals("passed", r.validation().status(), r.toString());
    assertEquals(Map.of(leaving, "decommissioning"), r.params().get("datanodes_skipped"));
    List<?> measured = (List<?>) r.params().get(NODES.name());
    assertEquals(3, measured.size(), measured.toString());
    assertFalse(measured.contains(leaving), measured.toString());
  }

  @Test
  void whatCannotBeMeasuredIsOneLineAndNothingIsMade() throws Exception {
    BenchProcess p = BenchProcess.run(confDir.toString(), "datanodes", "--size", "0",
        "--cluster", "conf");
    assertEquals(2, p.exitCode, p.toString());
    assertEquals("bench: --size: invalid size '0': must be greater than zero\n", p.err,
        p.toString());
    // A load by time would be accepted and then not done: refused.
    p = BenchProcess.run(confDir.toString(), "datanodes", "--duration", "10s", "--cluster",
        "conf");
    assertEquals(2, p.exitCode, p.toString());
    assertEquals("bench: datanodes writes --files files to each DataNode, one at a time:"
        + " --duration, --find-max and --disrupt do not apply\n", p.err, p.toString());
    p = BenchProcess.run(confDir.toString(), "datanodes", "--cluster", "conf", "--fs",
        "file:///", "--base-dir", "file://" + tmp.resolve("local-base"));
    assertEquals(2, p.exitCode, p.toString());
    assertEquals("bench: datanodes measures HDFS's DataNodes; file:/// is not HDFS\n", p.err,
        p.toString());
    assertFalse(Files.exists(tmp.resolve("local-base")), "nothing made");
    // The embedded cluster, one DataNode by default: no pair to pin.
    p = BenchProcess.run(null, "datanodes", "--pairs", "--size", "1M");
    assertEquals(2, p.exitCode, p.toString());
    assertTrue(p.err.endsWith(
        "bench: --pairs needs at least 2 live DataNodes; the cluster has 1\n"), p.toString());
  }
}
