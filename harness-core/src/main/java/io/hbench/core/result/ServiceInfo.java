package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * One service a run used, as read from the service itself: HDFS, YARN, Ozone, a NameNode, and
 * next HBase or HiveServer2. Recorded in {@code environment.services}.
 *
 * @param name the service's name, as a suite declares it ({@code hdfs}, {@code yarn}, {@code
 *     ozone}, {@code namenode}, ...)
 * @param origin {@code embedded} (started in this process by hbench) or {@code configured}
 * @param version the server's version where it tells it, else the version of the client classes
 * @param endpoint where clients reach it, with any credentials redacted
 * @param nodes node counts by role ({@code datanodes}, {@code node_managers}, ...), as the service
 *     reports them; empty when it does not say
 * @param nodesLost its servers ({@code host:port}) that were live when the point began and were
 *     not when it ended, as the service reports them; null when none was
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServiceInfo(
    @JsonProperty("name") String name,
    @JsonProperty("origin") String origin,
    @JsonProperty("version") String version,
    @JsonProperty("endpoint") String endpoint,
    @JsonProperty("nodes") Map<String, Integer> nodes,
    @JsonProperty("nodes_lost") java.util.List<String> nodesLost) {

  public ServiceInfo {
    endpoint = endpoint == null ? null : SecretRedactor.redactUri(endpoint);
    nodes = nodes == null ? Map.of() : Map.copyOf(nodes);
    nodesLost = nodesLost == null || nodesLost.isEmpty() ? null : java.util.List.copyOf(nodesLost);
  }

  /** A service as it describes itself, with no server lost. */
  public ServiceInfo(String name, String origin, String version, String endpoint,
      Map<String, Integer> nodes) {
    this(name, origin, version, endpoint, nodes, null);
  }

  /** This service with {@code lost} servers noted. */
  public ServiceInfo withNodesLost(java.util.List<String> lost) {
    return new ServiceInfo(name, origin, version, endpoint, nodes, lost);
  }
}
