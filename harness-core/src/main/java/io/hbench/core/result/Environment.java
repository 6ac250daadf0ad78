package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import java.util.ArrayList;
import java.util.List;

/**
 * What a result was measured on. Node counts are read from the cluster itself, not from options.
 *
 * @param hbenchVersion version of hbench
 * @param hadoopVersion Hadoop version of the client classes in use
 * @param cluster {@code embedded} (in-process mini cluster), {@code embedded-ozone}, {@code
 *     configured}, {@code local} (no cluster: this machine) or {@code filesystem} (no cluster:
 *     only a file system given as a URI)
 * @param defaultFs {@code fs.defaultFS}
 * @param mapreduceFramework {@code mapreduce.framework.name}
 * @param datanodes live datanodes reported by the NameNode, or null when not HDFS
 * @param nodeManagers running NodeManagers reported by the ResourceManager, or null without YARN
 * @param java Java version and vendor
 * @param os operating system, version and architecture
 * @param cpus processors available to the client JVM
 * @param host the client host name
 * @param dataFs the file system the suite's data went to (the base directory's), when known
 * @param services the services the run used (its store, YARN, and any a suite declared), each
 *     described by the service itself
 * @param datanodesLost datanodes live when the point began that stopped heartbeating, or were
 *     declared dead, before it ended (their transfer addresses); null when none was
 * @param authentication how the client authenticated to the cluster: {@code kerberos} or {@code
 *     simple}; null when no cluster was used
 * @param user the Kerberos principal logged in, or the user name sent with simple authentication
 * @param servers what each server of the cluster is ({@code --metrics}), as it described itself
 *     when the point began; null without {@code --metrics}
 * @param serverConfigs the servers' settings by the key {@link ServerFingerprint#config()} names
 *     them with: each distinct set stored once
 * @param namenodeFailover which NameNode of an HA pair was active when the point began and which
 *     when it ended, when they differ; null otherwise
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Environment(
    @JsonProperty("hbench_version") String hbenchVersion,
    @JsonProperty("hadoop_version") String hadoopVersion,
    @JsonProperty("cluster") String cluster,
    @JsonProperty("fs_default_fs") String defaultFs,
    @JsonProperty("mapreduce_framework") String mapreduceFramework,
    @JsonProperty("datanodes") Integer datanodes,
    @JsonProperty("node_managers") Integer nodeManagers,
    @JsonProperty("java") String java,
    @JsonProperty("os") String os,
    @JsonProperty("cpus") int cpus,
    @JsonProperty("host") String host,
    @JsonProperty("data_fs") String dataFs,
    @JsonProperty("services") List<ServiceInfo> services,
    @JsonProperty("datanodes_lost") List<String> datanodesLost,
    @JsonProperty("authentication") String authentication,
    @JsonProperty("user") String user,
    @JsonProperty("servers") List<ServerFingerprint> servers,
    @JsonProperty("server_configs") java.util.Map<String, java.util.Map<String, String>>
        serverConfigs,
    @JsonProperty("namenode_failover") String namenodeFailover) {

  /** An environment without the servers' fingerprints, as records before them. */
  public Environment(String hbenchVersion, String hadoopVersion, String cluster, String defaultFs,
      String mapreduceFramework, Integer datanodes, Integer nodeManagers, String java, String os,
      int cpus, String host, String dataFs, List<ServiceInfo> services,
      List<String> datanodesLost, String authentication, String user) {
    this(hbenchVersion, hadoopVersion, cluster, defaultFs, mapreduceFramework, datanodes,
        nodeManagers, java, os, cpus, host, dataFs, services, datanodesLost, authentication, user,
        null, null, null);
  }

  /** This environment with a NameNode failover seen during the point; unchanged for null. */
  public Environment withFailover(String failover) {
    return failover == null ? this : new Environment(hbenchVersion, hadoopVersion, cluster,
        defaultFs, mapreduceFramework, datanodes, nodeManagers, java, os, cpus, host, dataFs,
        services, datanodesLost, authentication, user, servers, serverConfigs, failover);
  }

  /** This environment with the servers' fingerprints; unchanged when there are none. */
  public Environment withServers(List<ServerFingerprint> fingerprints,
      java.util.Map<String, java.util.Map<String, String>> configs) {
    if (fingerprints == null || fingerprints.isEmpty()) {
      return this;
    }
    return new Environment(hbenchVersion, hadoopVersion, cluster, defaultFs, mapreduceFramework,
        datanodes, nodeManagers, java, os, cpus, host, dataFs, services, datanodesLost,
        authentication, user, List.copyOf(fingerprints),
        configs == null || configs.isEmpty() ? null : configs, namenodeFailover);
  }

  /** An environment without the authentication, as records before it existed. */
  public Environment(String hbenchVersion, String hadoopVersion, String cluster, String defaultFs,
      String mapreduceFramework, Integer datanodes, Integer nodeManagers, String java, String os,
      int cpus, String host, String dataFs, List<ServiceInfo> services,
      List<String> datanodesLost) {
    this(hbenchVersion, hadoopVersion, cluster, defaultFs, mapreduceFramework, datanodes,
        nodeManagers, java, os, cpus, host, dataFs, services, datanodesLost, null, null);
  }

  /**
   * The label of a run on this environment when none is given ({@code --label}): {@code
   * embedded} (or {@code embedded-ozone}) for an embedded cluster, the authority of {@code
   * fs.defaultFS} for a configured one ({@code nn1.example.com:8020}), the data file system's
   * authority (an S3 bucket) or scheme when only a file system was opened, and the host for a
   * local directory.
   */
  public String defaultLabel() {
    String fs = cluster == null ? null : switch (cluster) {
      case "configured" -> defaultFs;
      case "filesystem" -> dataFs;
      default -> null;
    };
    String name = host;
    if (cluster != null && cluster.startsWith("embedded")) {
      name = cluster;
    } else if (fs != null) {
      try {
        java.net.URI u = new java.net.URI(fs);
        String authority = u.getRawAuthority();
        if (authority != null && !authority.isEmpty()) {
          // Never user info: an s3a://KEY:SECRET@bucket URI must not leak into a label.
          name = authority.substring(authority.lastIndexOf('@') + 1);
        } else if (u.getScheme() != null && !"file".equals(u.getScheme())) {
          name = u.getScheme();
        }
      } catch (java.net.URISyntaxException e) {
        // The host, then.
      }
    }
    // A label is one word of the characters ResultRecord.checkLabel allows.
    String word = name == null ? "" : name.replaceAll("[^A-Za-z0-9._:@/+-]", "-");
    word = word.length() > 64 ? word.substring(0, 64) : word;
    return word.isEmpty() ? "unlabelled" : word;
  }

  /** This environment with the data file system filled in. */
  public Environment withDataFs(String fs) {
    return new Environment(hbenchVersion, hadoopVersion, cluster, defaultFs, mapreduceFramework,
        datanodes, nodeManagers, java, os, cpus, host, fs, services, datanodesLost,
        authentication, user, servers, serverConfigs, namenodeFailover);
  }

  /** This environment with {@code more} services after those it lists. */
  public Environment withServices(List<ServiceInfo> more) {
    if (more.isEmpty()) {
      return this;
    }
    List<ServiceInfo> all = new ArrayList<>();
    if (services != null) {
      all.addAll(services);
    }
    all.addAll(more);
    return new Environment(hbenchVersion, hadoopVersion, cluster, defaultFs, mapreduceFramework,
        datanodes, nodeManagers, java, os, cpus, host, dataFs, List.copyOf(all), datanodesLost,
        authentication, user, servers, serverConfigs, namenodeFailover);
  }

  /**
   * This environment with the servers each named service lost during a point ({@link
   * ServiceInfo#nodesLost}), by service name; unchanged when none was.
   */
  public Environment withNodesLost(java.util.Map<String, List<String>> lost) {
    if (lost.isEmpty() || services == null) {
      return this;
    }
    List<ServiceInfo> all = services.stream()
        .map(s -> lost.containsKey(s.name()) ? s.withNodesLost(lost.get(s.name())) : s).toList();
    return new Environment(hbenchVersion, hadoopVersion, cluster, defaultFs, mapreduceFramework,
        datanodes, nodeManagers, java, os, cpus, host, dataFs, all, datanodesLost,
        authentication, user, servers, serverConfigs, namenodeFailover);
  }

  /** This environment with the datanodes lost during a point; unchanged when none was. */
  public Environment withDatanodesLost(List<String> lost) {
    if (lost.isEmpty()) {
      return this;
    }
    return new Environment(hbenchVersion, hadoopVersion, cluster, defaultFs, mapreduceFramework,
        datanodes, nodeManagers, java, os, cpus, host, dataFs, services, List.copyOf(lost),
        authentication, user, servers, serverConfigs, namenodeFailover);
  }
}
