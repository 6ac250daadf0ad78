package io.hbench.mapreduce.terasort;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;

/**
 * Picks the total-order split points on the client before the sort job runs: reads up to {@code
 * samples} keys from up to {@value #MAX_SPLITS} input splits spread over the input, sorts them and
 * takes {@code reduces - 1} evenly spaced keys. Random keys make this a good estimate of the
 * key distribution, as in Hadoop's TeraSort.
 */
public final class TeraSampler {

  static final int MAX_SPLITS = 10;

  private TeraSampler() {}

  /** Samples {@code job}'s input and writes the split points to {@code file}. */
  public static void writeSplitPoints(Job job, int reduces, int samples, Path file)
      throws IOException, InterruptedException {
    TeraInputFormat format = new TeraInputFormat();
    List<InputSplit> splits = format.getSplits(job);
    int take = Math.min(MAX_SPLITS, splits.size());
    List<byte[]> keys = new ArrayList<>();
    if (take > 0) {
      int perSplit = Math.max(1, samples / take);
      TaskAttemptContext ctx =
          new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
      for (int i = 0; i < take; i++) {
        InputSplit split = splits.get(i * splits.size() / take);
        try (TeraInputFormat.Reader reader = new TeraInputFormat.Reader()) {
          reader.initialize(split, ctx);
          for (int n = 0; n < perSplit && reader.nextKeyValue(); n++) {
            keys.add(Arrays.copyOf(reader.getCurrentKey().getBytes(), TeraRecord.KEY_LENGTH));
          }
        }
      }
    }
    keys.sort((a, b) -> WritableComparator.compareBytes(a, 0, a.length, b, 0, b.length));
    FileSystem fs = file.getFileSystem(job.getConfiguration());
    try (FSDataOutputStream out = fs.create(file, false)) {
      if (!keys.isEmpty()) {
        for (int i = 1; i < reduces; i++) {
          out.write(keys.get((int) ((long) i * keys.size() / reduces)));
        }
      }
    }
    job.getConfiguration().set(SplitPointPartitioner.SPLIT_POINTS, fs.makeQualified(file).toString());
  }
}
