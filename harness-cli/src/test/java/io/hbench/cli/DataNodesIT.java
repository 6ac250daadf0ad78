package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.Field;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
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
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(4).build();
    dfs.waitActive();
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
