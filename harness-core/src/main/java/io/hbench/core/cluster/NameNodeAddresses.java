package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.DFSUtil;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.net.NetUtils;

/**
 * Where the NameNodes behind a file system listen, as HDFS's own clients and tools find them:
 * every NameNode of an HA nameservice ({@code dfs.ha.namenodes.<ns>}, {@code
 * dfs.namenode.rpc-address.<ns>.<nn>}), a federated nameservice's own keys, or the one NameNode
 * of the file system's URI; their web servers by the same suffixes ({@code
 * dfs.namenode.http(s)-address.<ns>.<nn>}), over HTTPS when {@code dfs.http.policy} is {@code
 * HTTPS_ONLY}, a wildcard bind address ({@code 0.0.0.0}) standing for the host the RPC address
 * names (Hadoop's {@code DFSUtil.getInfoServer}).
 */
@Internal
public final class NameNodeAddresses {

  private NameNodeAddresses() {}

  /**
   * One NameNode.
   *
   * @param rpc its client RPC address, {@code host:port}
   * @param rpcPort the port of that address
   * @param http the base URL of its web server ({@code http://host:port} or {@code https://...})
   */
  public record NameNode(String rpc, int rpcPort, URI http) {}

  /** The NameNodes of {@code dfs}'s nameservice (several under HA), in configuration order. */
  public static List<NameNode> of(DistributedFileSystem dfs, Configuration conf) {
    String scheme = DFSUtil.getHttpClientScheme(conf);
    String authority = dfs.getUri().getHost();
    List<InetSocketAddress> rpcs = new ArrayList<>();
    Map<String, InetSocketAddress> ha = DFSUtilClient.getHaNnRpcAddresses(conf).get(authority);
    if (ha != null && !ha.isEmpty()) {
      rpcs.addAll(ha.values());
    } else {
      int port = dfs.getUri().getPort() > 0 ? dfs.getUri().getPort() : 8020;
      rpcs.add(NetUtils.createSocketAddrForHost(authority, port));
    }
    List<NameNode> out = new ArrayList<>();
    for (InetSocketAddress rpc : rpcs) {
      try {
        URI web = DFSUtil.getInfoServer(rpc, conf, scheme);
        if (web.getHost() == null || web.getHost().equals("0.0.0.0")) {
          continue;
        }
        out.add(new NameNode(rpc.getHostString() + ":" + rpc.getPort(), rpc.getPort(), web));
      } catch (IOException | RuntimeException e) {
        // Its web server is not in the configuration: this NameNode's figures are left out.
      }
    }
    return out;
  }

  /** Whether the cluster's web servers are reached over HTTPS ({@code dfs.http.policy}). */
  public static boolean https(Configuration conf) {
    return "https".equals(DFSUtil.getHttpClientScheme(conf));
  }
}
