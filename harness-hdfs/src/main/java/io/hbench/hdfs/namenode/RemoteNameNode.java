package io.hbench.hdfs.namenode;

import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DFSUtilClient;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.NameNodeProxies;
import org.apache.hadoop.hdfs.protocol.ClientProtocol;
import org.apache.hadoop.hdfs.protocolPB.DatanodeProtocolClientSideTranslatorPB;
import org.apache.hadoop.hdfs.server.blockmanagement.BlockManager;
import org.apache.hadoop.hdfs.server.protocol.DatanodeProtocol;
import org.apache.hadoop.hdfs.server.protocol.NamenodeProtocol;
import org.apache.hadoop.hdfs.server.protocol.NamespaceInfo;
import org.apache.hadoop.security.UserGroupInformation;

/**
 * A running NameNode (the embedded cluster's or a configured one), reached through the client's
 * own RPC proxy, the path every HDFS client takes: serialization, the network, the RPC queue and
 * handlers included. HA nameservices work for the namespace operations; the simulated datanodes
 * of blockReport need one NameNode's own address.
 */
final class RemoteNameNode implements NameNodeTarget {

  private final URI uri;
  private final Configuration conf;
  private final ClientProtocol client;
  private DatanodeProtocol datanodes;

  private RemoteNameNode(URI uri, Configuration conf, ClientProtocol client) {
    this.uri = uri;
    this.conf = conf;
    this.client = client;
  }

  /** The NameNode of {@code fs}, which must be HDFS. */
  static RemoteNameNode of(FileSystem fs) {
    if (!(fs instanceof DistributedFileSystem dfs)) {
      throw new InvalidInputException(
          "nnthroughput --mode rpc needs an HDFS NameNode; the data file system is "
              + fs.getUri());
    }
    return new RemoteNameNode(dfs.getUri(), dfs.getConf(), dfs.getClient().getNamenode());
  }

  @Override
  public ClientProtocol client() {
    return client;
  }

  private InetSocketAddress address() {
    try {
      return DFSUtilClient.getNNAddress(uri);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(
          "simulated datanodes need one NameNode's own address, not the nameservice " + uri
              + ": give --fs hdfs://<active namenode host>:<port>");
    }
  }

  @Override
  public synchronized DatanodeProtocol datanodes() throws IOException {
    if (datanodes == null) {
      datanodes = new DatanodeProtocolClientSideTranslatorPB(address(), conf);
    }
    return datanodes;
  }

  @Override
  public NamespaceInfo namespace() throws IOException {
    NamenodeProtocol nn =
        NameNodeProxies.createNonHAProxy(
                conf, address(), NamenodeProtocol.class, UserGroupInformation.getCurrentUser(), false)
            .getProxy();
    return nn.versionRequest();
  }

  @Override
  public BlockManager blockManager() {
    return null;
  }

  @Override
  public String describe() {
    return uri.toString();
  }

  @Override
  public void close() {
    // The client's proxy belongs to its FileSystem; nothing was started here.
  }
}
