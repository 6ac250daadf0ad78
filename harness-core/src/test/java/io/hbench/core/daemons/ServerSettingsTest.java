package io.hbench.core.daemons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerSettingsTest {

  /**
   * Every setting that differed between two embedded clusters started one after the other with
   * the same options (their servers' {@code /conf}), and those that differed between a NameNode
   * and its datanodes without anyone choosing them.
   */
  static final Map<String, String> VOLATILE = Map.ofEntries(
      Map.entry("dfs.datanode.data.dir", "[DISK]file:/tmp/hbench-embedded-1/hdfs/dfs/data/data1,"
          + "[DISK]file:/tmp/hbench-embedded-1/hdfs/dfs/data/data2"),
      Map.entry("dfs.namenode.checkpoint.dir", "file:/tmp/hbench-embedded-2/hdfs/dfs/namesecondary-0-1"),
      Map.entry("dfs.namenode.name.dir", "file:/tmp/a/name-0-1,file:/tmp/a/name-0-2"),
      Map.entry("dfs.namenode.http-address", "localhost:41711"),
      Map.entry("dfs.namenode.rpc-address", "localhost:43321"),
      Map.entry("dfs.namenode.rpc-address.ns1.nn2", "nn2.example.com:8020"),
      Map.entry("fs.defaultFS", "hdfs://localhost:43321"),
      Map.entry("hadoop.http.temp.dir", "/tmp/hbench-embedded-2/http-hdfs"),
      Map.entry("hdfs.minidfs.basedir", "/tmp/hbench-embedded-2/hdfs/dfs"),
      Map.entry("mapreduce.job.hdfs-servers", "hdfs://localhost:43321"),
      Map.entry("yarn.resourcemanager.address", "0.0.0.0:8032"),
      Map.entry("yarn.nodemanager.address", "localhost:0"),
      Map.entry("yarn.app.mapreduce.am.staging-dir", "/tmp/hadoop-yarn/staging"),
      Map.entry("yarn.resourcemanager.webapp.https.address", "rm1:8090"),
      Map.entry("dfs.datanode.hostname", "127.0.0.1"),
      Map.entry("yarn.resourcemanager.hostname", "rm1.example.com"),
      Map.entry("dfs.ha.namenode.id", "nn1"),
      Map.entry("yarn.resourcemanager.ha.id", "rm2"),
      Map.entry("yarn.resourcemanager.epoch", "12"),
      Map.entry("rpc.engine.org.apache.hadoop.hdfs.protocolPB.ClientNamenodeProtocolPB",
          "org.apache.hadoop.ipc.ProtobufRpcEngine2"),
      Map.entry("mapreduce.client.genericoptionsparser.used", "true"),
      Map.entry("dfs.namenode.startup", "REGULAR"),
      Map.entry("dfs.datanode.startup", "REGULAR"));

  /** Choices of how a server works, whatever their value looks like. */
  static final Map<String, String> SETTINGS = Map.ofEntries(
      Map.entry("dfs.namenode.handler.count", "20"),
      Map.entry("dfs.datanode.max.transfer.threads", "2048"),
      Map.entry("dfs.replication", "3"),
      Map.entry("dfs.blocksize", "256m"),
      Map.entry("dfs.client.use.datanode.hostname", "true"),
      Map.entry("dfs.namenode.file.close.num-committed-allowed", "1"),
      Map.entry("dfs.http.policy", "HTTPS_ONLY"),
      Map.entry("hadoop.security.authentication", "kerberos"),
      Map.entry("ipc.8020.callqueue.impl", "org.apache.hadoop.ipc.FairCallQueue"),
      Map.entry("dfs.ha.namenodes.ns1", "nn1,nn2"),
      Map.entry("net.topology.node.switch.mapping.impl", "org.apache.hadoop.net.ScriptBasedMapping"),
      Map.entry("yarn.nodemanager.resource.memory-mb", "8192"),
      Map.entry("dfs.namenode.decommission.interval", "3s"));

  @Test
  void addressesPortsDirectoriesIdsAndWhatTheServerSetsItselfAreVolatile() {
    VOLATILE.forEach((k, v) -> assertTrue(ServerSettings.isVolatile(k, v), k + "=" + v));
  }

  @Test
  void settingsSomeoneChoseAreNot() {
    SETTINGS.forEach((k, v) -> assertFalse(ServerSettings.isVolatile(k, v), k + "=" + v));
  }

  @Test
  void recordedSettingsHaveNoVolatileOnesAndNoSecrets() {
    java.util.Map<String, String> all = new java.util.HashMap<>(VOLATILE);
    all.putAll(SETTINGS);
    all.put("hadoop.test.password", "s3cr3t-value");
    Map<String, String> recorded = ServerSettings.recorded(all);
    assertEquals(SETTINGS.size() + 1, recorded.size(), recorded.toString());
    assertEquals("<redacted>", recorded.get("hadoop.test.password"));
    assertEquals("20", recorded.get("dfs.namenode.handler.count"));
  }

  @Test
  void identicalSettingsShareTheirKeyAndAnyDifferenceChangesIt() {
    Map<String, String> a = ServerSettings.recorded(SETTINGS);
    Map<String, String> b = new java.util.TreeMap<>(a);
    assertEquals(ServerSettings.key(a), ServerSettings.key(b));
    assertTrue(ServerSettings.key(a).matches("[0-9a-f]{12}"));
    b.put("dfs.namenode.handler.count", "21");
    assertNotEquals(ServerSettings.key(a), ServerSettings.key(b));
  }

  @Test
  void onlyTheVersionsDefaultsAreDefaults() {
    assertTrue(ServerSettings.isDefault("hdfs-default.xml"));
    assertTrue(ServerSettings.isDefault("hbase-default.xml"));
    assertFalse(ServerSettings.isDefault("hdfs-site.xml"));
    assertFalse(ServerSettings.isDefault("programmatically"));
    assertFalse(ServerSettings.isDefault(null));
  }
}
