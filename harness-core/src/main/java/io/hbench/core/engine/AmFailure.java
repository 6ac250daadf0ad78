package io.hbench.core.engine;

import io.hbench.core.cluster.JmxReader;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import java.net.URI;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.yarn.webapp.util.WebAppUtils;

/**
 * Why a job's ApplicationMaster died, from its own log. YARN's diagnostics of a dead
 * ApplicationMaster give its exit code and the tail of its stderr, where MRAppMaster writes
 * nothing: the reason (a class it could not load, a bad setting) is in its {@code syslog}. Read
 * through the ResourceManager's web service (the last attempt's container and node) and the
 * NodeManager's ({@code /ws/v1/node/containerlogs}), while the NodeManager still holds it; best
 * effort: null when any of it cannot be read.
 */
final class AmFailure {

  private AmFailure() {}

  /** The cause MRAppMaster logged as it exited, or null. */
  static String cause(Configuration conf, String applicationId) {
    try {
      String rm = WebAppUtils.getRMWebAppURLWithScheme(conf);
      JsonNode attempts = JmxReader.webService(URI.create(rm + "/ws/v1/cluster/apps/"
          + applicationId + "/appattempts")).path("appAttempts").path("appAttempt");
      if (!attempts.isArray() || attempts.isEmpty()) {
        return null;
      }
      JsonNode last = attempts.get(attempts.size() - 1);
      String node = last.path("nodeHttpAddress").asText("");
      String container = last.path("containerId").asText("");
      if (node.isEmpty() || container.isEmpty()) {
        return null;
      }
      String log = JmxReader.text(URI.create(WebAppUtils.getHttpSchemePrefix(conf) + node
          + "/ws/v1/node/containerlogs/" + container + "/syslog"));
      return exitCause(log);
    } catch (java.io.IOException | RuntimeException e) {
      return null;
    }
  }

  /** From an MRAppMaster's log: what it exited with ("Exiting with status 1: ..."), or null. */
  static String exitCause(String log) {
    String marker = "Exiting with status ";
    int at = log.lastIndexOf(marker);
    if (at < 0) {
      return null;
    }
    String line = log.substring(at + marker.length()).lines().findFirst().orElse("");
    int colon = line.indexOf(": ");
    return colon < 0 ? null : line.substring(colon + 2).trim();
  }
}
