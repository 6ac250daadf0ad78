package io.hbench.hdfs.datanodes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The NameNode's reports as its beans write them (Hadoop 3.4's shapes, and 3.3's slow peers). */
class HdfsReportsTest {

  static final Map<String, String> ADDRESSES = Map.of("127.0.0.1:9864", "127.0.0.1:9866",
      "127.0.0.1:9867", "127.0.0.1:9866", "127.0.0.1:19864", "127.0.0.1:19866");
  static final List<String> MEASURED = List.of("127.0.0.1:9866", "127.0.0.1:19866");

  @Test
  void aSlowPeerIsNamedByItsTransferAddressWithHowManyReportedIt() throws Exception {
    HdfsReports r = HdfsReports.parse("[{\"SlowNode\":\"127.0.0.1:9864\","
        + "\"SlowPeerLatencyWithReportingNodes\":[{\"ReportingNode\":\"127.0.0.1:19867\","
        + "\"ReportedLatency\":93.2,\"MedianLatency\":0.4,\"MadLatency\":0.1,"
        + "\"UpperLimitLatency\":5.0},{\"ReportingNode\":\"127.0.0.1:29867\","
        + "\"ReportedLatency\":80.0}]}]", null, "{\"host-a:9866\":{\"xferaddr\":"
        + "\"127.0.0.1:9866\",\"volfails\":1},\"host-b:19866\":{\"xferaddr\":\"127.0.0.1:19866\","
        + "\"volfails\":0},\"host-c:29866\":{\"xferaddr\":\"127.0.0.1:29866\",\"volfails\":2}}",
        ADDRESSES, MEASURED);
    assertEquals(Map.of("127.0.0.1:9866", 2), r.slowPeers());
    assertNull(r.slowDisks(), "the slow-disk report is off");
    assertEquals(Map.of("127.0.0.1:9866", 1, "127.0.0.1:19866", 0), r.volumeFailures(),
        "the measured nodes' failed volumes");
    assertEquals("HDFS's slow-peer report names [127.0.0.1:9866]; its slow-disk detection is off"
        + " (dfs.datanode.fileio.profiling.sampling.percentage); failed volumes:"
        + " {127.0.0.1:9866=1}", r.describe());
  }

  @Test
  void hadoop33ListsTheReportersByNameAndAnUnknownNodeKeepsItsAddress() throws Exception {
    HdfsReports r = HdfsReports.parse("[{\"SlowNode\":\"10.0.0.9:9864\",\"ReportingNodes\":"
        + "[\"10.0.0.1:9867\"]}]", "[{\"SlowDiskID\":\"dn1:/data/3\",\"Latencies\":"
        + "{\"WRITE\":120.5}}]", null, ADDRESSES, MEASURED);
    assertEquals(Map.of("10.0.0.9:9864", 1), r.slowPeers());
    assertEquals(List.of("dn1:/data/3"), r.slowDisks());
  }

  @Test
  void aNullReportIsDetectionOffAndAnEmptyOneIsNoneFound() throws Exception {
    HdfsReports off = HdfsReports.parse(null, null, null, ADDRESSES, MEASURED);
    assertFalse(off.peerDetection());
    assertEquals("HDFS's slow-peer detection is off (dfs.datanode.peer.stats.enabled on the"
        + " NameNode); its slow-disk detection is off"
        + " (dfs.datanode.fileio.profiling.sampling.percentage); no failed volume",
        off.describe());
    HdfsReports none = HdfsReports.parse("[]", "[]", "{}", ADDRESSES, MEASURED);
    assertEquals("HDFS's slow-peer report names no DataNode; its slow-disk report names no"
        + " volume; no failed volume", none.describe());
  }
}
