package io.hbench.core.daemons;

import io.hbench.core.annotation.Internal;
import io.hbench.core.cluster.Daemon.Role;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.cluster.JmxReader;
import io.hbench.core.cluster.NameNodeAddresses;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;

/**
 * Finds the daemons of a cluster whose figures {@code --metrics} reads, from what a client can
 * ask: the NameNode from its configured HTTP address, the live datanodes from the NameNode (its
 * datanode report, or its {@code /jmx} for a user who is not HDFS's superuser), the
 * ResourceManager from its configured web address and the running NodeManagers from its {@code
 * /jmx} (or, where that is not readable, a YARN client). What
 * cannot be found (not HDFS, no YARN, a report not allowed) is left out; the point goes on.
 */
@Internal
public final class ClusterDaemons {

  private ClusterDaemons() {}

  /** The daemons behind {@code dataFs} and {@code conf}'s YARN, NameNode first. */
  public static List<Daemon> find(FileSystem dataFs, Configuration conf) {
    List<Daemon> out = new ArrayList<>();
    DistributedFileSystem dfs = io.hbench.core.cluster.ClusterChanges.hdfs(dataFs);
    if (dfs != null) {
      out.addAll(io.hbench.core.cluster.DaemonBeans.nameNodes(dfs, conf));
      boolean byName = byHostName(conf);
      boolean https = NameNodeAddresses.https(conf);
      try {
        for (DatanodeInfo d : dfs.getDataNodeStats(DatanodeReportType.LIVE)) {
          out.add(new Daemon(Role.DATANODE, d.getXferAddr(), URI.create(
              (https ? "https://" : "http://") + (byName ? d.getHostName() : d.getIpAddr()) + ":"
                  + (https ? d.getInfoSecurePort() : d.getInfoPort())), d.getIpcPort()));
        }
      } catch (IOException | RuntimeException e) {
        // The datanode report is for HDFS's superuser only; anyone who may read the NameNode's
        // /jmx finds them there.
        if (!out.isEmpty()) {
          out.addAll(liveNodes(out.get(0).http(), byName));
        }
      }
    }
    out.addAll(volumes(out));
    out.addAll(yarn(conf));
    return out;
  }

  /**
   * Each datanode's volumes, as the datanode lists them ({@code DataNodeInfo.VolumeInfo}, the
   * bean whose web port is the datanode's: several datanodes in one JVM each register one): their
   * figures are read from the datanode's {@code DataNodeVolume-<path>} beans.
   */
  /** Every datanode's info bean in a JVM: one, or one per datanode (-1, -2 ...) in a mini cluster. */
  static final String DATANODE_INFO = "Hadoop:service=DataNode,name=DataNodeInfo*";

  /**
   * The info bean of datanode {@code d} among {@code beans} (a read of {@link #DATANODE_INFO}):
   * the one bean of its own JVM, or, where several datanodes share one, the one whose web port
   * is {@code d}'s; null when none is.
   */
  static JsonNode dataNodeInfo(Daemon d, java.util.Map<String, JsonNode> beans) {
    List<JsonNode> infos = beans.entrySet().stream()
        .filter(e -> e.getKey().startsWith("Hadoop:service=DataNode,name=DataNodeInfo"))
        .map(java.util.Map.Entry::getValue).toList();
    if (infos.size() == 1) {
      return infos.get(0);
    }
    String port = Integer.toString(d.http().getPort());
    return infos.stream().filter(i -> port.equals(i.path("HttpPort").asText())).findFirst()
        .orElse(null);
  }

  private static List<Daemon> volumes(List<Daemon> found) {
    List<Daemon> out = new ArrayList<>();
    for (Daemon d : found) {
      if (d.role() != Role.DATANODE) {
        continue;
      }
      try {
        JsonNode info = dataNodeInfo(d, JmxReader.read(d.http(), DATANODE_INFO));
        if (info != null) {
          List<String> paths = new ArrayList<>();
          LIVE_NODES.readTree(info.path("VolumeInfo").asText("{}")).fieldNames()
              .forEachRemaining(paths::add);
          paths.sort(null);
          for (String path : paths) {
            out.add(new Daemon(Role.DATANODE_VOLUME, d.node() + " " + path, d.http(), null));
          }
        }
      } catch (IOException | RuntimeException e) {
        // Its volumes are left out; the datanode's own figures are not.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return out;
      }
    }
    return out;
  }

