package io.hbench.hive;

import io.hbench.core.cluster.Daemon;
import io.hbench.core.cluster.InProcessService;
import io.hbench.core.cluster.RunningService;
import io.hbench.core.cluster.ServiceProvider;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.ServiceInfo;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code hive}: a HiveServer2 in this process on a loopback port, with an embedded Derby metastore
 * in the service's own directory and its warehouse on the embedded store, started only when a Hive
 * suite runs; or, for {@code --cluster conf}, the HiveServer2 a suite's {@code --jdbc-url} names,
 * asked once with a short timeout.
 *
 * <p>Suites find the server through {@link #JDBC_URL} in the run's configuration (embedded) or
 * give it themselves (configured, through {@link io.hbench.core.cluster.Needs#and(String, Map)},
 * which keeps the URL and any password out of the run's configuration). This class names no Hive
 * server class outside {@link EmbeddedHiveServer}: the thin {@code bench.jar} carries none.
 */
public final class HiveService implements ServiceProvider {

  /** The JDBC URL of HiveServer2: set by the embedded server, given by a suite when configured. */
  public static final String JDBC_URL = "hbench.hive.jdbc-url";

  /** The user to connect as (configured only). */
  public static final String USER = "hbench.hive.user";

  /** The password to connect with (configured only); never written anywhere. */
  public static final String PASSWORD = "hbench.hive.password";

  @Override
  public String name() {
    return "hive";
  }

  @Override
  public String description() {
    return "Hive (HiveServer2 on loopback with an embedded Derby metastore)";
  }

  @Override
  public String nodeKind() {
    return null;
  }

  @Override
  public RunningService start(Configuration conf, Path root, int nodes) throws IOException {
    return EmbeddedHiveServer.start(conf, root);
  }

  @Override
  public ServiceInfo connect(Configuration conf) throws IOException {
    String url = conf.get(JDBC_URL);
    if (url == null || url.isBlank()) {
      throw new InvalidInputException("--cluster conf: no HiveServer2 is named; give its JDBC URL"
          + " with --jdbc-url jdbc:hive2://host:10000/");
    }
    HiveConnections.requireDriver();
    return HiveConnections.describe(url, conf.get(USER), conf.get(PASSWORD), "configured");
  }

  /** The port of HiveServer2's web UI, whose {@code /jmx} {@code --metrics} reads (Hive's key). */
  static final String WEBUI_PORT = "hive.server2.webui.port";

  /**
   * The HiveServer2 the JDBC URL names, at its web UI ({@value #WEBUI_PORT}, 10002 unless set),
   * for {@code --metrics}; none when the URL names ZooKeeper rather than a server, or the UI is
   * off. Its figures exist only with {@code hive.server2.metrics.enabled} on the server.
   */
  @Override
  public List<Daemon> daemons(Configuration conf) {
    try {
      String url = conf.get(JDBC_URL);
      int web = conf.getInt(WEBUI_PORT, 10002);
      Matcher m = url == null ? null
          : Pattern.compile("^jdbc:hive2://([^:/;,]+):(\\d+)(/[^;]*)?(;.*)?$").matcher(url);
      if (m == null || !m.matches() || web <= 0 || url.contains("serviceDiscoveryMode")) {
        return List.of();
      }
      return List.of(new Daemon(Daemon.Role.HIVESERVER2, m.group(1) + ":" + m.group(2),
          java.net.URI.create("http://" + m.group(1) + ":" + web), Integer.parseInt(m.group(2))));
    } catch (RuntimeException e) {
      // A port or host that makes no URL: its figures are left out, as the contract says.
      return List.of();
    }
  }

  /**
   * Hive's statistics threads (ANALYZE on ORC reads the files' footers) print a line per table
   * and per partition ({@code ... stats: [numFiles=..., numRows=...]}) straight to
   * {@code System.err}: they run outside any session, so {@code hive.session.silent} never reaches
   * them, and {@code --partitioned} made 4,900 such lines. With HiveServer2 in this process that
   * is hbench's console, so while it runs what those threads write there is dropped; Hive's log
   * still has it. {@code System.err} is the process's: it is given back when the server stops.
   */
  static final class QuietStatsThreads extends java.io.FilterOutputStream {
    /** The name Hive 4's {@code StatsTask.newThreadPool} gives its threads. */
    static final String THREAD_PREFIX = "StatsNoJobTask-Thread-";

    private QuietStatsThreads(java.io.OutputStream err) {
      super(err);
    }

    /**
     * Wraps {@code System.err}; everything but those threads' writes goes through. Returns what
     * {@link #uninstall} needs to give it back, or null when it was wrapped already.
     */
    static synchronized Stream install() {
      if (System.err instanceof Stream) {
        return null;
      }
      Stream wrapped = new Stream(System.err);
      System.setErr(wrapped);
      return wrapped;
    }

    /** Gives back the {@code System.err} {@code wrapped} wrapped, unless another replaced it since. */
    static synchronized void uninstall(Stream wrapped) {
      if (wrapped != null && System.err == wrapped) {
        System.setErr(wrapped.original);
      }
    }

    private static boolean quiet() {
      return Thread.currentThread().getName().startsWith(THREAD_PREFIX);
    }

    @Override
    public void write(int b) throws IOException {
      if (!quiet()) {
        out.write(b);
      }
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      if (!quiet()) {
        out.write(b, off, len);
      }
    }

    /** The wrapped {@code System.err}, known by its class so that it is wrapped only once. */
    static final class Stream extends java.io.PrintStream {
      private final java.io.PrintStream original;

      Stream(java.io.PrintStream err) {
        super(new QuietStatsThreads(err), true);
        this.original = err;
      }
    }
  }

  /** HiveServer2 in this process, in a class of its own so the provider loads without Hive. */
  static final class EmbeddedHiveServer extends InProcessService {
    /**
     * ORC's protobuf classes, generated before protobuf 3.21.7, make the newer protobuf runtime
     * log a multi-line warning through java.util.logging the first time each is used, on the
     * console hbench's tables are on; the server reads only data hbench generated. Held here so
     * the level sticks.
     */
    private static final java.util.logging.Logger QUIET_PROTOBUF =
        java.util.logging.Logger.getLogger("com.google.protobuf");

    /** What a task JVM of a Hive job must open on Java 17 (Hadoop adds the heap size). */
    static final String TASK_OPENS = java.util.stream.Stream.of("java.base/java.lang",
            "java.base/java.util", "java.base/java.lang.reflect", "java.base/java.nio",
            "java.base/java.net", "java.base/java.util.concurrent",
            "java.base/java.util.concurrent.atomic", "java.base/java.util.regex", "java.base/java.io",
            "java.base/sun.nio.ch", "java.base/java.time", "java.base/java.math", "java.base/java.text",
            "java.sql/java.sql")
        .map(m -> "--add-opens=" + m + "=ALL-UNNAMED")
        .collect(java.util.stream.Collectors.joining(" "));

    private final org.apache.hive.service.server.HiveServer2 server;
    private final ServiceInfo info;
    private final ProcessSettings saved;

    private EmbeddedHiveServer(org.apache.hive.service.server.HiveServer2 server, ServiceInfo info,
        ProcessSettings saved) {
      this.server = server;
      this.info = info;
      this.saved = saved;
    }

    /**
     * What the embedded server changes in this process while it runs, as it was before: where
     * Hive finds its site file, the protobuf logger's level, and {@code System.err}. All are
     * given back when it stops, so that a tool embedding hbench finds its process as it was.
     */
    private static final class ProcessSettings {
      final java.net.URL hiveSite = org.apache.hadoop.hive.conf.HiveConf.getHiveSiteLocation();
      final java.net.URL metastoreSite =
          org.apache.hadoop.hive.metastore.conf.MetastoreConf.getHiveSiteLocation();
      final java.util.logging.Level protobuf = QUIET_PROTOBUF.getLevel();
      QuietStatsThreads.Stream err;

      void restore() {
        QuietStatsThreads.uninstall(err);
        QUIET_PROTOBUF.setLevel(protobuf);
        org.apache.hadoop.hive.conf.HiveConf.setHiveSiteLocation(hiveSite);
        org.apache.hadoop.hive.metastore.conf.MetastoreConf.setHiveSiteLocation(metastoreSite);
      }
    }

    static EmbeddedHiveServer start(Configuration conf, Path root) throws IOException {
      int port = freePort();
      int web = freePort();
      Map<String, String> settings = settings(conf, root, port);
      settings.put(WEBUI_PORT, Integer.toString(web));
      // Hive builds fresh HiveConfs of its own (the stats task, the metastore's handlers): they
      // must read the same metastore settings, or one opens a Derby database in the working
      // directory and closes the metastore's connections under the running queries.
      Path site = root.resolve("hive-site.xml");
      Configuration siteConf = new Configuration(false);
      settings.forEach(siteConf::set);
      try (java.io.OutputStream out = java.nio.file.Files.newOutputStream(site)) {
        siteConf.writeXml(out);
      }
      ProcessSettings saved = new ProcessSettings();
      org.apache.hadoop.hive.conf.HiveConf.setHiveSiteLocation(site.toUri().toURL());
      org.apache.hadoop.hive.metastore.conf.MetastoreConf.setHiveSiteLocation(site.toUri().toURL());
      org.apache.hadoop.hive.conf.HiveConf hc =
          new org.apache.hadoop.hive.conf.HiveConf(conf, org.apache.hadoop.hive.conf.HiveConf.class);
      settings.forEach(hc::set);
      // Derby writes derby.log into the working directory unless told otherwise: told for as
      // long as its engine boots, with the metastore's first connection, then given back.
      String derbyLog = System.getProperty(DERBY_LOG);
      System.setProperty(DERBY_LOG, root.resolve("derby.log").toString());
      try {
        DerbyMetastore.create(root.resolve("metastore_db"));
      } finally {
        if (derbyLog == null) {
          System.clearProperty(DERBY_LOG);
        } else {
          System.setProperty(DERBY_LOG, derbyLog);
        }
      }
      QUIET_PROTOBUF.setLevel(java.util.logging.Level.SEVERE);
      saved.err = QuietStatsThreads.install();
      org.apache.hive.service.server.HiveServer2 server =
          new org.apache.hive.service.server.HiveServer2();
      try {
        server.init(hc);
        server.start();
      } catch (RuntimeException | Error e) {
        stopQuietly(server);
        saved.restore();
        throw new IOException("starting HiveServer2: " + e, e);
      }
      String url = "jdbc:hive2://127.0.0.1:" + port + "/default";
      if ("KERBEROS".equalsIgnoreCase(hc.get("hive.server2.authentication", "NONE"))) {
        // A server started on a kerberized configuration (a test's) takes Kerberos clients only.
        url += ";principal=" + hc.get("hive.server2.authentication.kerberos.principal");
      }
      conf.set(JDBC_URL, url);
      conf.setInt(WEBUI_PORT, web);
      try {
        ServiceInfo info = HiveConnections.describe(url, null, null, "embedded");
        return new EmbeddedHiveServer(server, info, saved);
      } catch (IOException | RuntimeException e) {
        stopQuietly(server);
        saved.restore();
        throw e;
      }
    }

    /**
     * The server's settings: everything it writes under {@code root} or the store's {@code
     * /hbench-hive}, loopback only, MapReduce as the engine, and no transactions unless
     * a session asks for them (the metastore has their tables; no compactor runs).
     */
    static Map<String, String> settings(Configuration conf, Path root, int port) {
      String fs = conf.get("fs.defaultFS", "file:///").replaceAll("/+$", "");
      Map<String, String> s = new java.util.LinkedHashMap<>();
      s.put("javax.jdo.option.ConnectionURL", DerbyMetastore.url(root.resolve("metastore_db")));
      // Created from Hive's schema script before the server starts (DerbyMetastore).
      s.put("datanucleus.schema.autoCreateAll", "false");
      s.put("hive.metastore.schema.verification", "false");
      s.put("hive.metastore.uris", "");
      s.put("hive.metastore.warehouse.dir", fs + "/hbench-hive/warehouse");
      s.put("hive.metastore.warehouse.external.dir", fs + "/hbench-hive/external");
      s.put("hive.exec.scratchdir", fs + "/hbench-hive/scratch");
      s.put("hive.exec.local.scratchdir", root.resolve("scratch").toString());
      s.put("hive.downloaded.resources.dir", root.resolve("resources").toString());
      s.put("hive.querylog.location", root.resolve("querylog").toString());
      s.put("hive.server2.logging.operation.log.location", root.resolve("operation-logs").toString());
      s.put("hive.server2.thrift.bind.host", "127.0.0.1");
      s.put("hive.server2.thrift.port", Integer.toString(port));
      s.put("hive.server2.transport.mode", "binary");
      // Its web UI (for --metrics: its /jmx) on loopback, on a port start() chooses; its metrics
      // on JMX only (Hive's default adds a JSON file in /tmp).
      s.put("hive.server2.webui.port", "0");
      s.put("hive.server2.webui.host", "127.0.0.1");
      s.put("hive.server2.metrics.enabled", "true");
      s.put("hive.service.metrics.codahale.reporter.classes",
          "org.apache.hadoop.hive.common.metrics.metrics2.JmxMetricsReporter");
      s.put("hive.server2.enable.doAs", "false");
      s.put("hive.support.concurrency", "false");
      s.put("hive.txn.manager", "org.apache.hadoop.hive.ql.lockmgr.DummyTxnManager");
      // Hive 4's direct-SQL add-partitions fails on Derby and then cannot roll back to its
      // savepoint, failing a dynamic-partition insert (tpch --partitioned); DataNucleus does it.
      // (Tried again with metastore.direct.sql.batch.size=100, which would have cut the load by
      // a third: the inserts then pass, but 4.0.1's batched read of partitions by name returns
      // each once per batch, 60,025 for 2,401, and the ANALYZE after fails.)
      s.put("hive.metastore.try.direct.sql.ddl", "false");
      // ...and DataNucleus reads a partitioned table's ~2,400 partitions back (ANALYZE) in one
      // query of as many ORs, which overflows Derby's parser stack ten times over; in batches.
      s.put("metastore.rawstore.batch.size", "300");
      s.put("hive.compactor.initiator.on", "false");
      s.put("hive.compactor.worker.threads", "0");
      s.put("hive.execution.engine", "mr");
      // Its local jobs run in MapReduce's local runner on configurations of Hive's own making,
      // which would stage in /tmp/hadoop/mapred/staging and keep task files in
      // /tmp/hadoop-<user>, a directory per job left in each: both go under root instead.
      s.put("hadoop.tmp.dir", root.resolve("hadoop-tmp").toString());
      s.put("mapreduce.jobtracker.staging.root.dir", root.resolve("mr-staging").toString());
      // Local jobs run in this process: a child JVM per job would cost seconds each on 2 cores.
      s.put("hive.exec.submitviachild", "false");
      s.put("hive.exec.submit.local.task.via.child", "false");
      // A map join's local task then measures this whole process's heap (HDFS, YARN, the
      // client), not its own hash table, against its limit: TPC-DS q13 at SF 0.01 passed 90%.
      s.put("hive.mapjoin.localtask.max.memory.usage", "0.99");
      // Hive looks whether a MapReduce stage has ended once a second (its default), first after a
      // whole second: every stage of a query then took at least 1 s and ended on a whole second,
      // about half of a small query's time at SF 0.01 (docs/tpch.md). A tenth of that.
      s.put("hive.exec.counters.pull.interval", "100");
      // --jobs yarn: Hive's tasks (its plan, its string interning) reach into the JDK's internals,
      // which Java 17 closes unless the task JVM opens them, as bench-standalone.jar's manifest does.
      s.put("mapreduce.map.java.opts", TASK_OPENS);
      s.put("mapreduce.reduce.java.opts", TASK_OPENS);
      s.put("hive.stats.autogather", "false");
      // No poller of the metastore's notification events (for materialized views, which no
      // benchmark uses): it queried the metastore every minute during runs, and outlived the
      // server, opening a Derby metastore of the default settings in the working directory.
      s.put("hive.notification.event.poll.interval", "0s");
      s.put("hive.metastore.event.db.notification.api.auth", "false");
      s.put("hive.server2.active.passive.ha.enable", "false");
      s.put("hive.server2.tez.initialize.default.sessions", "false");
      // Hive's session banner goes to stdout, which holds only hbench's tables.
      s.put("hive.session.silent", "true");
      // Its "Map Join ... is a cross product" line (several TPC-H plans have one) goes there too.
      s.put("hive.exec.check.crossproducts", "false");
      return s;
    }

    @Override
    public ServiceInfo info() {
      return info;
    }

    @Override
    protected void stop() {
      stopQuietly(server);
      try {
        // Started by HiveServer2 and not stopped by it; a no-op when polling is off.
        org.apache.hadoop.hive.ql.metadata.events.NotificationEventPoll.shutdown();
      } catch (RuntimeException e) {
        // Best effort, as InProcessService says.
      }
      saved.restore();
    }

    /** Derby's system property naming its log file. */
    private static final String DERBY_LOG = "derby.stream.error.file";

    private static void stopQuietly(org.apache.hive.service.server.HiveServer2 server) {
      try {
        server.stop();
      } catch (RuntimeException e) {
        // Best effort, as InProcessService says.
      }
    }

    private static int freePort() throws IOException {
      try (ServerSocket s = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
        return s.getLocalPort();
      }
    }
  }
}
