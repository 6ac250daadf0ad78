package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import java.util.List;

/**
 * What one server of the cluster is, as it describes itself ({@code --metrics}): its software,
 * its JVM and host, and the settings it runs with, so that two results can say why they differ.
 * Read from the daemon's own web server ({@code /conf} and {@code /jmx}) as a point begins.
 *
 * @param role as {@link DaemonFigures#role()}: {@code namenode}, {@code datanode} ...
 * @param node which one, as {@link DaemonFigures#node()}
 * @param unavailable why its configuration could not be read (refused, not answering); the point
 *     is not failed for it, and what else could be read is kept
 * @param version the software version it reports (a NameNode's and a datanode's own), or null
 * @param jvm its JVM: version and vendor
 * @param jvmArgs its JVM's {@code -X} arguments (heap, collector); other arguments (system
 *     properties, which may hold paths and secrets) are not recorded
 * @param cores processors its JVM sees
 * @param memoryBytes its host's physical memory
 * @param os its host's operating system, version and architecture
 * @param rack a datanode's network location as the NameNode places it
 * @param volumes a datanode's volumes
 * @param config the key, in {@link Environment#serverConfigs()}, of its settings: those not left
 *     at their version's default, secrets redacted, volatile ones (addresses, ports, directories,
 *     ids, timestamps) left out; identical settings are stored once
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"role", "node", "unavailable", "version", "jvm", "jvm_args", "cores",
    "memory_bytes", "os", "rack", "volumes", "config"})
public record ServerFingerprint(
    @JsonProperty("role") String role,
    @JsonProperty("node") String node,
    @JsonProperty("unavailable") String unavailable,
    @JsonProperty("version") String version,
    @JsonProperty("jvm") String jvm,
    @JsonProperty("jvm_args") List<String> jvmArgs,
    @JsonProperty("cores") Integer cores,
    @JsonProperty("memory_bytes") Long memoryBytes,
    @JsonProperty("os") String os,
    @JsonProperty("rack") String rack,
    @JsonProperty("volumes") List<Volume> volumes,
    @JsonProperty("config") String config) {

  /**
   * One volume of a datanode, as the datanode lists it.
   *
   * @param path where it is
   * @param storageType {@code DISK}, {@code SSD}, {@code ARCHIVE}, {@code RAM_DISK} ...
   * @param capacityBytes its used, free and reserved space together
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record Volume(
      @JsonProperty("path") String path,
      @JsonProperty("storage_type") String storageType,
      @JsonProperty("capacity_bytes") Long capacityBytes) {}
}