  /**
   * Whether datanodes' web servers are reached by host name rather than address: under Kerberos,
   * whose SPNEGO login asks for the HTTP principal of the host named in the URL; over HTTPS,
   * whose certificates name hosts; and where HDFS's clients reach datanodes by name ({@code
   * dfs.client.use.datanode.hostname}).
   */
  private static boolean byHostName(Configuration conf) {
    return org.apache.hadoop.security.UserGroupInformation.isSecurityEnabled()
        || NameNodeAddresses.https(conf)
        || conf.getBoolean("dfs.client.use.datanode.hostname", false);
  }

  /**
   * The live datanodes as the NameNode's {@code NameNodeInfo} bean lists them ({@code LiveNodes},
   * a JSON object by host name and transfer port: {@code xferaddr}, {@code infoAddr}, an address
   * and the info port); none when it cannot be read.
   */
  static List<Daemon> liveNodes(URI namenode, boolean byName) {
    List<Daemon> out = new ArrayList<>();
    try {
      JsonNode info = JmxReader.read(namenode, "Hadoop:service=NameNode,name=NameNodeInfo")
          .get("Hadoop:service=NameNode,name=NameNodeInfo");
      JsonNode live = info == null ? null : LIVE_NODES.readTree(info.path("LiveNodes").asText("{}"));
      if (live != null) {
        live.fields().forEachRemaining(e -> {
          // Keyed by host name and transfer port; infoAddr is an address and the info port.
          String host = e.getKey().substring(0, Math.max(0, e.getKey().lastIndexOf(':')));
          String xfer = e.getValue().path("xferaddr").asText("");
          boolean https = "https".equals(namenode.getScheme());
          String web = e.getValue().path(https ? "infoSecureAddr" : "infoAddr").asText("");
          if (!host.isEmpty() && !xfer.isEmpty() && web.lastIndexOf(':') > 0) {
            out.add(new Daemon(Role.DATANODE, xfer, URI.create(namenode.getScheme() + "://"
                + (byName ? host + web.substring(web.lastIndexOf(':')) : web)), null));
          }
        });
      }
    } catch (IOException | RuntimeException e) {
      // Not readable either: the datanodes' figures are left out.
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    out.sort(java.util.Comparator.comparing(Daemon::node));
    return out;
  }

  private static final ObjectMapper LIVE_NODES = new ObjectMapper();

  private static List<Daemon> yarn(Configuration conf) {
    if (!"yarn".equals(conf.get("mapreduce.framework.name"))) {
      return List.of();
    }
    List<Daemon> out = new ArrayList<>(resourceManagers(conf));
    out.addAll(nodeManagers(conf, out));
    return out;
  }

  /**
   * The running NodeManagers of {@code conf}'s YARN, each with its web server, as its
   * ResourceManagers' {@code /jmx} lists them; none when jobs run in MapReduce's local runner or
   * no ResourceManager's web server answers (never a YARN client, whose connection retries).
   */
  public static List<Daemon> nodeManagersByWeb(Configuration conf) {
    if (!"yarn".equals(conf.get("mapreduce.framework.name"))) {
      return List.of();
    }
    List<Daemon> nodes = nodeManagers(resourceManagers(conf),
        org.apache.hadoop.yarn.webapp.util.WebAppUtils.getHttpSchemePrefix(conf));
    return nodes == null ? List.of() : nodes;
  }

  private static List<Daemon> nodeManagers(Configuration conf, List<Daemon> resourceManagers) {
    if (resourceManagers.isEmpty()) {
      return List.of();
    }
    String scheme = org.apache.hadoop.yarn.webapp.util.WebAppUtils.getHttpSchemePrefix(conf);
    List<Daemon> nodes = nodeManagers(resourceManagers, scheme);
    return nodes != null ? nodes : nodeManagersOverRpc(conf, scheme);
  }

  /** The ResourceManager's bean listing its NodeManagers. */
  static final String RM_NODES = "Hadoop:service=ResourceManager,name=RMNMInfo";

  /**
   * The running NodeManagers as the ResourceManagers' {@code RMNMInfo} bean lists them ({@code
   * LiveNodeManagers}, a JSON list: {@code NodeId}, {@code NodeHTTPAddress}, {@code State}); a
   * standby lists none. Read over {@code /jmx}, as the figures are, rather than with a YARN
   * client, whose set-up cost the client more than the rest of a point's discovery. Null when no
   * ResourceManager answered.
   */
  static List<Daemon> nodeManagers(List<Daemon> resourceManagers, String scheme) {
    java.util.Map<String, Daemon> out = new java.util.TreeMap<>();
    boolean answered = false;
    for (Daemon rm : resourceManagers) {
      try {
        JsonNode info = JmxReader.read(rm.http(), RM_NODES).get(RM_NODES);
        if (info == null) {
          continue;
        }
        answered = true;
        for (JsonNode n : LIVE_NODES.readTree(info.path("LiveNodeManagers").asText("[]"))) {
          String id = n.path("NodeId").asText("");
          String web = n.path("NodeHTTPAddress").asText("");
          if ("RUNNING".equals(n.path("State").asText()) && id.lastIndexOf(':') > 0
              && !web.isEmpty()) {
            out.put(id, new Daemon(Role.NODEMANAGER, id, URI.create(scheme + web),
                Integer.valueOf(id.substring(id.lastIndexOf(':') + 1))));
          }
        }
      } catch (IOException | RuntimeException e) {
        // This one did not answer (down, or its /jmx not ours to read): the others may.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return List.copyOf(out.values());
      }
    }
    return answered ? List.copyOf(out.values()) : null;
  }

  /** The running NodeManagers as a YARN client hears of them: where no /jmx answered. */
  private static List<Daemon> nodeManagersOverRpc(Configuration conf, String scheme) {
    List<Daemon> out = new ArrayList<>();
    try (org.apache.hadoop.yarn.client.api.YarnClient yarn =
        org.apache.hadoop.yarn.client.api.YarnClient.createYarnClient()) {
      yarn.init(new org.apache.hadoop.yarn.conf.YarnConfiguration(conf));
      yarn.start();
      for (org.apache.hadoop.yarn.api.records.NodeReport n :
          yarn.getNodeReports(org.apache.hadoop.yarn.api.records.NodeState.RUNNING)) {
        out.add(new Daemon(Role.NODEMANAGER, n.getNodeId().toString(),
            URI.create(scheme + n.getHttpAddress()), n.getNodeId().getPort()));
      }
    } catch (IOException | org.apache.hadoop.yarn.exceptions.YarnException | RuntimeException e) {
      // The ResourceManager did not list its nodes: their figures are left out.
    }
    return out;
  }

  /**
   * The ResourceManagers' web servers: each of an HA pair's ({@code yarn.resourcemanager.ha.rm-ids},
   * their {@code webapp.(https.)address.<id>}), or the one's; HTTPS when {@code yarn.http.policy}
   * says so; a wildcard bind address standing for the host of the RM's own address.
   */
  static List<Daemon> resourceManagers(Configuration conf) {
    org.apache.hadoop.yarn.conf.YarnConfiguration yarn =
        new org.apache.hadoop.yarn.conf.YarnConfiguration(conf);
    String scheme = org.apache.hadoop.yarn.webapp.util.WebAppUtils.getHttpSchemePrefix(conf);
    List<String> webs = new ArrayList<>();
    if (org.apache.hadoop.yarn.conf.HAUtil.isHAEnabled(yarn)) {
      for (String id : org.apache.hadoop.yarn.conf.HAUtil.getRMHAIds(yarn)) {
        Configuration one = new Configuration(yarn);
        one.set(org.apache.hadoop.yarn.conf.YarnConfiguration.RM_HA_ID, id);
        org.apache.hadoop.yarn.conf.HAUtil.verifyAndSetConfiguration(one);
        webs.add(web(one));
      }
    } else {
      webs.add(web(yarn));
    }
    List<Daemon> out = new ArrayList<>();
    for (String web : webs) {
      if (web != null) {
        out.add(new Daemon(Role.RESOURCEMANAGER, web, URI.create(scheme + web), null));
      }
    }
    return out;
  }

  /** One ResourceManager's web address, its wildcard replaced by its RPC address's host. */
  private static String web(Configuration conf) {
    String web = org.apache.hadoop.yarn.webapp.util.WebAppUtils.getRMWebAppURLWithoutScheme(conf);
    if (web == null || web.isEmpty()) {
      return null;
    }
    if (web.startsWith("0.0.0.0:")) {
      String rm = conf.get("yarn.resourcemanager.address", "");
      String host = rm.contains(":") ? rm.substring(0, rm.lastIndexOf(':')) : "";
      if (host.isEmpty() || host.equals("0.0.0.0")) {
        host = conf.get("yarn.resourcemanager.hostname", "0.0.0.0");
      }
      if (host.equals("0.0.0.0")) {
        return null;
      }
      web = host + web.substring(web.indexOf(':'));
    }
    return web;
  }
}
