package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.security.UserGroupInformation;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.Timeout;

/**
 * hbench against a kerberized HDFS (MiniKdc, MiniDFSCluster with Kerberos, block tokens and SASL
 * data transfer), run as an operator would: a separate process, {@code HADOOP_CONF_DIR} naming
 * the cluster, {@code --principal} and {@code --keytab}. A login that cannot succeed is one line
 * and exit 2, and touches nothing.
 */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class KerberosIT {

  Path tmp;
  KerberizedHdfs kerberos;
  MiniDFSCluster dfs;
  Path confDir;
  String realm;
  File benchKeytab;
  File otherKeytab;

  @BeforeAll
  void start() throws Exception {
    tmp = Files.createTempDirectory("hbench-kerberos-it-");
    kerberos = KerberizedHdfs.start(tmp);
    realm = kerberos.realm;
    benchKeytab = kerberos.benchKeytab;
    otherKeytab = tmp.resolve("other.keytab").toFile();
    kerberos.kdc.createPrincipal(otherKeytab, "other/localhost");

    // SASL on data transfer instead of privileged ports, which a test cannot bind.
    Configuration conf = kerberos.conf(true);
    // Every daemon's web endpoints, /jmx included, behind SPNEGO, as on a kerberized cluster
    // whose operators closed them: --metrics must log in to read them.
    conf.set("hadoop.http.filter.initializers",
        "org.apache.hadoop.security.AuthenticationFilterInitializer");
    conf.set("hadoop.http.authentication.type", "kerberos");
    conf.set("hadoop.http.authentication.simple.anonymous.allowed", "false");
    conf.set("hadoop.http.authentication.kerberos.principal", "HTTP/localhost@" + realm);
    conf.set("hadoop.http.authentication.kerberos.keytab", kerberos.serverKeytab.getPath());
    UserGroupInformation.setConfiguration(conf);
    // The datanode by the host name of its HTTP principal, as on a cluster (the mini cluster
    // names it 127.0.0.1 unless told to keep the configured name): SPNEGO asks for HTTP/<host>.
    conf.set("dfs.datanode.hostname", "localhost");
    dfs = new MiniDFSCluster.Builder(conf).numDataNodes(1).checkDataNodeHostConfig(true).build();
    dfs.waitActive();
    // An operator's base directory is theirs; hbench is not the cluster's superuser.
    FileSystem fs = dfs.getFileSystem();
    fs.mkdirs(new org.apache.hadoop.fs.Path("/benchmarks"));
    fs.setOwner(new org.apache.hadoop.fs.Path("/benchmarks"), "bench", "bench");

    Configuration client = new Configuration(dfs.getConfiguration(0));
    client.set("fs.defaultFS", fs.getUri().toString());
    confDir = BenchProcess.writeSites(client, tmp.resolve("conf"),
        "core-site.xml", "hdfs-site.xml");
  }

  @AfterAll
  void stop() {
    if (dfs != null) {
      dfs.shutdown();
    }
    if (kerberos != null) {
      kerberos.close();
    }
    org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
  }

  /** Runs bench as its own process, in {@code tmp} on the kerberized cluster; returns its exit code. */
  private int bench(Path log, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--cluster", "conf"));
    return kerberos.bench(confDir, log, 3, all);
  }

  private List<String> benchmarksTree() throws Exception {
    List<String> out = new ArrayList<>();
    var it = dfs.getFileSystem().listFiles(new org.apache.hadoop.fs.Path("/benchmarks"), true);
    while (it.hasNext()) {
      out.add(it.next().getPath().toString());
    }
    return out;
  }

  @Test
  void aKeytabLoginRunsTheSuiteAndTheRecordSaysKerberos() throws Exception {
    Path out = tmp.resolve("fsops.jsonl");
    Path log = tmp.resolve("fsops.log");
    int code = bench(log, "fsops", "--op", "create_write", "--file-size", "64K", "--threads", "2",
        "--duration", "2s", "--repeat", "1", "--keep", "--out", out.toString(),
        "--principal", "bench/localhost@" + realm, "--keytab", benchKeytab.getPath(),
        "--metrics", "-D", "hbench.metrics.period=0.5");
    assertEquals(0, code, Files.readString(log));
    List<ResultRecord> records = ResultReader.read(out);
    assertEquals(1, records.size(), Files.readString(log));
    ResultRecord r = records.get(0);
    assertTrue(r.ok(), r.failure());
    assertEquals("passed", r.validation().status());
    assertEquals("kerberos", r.environment().authentication());
    assertEquals("bench/localhost@" + realm, r.environment().user());
    assertTrue(r.phases().get(0).loads().get(0).calls() > 0);
    // The daemons' /jmx answers no one without a SPNEGO login; hbench's reads logged in.
    java.net.HttpURLConnection anonymous = (java.net.HttpURLConnection) java.net.URI.create(
        "http://" + dfs.getNameNode().getHttpAddress().getHostString() + ":"
            + dfs.getNameNode().getHttpAddress().getPort() + "/jmx").toURL().openConnection();
    assertEquals(401, anonymous.getResponseCode());
    // The servers (their volumes and hbench's own JVM are read beside them).
    List<io.hbench.core.result.DaemonFigures> daemons = r.phases().get(0).daemons().stream()
        .filter(d -> d.role().equals("namenode") || d.role().equals("datanode")).toList();
    assertEquals(List.of("namenode", "datanode"),
        daemons.stream().map(io.hbench.core.result.DaemonFigures::role).toList(), daemons.toString());
    // Their /conf too answers only a SPNEGO login: each server's settings were read.
    assertEquals(2, r.environment().servers().size(), r.environment().toString());
    r.environment().servers().forEach(s -> assertNull(s.unavailable(), s.toString()));
    for (io.hbench.core.result.DaemonFigures d : daemons) {
      assertNull(d.unreachable(), d.toString());
      assertTrue(d.samples() >= 2, d.toString());
    }
    assertTrue(daemons.get(0).metric("create_file_ops").value() > 0, daemons.toString());
    // Its files (by time, create_write writes a fresh one per call; kept with --keep) were
    // written as bench.
    List<String> tree = benchmarksTree();
    String written = tree.stream().filter(p -> p.endsWith("/create_write/r0/w_0_0"))
        .findFirst().orElseThrow(() -> new AssertionError("no file written: " + tree));
    assertEquals("bench", dfs.getFileSystem().getFileStatus(new org.apache.hadoop.fs.Path(written))
        .getOwner());
  }

  @Test
  void aJobTakesDelegationTokensAndItsPointIsOk() throws Exception {
    Path out = tmp.resolve("teragen.jsonl");
    Path log = tmp.resolve("teragen.log");
    // Jobs run in the client's JVM (no kerberized YARN here), but are submitted as on a
    // cluster: JobSubmitter asks the NameNode for delegation tokens for each file system named.
    // Map-only: a local shuffle under Kerberos needs Hadoop's native library (SecureIOUtils).
    long tokens = dfs.getNamesystem().getCurrentTokensCount();
    int code = bench(log, "teragen", "--size", "1M", "--out", out.toString(),
        "-D", "mapreduce.framework.name=local", "-D", "hadoop.tmp.dir=" + tmp.resolve("hadoop"),
        "-D", "yarn.resourcemanager.principal=rm/localhost@" + realm,
        "--principal", "bench/localhost@" + realm, "--keytab", benchKeytab.getPath());
    String printed = Files.readString(log);
    assertEquals(0, code, printed);
    ResultRecord r = ResultReader.read(out).get(0);
    assertTrue(r.ok(), r.failure());
    assertEquals("passed", r.validation().status());
    assertEquals("kerberos", r.environment().authentication());
    assertTrue(dfs.getNamesystem().getCurrentTokensCount()
        > tokens, "the job took no delegation token");
  }

  @Test
  void noTicketAndNoKeytabIsOneLineAndExit2() throws Exception {
    Path log = tmp.resolve("noticket.log");
    Path out = tmp.resolve("noticket.jsonl");
    int code = bench(log, "fsops", "--op", "mkdirs", "--duration", "1s", "--out", out.toString());
    List<String> lines = Files.readAllLines(log);
    System.out.println("KerberosIT: " + String.join("\n", lines));
    assertEquals(2, code, String.join("\n", lines));
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).contains("kinit"), lines.get(0));
    assertFalse(Files.exists(out));
  }

  @Test
  void aKeytabOfAnotherPrincipalIsOneLineAndExit2() throws Exception {
    Path log = tmp.resolve("wrongkeytab.log");
    Path out = tmp.resolve("wrongkeytab.jsonl");
    int code = bench(log, "fsops", "--op", "mkdirs", "--duration", "1s", "--out", out.toString(),
        "--principal", "bench/localhost@" + realm, "--keytab", otherKeytab.getPath());
    List<String> lines = Files.readAllLines(log);
    System.out.println("KerberosIT: " + String.join("\n", lines));
    assertEquals(2, code, String.join("\n", lines));
    assertEquals(1, lines.size(), String.join("\n", lines));
    assertTrue(lines.get(0).startsWith("bench: Kerberos login of bench/localhost@" + realm
        + " from " + otherKeytab.getPath() + " failed"), lines.get(0));
    assertFalse(Files.exists(out));
  }
}
