package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.Environment;
import io.hbench.core.result.ServiceInfo;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.protocol.DatanodeInfo;
import org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType;
import org.apache.hadoop.util.VersionInfo;
import org.apache.hadoop.yarn.client.api.YarnClient;

/** Reads what a run is measured on from the cluster and its services themselves. */
@Internal
public final class ClusterEnvironment {

  private ClusterEnvironment() {}

  public static Environment read(BenchCluster cluster, String hbenchVersion) {
    Configuration conf = cluster.configuration();
    List<ServiceInfo> services = cluster.services();
    KerberosLogin.Identity who =
        cluster.kind().equals("local") ? new KerberosLogin.Identity(null, null)
            : KerberosLogin.identity();
    return new Environment(
        hbenchVersion,
        clientVersion(),
        cluster.kind(),
        conf.get(FileSystem.FS_DEFAULT_NAME_KEY),
        conf.get("mapreduce.framework.name", "local"),
        nodes(services, "hdfs", "datanodes"),
        nodes(services, "yarn", "node_managers"),
        System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")",
        System.getProperty("os.name")
            + " "
            + System.getProperty("os.version")
            + " "
            + System.getProperty("os.arch"),
        Runtime.getRuntime().availableProcessors(),
        hostName(),
        null,
        services.isEmpty() ? null : services,
        null,
        who.mode(),
        who.user());
  }

  /** The version of the Hadoop client classes in use. */
  public static String clientVersion() {
    return VersionInfo.getVersion();
  }

  private static Integer nodes(List<ServiceInfo> services, String service, String role) {
    return services.stream()
        .filter(s -> s.name().equals(service))
        .map(s -> s.nodes().get(role))
        .filter(n -> n != null)
        .findFirst()
        .orElse(null);
  }

  /**
   * HDFS as its NameNode reports it: live datanodes, and the software version its NameNode's
   * {@code /jmx} gives for itself and its live datanodes (several, comma-separated, during a
   * rolling upgrade; the client's when the NameNode's web server does not answer). The datanode
   * report carries no version: read from it, every cluster's HDFS was the client's version.
   */
  public static ServiceInfo hdfs(DistributedFileSystem dfs, String origin) throws IOException {
    DatanodeInfo[] live = dfs.getDataNodeStats(DatanodeReportType.LIVE);
    String version = hdfsVersion(dfs);
    return new ServiceInfo("hdfs", origin, version == null ? clientVersion() : version,
        dfs.getUri().toString(), Map.of("datanodes", live.length));
  }

  /** The NameNode's and its live datanodes' versions, from its NameNodeInfo bean, or null. */
  static String hdfsVersion(DistributedFileSystem dfs) {
    for (NameNodeAddresses.NameNode nn : NameNodeAddresses.of(dfs, dfs.getConf())) {
      try {
        JsonNode info = JmxReader.read(nn.http(), NAME_NODE_INFO).get(NAME_NODE_INFO);
        String version = info == null ? null : versions(info);
        if (version != null) {
          return version;
        }
      } catch (IOException | RuntimeException e) {
        // Not answering, or not to this user: the next NameNode, else the client's version.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return null;
      }
    }
    return null;
  }

  private static final String NAME_NODE_INFO = "Hadoop:service=NameNode,name=NameNodeInfo";

  /**
   * The versions in a NameNodeInfo bean: its {@code SoftwareVersion} and each live datanode's
   * {@code version} ({@code LiveNodes}, a JSON object in a string; {@code UNKNOWN} where a
   * datanode did not say), sorted, comma-separated.
   */
  static String versions(JsonNode nameNodeInfo) throws IOException {
    TreeSet<String> versions = new TreeSet<>();
    String own = nameNodeInfo.path("SoftwareVersion").asText("");
    if (!own.isEmpty()) {
      versions.add(own);
    }
    new ObjectMapper().readTree(nameNodeInfo.path("LiveNodes").asText("{}")).elements()
        .forEachRemaining(n -> {
          String v = n.path("version").asText("");
          if (!v.isEmpty() && !v.equals("UNKNOWN")) {
            versions.add(v);
          }
        });
    return versions.isEmpty() ? null : String.join(",", versions);
  }

  /**
   * The configured file system at {@code uri}: HDFS as {@link #hdfs} describes it, any other
   * (s3a, ofs, file) by its scheme and endpoint.
   */
  static List<ServiceInfo> fileSystem(Configuration conf, String uri) {
    try {
      FileSystem fs = FileSystem.get(URI.create(uri), conf);
      if (fs instanceof DistributedFileSystem dfs) {
        return List.of(hdfs(dfs, "configured"));
      }
    } catch (IOException | RuntimeException e) {
      // Not allowed for this user, or not answering: described from the configuration alone.
    }
    String scheme = URI.create(uri).getScheme();
    return List.of(new ServiceInfo(scheme == null ? "filesystem" : scheme, "configured",
        clientVersion(), uri, null));
  }

  /**
   * The configured YARN: running NodeManagers as the ResourceManager counts them, and the
   * ResourceManager's own version from its REST API (the client's when that does not answer).
   */
  static ServiceInfo yarn(Configuration conf) {
    Integer nodeManagers = null;
    YarnClient yarn = YarnClient.createYarnClient();
    try {
      yarn.init(conf);
      yarn.start();
      nodeManagers = yarn.getYarnClusterMetrics().getNumNodeManagers();
    } catch (Exception e) {
      // Not answering: counted as unknown.
    } finally {
      yarn.stop();
    }
    String web = conf.get("yarn.resourcemanager.webapp.address");
    String version = web == null ? null : resourceManagerVersion(web);
    return new ServiceInfo("yarn", "configured", version == null ? clientVersion() : version,
        conf.get("yarn.resourcemanager.address"),
        nodeManagers == null ? null : Map.of("node_managers", nodeManagers));
  }

  /** {@code clusterInfo.resourceManagerVersion} of {@code /ws/v1/cluster/info}, or null. */
  private static String resourceManagerVersion(String webAddress) {
    try {
      HttpURLConnection c = (HttpURLConnection)
          URI.create("http://" + webAddress + "/ws/v1/cluster/info").toURL().openConnection();
      c.setConnectTimeout(2000);
      c.setReadTimeout(2000);
      c.setRequestProperty("Accept", "application/json");
      try (InputStream in = c.getInputStream()) {
        JsonNode v = new ObjectMapper().readTree(in).path("clusterInfo").path("resourceManagerVersion");
        return v.isTextual() ? v.asText() : null;
      } finally {
        c.disconnect();
      }
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
