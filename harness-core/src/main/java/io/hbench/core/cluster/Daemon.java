package io.hbench.core.cluster;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/**
 * A server process whose own metrics hbench reads from its {@code /jmx}: what it is, which node
 * it is, and where its HTTP server listens.
 *
 * <p>Several daemons may share one JVM, and so one set of beans (the embedded cluster runs all of
 * them in hbench's process): {@code rpcPort} and {@code node} pick this daemon's beans out of
 * them (a NameNode's {@code RpcActivityForPort<rpcPort>}, a datanode's {@code
 * DataNodeActivity-<host>-<port>}).
 *
 * @param role what the daemon is
 * @param node how records name it: a datanode by its transfer address, as {@code
 *     datanodes_lost} does; others by their RPC or HTTP address
 * @param http the base URL of its HTTP server ({@code http://host:port}); null for the client
 * @param rpcPort the port of its client RPC server, or null if it has none or it is not known
 */
public record Daemon(Role role, String node, URI http, Integer rpcPort) {

  /** The kinds of daemon hbench knows figures of. */
  public enum Role {
    NAMENODE("NameNode"),
    DATANODE("DataNode"),
    /**
     * One volume of a datanode, whose own figures the datanode publishes while it profiles its
     * file I/O ({@code dfs.datanode.fileio.profiling.sampling.percentage}); named by the
     * datanode's transfer address and the volume's path.
     */
    DATANODE_VOLUME("DataNode"),
    RESOURCEMANAGER("ResourceManager"),
    NODEMANAGER("NodeManager"),
    HBASE_MASTER("HBase"),
    REGIONSERVER("HBase"),
    HIVESERVER2("HiveServer2"),
    /** hbench's own JVM, read in process: what the client's load cost its host. */
    CLIENT("client");

    private final String service;

    Role(String service) {
      this.service = service;
    }

    /**
     * The beans its {@code /jmx} is asked for: Hadoop's metrics system registers them all;
     * HiveServer2's Codahale metrics are {@code metrics:name=<metric>}.
     */
    public String jmxQuery() {
      return this == HIVESERVER2 ? "metrics:*" : "Hadoop:*";
    }

    /** The name records use: {@code namenode}, {@code datanode}, {@code regionserver} ... */
    public String label() {
      return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The {@code service=} its Hadoop beans are registered under in a JVM of its own (HBase's
     * daemons both under {@code HBase}; HiveServer2's metrics are not Hadoop's, see {@link
     * #jmxQuery}).
     */
    public String service() {
      return service;
    }
  }

  public Daemon {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(node, "node");
    if (role != Role.CLIENT) {
      Objects.requireNonNull(http, "http");
    }
  }

  /** hbench's own JVM on this host, whose figures are read in process. */
  public static Daemon client() {
    String host;
    try {
      host = java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      host = "localhost";
    }
    return new Daemon(Role.CLIENT, host, null, null);
  }
}
