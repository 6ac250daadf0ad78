package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * Jobs on a kerberized YARN (MiniKdc; MiniDFSCluster and MiniMRYarnCluster with Kerberos), run
 * as an operator would with {@code --principal} and {@code --keytab}: the client logs in, the job
 * is submitted with delegation tokens for HDFS and the ResourceManager (and for a kerberized
 * HBase, the suite's), its ApplicationMaster and map tasks run in their own JVMs on those tokens
 * alone, and the point is ok.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class KerberizedYarnIT {

  Path tmp;
  KerberizedHdfs kerberos;
  MiniDFSCluster dfs;
  MiniMRYarnCluster yarn;
  Path confDir;
  String realm;

  @BeforeAll
  void start() throws Exception {
    tmp = Files.createTempDirectory("hbench-kerberized-yarn-it-");
    kerberos = KerberizedHdfs.start(tmp);
    realm = kerberos.realm;
    // Neither privileged ports nor SASL on data transfer: the NodeManager's localizer reads
    // with a configuration of its own, which only a site file on the class path would give the
    // SASL setting. Block tokens are still checked.
    Configuration conf = kerberos.conf(false);
    String keytab = kerberos.serverKeytab.getPath();
    // Every daemon under one principal: they share this JVM, whose Kerberos login is one per
    // process (the last daemon to log in would otherwise answer for all of them).
    for (String daemon : List.of("yarn.resourcemanager", "yarn.nodemanager", "mapreduce.jobhistory")) {
      conf.set(daemon + ".principal", "hdfs/localhost@" + realm);
      conf.set(daemon + ".keytab", keytab);
    }
    UserGroupInformation.setConfiguration(conf);
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).build();
    dfs.waitActive();
    FileSystem fs = dfs.getFileSystem();
    // The operator's directories: hbench's base, and the shared /tmp jobs stage under.
    fs.mkdirs(new org.apache.hadoop.fs.Path("/benchmarks"));
    fs.setOwner(new org.apache.hadoop.fs.Path("/benchmarks"), "bench", "bench");
    fs.mkdirs(new org.apache.hadoop.fs.Path("/tmp"));
    fs.setPermission(new org.apache.hadoop.fs.Path("/tmp"), new FsPermission((short) 01777));

    Configuration c = new Configuration(dfs.getConfiguration(0));
    c.set("fs.defaultFS", fs.getUri().toString());
    // The ApplicationMaster's and tasks' JVMs find the realm where a host's /etc/krb5.conf
    // would tell it; admin options, as a cluster's administrator sets them.
    String krb5 = "-Djava.security.krb5.conf=" + kerberos.kdc.getKrb5conf();
    c.set("yarn.app.mapreduce.am.admin-command-opts", krb5);
    c.set("mapreduce.admin.map.child.java.opts", krb5);
    c.set("mapreduce.admin.reduce.child.java.opts", krb5);
    // Jetty empties and re-creates a web app's temporary directory as it starts: YARN's web apps
    // get their own, apart from the NameNode's and datanode's (shared, the ResourceManager's
    // once found it gone: "Temp dir ... not useable").
    c.set("hadoop.http.temp.dir", tmp.resolve("http-yarn").toString());
    // Finished applications' logs kept 5 s, not 3 hours, or the NodeManager's stop waits 17 s
    // for them; heartbeats every 0.1 s, not 1 s, a few seconds off each job's start. Neither is
    // what this class tests (as hbench's embedded cluster has them: MiniYarnService).
    c.set("yarn.nodemanager.log.retain-seconds", "5");
    c.set("yarn.resourcemanager.nodemanagers.heartbeat-interval-ms", "100");
    c.set("yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms", "100");
    // No speculative attempts, as the embedded cluster has none: on one busy machine a slow map
    // got a second attempt (CI: teragen --maps 2 launched 3), and the test counts the maps.
    c.set("mapreduce.map.speculative", "false");
    c.set("mapreduce.reduce.speculative", "false");
    // Its history server's web app after the ResourceManager's, as the embedded cluster's: in
    // CI the two raced over Jetty's directory and the ResourceManager's failed to start.
    yarn = io.hbench.core.cluster.MiniYarnService.historyServerLast("kerberized", 1);
    yarn.init(c);
    yarn.start();
    Configuration client = new Configuration(yarn.getConfig());
    confDir = BenchProcess.writeSites(client, tmp.resolve("conf"),
        "core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml");
  }

  org.apache.hadoop.hbase.HBaseTestingUtility hbase;
  io.hbench.core.cluster.RunningService hive;
  MiniDFSCluster otherDfs;

  @AfterAll
  void stop() throws Exception {
    if (otherDfs != null) {
      otherDfs.shutdown();
    }
    if (hive != null) {
      hive.close();
    }
    if (hbase != null) {
      hbase.shutdownMiniCluster();
      System.clearProperty("test.build.data.basedirectory");
    }
    if (yarn != null) {
      yarn.stop();
    }
    if (dfs != null) {
      dfs.shutdown();
    }
    if (kerberos != null) {
      kerberos.close();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
  }

  /**
   * Runs {@code args} as bench on the cluster with hbench's keytab, writing to {@code name}.jsonl;
   * returns its one record after checking that it exited 0, is ok and passed its validation.
   */
  private ResultRecord okRecord(String name, String... args) throws Exception {
    Path out = tmp.resolve(name + ".jsonl");
    Path log = tmp.resolve(name + ".log");
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.addAll(List.of("--cluster", "conf", "--out", out.toString(),
        "--principal", kerberos.bench(), "--keytab", kerberos.benchKeytab.getPath()));
    int code = kerberos.bench(confDir, log, 4, all);
    String printed = Files.readString(log);
    System.out.println("KerberizedYarnIT " + name + ":\n" + printed);
    assertEquals(0, code, printed);
    ResultRecord r = ResultReader.read(out).get(0);
    assertTrue(r.ok(), r.failure());
    assertEquals("passed", r.validation().status(), r.validation().toString());
    return r;
  }

  @Test
  void hbasePeMapTasksReachAKerberizedHBaseOnTheJobsToken() throws Exception {
    // A kerberized HBase on the same HDFS, its servers under the daemons' principal, issuing
    // tokens (TokenProvider) as a kerberized HBase does.
    Configuration h = org.apache.hadoop.hbase.HBaseConfiguration.create(dfs.getConfiguration(0));
    String principal = "hdfs/localhost@" + realm;
    String keytab = kerberos.serverKeytab.getPath();
    h.set("hbase.security.authentication", "kerberos");
    for (String server : List.of("hbase.master", "hbase.regionserver")) {
      h.set(server + ".kerberos.principal", principal);
      h.set(server + ".keytab.file", keytab);
    }
    h.set("hbase.coprocessor.region.classes", "org.apache.hadoop.hbase.security.token.TokenProvider");
    h.setInt("hbase.master.info.port", -1);
    h.setInt("hbase.regionserver.info.port", -1);
    h.set("hbase.wal.provider", "filesystem");
    System.setProperty("test.build.data.basedirectory", tmp.resolve("hbase").toString());
    hbase = new org.apache.hadoop.hbase.HBaseTestingUtility(h);
    hbase.getConfiguration().set("fs.defaultFS", dfs.getFileSystem().getUri().toString());
    hbase.startMiniZKCluster();
    hbase.startMiniHBaseCluster(org.apache.hadoop.hbase.StartMiniClusterOption.builder()
        .numMasters(1).numRegionServers(1).build());
    // The client's hbase-site.xml: where ZooKeeper is, and how HBase authenticates.
    Configuration site = new Configuration(false);
    for (String key : List.of("hbase.zookeeper.quorum", "hbase.zookeeper.property.clientPort",
        "zookeeper.znode.parent", "hbase.security.authentication",
        "hbase.master.kerberos.principal", "hbase.regionserver.kerberos.principal")) {
      if (hbase.getConfiguration().get(key) != null) {
        site.set(key, hbase.getConfiguration().get(key));
      }
    }
    try (OutputStream out = Files.newOutputStream(confDir.resolve("hbase-site.xml"))) {
      site.writeXml(out);
    }
    ResultRecord r = okRecord("pe", "hbase-pe", "sequentialWrite", "--rows", "500", "--maps", "2",
        "--conf", confDir.resolve("hbase-site.xml").toString());
    assertEquals(2, r.phase("sequentialWrite").tasks().get("maps"), r.toString());
  }

  @Test
  void tpchLogsInToAKerberizedHiveServer2() throws Exception {
    // HiveServer2 in this JVM under the daemons' principal, taking Kerberos clients only; its
    // metastore and scratch directories under tmp. It runs the queries as itself (no doAs), as the
    // service user of a cluster without impersonation does.
    Configuration h = new Configuration(yarn.getConfig());
    h.set("hive.server2.authentication", "KERBEROS");
    h.set("hive.server2.authentication.kerberos.principal", "hdfs/localhost@" + realm);
    h.set("hive.server2.authentication.kerberos.keytab", kerberos.serverKeytab.getPath());
    h.set("hadoop.tmp.dir", tmp.resolve("hive-hadoop-tmp").toString());
    hive = new io.hbench.hive.HiveService().start(h, Files.createDirectories(tmp.resolve("hive")), 1);
    String url = h.get(io.hbench.hive.HiveService.JDBC_URL);
    assertTrue(url.endsWith(";principal=hdfs/localhost@" + realm), url);

    // Without the server's principal in the URL, Hive's driver tries a plain login, which the
    // server refuses: one line that says what to add, exit 2.
    String plain = url.substring(0, url.indexOf(';'));
    Path log = tmp.resolve("tpch-plain.log");
    int code = kerberos.bench(confDir, log, 2, List.of("tpch", "--scales", "0.01",
        "--jdbc-url", plain, "--cluster", "conf", "--out", tmp.resolve("tpch-plain.jsonl").toString(),
        "--principal", kerberos.bench(), "--keytab", kerberos.benchKeytab.getPath()));
    String printed = Files.readString(log);
    assertEquals(2, code, printed);
    assertTrue(printed.contains("cannot connect to HiveServer2") && printed.contains(";principal="),
        printed);
    assertFalse(Files.exists(tmp.resolve("tpch-plain.jsonl")), printed);

    // With it: the client's login (its keytab) is what the driver authenticates with. The data
    // is generated by a job on YARN (on its tokens); HiveServer2 loads and queries it with jobs
    // in its own process.
    List<String> tpch = List.of("tpch", "--scales", "0.01", "--queries", "6", "--format",
        "textfile", "--jobs", "local", "--jdbc-url", url);
    if (org.apache.hadoop.util.NativeCodeLoader.isNativeCodeLoaded()) {
      ResultRecord r = okRecord("tpch", tpch.toArray(String[]::new));
      assertEquals("kerberos", r.environment().authentication());
      assertTrue(r.environment().services().stream().anyMatch(s -> s.name().equals("hive")),
          r.toString());
      return;
    }
    // Without Hadoop's native library (this machine has none), no job can shuffle under Kerberos:
    // Hadoop reads map outputs through SecureIOUtils, which then needs native fstat (Hive's local
    // jobs and the NodeManager's shuffle alike; map-only jobs such as the load's are unaffected).
    // So the point fails at the load's row count, Hive's first job with a reduce: after the
    // login, the generate job on YARN and the load's statements in the kerberized session.
    Path out = tmp.resolve("tpch.jsonl");
    List<String> args = new java.util.ArrayList<>(tpch);
    args.addAll(List.of("--cluster", "conf", "--out", out.toString(),
        "--principal", kerberos.bench(), "--keytab", kerberos.benchKeytab.getPath()));
    code = kerberos.bench(confDir, tmp.resolve("tpch.log"), 4, args);
    printed = Files.readString(tmp.resolve("tpch.log"));
    System.out.println("KerberizedYarnIT tpch:\n" + printed);
    assertEquals(1, code, printed);
    ResultRecord r = ResultReader.read(out).get(0);
    assertFalse(r.ok(), r.toString());
    // Hive's own words after that vary: its MapRedTask's return code, or (once in CI) a
    // SQLException of the driver's with no message at all.
    assertTrue(r.failure().startsWith("SQLException: loading tpch_sf0_01_textfile: "),
        r.failure());
    assertEquals("kerberos", r.environment().authentication());
    assertEquals(kerberos.bench(), r.environment().user());
    // Hive made the tables in the client's session: the load's map-only jobs ran.
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(url);
        java.sql.ResultSet tables = c.createStatement().executeQuery("SHOW TABLES IN tpch_sf0_01_textfile")) {
      List<String> names = new java.util.ArrayList<>();
      while (tables.next()) {
        names.add(tables.getString(1));
      }
      assertEquals(8, names.size(), names.toString());
    }
  }

  @Test
  void theJobsTakeATokenForTheDataFileSystemNamedWithFs() throws Exception {
    // A second kerberized HDFS, not the cluster's default: the data goes there with --fs, and
    // the maps, which have no ticket, can write to it only on a token the client took for it.
    // fsops' maps write there directly, not through an output format (which would take its own
    // token for its output directory, as teragen's does).
    Configuration c = kerberos.conf(false);
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, tmp.resolve("other-dfs").toString());
    otherDfs = new MiniDFSCluster.Builder(c).numDataNodes(1).build();
    otherDfs.waitActive();
    FileSystem other = otherDfs.getFileSystem();
    other.mkdirs(new org.apache.hadoop.fs.Path("/benchmarks"));
    other.setOwner(new org.apache.hadoop.fs.Path("/benchmarks"), "bench", "bench");
    long tokens = otherDfs.getNamesystem().getCurrentTokensCount();
    ResultRecord r = okRecord("fsops-fs", "fsops", "--op", "create_write", "--file-size", "64K",
        "--iterations", "20", "--repeat", "1", "--maps", "2", "--fs", other.getUri().toString());
    assertEquals(other.getUri().toString(), r.environment().dataFs());
    assertTrue(otherDfs.getNamesystem().getCurrentTokensCount() > tokens,
        "no token was taken for the --fs file system");
  }

  @Test
  void aMapOnlyJobRunsOnTokensAloneAndItsPointIsOk() throws Exception {
    long tokens = dfs.getNamesystem().getCurrentTokensCount();
    ResultRecord r = okRecord("teragen", "teragen", "--size", "1M", "--maps", "2");
    // The ApplicationMaster and the maps had no ticket: HDFS answered them on the job's tokens.
    assertTrue(dfs.getNamesystem().getCurrentTokensCount() > tokens, "the job took no token");
    assertEquals(kerberos.bench(), r.environment().user());
    assertEquals("kerberos", r.environment().authentication());
    assertEquals("yarn", r.environment().mapreduceFramework());
    assertEquals(2, r.phases().get(0).tasks().get("maps"), r.toString());
  }
}
