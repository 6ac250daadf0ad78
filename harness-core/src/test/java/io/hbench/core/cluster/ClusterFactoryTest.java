package io.hbench.core.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.ServiceInfo;
import io.hbench.core.text.Console;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the factory opens for what a suite needs, without starting any cluster. */
class ClusterFactoryTest {

  private static final ClusterConfiguration NO_CLUSTER =
      ClusterConfiguration.load(null, List.of(), Map.of());

  private static Console quiet() {
    PrintStream none = new PrintStream(new ByteArrayOutputStream());
    return new Console(none, none, false, 1000);
  }

  @Test
  void aLocalDirectoryOpensNoClusterAndDescribesNoService() throws Exception {
    ClusterConfiguration conf =
        ClusterConfiguration.load(null, List.of(), Map.of("fs.defaultFS", "hdfs://nowhere.invalid:1"));
    try (BenchCluster c =
        ClusterFactory.open(ClusterMode.CONF, conf, 1, quiet(), Needs.localDirectory("/tmp"), null)) {
      assertEquals("local", c.kind());
      assertEquals("file:///", c.dataFs());
      assertTrue(c.services().isEmpty(), c.services().toString());
    }
  }

  @Test
  void aNamedFileSystemIsAllAClientSuiteOpens(@TempDir Path dir) throws Exception {
    URI uri = dir.toUri();
    try (BenchCluster c =
        ClusterFactory.open(ClusterMode.AUTO, NO_CLUSTER, 1, quiet(), Needs.fileSystem(), uri)) {
      assertEquals("filesystem", c.kind());
      ServiceInfo fs = c.services().get(0);
      assertEquals("file", fs.name());
      assertEquals("configured", fs.origin());
      assertEquals("file:///", fs.endpoint());
    }
  }

  @Test
  void confWithoutAConfiguredClusterIsOneLine() {
    InvalidInputException e =
        assertThrows(InvalidInputException.class,
            () -> ClusterFactory.open(ClusterMode.CONF, NO_CLUSTER, 1, quiet(), Needs.jobs(), null));
    assertTrue(e.getMessage().startsWith("--cluster conf: no cluster is configured"), e.getMessage());
  }

  @Test
  void anUnknownServiceNamesTheOnesThisJarHas() {
    InvalidInputException e =
        assertThrows(InvalidInputException.class, () -> ClusterFactory.provider("hbase-nosuch"));
    assertTrue(e.getMessage().contains("'hbase-nosuch'"), e.getMessage());
    assertTrue(e.getMessage().contains("hdfs") && e.getMessage().contains("yarn"), e.getMessage());
  }

  @Test
  void theCoreProvidesHdfsAsAStoreAndYarnAsAService() {
    assertTrue(ClusterFactory.provider("hdfs").storage());
    assertFalse(ClusterFactory.provider("yarn").storage());
  }

  @Test
  void aStoreTwiceOrAThirdStoreIsRefusedBeforeAnythingStarts() {
    InvalidInputException e =
        assertThrows(InvalidInputException.class,
            () -> ClusterFactory.embedded(NO_CLUSTER, 1, List.of("hdfs", "yarn", "hdfs"), quiet()));
    assertEquals("at most two stores per cluster, each once: hdfs,yarn,hdfs", e.getMessage());
  }

  @Test
  void clusterModesParseEveryStore() {
    assertEquals(ClusterMode.MINI, ClusterMode.parse("mini"));
    assertEquals(ClusterMode.MINI, ClusterMode.parse("mini-hdfs"));
    assertEquals("ozone", ClusterMode.MINI_OZONE.store());
    assertEquals("hdfs", ClusterMode.AUTO.store());
    assertTrue(ClusterMode.MINI_OZONE.embedded());
    assertFalse(ClusterMode.CONF.embedded());
    assertThrows(InvalidInputException.class, () -> ClusterMode.parse("minimal"));
    // harness-core alone has only the hdfs store: Ozone's comes with harness-ozone.
    InvalidInputException e =
        assertThrows(InvalidInputException.class, () -> ClusterMode.parse("Mini-Ozone"));
    assertTrue(e.getMessage().endsWith("(stores in this jar: hdfs)"), e.getMessage());
  }

  @Test
  void needsSayWhatTheyAre() {
    assertEquals("file system, yarn", Needs.jobs().toString());
    assertEquals("file system, hbase", Needs.fileSystem().and("HBase").toString());
    assertEquals(List.of("hbase"), Needs.fileSystem().and("hbase").services());
    assertThrows(IllegalStateException.class, () -> Needs.localDirectory("/d").and("hbase"));
  }
}
