package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.ipc.RemoteException;
import org.apache.hadoop.ipc.RetriableException;

/**
 * What happened to HDFS while a point ran, read from the cluster itself: datanodes that were
 * live when it began and stopped heartbeating (or were declared dead) before it ended, and a
 * NameNode that restarted. A datanode lost is noted beside a figure that may still be valid (the
 * suite validated its output); a NameNode restart fails the point, since every call in flight
 * then either failed or waited, and the figure describes neither state.
 *
 * @param datanodesLost transfer addresses of the datanodes lost during the point, sorted; empty
 *     when none, or when the data is not on HDFS or the report is not allowed
 * @param nameNodeRestart why the NameNode is known to have restarted during the point, or null
 *     (under HA: the NameNode that was active when it began)
 * @param failover which NameNode of an HA pair was active when the point began and which when
 *     it ended, when they differ; null otherwise. Noted, not a failure: calls that failed over it
 *     fail the point themselves
 */
@Internal
public record ClusterChanges(List<String> datanodesLost, String nameNodeRestart, String failover) {

  private static final String NAMENODE_INFO = "Hadoop:service=NameNode,name=NameNodeInfo";

  /** Nothing seen. */
  public static final ClusterChanges NONE = new ClusterChanges(List.of(), null, null);

  private static final String NAMENODE_STATUS = "Hadoop:service=NameNode,name=NameNodeStatus";

  public ClusterChanges {
    datanodesLost = List.copyOf(datanodesLost);
  }

  public boolean any() {
    return !datanodesLost.isEmpty() || nameNodeRestart != null || failover != null;
  }

  /**
   * Starts watching HDFS under {@code dataFs} for one point: the live datanodes with their last
   * heartbeat, and the NameNode's start time from its {@code /jmx}. Not HDFS, not allowed, or not
   * answering: a watch that sees nothing.
   */
  public static Watch watch(FileSystem dataFs, Configuration conf) {
    DistributedFileSystem dfs = hdfs(dataFs);
    if (dfs == null) {
      return new Watch(null, null, null, 0);
    }
    long heartbeatMs = conf.getTimeDuration("dfs.heartbeat.interval", 3, TimeUnit.SECONDS,
        TimeUnit.MILLISECONDS);
    return new Watch(dfs, census(dfs), NameNodeAddresses.of(dfs, conf), heartbeatMs).startedAt();
  }

  /** A point's watch: {@link #changes()} once it ends. */
  public static final class Watch {
    private final DistributedFileSystem dfs;
    private final Map<String, Long> before;
    private final List<NameNodeAddresses.NameNode> namenodes;
    private final long heartbeatMs;
    /** The NameNode watched for a restart: the active one under HA, when one answers so. */
    private URI jmx;
    private Long nameNodeStarted;
    private String activeBefore;

    private Watch(DistributedFileSystem dfs, Map<String, Long> before,
        List<NameNodeAddresses.NameNode> namenodes, long heartbeatMs) {
      this.dfs = dfs;
      this.before = before;
      this.namenodes = namenodes;
      this.heartbeatMs = heartbeatMs;
    }

    private Watch startedAt() {
      activeBefore = namenodes.size() > 1 ? active(namenodes) : null;
      jmx = namenodes.stream().filter(n -> activeBefore == null || n.rpc().equals(activeBefore))
          .map(NameNodeAddresses.NameNode::http).findFirst().orElse(null);
      nameNodeStarted = nameNodeStartTime(jmx);
      return this;
    }

    /**
     * What changed since the watch began. A datanode whose last heartbeat looks old is read again
     * after two heartbeat intervals, so that neither a slow heartbeat nor a clock apart from the
     * NameNode's makes a datanode lost: lost is gone from the live list, or not heartbeating.
     * A NameNode that answered when the point began and does not now may be restarting (a point
     * cut short by a restart often ends before it is back): it is asked again every second for at
     * most {@code waitMillis}, after {@code onWait} ran.
     */
    public ClusterChanges changes(long waitMillis, Runnable onWait) {
      if (dfs == null || before == null) {
        return NONE;
      }
      String restart = null;
      Long started = nameNodeStartTime(jmx);
      if (started == null && nameNodeStarted != null && waitMillis > 0) {
        onWait.run();
        long deadline = System.nanoTime() + waitMillis * 1_000_000L;
        while (started == null && System.nanoTime() < deadline) {
          try {
            Thread.sleep(1000);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            break;
          }
          started = nameNodeStartTime(jmx);
        }
      }
      if (nameNodeStarted != null && started != null && !started.equals(nameNodeStarted)) {
        restart = "NameNode restarted during the point (started at "
            + java.time.Instant.ofEpochMilli(started) + ")";
      }
      String failover = null;
      if (activeBefore != null) {
        String activeAfter = active(namenodes);
        if (!activeBefore.equals(activeAfter)) {
          failover = "NameNode " + activeBefore + " was active when the point began, "
              + (activeAfter == null ? "none answered as active" : activeAfter) + " when it ended";
        }
      }
      Map<String, Long> after = restart != null ? null : census(dfs);
      if (after == null) {
        // A restarted NameNode rebuilds its live list as datanodes register again; one that
        // does not answer now cannot be compared with what it said before.
        return new ClusterChanges(List.of(), restart, failover);
      }
      TreeSet<String> lost = new TreeSet<>();
      TreeSet<String> suspects = new TreeSet<>();
      long now = System.currentTimeMillis();
      for (String node : before.keySet()) {
        Long last = after.get(node);
        if (last == null) {
          lost.add(node);
        } else if (now - last > heartbeatMs + 1000) {
          suspects.add(node);
        }
      }
      if (!suspects.isEmpty()) {
        try {
          Thread.sleep(2 * heartbeatMs + 500);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        Map<String, Long> later = census(dfs);
        for (String node : suspects) {
          Long last = later == null ? null : later.get(node);
          if (later != null && (last == null || last.equals(after.get(node)))) {
            lost.add(node);
          }
        }
      }
      return new ClusterChanges(List.copyOf(lost), restart, failover);
    }
  }

