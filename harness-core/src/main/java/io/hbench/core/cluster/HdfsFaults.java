package io.hbench.core.cluster;

import io.hbench.core.error.ErrorLine;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.load.Disruption.Kind;
import io.hbench.core.load.Disruption;
import io.hbench.core.result.FaultRecord;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.SafeModeAction;
import org.apache.hadoop.ha.HAServiceProtocol.RequestSource;
import org.apache.hadoop.ha.HAServiceProtocol.StateChangeRequestInfo;
import org.apache.hadoop.ha.HAServiceProtocol;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.protocol.ClientDatanodeProtocol;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.hdfs.server.datanode.DataNode;
import org.apache.hadoop.hdfs.tools.NNHAServiceTarget;
import org.apache.hadoop.net.NetUtils;
import org.apache.hadoop.security.AccessControlException;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * HDFS's {@code --disrupt} actions, done as an administrator's client does them over RPC
 * ({@code hdfs haadmin -failover}, {@code dfsadmin -shutdownDatanode}, {@code dfsadmin
 * -safemode}), on a configured cluster and the embedded one alike; the embedded cluster's own
 * NameNode and datanodes are also restarted in this process. A datanode {@code :N} is the N-th
 * of the NameNode's live datanodes that still answer, by transfer address.
 */
final class HdfsFaults implements FaultActions {

  /** How long {@code safemode-enter-leave} keeps the NameNode in safe mode. */
  static final long SAFEMODE_HOLD_MILLIS = 5000;

  /** How long an action waits for the servers to acknowledge it. */
  private static final long ACK_MILLIS = 60_000;

  private final Configuration conf;
  /** The same, with RPCs to a stopped server failing at once rather than retrying. */
  private final Configuration quick;
  private final MiniDFSCluster mini;
  /** The transfer addresses of the datanodes shut down, in order. */
  private final List<String> shutDown = new ArrayList<>();

  /**
   * @param conf the cluster's client configuration ({@code fs.defaultFS} its HDFS)
   * @param mini the embedded cluster's daemons, or null on a configured cluster
   */
  HdfsFaults(Configuration conf, MiniDFSCluster mini) {
    this.conf = conf;
    this.mini = mini;
    this.quick = new Configuration(conf);
    quick.setInt("ipc.client.connect.max.retries", 0);
    quick.setInt("ipc.client.connect.max.retries.on.timeouts", 0);
    quick.setInt("ipc.client.connect.timeout", 2000);
  }

  @Override
  public String service() {
    return "hdfs";
  }

  private DistributedFileSystem dfs() throws IOException {
    FileSystem fs = FileSystem.get(conf);
    if (!(fs instanceof DistributedFileSystem d)) {
      throw new InvalidInputException("--disrupt: the cluster's file system is " + fs.getUri()
          + ", not HDFS; HDFS's actions need HDFS");
    }
    return d;
  }

  @Override
  public void check(Disruption.Action action) throws IOException {
    String what = "--disrupt " + action.kind().text();
    if (action.kind().embeddedOnly() && mini == null) {
      throw new InvalidInputException(what + ": only the embedded cluster's own daemons can be"
          + " restarted by hbench (" + (action.kind() == Kind.RESTART_DATANODE
              ? "shutdown-datanode stops a cluster's datanode over RPC" : "none of a cluster's")
          + ")");
    }
    DistributedFileSystem dfs = dfs();
    DatanodeInfo[] live;
    try {
      // A superuser's call, as every action here is: refused now rather than mid-load.
      live = dfs.getDataNodeStats(DatanodeReportType.LIVE);
    } catch (AccessControlException e) {
      throw new InvalidInputException(what + ": " + UserGroupInformation.getCurrentUser()
          .getShortUserName() + " is not an HDFS superuser of " + dfs.getUri()
          + " (the NameNode refused its datanode report)");
    }
    switch (action.kind()) {
      case SHUTDOWN_DATANODE, RESTART_DATANODE -> {
        if (action.node() >= live.length) {
          throw new InvalidInputException(what + ":" + action.node() + ": " + dfs.getUri()
              + " has " + live.length + " live datanodes (0 to " + (live.length - 1) + ")");
        }
      }
      case FAILOVER_NAMENODE -> {
        List<NNHAServiceTarget> pair = namenodes(dfs);
        if (pair.size() < 2) {
          throw new InvalidInputException(what + ": " + dfs.getUri() + " has one NameNode;"
              + " failing over needs an HA pair (dfs.ha.namenodes." + dfs.getUri().getHost()
              + ")");
        }
        for (NNHAServiceTarget t : pair) {
          try {
            t.getProxy(quick, 5000).getServiceStatus();
          } catch (IOException e) {
            throw new InvalidInputException(what + ": NameNode " + t.getNameNodeId() + " ("
                + t.getAddress() + ") does not answer: " + ErrorLine.of(e));
          }
        }
      }
      default -> { }
    }
  }

