package io.hbench.hdfs.datanodes;

import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.cluster.DaemonBeans;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;

/**
 * The DataNodes as the NameNode lists them: the ones measured (live, in service), the ones left
 * out and why, where a file's blocks are, and what HDFS's own slow-node report says.
 */
final class DataNodesCluster {

  private final DistributedFileSystem dfs;
  private final List<DatanodeInfo> live;
  private final Map<String, String> skipped;

  private DataNodesCluster(DistributedFileSystem dfs, List<DatanodeInfo> live,
      Map<String, String> skipped) {
    this.dfs = dfs;
    this.live = live;
    this.skipped = skipped;
  }

  /** HDFS only, with a DataNode to measure (two for pairs); one line and exit 2 otherwise. */
  static void check(FileSystem fs, boolean pairs) throws IOException {
    DataNodesCluster c = of(fs);
    if (c.live.isEmpty()) {
      throw new InvalidInputException("datanodes: the NameNode lists no live DataNode in service"
          + (c.skipped.isEmpty() ? "" : " (" + c.skipped + ")"));
    }
    if (pairs && c.live.size() < 2) {
      throw new InvalidInputException("--pairs needs at least 2 live DataNodes; the cluster has "
          + c.live.size());
    }
  }

  static DataNodesCluster of(FileSystem fs) throws IOException {
    DistributedFileSystem dfs = DataNodesCalls.hdfs(fs);
    if (dfs == null) {
      throw new InvalidInputException("datanodes measures HDFS's DataNodes; " + fs.getUri()
          + " is not HDFS");
    }
    List<DatanodeInfo> live = new ArrayList<>();
    Map<String, String> skipped = new TreeMap<>();
    java.util.Set<String> alive = new java.util.HashSet<>();
    for (DatanodeInfo d : dfs.getDataNodeStats(DatanodeReportType.LIVE)) {
      alive.add(d.getXferAddr());
    }
    for (DatanodeInfo d : dfs.getDataNodeStats(DatanodeReportType.ALL)) {
      String why = d.isDecommissioned() ? "decommissioned"
          : d.isDecommissionInProgress() ? "decommissioning"
          : d.isInMaintenance() || d.isEnteringMaintenance() ? "in maintenance" : null;
      if (why == null && !alive.contains(d.getXferAddr())) {
        why = "dead";
      }
      if (why == null) {
        live.add(d);
      } else {
        skipped.put(d.getXferAddr(), why);
      }
    }
    live.sort(java.util.Comparator.comparing(DatanodeInfo::getXferAddr));
    return new DataNodesCluster(dfs, live, skipped);
  }

  /** The DataNodes measured, by transfer address, sorted. */
  List<String> nodes() {
    return live.stream().map(DatanodeInfo::getXferAddr).toList();
  }

  Map<String, String> skipped() {
    return Collections.unmodifiableMap(skipped);
  }

  /** Each measured DataNode's active transfer threads, as the NameNode last heard. */
  Map<String, Integer> xceivers() {
    Map<String, Integer> out = new TreeMap<>();
    live.forEach(d -> out.put(d.getXferAddr(), d.getXceiverCount()));
    return out;
  }

  /**
   * Every ordered pair of {@code nodes} DataNodes ({@code "0>1"}), or {@code sample} of them
   * drawn with a fixed seed (the same pairs on every run of the same cluster).
   */
  static List<String> pairs(int nodes, int sample) {
    List<String> all = new ArrayList<>();
    for (int a = 0; a < nodes; a++) {
      for (int b = 0; b < nodes; b++) {
        if (a != b) {
          all.add(a + ">" + b);
        }
      }
    }
    if (sample <= 0 || sample >= all.size()) {
      return all;
    }
    SplittableRandom rnd = new SplittableRandom(1);
    for (int i = all.size() - 1; i > 0; i--) {
      Collections.swap(all, i, rnd.nextInt(i + 1));
    }
    List<String> out = new ArrayList<>(all.subList(0, sample));
    out.sort(null);
    return out;
  }

  /**
   * The files whose blocks are not all on their target's DataNodes (favored nodes are a hint
   * the NameNode may pass over), as one line; "" when every block is where it was meant.
   */
  String misplaced(Path dir, List<String> nodes, List<int[]> targets, int files)
      throws IOException {
    List<String> wrong = new ArrayList<>();
    int all = 0;
    for (int[] target : targets) {
      TreeSet<String> meant = new TreeSet<>();
      for (int k : target) {
        meant.add(nodes.get(k));
      }
      for (long n = 0; n < files; n++) {
        all++;
        Path file = DataNodesCalls.file(dir, target, n);
        FileStatus st = dfs.getFileStatus(file);
        for (BlockLocation b : dfs.getFileBlockLocations(st, 0, st.getLen())) {
          TreeSet<String> on = new TreeSet<>(List.of(b.getNames()));
          if (!on.equals(meant)) {
            wrong.add(file.getParent().getName() + "/" + file.getName() + " on " + on
                + ", meant " + meant);
            break;
          }
        }
      }
    }
    if (wrong.isEmpty()) {
      return "";
    }
    return wrong.size() + " of " + all + " files not where they were pinned (the NameNode passed"
        + " over the favored nodes): " + String.join("; ", wrong.subList(0, Math.min(3,
            wrong.size())));
  }

  /**
   * What HDFS itself says of the measured DataNodes, read from the active NameNode's beans
   * ({@code NameNodeStatus}: its slow-peer and slow-disk reports; {@code NameNodeInfo}: each
   * DataNode's failed volumes); null when no NameNode's {@code /jmx} answers. The beans, not
   * {@code getSlowDatanodeStats}: that call names a node by its IP alone, so on a host of several
   * DataNodes (and on the embedded cluster) it names any one of them.
   */
  HdfsReports hdfsReports(Configuration conf) {
    for (Daemon nn : DaemonBeans.nameNodes(dfs, conf)) {
      try {
        Map<String, Object> status = bean(nn, "Hadoop:service=NameNode,name=NameNodeStatus");
        if (status == null || !"active".equalsIgnoreCase(String.valueOf(status.get("State")))) {
          continue;
        }
        Map<String, Object> info = bean(nn, "Hadoop:service=NameNode,name=NameNodeInfo");
        Map<String, String> addresses = new java.util.HashMap<>();
        for (DatanodeInfo d : live) {
          for (String host : List.of(d.getIpAddr(), d.getHostName())) {
            addresses.put(host + ":" + d.getInfoPort(), d.getXferAddr());
            addresses.put(host + ":" + d.getInfoSecurePort(), d.getXferAddr());
            addresses.put(host + ":" + d.getIpcPort(), d.getXferAddr());
            addresses.put(host + ":" + d.getXferPort(), d.getXferAddr());
          }
        }
        return HdfsReports.parse((String) status.get("SlowPeersReport"),
            (String) status.get("SlowDisksReport"),
            info == null ? null : (String) info.get("LiveNodes"), addresses, nodes());
      } catch (IOException | RuntimeException e) {
        // Another NameNode may answer; none answering is said in the record by omission.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
    return null;
  }

  private static Map<String, Object> bean(Daemon nn, String name)
      throws IOException, InterruptedException {
    return DaemonBeans.read(nn.http(), name).get(name);
  }
}
