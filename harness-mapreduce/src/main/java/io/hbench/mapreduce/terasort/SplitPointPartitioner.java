package io.hbench.mapreduce.terasort;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.Partitioner;

/**
 * Total-order partitioner: reduce {@code i} gets the keys between split points {@code i-1} and
 * {@code i}, so the reducers' outputs, read in order, are globally sorted. The split points come
 * from {@link TeraSampler}'s file: {@code reduces - 1} sorted keys of 10 bytes each.
 */
public final class SplitPointPartitioner extends Partitioner<Text, Text> implements Configurable {

  /** Path of the split-point file. */
  public static final String SPLIT_POINTS = "hbench.terasort.split.points";

  private Configuration conf;
  private byte[][] points = new byte[0][];

  @Override
  public void setConf(Configuration conf) {
    this.conf = conf;
    String file = conf.get(SPLIT_POINTS);
    if (file == null) {
      return;
    }
    Path p = new Path(file);
    try {
      FileSystem fs = p.getFileSystem(conf);
      int n = (int) (fs.getFileStatus(p).getLen() / TeraRecord.KEY_LENGTH);
      points = new byte[n][TeraRecord.KEY_LENGTH];
      try (DataInputStream in = fs.open(p)) {
        for (byte[] point : points) {
          in.readFully(point);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read split points " + file, e);
    }
  }

  @Override
  public Configuration getConf() {
    return conf;
  }

  @Override
  public int getPartition(Text key, Text value, int numPartitions) {
    if (numPartitions <= 1 || points.length == 0) {
      return 0;
    }
    // Number of split points <= key: binary search over unsigned byte order (Text's order).
    int lo = 0;
    int hi = points.length;
    byte[] k = key.getBytes();
    int len = key.getLength();
    while (lo < hi) {
      int mid = (lo + hi) >>> 1;
      byte[] p = points[mid];
      if (WritableComparator.compareBytes(p, 0, p.length, k, 0, len) <= 0) {
        lo = mid + 1;
      } else {
        hi = mid;
      }
    }
    return Math.min(lo, numPartitions - 1);
  }

  /** For tests: the split points in use. */
  byte[][] points() {
    return Arrays.copyOf(points, points.length);
  }
}
