package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * What one daemon of the cluster reported about itself during a phase ({@code --metrics}), read
 * from its {@code /jmx}: a counter's growth over the phase, a gauge's minimum, mean and maximum
 * over the samples ({@code name_min}, {@code name}, {@code name_max}), and the samples themselves
 * for the report's charts.
 *
 * @param role {@code namenode}, {@code datanode}, {@code resourcemanager}, {@code nodemanager},
 *     {@code hbase_master}, {@code regionserver}, {@code hiveserver2}
 * @param node which one: a datanode by its transfer address, others by their address
 * @param unreachable why it could not be read, when no read succeeded ({@code samples} 0) or the
 *     read before or after the phase failed (its counters are then left out); the point is not
 *     failed for it
 * @param samples how many reads succeeded
 * @param metrics the phase's figures of the daemon, as typed metrics
 * @param series the samples: {@code t}, seconds since the phase began, and each figure's values
 *     at those times (null where a read had no value)
 * @param haState a NameNode of an HA pair: {@code active} or {@code standby} (or {@code
 *     observer}) as it said during the phase, {@code active->standby} when that changed; null for
 *     other daemons and for a NameNode without a peer
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"role", "node", "ha_state", "unreachable", "samples", "metrics", "series"})
public record DaemonFigures(
    @JsonProperty("role") String role,
    @JsonProperty("node") String node,
    @JsonProperty("unreachable") String unreachable,
    @JsonProperty("samples") int samples,
    @JsonProperty("metrics") List<Metric> metrics,
    @JsonProperty("series") Map<String, List<Double>> series,
    @JsonProperty("ha_state") String haState) {

  /** A daemon that is not one of an HA pair. */
  public DaemonFigures(String role, String node, String unreachable, int samples,
      List<Metric> metrics, Map<String, List<Double>> series) {
    this(role, node, unreachable, samples, metrics, series, null);
  }

  /** These figures with the HA state {@code state}. */
  public DaemonFigures withHaState(String state) {
    return new DaemonFigures(role, node, unreachable, samples, metrics, series, state);
  }

  /** This daemon's figure of {@code key}, or null. */
  public Metric metric(MetricKey key) {
    return metric(key.name());
  }

  /** The metric {@code name} of this daemon, or null. */
  public Metric metric(String name) {
    if (metrics != null) {
      // A loop, not a stream: the report asks each daemon of 10,000 records for its figures.
      for (Metric m : metrics) {
        if (m.name().equals(name)) {
          return m;
        }
      }
    }
    return null;
  }
}
