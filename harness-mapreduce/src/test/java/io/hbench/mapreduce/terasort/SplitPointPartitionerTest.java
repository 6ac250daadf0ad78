package io.hbench.mapreduce.terasort;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SplitPointPartitionerTest {

  @TempDir Path dir;

  private static Text key(int first) {
    byte[] k = new byte[10];
    k[0] = (byte) first;
    return new Text(k);
  }

  @Test
  void partitionsFollowSplitPointsInUnsignedOrder() throws Exception {
    Path file = dir.resolve("points");
    try (OutputStream out = Files.newOutputStream(file)) {
      out.write(key(0x40).copyBytes());
      out.write(key(0x80).copyBytes()); // 0x80 is negative as a Java byte: order must be unsigned
      out.write(key(0xC0).copyBytes());
    }
    Configuration conf = new Configuration();
    conf.set(SplitPointPartitioner.SPLIT_POINTS, file.toUri().toString());
    SplitPointPartitioner p = new SplitPointPartitioner();
    p.setConf(conf);
    assertEquals(3, p.points().length);
    Text v = new Text();
    assertEquals(0, p.getPartition(key(0x00), v, 4));
    assertEquals(0, p.getPartition(key(0x3F), v, 4));
    assertEquals(1, p.getPartition(key(0x40), v, 4));
    assertEquals(1, p.getPartition(key(0x7F), v, 4));
    assertEquals(2, p.getPartition(key(0x80), v, 4));
    assertEquals(3, p.getPartition(key(0xFF), v, 4));
    assertEquals(0, p.getPartition(key(0xFF), v, 1));
  }

  @Test
  void partitionOrderMatchesKeyOrder() throws Exception {
    Path file = dir.resolve("points");
    byte[] rec = new byte[100];
    try (OutputStream out = Files.newOutputStream(file)) {
      for (int i = 1; i < 8; i++) {
        out.write(key(i * 32).copyBytes());
      }
    }
    Configuration conf = new Configuration();
    conf.set(SplitPointPartitioner.SPLIT_POINTS, file.toUri().toString());
    SplitPointPartitioner p = new SplitPointPartitioner();
    p.setConf(conf);
    Text prevKey = null;
    int prevPart = -1;
    java.util.List<Text> keys = new java.util.ArrayList<>();
    for (long row = 0; row < 5000; row++) {
      TeraRecord.generate(row, rec);
      keys.add(new Text(java.util.Arrays.copyOf(rec, 10)));
    }
    keys.sort((a, b) -> WritableComparator.compareBytes(a.getBytes(), 0, 10, b.getBytes(), 0, 10));
    int[] counts = new int[8];
    for (Text k : keys) {
      int part = p.getPartition(k, k, 8);
      assertTrue(part >= prevPart, "partitions must not go down as keys go up");
      prevPart = part;
      prevKey = k;
      counts[part]++;
    }
    for (int c : counts) {
      assertTrue(c > 400, "random keys should spread over all 8 partitions: " + java.util.Arrays.toString(counts));
    }
    assertTrue(prevKey != null);
  }
}
