package io.hbench.core.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

class ClusterEnvironmentTest {

  private static JsonNode info(String json) throws Exception {
    return new ObjectMapper().readTree(json);
  }

  @Test
  void hdfsIsTheVersionItsNameNodeAndDatanodesSay() throws Exception {
    // As a NameNode's NameNodeInfo bean gives them: LiveNodes is JSON inside a string.
    assertEquals("3.4.1", ClusterEnvironment.versions(info("{\"SoftwareVersion\":\"3.4.1\","
        + "\"LiveNodes\":\"{\\\"dn1:9866\\\":{\\\"version\\\":\\\"3.4.1\\\"}}\"}")));
    // A rolling upgrade: both, sorted; a datanode that did not say is left out.
    assertEquals("3.3.6,3.4.1", ClusterEnvironment.versions(info("{\"SoftwareVersion\":\"3.4.1\","
        + "\"LiveNodes\":\"{\\\"dn1:9866\\\":{\\\"version\\\":\\\"3.3.6\\\"},"
        + "\\\"dn2:9866\\\":{\\\"version\\\":\\\"UNKNOWN\\\"}}\"}")));
    assertNull(ClusterEnvironment.versions(info("{\"LiveNodes\":\"{}\"}")));
  }
}