  /**
   * Waits, at most {@code maxMillis}, for the NameNode behind {@code dataFs} to leave safe mode: a
   * restarted NameNode refuses every change until the datanodes have reported enough blocks (on a
   * large cluster, minutes), and a point started before then fails on its first write. Not HDFS,
   * or an error other than the NameNode still starting: returns at once.
   *
   * @return false if it was still in safe mode when the time ran out
   */
  public static boolean awaitOutOfSafeMode(FileSystem dataFs, long maxMillis)
      throws InterruptedException {
    DistributedFileSystem dfs = hdfs(dataFs);
    if (dfs == null) {
      return true;
    }
    long deadline = System.nanoTime() + maxMillis * 1_000_000L;
    while (true) {
      try {
        if (!dfs.isInSafeMode()) {
          return true;
        }
      } catch (java.net.ConnectException | RetriableException e) {
        // Not up yet: its web server answers before its RPC server listens, and that answers
        // "still not started" before it has loaded its namespace.
      } catch (RemoteException e) {
        // The same answer, as the RPC client passes it on (FaultsIT: taken for "not in safe
        // mode", the next point met safe mode).
        if (!(e.unwrapRemoteException(RetriableException.class) instanceof RetriableException)) {
          return true;
        }
      } catch (IOException | RuntimeException e) {
        return true; // not ours to judge: the next point's calls will say what is wrong
      }
      if (System.nanoTime() > deadline) {
        return false;
      }
      Thread.sleep(500);
    }
  }

  /** Live datanodes by transfer address, with the NameNode's time of their last heartbeat. */
  private static Map<String, Long> census(DistributedFileSystem dfs) {
    try {
      Map<String, Long> live = new HashMap<>();
      for (DatanodeInfo d : dfs.getDataNodeStats(DatanodeReportType.LIVE)) {
        live.put(d.getXferAddr(), d.getLastUpdate());
      }
      return live;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /**
   * The RPC address of the NameNode that says it is active ({@code NameNodeStatus}), or null.
   * Its bean is matched by the RPC port it names ({@code HostAndPort}): NameNodes sharing one
   * JVM (a mini cluster's HA pair) register {@code NameNodeStatus}, {@code NameNodeStatus-1} ...
   * in it, and each web server shows them all.
   */
  private static String active(List<NameNodeAddresses.NameNode> namenodes) {
    for (NameNodeAddresses.NameNode n : namenodes) {
      try {
        for (Map.Entry<String, JsonNode> e : JmxReader.read(n.http(), NAMENODE_STATUS + "*")
            .entrySet()) {
          String hostAndPort = e.getValue().path("HostAndPort").asText("");
          if (hostAndPort.endsWith(":" + n.rpcPort())
              && "active".equals(e.getValue().path("State").asText())) {
            return n.rpc();
          }
        }
      } catch (IOException | RuntimeException e) {
        // Down or not answering: not the active one as far as anyone can tell.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
    return null;
  }

  private static Long nameNodeStartTime(URI http) {
    if (http == null) {
      return null;
    }
    try {
      JsonNode started = JmxReader.read(http, NAMENODE_INFO)
          .getOrDefault(NAMENODE_INFO, io.hbench.thirdparty.jackson.databind.node.MissingNode.getInstance()).path("NNStartedTimeInMillis");
      return started.isNumber() ? started.asLong() : null;
    } catch (IOException | RuntimeException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** The HDFS client under {@code fs} (through any filter, such as {@code --instrument}'s), or null. */
  public static DistributedFileSystem hdfs(FileSystem fs) {
    while (fs instanceof FilterFileSystem f && !(fs instanceof DistributedFileSystem)) {
      fs = f.getRawFileSystem();
    }
    return fs instanceof DistributedFileSystem d ? d : null;
  }
}
