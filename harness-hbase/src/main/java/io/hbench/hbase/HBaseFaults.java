package io.hbench.hbase;

import io.hbench.core.cluster.FaultActions;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.load.Disruption;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.TableDescriptor;

/**
 * HBase's {@code --disrupt} actions, done as an administrator's client does them ({@code
 * Admin.stopRegionServer}, {@code Admin.move}) on a configured cluster and the embedded one
 * alike; the embedded cluster's RegionServers are also restarted in this process, and the ones
 * stopped are started again after each point. A RegionServer {@code :N} is the N-th live one by
 * address; {@code move-regions} moves every region of the tables hbench created.
 */
final class HBaseFaults implements FaultActions {

  /** How long an action waits for the servers to acknowledge it. */
  private static final long ACK_MILLIS = 60_000;

  private static final EnumSet<ClusterMetrics.Option> LIVE =
      EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS, ClusterMetrics.Option.DEAD_SERVERS);

  private final Configuration conf;
  /** The embedded cluster, or null on a configured one. */
  private final org.apache.hadoop.hbase.HBaseTestingUtility util;
  private final List<String> stopped = new ArrayList<>();
  private Connection connection;

  HBaseFaults(Configuration conf, org.apache.hadoop.hbase.HBaseTestingUtility util) {
    this.conf = conf;
    this.util = util;
  }

  @Override
  public String service() {
    return "hbase";
  }

  private synchronized Connection connection() throws IOException {
    if (connection == null || connection.isClosed()) {
      connection = ConnectionFactory.createConnection(conf);
    }
    return connection;
  }

  private List<ServerName> live(Admin admin) throws IOException {
    List<ServerName> out = new ArrayList<>(admin.getClusterMetrics(LIVE)
        .getLiveServerMetrics().keySet());
    out.sort(Comparator.comparing(s -> s.getAddress().toString()));
    return out;
  }

  @Override
  public void check(Disruption.Action action) throws IOException {
    String what = "--disrupt " + action.kind().text();
    if (action.kind().embeddedOnly() && util == null) {
      throw new InvalidInputException(what + ": only the embedded cluster's own RegionServers"
          + " can be restarted by hbench (stop-regionserver stops a cluster's over RPC)");
    }
    try (Admin admin = connection().getAdmin()) {
      List<ServerName> live = live(admin);
      if (action.kind().takesNode() && action.node() >= live.size()) {
        throw new InvalidInputException(what + ":" + action.node() + ": HBase has "
            + live.size() + " live RegionServers (0 to " + (live.size() - 1) + ")");
      }
      if (action.kind() == Disruption.Kind.MOVE_REGIONS && live.size() < 2) {
        throw new InvalidInputException(what + ": HBase has one live RegionServer; moving"
            + " regions needs another");
      }
    }
  }

  @Override
  public String perform(Disruption.Action action) throws IOException, InterruptedException {
    try (Admin admin = connection().getAdmin()) {
      return switch (action.kind()) {
        case STOP_REGIONSERVER -> stop(admin, action.node());
        case RESTART_REGIONSERVER -> restart(admin, action.node());
        case MOVE_REGIONS -> move(admin);
        default -> throw new IllegalArgumentException(action.kind().text() + " is not HBase's");
      };
    }
  }

  /** As {@code Admin.stopRegionServer}: then waits until the Master no longer lists it live. */
  private String stop(Admin admin, int n) throws IOException, InterruptedException {
    ServerName s = live(admin).get(n);
    admin.stopRegionServer(s.getAddress().toString());
    synchronized (stopped) {
      stopped.add(s.getAddress().toString());
    }
    awaitGone(admin, s);
    return s.getAddress().toString();
  }

  private void awaitGone(Admin admin, ServerName s) throws IOException, InterruptedException {
    long deadline = System.currentTimeMillis() + ACK_MILLIS;
    while (live(admin).contains(s)) {
      if (System.currentTimeMillis() > deadline) {
        throw new IOException("RegionServer " + s.getAddress() + " still live "
            + ACK_MILLIS / 1000 + " s after it was told to stop");
      }
      Thread.sleep(100);
    }
  }

  /** The embedded cluster's RegionServer stopped, then a new one started in its place. */
  private String restart(Admin admin, int n) throws IOException, InterruptedException {
    ServerName s = live(admin).get(n);
    org.apache.hadoop.hbase.MiniHBaseCluster mini = util.getMiniHBaseCluster();
    mini.stopRegionServer(s);
    awaitGone(admin, s);
    mini.startRegionServer().waitForServerOnline();
    return s.getAddress().toString();
  }

  /** Every region of hbench's tables to another RegionServer, each where the Master puts it. */
  private String move(Admin admin) throws IOException {
    int moved = 0;
    for (TableDescriptor d : admin.listTableDescriptors()) {
      if (d.getValue(OwnedTables.MARKER) == null) {
        continue;
      }
      TableName t = d.getTableName();
      for (RegionInfo r : admin.getRegions(t)) {
        admin.move(r.getEncodedNameAsBytes());
        moved++;
      }
    }
    return moved + " regions of hbench's tables";
  }

  @Override
  public List<String> restore() {
    List<String> down;
    synchronized (stopped) {
      down = List.copyOf(stopped);
      stopped.clear();
    }
    List<String> left = new ArrayList<>();
    for (String address : down) {
      if (util == null) {
        left.add("RegionServer " + address + " was stopped by --disrupt and is left down:"
            + " start it again on its host");
        continue;
      }
      try {
        util.getMiniHBaseCluster().startRegionServer().waitForServerOnline();
      } catch (IOException | RuntimeException e) {
        left.add("a RegionServer in place of " + address + " could not be started: "
            + e.getMessage());
      }
    }
    synchronized (this) {
      try {
        if (connection != null) {
          connection.close();
        }
      } catch (IOException e) {
        // Nothing held any more that matters.
      }
      connection = null;
    }
    return left;
  }

  /** The live RegionServers and the regions in transition, from the Master. */
  @Override
  public List<Stamp> stamps() {
    long now = System.currentTimeMillis();
    List<Stamp> out = new ArrayList<>();
    try (Admin admin = connection().getAdmin()) {
      ClusterMetrics m = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.LIVE_SERVERS,
          ClusterMetrics.Option.DEAD_SERVERS, ClusterMetrics.Option.REGIONS_IN_TRANSITION));
      out.add(new Stamp("hbase", "live_regionservers",
          Integer.toString(m.getLiveServerMetrics().size()), now));
      out.add(new Stamp("hbase", "dead_regionservers",
          Integer.toString(m.getDeadServerNames().size()), now));
      out.add(new Stamp("hbase", "regions_in_transition",
          Integer.toString(m.getRegionStatesInTransition().size()), now));
    } catch (IOException | RuntimeException e) {
      // No Master answering now: the stamps say so by their absence.
    }
    return out;
  }
}