  @Override
  public String perform(Disruption.Action action) throws IOException, InterruptedException {
    DistributedFileSystem dfs = dfs();
    return switch (action.kind()) {
      case SHUTDOWN_DATANODE -> shutdownDatanode(dfs, action.node());
      case RESTART_DATANODE -> restartDatanode(dfs, action.node());
      case RESTART_NAMENODE -> restartNameNode(dfs);
      case FAILOVER_NAMENODE -> failover(dfs);
      case SAFEMODE_ENTER_LEAVE -> {
        dfs.setSafeMode(SafeModeAction.ENTER);
        Thread.sleep(SAFEMODE_HOLD_MILLIS);
        dfs.setSafeMode(SafeModeAction.LEAVE);
        yield dfs.getUri().getAuthority();
      }
      default -> throw new IllegalArgumentException(action.kind().text() + " is not HDFS's");
    };
  }

  /** The live datanodes that still answer their own RPC, by transfer address. */
  private List<DatanodeInfo> answering(DistributedFileSystem dfs) throws IOException {
    DatanodeInfo[] live = dfs.getDataNodeStats(DatanodeReportType.LIVE);
    Arrays.sort(live, Comparator.comparing(DatanodeInfo::getXferAddr));
    List<DatanodeInfo> out = new ArrayList<>();
    for (DatanodeInfo d : live) {
      try {
        proxy(d).getDatanodeInfo();
        out.add(d);
      } catch (IOException e) {
        // Stopped (by an earlier action) but not yet declared dead by the NameNode.
      }
    }
    return out;
  }

  private DatanodeInfo datanode(DistributedFileSystem dfs, int n) throws IOException {
    List<DatanodeInfo> up = answering(dfs);
    if (n >= up.size()) {
      throw new IOException("no datanode " + n + ": " + up.size() + " answer");
    }
    return up.get(n);
  }

  private ClientDatanodeProtocol proxy(DatanodeInfo d) throws IOException {
    return DFSUtilClient.createClientDatanodeProtocolProxy(
        NetUtils.createSocketAddr(d.getIpcAddr(false)), UserGroupInformation.getCurrentUser(),
        quick, NetUtils.getDefaultSocketFactory(quick));
  }

