package io.hbench.cli;

import java.io.File;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.MiniDFSCluster;

/** The settings of a kerberized MiniDFSCluster, shared by the Kerberos ITs. */
final class KerberizedHdfs {
  private KerberizedHdfs() {}

  /**
   * Kerberos authentication and authorization, the NameNode, datanode and web principals
   * {@code hdfs/localhost} and {@code HTTP/localhost} from {@code keytab}, and block tokens.
   *
   * @param sasl SASL on data transfer (every client then needs the setting); otherwise neither
   *     that nor privileged ports, which a test cannot bind
   */
  static Configuration conf(Path tmp, String realm, File keytab, boolean sasl) {
    Configuration conf = new Configuration();
    conf.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, tmp.resolve("dfs").toString());
    conf.set("hadoop.http.temp.dir", tmp.resolve("http").toString());
    conf.set("hadoop.security.authentication", "kerberos");
    conf.set("hadoop.security.authorization", "true");
    String hdfs = "hdfs/localhost@" + realm;
    conf.set("dfs.namenode.kerberos.principal", hdfs);
    conf.set("dfs.namenode.keytab.file", keytab.getPath());
    conf.set("dfs.datanode.kerberos.principal", hdfs);
    conf.set("dfs.datanode.keytab.file", keytab.getPath());
    conf.set("dfs.web.authentication.kerberos.principal", "HTTP/localhost@" + realm);
    conf.set("dfs.web.authentication.kerberos.keytab", keytab.getPath());
    conf.setBoolean("dfs.block.access.token.enable", true);
    if (sasl) {
      conf.set("dfs.data.transfer.protection", "authentication");
    }
    conf.setBoolean("ignore.secure.ports.for.testing", true);
    return conf;
  }
}
