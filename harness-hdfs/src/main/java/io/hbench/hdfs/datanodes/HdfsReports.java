package io.hbench.hdfs.datanodes;

import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What HDFS itself says of the DataNodes beside hbench's verdict, as the active NameNode's beans
 * report it.
 *
 * @param peerDetection whether the NameNode keeps slow-peer reports ({@code
 *     dfs.datanode.peer.stats.enabled} on the NameNode; its report is null when off)
 * @param slowPeers the DataNodes its slow-peer report names, by transfer address where it is
 *     one of the measured ones, with how many DataNodes reported each
 * @param slowDisks the volumes its slow-disk report names; null when the report is off (disk
 *     statistics need {@code dfs.datanode.fileio.profiling.sampling.percentage} above 0)
 * @param volumeFailures each measured DataNode's failed volumes
 */
record HdfsReports(boolean peerDetection, Map<String, Integer> slowPeers, List<String> slowDisks,
    Map<String, Integer> volumeFailures) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The reports from the beans' text: {@code slowPeers} and {@code slowDisks} as {@code
   * NameNodeStatus} writes them (null when off), {@code liveNodes} as {@code NameNodeInfo}
   * does; {@code addresses} maps a DataNode's {@code host:port} (any of its ports) to its
   * transfer address, {@code measured} the nodes whose failed volumes are kept.
   */
  static HdfsReports parse(String slowPeers, String slowDisks, String liveNodes,
      Map<String, String> addresses, List<String> measured) throws IOException {
    Map<String, Integer> peers = new TreeMap<>();
    if (slowPeers != null) {
      for (JsonNode n : JSON.readTree(slowPeers)) {
        String node = n.path("SlowNode").asText();
        // Hadoop 3.4 lists each reporter with its latencies; 3.3 lists the reporters' names.
        JsonNode by = n.has("SlowPeerLatencyWithReportingNodes")
            ? n.get("SlowPeerLatencyWithReportingNodes") : n.path("ReportingNodes");
        peers.merge(addresses.getOrDefault(node, node), Math.max(1, by.size()), Integer::sum);
      }
    }
    List<String> disks = null;
    if (slowDisks != null) {
      disks = new ArrayList<>();
      for (JsonNode d : JSON.readTree(slowDisks)) {
        disks.add(d.path("SlowDiskID").asText());
      }
    }
    Map<String, Integer> failures = new TreeMap<>();
    if (liveNodes != null) {
      for (JsonNode n : JSON.readTree(liveNodes)) {
        String xfer = n.path("xferaddr").asText();
        if (measured.contains(xfer)) {
          failures.put(xfer, n.path("volfails").asInt());
        }
      }
    }
    return new HdfsReports(slowPeers != null, peers, disks, failures);
  }

  /** One line for the console: what HDFS's own detection says, or that it is off. */
  String describe() {
    String peers = peerDetection
        ? "HDFS's slow-peer report names " + (slowPeers.isEmpty() ? "no DataNode" : slowPeers.keySet())
        : "HDFS's slow-peer detection is off (dfs.datanode.peer.stats.enabled on the NameNode)";
    String disks = slowDisks == null ? "its slow-disk detection is off"
        + " (dfs.datanode.fileio.profiling.sampling.percentage)"
        : "its slow-disk report names " + (slowDisks.isEmpty() ? "no volume" : slowDisks);
    Map<String, Integer> failed = new TreeMap<>(volumeFailures);
    failed.values().removeIf(n -> n == 0);
    return peers + "; " + disks + "; " + (failed.isEmpty() ? "no failed volume"
        : "failed volumes: " + failed);
  }
}
