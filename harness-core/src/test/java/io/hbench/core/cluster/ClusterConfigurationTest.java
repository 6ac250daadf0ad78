package io.hbench.core.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ClusterConfigurationTest {

  @TempDir Path dir;

  @Test
  void keyValueFileThenDefinesWin() throws Exception {
    Path kv = Files.writeString(dir.resolve("bench.conf"), "# comment\nfs.defaultFS = hdfs://nn:8020\n\na.b=1\n");
    ClusterConfiguration c =
        ClusterConfiguration.load(null, List.of(kv.toString()), Map.of("a.b", "2"));
    assertEquals("hdfs://nn:8020", c.configuration().get("fs.defaultFS"));
    assertEquals("2", c.configuration().get("a.b"));
    assertEquals(Map.of("fs.defaultFS", "hdfs://nn:8020", "a.b", "2"), c.explicitSettings());
    assertTrue(c.namesCluster());
  }

  @Test
  void hadoopXmlFile() throws Exception {
    Path xml =
        Files.writeString(
            dir.resolve("site.xml"),
            "<?xml version=\"1.0\"?><configuration><property><name>x.y</name><value>7</value>"
                + "</property></configuration>");
    ClusterConfiguration c = ClusterConfiguration.load(null, List.of(xml.toString()), Map.of());
    assertEquals("7", c.configuration().get("x.y"));
    assertFalse(c.namesCluster());
  }

  @Test
  void hadoopConfDirIsRead() throws Exception {
    Files.writeString(
        dir.resolve("core-site.xml"),
        "<configuration><property><name>fs.defaultFS</name><value>hdfs://from-dir:9000</value>"
            + "</property></configuration>");
    ClusterConfiguration c = ClusterConfiguration.load(dir.toString(), List.of(), Map.of());
    assertEquals("hdfs://from-dir:9000", c.configuration().get("fs.defaultFS"));
  }

  @Test
  void storageToolKeysBecomeS3aSettings() throws Exception {
    Path kv =
        Files.writeString(
            dir.resolve("s3.conf"),
            "AWS_ACCESS_KEY=ak\nAWS_SECRET_KEY=sk\nAWS_ENDPOINT=http://127.0.0.1:9\n"
                + "AWS_REGION=ap-beijing\nbase_dir=s3a://bucket/bench\nfile_path=s3://bucket/x\n");
    ClusterConfiguration c = ClusterConfiguration.load(null, List.of(kv.toString()), Map.of());
    assertEquals("ak", c.configuration().get("fs.s3a.access.key"));
    assertEquals("sk", c.configuration().get("fs.s3a.secret.key"));
    assertEquals("http://127.0.0.1:9", c.configuration().get("fs.s3a.endpoint"));
    assertEquals("ap-beijing", c.configuration().get("fs.s3a.endpoint.region"));
    assertEquals("org.apache.hadoop.fs.s3a.S3AFileSystem", c.configuration().get("fs.s3.impl"));
    assertEquals(null, c.configuration().get("AWS_SECRET_KEY"));
    assertEquals("s3a://bucket/bench", c.baseDir());
    assertEquals("s3://bucket/x", c.configuration().get("file_path"));
  }

  @Test
  void badFilesAreOneLineErrors() throws Exception {
    InvalidInputException missing =
        assertThrows(
            InvalidInputException.class,
            () -> ClusterConfiguration.load(null, List.of(dir.resolve("nope.xml").toString()), Map.of()));
    assertTrue(missing.getMessage().contains("does not exist"), missing.getMessage());
    Path bad = Files.writeString(dir.resolve("bad.conf"), "just words\n");
    InvalidInputException malformed =
        assertThrows(
            InvalidInputException.class,
            () -> ClusterConfiguration.load(null, List.of(bad.toString()), Map.of()));
    assertTrue(malformed.getMessage().contains("line 1"), malformed.getMessage());
    assertThrows(
        InvalidInputException.class,
        () -> ClusterConfiguration.load(dir.resolve("nodir").toString(), List.of(), Map.of()));
  }

  /**
   * A default from *-default.xml is not a value given: Configuration.setIfUnset takes it for one,
   * and the embedded cluster's settings were never applied once HDFS's defaults were loaded.
   */
  @Test
  void aSettingIsSetUnlessGivenAndADefaultIsNotGiven() {
    org.apache.hadoop.conf.Configuration c = new org.apache.hadoop.hdfs.HdfsConfiguration();
    String key = "dfs.client.block.write.locateFollowingBlock.initial.delay.ms";
    c.setIfUnset(key, "20");
    org.junit.jupiter.api.Assertions.assertEquals("400", c.get(key), "setIfUnset keeps the default");
    ClusterConfiguration.setUnlessGiven(c, key, "20");
    org.junit.jupiter.api.Assertions.assertEquals("20", c.get(key));
    org.apache.hadoop.conf.Configuration given = new org.apache.hadoop.hdfs.HdfsConfiguration();
    given.set(key, "7");
    ClusterConfiguration.setUnlessGiven(given, key, "20");
    org.junit.jupiter.api.Assertions.assertEquals("7", given.get(key), "a value given stays");
  }
}
