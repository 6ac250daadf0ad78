package io.hbench.mapreduce.terasort;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * TeraGen's input: no files, just row numbers {@code [0, rows)} cut into one contiguous range per
 * map ({@code mapreduce.job.maps}).
 */
public final class RowRangeInputFormat extends InputFormat<LongWritable, NullWritable> {

  /** Number of rows to generate. */
  public static final String ROWS = "hbench.teragen.rows";

  /** A range of rows. */
  public static final class RowRange extends InputSplit implements Writable {
    long first;
    long count;

    public RowRange() {}

    RowRange(long first, long count) {
      this.first = first;
      this.count = count;
    }

    @Override
    public long getLength() {
      return count * TeraRecord.LENGTH;
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeLong(first);
      out.writeLong(count);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      first = in.readLong();
      count = in.readLong();
    }
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) {
    long rows = job.getConfiguration().getLong(ROWS, 0);
    int maps = (int) Math.max(1, Math.min(rows, job.getConfiguration().getInt(MRJobConfig.NUM_MAPS, 1)));
    List<InputSplit> splits = new ArrayList<>(maps);
    long first = 0;
    for (int i = 0; i < maps; i++) {
      long end = rows * (i + 1) / maps;
      splits.add(new RowRange(first, end - first));
      first = end;
    }
    return splits;
  }

  @Override
  public RecordReader<LongWritable, NullWritable> createRecordReader(
      InputSplit split, TaskAttemptContext context) {
    return new RecordReader<>() {
      private RowRange range;
      private long next;
      private final LongWritable key = new LongWritable();

      @Override
      public void initialize(InputSplit s, TaskAttemptContext c) {
        range = (RowRange) s;
        next = range.first;
      }

      @Override
      public boolean nextKeyValue() {
        if (next >= range.first + range.count) {
          return false;
        }
        key.set(next++);
        return true;
      }

      @Override
      public LongWritable getCurrentKey() {
        return key;
      }

      @Override
      public NullWritable getCurrentValue() {
        return NullWritable.get();
      }

      @Override
      public float getProgress() {
        return range.count == 0 ? 1f : (next - range.first) / (float) range.count;
      }

      @Override
      public void close() {}
    };
  }
}
