package io.hbench.core.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hbench.core.error.InvalidInputException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class ConfiguredClusterTest {

  @Test
  void aFileSystemWhoseConnectorIsMissingIsOneLineNamingWhatToAdd() {
    // No GCS connector is on hbench's class path, as none is beside bench.jar.
    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> ConfiguredCluster.probe(new Configuration(), new Path("gs://bench-bucket/dir")));
    assertEquals("cannot reach the file system gs://bench-bucket: No FileSystem for scheme \"gs\";"
        + " its connector is not on the class path: add the GCS connector (HADOOP_OPTIONAL_TOOLS"
        + " or HADOOP_CLASSPATH)", e.getMessage());
  }

  @Test
  void aConnectorIsNamedOnlyWhenItIsWhatIsMissing() {
    assertEquals("; its connector is not on the class path: add hadoop-aws (with its AWS SDK"
        + " bundle) (HADOOP_OPTIONAL_TOOLS or HADOOP_CLASSPATH)", ConfiguredCluster.missingConnector(
            "s3a", new NoClassDefFoundError("software/amazon/awssdk/core/exception/SdkException")));
    assertEquals("", ConfiguredCluster.missingConnector("s3a",
        new java.net.UnknownHostException("bench-bucket.s3.amazonaws.com")));
    assertEquals("", ConfiguredCluster.missingConnector("hdfs",
        new org.apache.hadoop.fs.UnsupportedFileSystemException("x")));
  }
}
