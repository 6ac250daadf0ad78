package io.hbench.core.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FileUtil;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hdfs.DistributedFileSystem;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.hdfs.MiniDFSCluster;
import org.apache.hadoop.hdfs.client.HdfsDataInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** The wrapper around a real HDFS (MiniDFSCluster): transparency and durability of hsync. */
@Tag("integration")
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InstrumentedFileSystemIT {

  private java.nio.file.Path root;
  private MiniDFSCluster cluster;
  private Configuration conf;
  private FileSystem fs;
  private FileSystem raw;

  @BeforeAll
  void start() throws IOException {
    root = Files.createTempDirectory("hbench-ifs-it");
    Configuration c = new HdfsConfiguration();
    c.set(MiniDFSCluster.HDFS_MINIDFS_BASEDIR, root.toString());
    cluster = new MiniDFSCluster.Builder(c).numDataNodes(1).build();
    cluster.waitActive();
    raw = FileSystem.newInstance(cluster.getURI(), cluster.getConfiguration(0));
    conf = new Configuration(cluster.getConfiguration(0));
    conf.setInt(InstrumentedFileSystem.SAMPLE_KEY, 1);
    Instrumentation.enable(conf, "hdfs");
    fs = FileSystem.newInstance(cluster.getURI(), conf);
  }

  @AfterAll
  void stop() throws IOException {
    if (fs != null) {
      fs.close();
      raw.close();
    }
    if (cluster != null) {
      cluster.shutdown(true);
    }
    FileUtil.fullyDelete(root.toFile());
  }

  private OperationStats stats(IoOperation op) {
    return Instrumentation.statistics(fs).snapshot().getOrDefault(op, new OperationStats());
  }

  @Test
  void wrapsTheDistributedFileSystem() {
    InstrumentedFileSystem i = assertInstanceOf(InstrumentedFileSystem.class, fs);
    assertInstanceOf(DistributedFileSystem.class, i.getRawFileSystem());
    assertEquals(raw.getUri(), fs.getUri());
  }

  @Test
  void hsyncReachesTheDatanodes() throws IOException {
    Path f = new Path("/hsync");
    byte[] data = new byte[4096];
    new Random(1).nextBytes(data);
    long before = stats(IoOperation.HSYNC).calls();
    try (FSDataOutputStream out = fs.create(f)) {
      out.write(data);
      out.hsync();
      // The writer is still open: a second client sees the bytes only if they reached a datanode.
      try (FSDataInputStream in = raw.open(f)) {
        assertTrue(((HdfsDataInputStream) in).getVisibleLength() >= data.length);
        byte[] back = new byte[data.length];
        in.readFully(0, back);
        assertArrayEquals(data, back);
      }
    }
    assertEquals(before + 1, stats(IoOperation.HSYNC).calls());
    assertTrue(stats(IoOperation.HSYNC).totalNanos() > 0);
  }

  @Test
  void dataReadBackEqualsDataWrittenEveryWay() throws IOException {
    Path f = new Path("/roundtrip");
    byte[] data = new byte[300_000];
    new Random(2).nextBytes(data);
    try (FSDataOutputStream out = fs.create(f)) {
      for (int off = 0; off < data.length; off += 1000) {
        out.write(data, off, 1000);
      }
    }
    try (FSDataInputStream in = raw.open(f)) {
      byte[] back = new byte[data.length];
      in.readFully(0, back);
      assertArrayEquals(data, back, "written through the wrapper, read raw");
    }
    try (FSDataInputStream in = fs.open(f)) {
      byte[] back = new byte[data.length];
      in.readFully(back);
      assertArrayEquals(data, back, "sequential read through the wrapper");
      ByteBuffer buf = ByteBuffer.allocate(1000);
      in.seek(5000);
      int n = in.read(buf);
      assertTrue(n > 0);
      buf.flip();
      for (int i = 0; i < n; i++) {
        assertEquals(data[5000 + i], buf.get(i), "byte-buffer read at " + i);
      }
      byte[] tail = new byte[100];
      in.readFully(data.length - 100, tail);
      assertArrayEquals(java.util.Arrays.copyOfRange(data, data.length - 100, data.length), tail);
    }
    assertTrue(stats(IoOperation.READ).bytes() >= data.length);
    assertTrue(stats(IoOperation.PREAD).calls() >= 1);
    assertTrue(stats(IoOperation.SEEK).calls() >= 1);
  }

  @Test
  void hdfsExceptionsPassThroughUnchanged() throws IOException {
    Path missing = new Path("/missing");
    String rawMessage =
        assertThrows(FileNotFoundException.class, () -> raw.open(missing)).getMessage();
    String message =
        assertThrows(FileNotFoundException.class, () -> fs.open(missing)).getMessage();
    assertEquals(rawMessage, message);
    Path f = new Path("/existing");
    raw.create(f).close();
    assertThrows(FileAlreadyExistsException.class, () -> raw.create(f, false));
    IOException e = assertThrows(FileAlreadyExistsException.class, () -> fs.create(f, false));
    assertTrue(e.getMessage().contains("/existing"), e.getMessage());
    assertTrue(stats(IoOperation.OPEN).failures() >= 1);
    assertTrue(stats(IoOperation.CREATE).failures() >= 1);
  }
}
