package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.minikdc.MiniKdc;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * The Kerberos ITs' common ground: a MiniKdc with the servers' principals ({@code hdfs/localhost},
 * {@code HTTP/localhost}) and hbench's ({@code bench/localhost}), the settings of a kerberized
 * MiniDFSCluster, and bench run as a user would on it, as its own process.
 */
final class KerberizedHdfs implements AutoCloseable {
  final Path tmp;
  final MiniKdc kdc;
  final String realm;
  final File serverKeytab;
  final File benchKeytab;

  private KerberizedHdfs(Path tmp, MiniKdc kdc, File serverKeytab, File benchKeytab) {
    this.tmp = tmp;
    this.kdc = kdc;
    this.realm = kdc.getRealm();
    this.serverKeytab = serverKeytab;
    this.benchKeytab = benchKeytab;
  }

  /** Starts the KDC under {@code tmp} and makes the keytabs. */
  static KerberizedHdfs start(Path tmp) throws Exception {
    MiniKdc kdc = new MiniKdc(MiniKdc.createConf(), Files.createDirectories(tmp.resolve("kdc")).toFile());
    kdc.start();
    File server = tmp.resolve("server.keytab").toFile();
    kdc.createPrincipal(server, "hdfs/localhost", "HTTP/localhost");
    File bench = tmp.resolve("bench.keytab").toFile();
    kdc.createPrincipal(bench, "bench/localhost");
    return new KerberizedHdfs(tmp, kdc, server, bench);
  }

  /** hbench's principal. */
  String bench() {
    return "bench/localhost@" + realm;
  }

  /**
   * Kerberos authentication and authorization, the NameNode, datanode and web principals, and
   * block tokens.
   *
   * @param sasl SASL on data transfer (every client then needs the setting); otherwise neither
   *     that nor privileged ports, which a test cannot bind
   */
  Configuration conf(boolean sasl) {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, tmp.resolve("dfs").toString());
    conf.set("hadoop.http.temp.dir", tmp.resolve("http").toString());
    conf.set("hadoop.security.authentication", "kerberos");
    conf.set("hadoop.security.authorization", "true");
    String hdfs = "hdfs/localhost@" + realm;
    conf.set("dfs.namenode.kerberos.principal", hdfs);
    conf.set("dfs.namenode.keytab.file", serverKeytab.getPath());
    conf.set("dfs.datanode.kerberos.principal", hdfs);
    conf.set("dfs.datanode.keytab.file", serverKeytab.getPath());
    conf.set("dfs.web.authentication.kerberos.principal", "HTTP/localhost@" + realm);
    conf.set("dfs.web.authentication.kerberos.keytab", serverKeytab.getPath());
    conf.setBoolean("dfs.block.access.token.enable", true);
    if (sasl) {
      conf.set("dfs.data.transfer.protection", "authentication");
    }
    conf.setBoolean("ignore.secure.ports.for.testing", true);
    return conf;
  }

  /**
   * Runs bench as its own process in {@code tmp} with {@code HADOOP_CONF_DIR} {@code confDir},
   * the KDC's krb5.conf and no ticket cache but what the arguments give; waits at most {@code
   * minutes}; returns its exit code.
   */
  int bench(Path confDir, Path log, int minutes, List<String> args) throws Exception {
    Process p = BenchProcess.start(tmp, null, log,
        List.of("-Djava.security.krb5.conf=" + kdc.getKrb5conf()),
        Map.of("HADOOP_CONF_DIR", confDir.toString(),
            "KRB5CCNAME", "FILE:" + tmp.resolve("no-ticket-cache")),
        args);
    assertTrue(p.waitFor(minutes, TimeUnit.MINUTES), Files.readString(log));
    return p.exitValue();
  }

  /** Stops the KDC and leaves this JVM's later tests on simple authentication. */
  @Override
  public void close() {
    kdc.stop();
    UserGroupInformation.reset();
    UserGroupInformation.setConfiguration(new Configuration());
  }
}
