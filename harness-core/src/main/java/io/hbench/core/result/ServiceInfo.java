package io.hbench.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
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
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record ServiceInfo(
    @JsonProperty("name") String name,
    @JsonProperty("origin") String origin,
    @JsonProperty("version") String version,
    @JsonProperty("endpoint") String endpoint,
    @JsonProperty("nodes") Map<String, Integer> nodes) {

  public ServiceInfo {
    endpoint = endpoint == null ? null : SecretRedactor.redactUri(endpoint);
    nodes = nodes == null ? Map.of() : Map.copyOf(nodes);
  }
}