  /** As {@code dfsadmin -shutdownDatanode}: then waits until it no longer answers. */
  private String shutdownDatanode(DistributedFileSystem dfs, int n)
      throws IOException, InterruptedException {
    DatanodeInfo d = datanode(dfs, n);
    ClientDatanodeProtocol p = proxy(d);
    p.shutdownDatanode(false);
    synchronized (shutDown) {
      shutDown.add(d.getXferAddr());
    }
    long deadline = System.currentTimeMillis() + ACK_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      try {
        p.getDatanodeInfo();
      } catch (IOException gone) {
        return d.getXferAddr();
      }
      Thread.sleep(100);
    }
    throw new IOException("datanode " + d.getXferAddr() + " still answers "
        + ACK_MILLIS / 1000 + " s after it was told to shut down");
  }

  private String restartDatanode(DistributedFileSystem dfs, int n)
      throws IOException, InterruptedException {
    DatanodeInfo d = datanode(dfs, n);
    List<DataNode> nodes = mini.getDataNodes();
    for (int i = 0; i < nodes.size(); i++) {
      DataNode dn = nodes.get(i);
      if (dn.getXferPort() == d.getXferPort()) {
        mini.restartDataNode(i, true);
        awaitStarted(mini.getDataNodes().get(mini.getDataNodes().size() - 1), d.getXferAddr());
        return d.getXferAddr();
      }
    }
    throw new IOException("datanode " + d.getXferAddr() + " is not the embedded cluster's");
  }

  @Override
  public List<String> restore() {
    List<String> down;
    synchronized (shutDown) {
      down = List.copyOf(shutDown);
      shutDown.clear();
    }
    List<String> left = new ArrayList<>();
    for (String address : down) {
      if (mini == null) {
        left.add("datanode " + address + " was shut down by --disrupt and is left down: start"
            + " it again on its host");
        continue;
      }
      try {
        int port = NetUtils.createSocketAddr(address).getPort();
        List<DataNode> nodes = mini.getDataNodes();
        for (int i = 0; i < nodes.size(); i++) {
          if (nodes.get(i).getXferPort() == port) {
            mini.restartDataNode(i, true);
            awaitStarted(mini.getDataNodes().get(mini.getDataNodes().size() - 1), address);
            break;
          }
        }
      } catch (IOException | RuntimeException e) {
        left.add("datanode " + address + " could not be started again: "
            + ErrorLine.of(e));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        left.add("datanode " + address + " was left down: interrupted");
      }
    }
    return left;
  }

  private static void awaitStarted(DataNode dn, String address)
      throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + ACK_MILLIS;
    while (!dn.isDatanodeFullyStarted()) {
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("datanode " + address + " not started again after "
            + ACK_MILLIS / 1000 + " s");
      }
      Thread.sleep(100);
    }
  }

  /**
   * Restarts the active NameNode (the only one without HA). Under HA it comes back as the
   * standby, and is made active again as an election would when its peer is not: the fault is
   * the restart, not a failover.
   */
  private String restartNameNode(DistributedFileSystem dfs) throws IOException {
    int index = 0;
    for (int i = 0; i < mini.getNumNameNodes(); i++) {
      if (mini.getNameNode(i) != null && mini.getNameNode(i).isActiveState()) {
        index = i;
      }
    }
    String address = "localhost:" + mini.getNameNode(index).getNameNodeAddress().getPort();
    mini.restartNameNode(index, true);
    if (mini.getNumNameNodes() > 1) {
      boolean anyActive = false;
      for (int i = 0; i < mini.getNumNameNodes(); i++) {
        anyActive |= mini.getNameNode(i).isActiveState();
      }
      if (!anyActive) {
        mini.transitionToActive(index);
      }
    }
    return address;
  }

  /** The NameNodes of {@code dfs}'s nameservice, as {@code hdfs haadmin} finds them. */
  private List<NNHAServiceTarget> namenodes(DistributedFileSystem dfs) {
    String ns = dfs.getUri().getHost();
    List<NNHAServiceTarget> out = new ArrayList<>();
    for (String id : DFSUtilClient.getNameNodeIds(conf, ns)) {
      out.add(new NNHAServiceTarget(conf, ns, id));
    }
    return out;
  }

  /**
   * As {@code hdfs haadmin -failover}: through the standby's failover controller when automatic
   * failover is on (it fences and elects), else by asking the active NameNode to stand by and
   * the standby to become active.
   */
  private String failover(DistributedFileSystem dfs) throws IOException {
    NNHAServiceTarget active = null;
    NNHAServiceTarget standby = null;
    for (NNHAServiceTarget t : namenodes(dfs)) {
      HAServiceProtocol.HAServiceState s = t.getProxy(quick, 5000).getServiceStatus().getState();
      if (s == HAServiceProtocol.HAServiceState.ACTIVE) {
        active = t;
      } else if (s == HAServiceProtocol.HAServiceState.STANDBY && standby == null) {
        standby = t;
      }
    }
    if (active == null || standby == null) {
      throw new IOException("no active and standby NameNode to fail over between");
    }
    if (standby.isAutoFailoverEnabled()) {
      standby.getZKFCProxy(conf, (int) ACK_MILLIS).gracefulFailover();
    } else {
      StateChangeRequestInfo by = new StateChangeRequestInfo(RequestSource.REQUEST_BY_USER);
      active.getProxy(conf, (int) ACK_MILLIS).transitionToStandby(by);
      standby.getProxy(conf, (int) ACK_MILLIS).transitionToActive(by);
    }
    return active.getNameNodeId() + " (" + hostPort(active) + ") to " + standby.getNameNodeId()
        + " (" + hostPort(standby) + ")";
  }

  private static String hostPort(NNHAServiceTarget t) {
    return t.getAddress().getHostString() + ":" + t.getAddress().getPort();
  }

  /**
   * Each NameNode's HA state and last transition from its {@code /jmx} ({@code NameNodeStatus},
   * matched by the RPC port it names, as NameNodes sharing one JVM show each other's), and the
   * live datanodes and blocks short of their redundancy from the active one.
   */
  @Override
  public List<Stamp> stamps() {
    List<Stamp> out = new ArrayList<>();
    long now = System.currentTimeMillis();
    try {
      DistributedFileSystem dfs = dfs();
      Long pending = null;
      for (NameNodeAddresses.NameNode n : NameNodeAddresses.of(dfs, conf)) {
        try {
          for (Map.Entry<String, JsonNode> e : JmxReader.read(n.http(),
              "Hadoop:service=NameNode,name=NameNodeStatus*").entrySet()) {
            JsonNode b = e.getValue();
            if (b.path("HostAndPort").asText("").endsWith(":" + n.rpcPort())) {
              out.add(new Stamp(n.rpc(), "state", b.path("State").asText(), now));
              long t = b.path("LastHATransitionTime").asLong(0);
              if (t > 0) {
                out.add(new Stamp(n.rpc(), "last_ha_transition", b.path("State").asText(), t));
              }
            }
          }
          pending = pending != null ? pending : pendingReconstructions(n.http());
        } catch (IOException | RuntimeException e) {
          out.add(new Stamp(n.rpc(), "state", "not answering", now));
        }
      }
      if (pending != null) {
        out.add(new Stamp(dfs.getUri().getAuthority(), FaultRecord.PENDING_RECONSTRUCTION_STAMP,
            Long.toString(pending), now));
      }
      try {
        out.add(new Stamp(dfs.getUri().getAuthority(), "live_datanodes",
            Integer.toString(dfs.getDataNodeStats(DatanodeReportType.LIVE).length), now));
        out.add(new Stamp(dfs.getUri().getAuthority(), FaultRecord.LOW_REDUNDANCY_STAMP,
            Long.toString(dfs.getLowRedundancyBlocksCount()), now));
      } catch (IOException | RuntimeException e) {
        // No NameNode answering now (mid-failover): the stamps say so by their absence.
      }
    } catch (IOException | RuntimeException e) {
      return out;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return out;
  }

  /**
   * The blocks the active NameNode behind {@code http} has scheduled for re-replication and not
   * yet seen copied ({@code PendingReplicationBlocks}, named so on every Hadoop 2 and 3): still
   * short of their replicas although no longer counted as low redundancy. Null when that
   * NameNode is not the active one (NameNodes sharing one JVM show each other's beans, told
   * apart by their HA state).
   */
  private static Long pendingReconstructions(URI http) throws IOException, InterruptedException {
    Long active = null;
    for (JsonNode b : JmxReader.read(http, "Hadoop:service=NameNode,name=FSNamesystem*")
        .values()) {
      if (b.has("PendingReplicationBlocks")
          && b.path("tag.HAState").asText("active").equals("active")) {
        active = Math.max(active == null ? 0 : active, b.path("PendingReplicationBlocks").asLong());
      }
    }
    return active;
  }
}
