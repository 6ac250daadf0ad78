package io.hbench.core.cluster;

import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a daemon says of itself in its beans, for a suite that records beside its own figures
 * what the cluster reports (the datanodes suite: the NameNode's slow-peer and slow-disk reports,
 * each DataNode's failed volumes). Read from the daemon's {@code /jmx} as hbench reads every
 * daemon's figures (under Kerberos with SPNEGO as the logged-in user), one request per call, so
 * a suite reads it once per point, never on a call's path.
 */
public final class DaemonBeans {

  private static final ObjectMapper JSON = new ObjectMapper();

  private DaemonBeans() {}

  /**
   * The NameNodes of the HDFS under {@code fs}, each with its HTTP server: its one NameNode, or
   * every NameNode of its nameservice (HA); empty when {@code fs} is not HDFS.
   */
  public static java.util.List<Daemon> nameNodes(org.apache.hadoop.fs.FileSystem fs,
      org.apache.hadoop.conf.Configuration conf) {
    org.apache.hadoop.hdfs.DistributedFileSystem dfs = ClusterChanges.hdfs(fs);
    if (dfs == null) {
      return java.util.List.of();
    }
    return NameNodeAddresses.of(dfs, conf).stream()
        .map(nn -> new Daemon(Daemon.Role.NAMENODE, nn.rpc(), nn.http(), nn.rpcPort())).toList();
  }

  /**
   * The beans matching {@code query} (a JMX object name pattern such as {@code
   * Hadoop:service=NameNode,name=NameNodeStatus}) of the daemon whose HTTP server is {@code http},
   * by bean name: each bean's attributes as plain values (text, numbers, booleans, lists, maps;
   * an attribute a daemon writes as JSON text, such as {@code LiveNodes}, stays text).
   *
   * @throws IOException with a one-line reason when the daemon does not answer or answers with
   *     something that is not its beans
   */
  public static Map<String, Map<String, Object>> read(URI http, String query)
      throws IOException, InterruptedException {
    Map<String, Map<String, Object>> out = new LinkedHashMap<>();
    for (Map.Entry<String, JsonNode> bean : JmxReader.read(http, query).entrySet()) {
      @SuppressWarnings("unchecked")
      Map<String, Object> attributes = JSON.convertValue(bean.getValue(), Map.class);
      out.put(bean.getKey(), attributes);
    }
    return out;
  }
}
