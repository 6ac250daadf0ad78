package io.hbench.hbase;

import io.hbench.core.cluster.Daemon.Role;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.cluster.InProcessService;
import io.hbench.core.cluster.RunningService;
import io.hbench.core.cluster.ServiceProbe;
import io.hbench.core.cluster.ServiceProvider;
import io.hbench.core.cluster.ServiceWatch;
import io.hbench.core.error.ErrorLine;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.ServiceInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * {@code hbase}: HBase's mini cluster (a Master, RegionServers and ZooKeeper, from
 * hbase-testing-util) in this process on the embedded store, started only when an HBase suite
 * runs; or, for {@code --cluster conf}, the configured cluster, asked once with short timeouts
 * so that an unreachable ZooKeeper or Master is one line within seconds.
 *
 * <p>This class names no HBase server class outside {@link #start}: the thin {@code bench.jar}
 * carries none.
 */
public final class HBaseService implements ServiceProvider {

  /** How long the configured cluster has to answer. */
  static final long CONNECT_SECONDS = 20;

  @Override
  public String name() {
    return "hbase";
  }

  @Override
  public String description() {
    return "HBase (HBase's mini cluster: a Master, a RegionServer and ZooKeeper)";
  }

  @Override
  public String nodeKind() {
    return null;
  }

  @Override
  public RunningService start(Configuration conf, Path root, int nodes) throws IOException {
    return MiniHBase.start(conf, root, nodes);
  }

  @Override
  public ServiceInfo connect(Configuration run) throws IOException {
    Configuration c;
    try {
      c = HBaseClientConfiguration.of(run);
    } catch (NoClassDefFoundError e) {
      throw new InvalidInputException("no HBase client classes on the class path: run"
          + " HADOOP_CLASSPATH=$(hbase mapredcp):$HBASE_CONF_DIR yarn jar bench.jar ...");
    }
    if (!HBaseClientConfiguration.namesCluster(c)) {
      throw new InvalidInputException("--cluster conf: no HBase cluster is configured"
          + " (hbase.zookeeper.quorum is localhost); set HBASE_CONF_DIR, put hbase-site.xml on the"
          + " class path ('hbase mapredcp'), or pass it with --conf");
    }
    return Probe.describe(c, "configured");
  }

  /**
   * Watches the cluster's RegionServers and its active Master for one point: a RegionServer live
   * at the start (by its start code) and not at the end is lost; another active Master (a
   * restart, or a backup taking over) fails the point.
   */
  @Override
  public ServiceWatch watch(Configuration run) {
    try {
      return Watcher.start(HBaseClientConfiguration.of(run));
    } catch (IOException | RuntimeException | LinkageError e) {
      return ServiceWatch.NONE;
    }
  }

  /**
   * The active Master and the live RegionServers, at the info (web UI) ports they report, for
   * {@code --metrics}; a server whose web UI is off ({@code hbase.*.info.port=-1}) is left out.
   */
  @Override
  public List<Daemon> daemons(Configuration run) {
    try {
      return Servers.find(HBaseClientConfiguration.of(run));
    } catch (IOException | RuntimeException | LinkageError e) {
      return List.of();
    }
  }

  /**
   * {@code stop-regionserver}, {@code move-regions}, and on the embedded cluster {@code
   * restart-regionserver} ({@link HBaseFaults}).
   */
  @Override
  public io.hbench.core.cluster.FaultActions faults(Configuration run,
      io.hbench.core.cluster.RunningService embedded) {
    try {
      return new HBaseFaults(HBaseClientConfiguration.of(run),
          embedded instanceof MiniHBase m ? m.util : null);
    } catch (RuntimeException | LinkageError e) {
      return null;
    }
  }

  /** The servers' web addresses, apart from the provider so that it loads without HBase's classes. */
  static final class Servers {
    private Servers() {}

    static List<Daemon> find(Configuration c) throws IOException {
      List<Daemon> out = new ArrayList<>();
      try (Connection conn = ConnectionFactory.createConnection(fastFailing(c));
          Admin admin = conn.getAdmin()) {
        ClusterMetrics m = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.MASTER,
            ClusterMetrics.Option.MASTER_INFO_PORT, ClusterMetrics.Option.LIVE_SERVERS));
        org.apache.hadoop.hbase.ServerName master = m.getMasterName();
        if (master != null && m.getMasterInfoPort() > 0) {
          String host = webHost(c, "hbase.master.info.bindAddress", master.getHostname());
          out.add(new Daemon(Role.HBASE_MASTER, master.getAddress().toString(),
              java.net.URI.create("http://" + host + ":" + m.getMasterInfoPort()),
              master.getPort()));
        }
        m.getLiveServerMetrics().forEach((server, metrics) -> {
          if (metrics.getInfoServerPort() > 0) {
            String host = webHost(c, "hbase.regionserver.info.bindAddress", server.getHostname());
            out.add(new Daemon(Role.REGIONSERVER, server.getAddress().toString(),
                java.net.URI.create("http://" + host + ":" + metrics.getInfoServerPort()),
                server.getPort()));
          }
        });
      }
      return out;
    }

    /**
     * A web UI bound to a loopback address (the embedded cluster's) answers there only, whatever
     * the server's own host name resolves to; any other bind address is per host, so a client's
     * copy of it says nothing of the others, and the server's host name is used.
     */
    static String webHost(Configuration c, String bindKey, String serverHost) {
      String bind = c.getTrimmed(bindKey, "");
      return bind.startsWith("127.") ? bind : serverHost;
    }
  }

  /**
   * An HBase authentication token for the job, when HBase uses Kerberos: the map tasks of
   * {@code --maps} connect with it. The cluster must issue tokens (its TokenProvider coprocessor,
   * which a kerberized HBase normally loads).
   */
  @Override
  public void addDelegationTokens(Configuration conf,
      org.apache.hadoop.security.Credentials credentials) throws IOException {
    Configuration c = HBaseClientConfiguration.of(conf);
    if ("kerberos".equalsIgnoreCase(c.get("hbase.security.authentication"))) {
      Tokens.add(c, credentials);
    }
  }

  /** Token requests, apart from the provider so that it loads without HBase's classes. */
  static final class Tokens {
    private Tokens() {}

    static void add(Configuration c, org.apache.hadoop.security.Credentials credentials)
        throws IOException {
      try (Connection conn = ConnectionFactory.createConnection(c)) {
        org.apache.hadoop.security.token.Token<?> token =
            org.apache.hadoop.hbase.security.token.ClientTokenUtil.obtainToken(conn);
        credentials.addToken(token.getService(), token);
      } catch (IOException e) {
        throw new IOException("hbase: no delegation token for the job's tasks (does the cluster"
            + " load org.apache.hadoop.hbase.security.token.TokenProvider?): "
            + io.hbench.core.error.ErrorLine.of(e), e);
      }
    }
  }

  /** The watch, apart from the provider so that it loads without HBase's classes. */
  static final class Watcher implements ServiceWatch {
    private static final EnumSet<ClusterMetrics.Option> ASKED =
        EnumSet.of(ClusterMetrics.Option.MASTER, ClusterMetrics.Option.LIVE_SERVERS);
    private final Connection conn;
    private final java.util.Set<org.apache.hadoop.hbase.ServerName> before;
    private final org.apache.hadoop.hbase.ServerName master;

    private Watcher(Connection conn, ClusterMetrics m) {
      this.conn = conn;
      this.before = java.util.Set.copyOf(m.getLiveServerMetrics().keySet());
      this.master = m.getMasterName();
    }

    static ServiceWatch start(Configuration c) throws IOException {
      Connection conn = ConnectionFactory.createConnection(fastFailing(c));
      try (Admin admin = conn.getAdmin()) {
        return new Watcher(conn, admin.getClusterMetrics(ASKED));
      } catch (IOException | RuntimeException e) {
        conn.close();
        throw e;
      }
    }

    @Override
    public void close() {
      try {
        conn.close();
      } catch (IOException e) {
        // Nothing held any more that matters.
      }
    }

    @Override
    public Changes changes() {
      try (Connection c = conn; Admin admin = c.getAdmin()) {
        ClusterMetrics m = admin.getClusterMetrics(ASKED);
        String restart = master != null && m.getMasterName() != null
            && !m.getMasterName().equals(master)
            ? "HBase Master restarted or failed over during the point (now "
                + m.getMasterName().getAddress() + ", started at "
                + java.time.Instant.ofEpochMilli(m.getMasterName().getStartcode()) + ")"
            : null;
        java.util.Set<org.apache.hadoop.hbase.ServerName> live = m.getLiveServerMetrics().keySet();
        return new Changes(before.stream().filter(s -> !live.contains(s))
            .map(s -> s.getAddress().toString()).sorted().toList(), restart);
      } catch (IOException | RuntimeException e) {
        return Changes.NONE;
      }
    }
  }

  /**
   * The question put to a cluster, in a class of its own: the provider is loaded (and listed)
   * from bench.jar on a machine without HBase, and must not need HBase's classes to load.
   */
  static final class Probe {
    private Probe() {}

    /**
     * Asks the cluster for its version and servers, giving up after {@link #CONNECT_SECONDS}.
     *
     * @throws InvalidInputException when it does not answer
     */
    static ServiceInfo describe(Configuration base, String origin) throws IOException {
      Configuration c = fastFailing(base);
      String where = c.get("hbase.zookeeper.quorum") + ":" + c.get("hbase.zookeeper.property.clientPort", "2181");
      return ServiceProbe.ask("hbase", CONNECT_SECONDS, () -> {
        try (Connection conn = ConnectionFactory.createConnection(c);
            Admin admin = conn.getAdmin()) {
          ClusterMetrics m = admin.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.HBASE_VERSION,
              ClusterMetrics.Option.MASTER, ClusterMetrics.Option.BACKUP_MASTERS,
              ClusterMetrics.Option.LIVE_SERVERS));
          Map<String, Integer> nodes = new LinkedHashMap<>();
          nodes.put("masters", (m.getMasterName() == null ? 0 : 1) + m.getBackupMasterNames().size());
          nodes.put("region_servers", m.getLiveServerMetrics().size());
          return new ServiceInfo("hbase", origin, m.getHBaseVersion(), "zk://" + where
              + c.get("zookeeper.znode.parent", "/hbase"), nodes);
        }
      }, "hbase: no answer from the cluster through ZooKeeper at " + where + " within "
          + CONNECT_SECONDS + " s; is HBase running there?",
          cause -> "hbase: cannot reach the cluster through ZooKeeper at " + where + ": "
              + cause.getClass().getSimpleName() + (cause.getMessage() == null ? ""
              : ": " + cause.getMessage().lines().findFirst().orElse("")));
    }
  }

  /** A copy of {@code base} that fails fast: the client's defaults retry for minutes. */
  static Configuration fastFailing(Configuration base) {
    Configuration c = new Configuration(base);
    c.setInt("hbase.client.retries.number", 1);
    c.setInt("zookeeper.recovery.retry", 0);
    c.setInt("zookeeper.session.timeout", 10_000);
    c.setInt("hbase.rpc.timeout", 10_000);
    c.setInt("hbase.client.operation.timeout", 15_000);
    return c;
  }

  /** The mini cluster, kept in a class of its own so the provider loads without HBase's server. */
  static final class MiniHBase extends InProcessService {
    private final org.apache.hadoop.hbase.HBaseTestingUtility util;
    private final ServiceInfo info;

    private MiniHBase(org.apache.hadoop.hbase.HBaseTestingUtility util, ServiceInfo info) {
      this.util = util;
      this.info = info;
    }

    static MiniHBase start(Configuration conf, Path root, int nodes) throws IOException {
      // HBaseTestingUtility resets fs.defaultFS on the configuration it is given: give it a copy.
      Configuration c = org.apache.hadoop.hbase.HBaseConfiguration.create(conf);
      String defaultFs = conf.get("fs.defaultFS", "file:///");
      // HBase 2.6.1's AsyncFSWAL breaks HDFS's LeaseRenewer with Hadoop 3.4 (NPE): the
      // filesystem WAL works, at some cost to write speed; every record says so.
      if (c.get("hbase.wal.provider") == null) {
        c.set("hbase.wal.provider", "filesystem");
        conf.setBoolean(HBaseClientConfiguration.WAL_PROVIDER_CHANGED, true);
      }
      // Splitting a region updates hbase:meta through HBase 2.6's unshaded protobuf helper
      // (ByteStringer), which needs protobuf-java 2.5's LiteralByteString; the class path has
      // protobuf 3 (Ozone, gRPC), so the split never finishes and writes to the region stop for
      // good (a default hbase-pe write, 1M rows, did at about 460,000). No automatic splits on
      // the embedded HBase; --presplit still makes regions. Every record says so.
      // (hbase-default.xml names a policy: what counts is whether the run's settings do.)
      if (conf.get("hbase.regionserver.region.split.policy") == null) {
        c.set("hbase.regionserver.region.split.policy",
            "org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy");
        conf.setBoolean(HBaseClientConfiguration.SPLITS_DISABLED, true);
      }
      // A local store cannot hflush; HBase refuses it unless told this is on purpose.
      c.setBoolean("hbase.unsafe.stream.capability.enforce", false);
      // Web UIs on loopback, on any free port: --metrics reads each server's /jmx there. A
      // region server sums its regions' figures every 5 s by default; here every tenth of a
      // second, well inside the half second the read after a phase waits (the embedded
      // cluster's metrics period, after which /jmx refreshes): at half a second too, the two
      // raced and the read after a short write missed all of it (write_requests 0 of 500).
      c.setInt("hbase.master.info.port", 0);
      c.setInt("hbase.regionserver.info.port", 0);
      c.set("hbase.master.info.bindAddress", "127.0.0.1");
      c.set("hbase.regionserver.info.bindAddress", "127.0.0.1");
      io.hbench.core.cluster.ClusterConfiguration.setUnlessGiven(c, "hbase.regionserver.metrics.period", "100");
      String savedBase = System.getProperty("test.build.data.basedirectory");
      System.setProperty("test.build.data.basedirectory", root.toString());
      org.apache.hadoop.hbase.HBaseTestingUtility util =
          new org.apache.hadoop.hbase.HBaseTestingUtility(c);
      try {
        util.getConfiguration().set("fs.defaultFS", defaultFs);
        util.startMiniZKCluster();
        util.startMiniHBaseCluster(org.apache.hadoop.hbase.StartMiniClusterOption.builder()
            .numMasters(1).numRegionServers(Math.max(1, nodes)).build());
      } catch (Exception e) {
        try {
          util.shutdownMiniCluster();
        } catch (Exception suppressed) {
          e.addSuppressed(suppressed);
        }
        throw e instanceof IOException io ? io : new IOException("starting HBase: " + e, e);
      } finally {
        if (savedBase == null) {
          System.clearProperty("test.build.data.basedirectory");
        } else {
          System.setProperty("test.build.data.basedirectory", savedBase);
        }
      }
      // What clients need: ZooKeeper's address, and the Master's.
      Configuration started = util.getConfiguration();
      for (String key : new String[] {"hbase.zookeeper.quorum",
          "hbase.zookeeper.property.clientPort", "zookeeper.znode.parent", "hbase.masters",
          "hbase.rootdir", "hbase.wal.provider", "hbase.master.info.bindAddress",
          "hbase.regionserver.info.bindAddress"}) {
        if (started.get(key) != null) {
          conf.set(key, started.get(key));
        }
      }
      ServiceInfo info = Probe.describe(started, "embedded");
      return new MiniHBase(util, info);
    }

    @Override
    public ServiceInfo info() {
      return info;
    }

    @Override
    protected void stop() {
      // HBase's procedure executor lists its thread group on System.out as it stops; stdout
      // holds only hbench's tables.
      java.io.PrintStream out = System.out;
      System.setOut(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
      try {
        util.shutdownMiniCluster();
      } catch (IOException e) {
        // Best effort, as InProcessService says.
      } finally {
        System.setOut(out);
      }
    }
  }
}
