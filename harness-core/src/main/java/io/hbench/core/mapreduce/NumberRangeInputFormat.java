package io.hbench.core.mapreduce;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapreduce.InputFormat;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;

/**
 * Input for jobs that make their own data (TeraGen's rows, DFSIO's files, WordCount's text, Slive's
 * maps): no files, just the numbers {@code [0, n)} cut into one contiguous range per map, each
 * number one record; or given numbers, such as the chunks of text still missing. Set up with
 * {@link #configure}.
 */
public final class NumberRangeInputFormat extends InputFormat<LongWritable, NullWritable> {

  /** How many numbers. */
  public static final String NUMBERS = "hbench.input.numbers";

  /** Bytes each number stands for, so that splits report a length (for scheduling only). */
  public static final String BYTES_PER_NUMBER = "hbench.input.bytes-per-number";

  /** The given numbers, when not {@code [0, n)}. */
  public static final String GIVEN = "hbench.input.given";

  /**
   * How many ranges. Not {@code mapreduce.job.maps}: MapReduce's local runner sets that to 1 in
   * every job's configuration, which would run a load's tasks one after the other in one map.
   */
  public static final String SPLITS = "hbench.input.splits";

  /**
   * Makes {@code job} read the numbers {@code [0, numbers)} in {@code maps} ranges (fewer when
   * there are fewer numbers than maps).
   */
  public static void configure(Job job, long numbers, int maps, long bytesPerNumber) {
    Configuration conf = job.getConfiguration();
    conf.setLong(NUMBERS, numbers);
    conf.setLong(BYTES_PER_NUMBER, bytesPerNumber);
    conf.setInt(SPLITS, maps);
    conf.setInt(MRJobConfig.NUM_MAPS, maps);
    job.setInputFormatClass(NumberRangeInputFormat.class);
  }

  /**
   * Makes {@code job} read {@code numbers}, in this order, in {@code maps} ranges (fewer when
   * there are fewer numbers than maps).
   */
  public static void configure(Job job, List<Long> numbers, int maps, long bytesPerNumber) {
    configure(job, numbers.size(), maps, bytesPerNumber);
    job.getConfiguration().setStrings(GIVEN,
        numbers.stream().map(String::valueOf).toArray(String[]::new));
  }

  /** A range of numbers. */
  public static final class NumberRange extends InputSplit implements Writable {
    long first;
    long count;
    long bytesPerNumber;

    public NumberRange() {}

    NumberRange(long first, long count, long bytesPerNumber) {
      this.first = first;
      this.count = count;
      this.bytesPerNumber = bytesPerNumber;
    }

    @Override
    public long getLength() {
      return count * bytesPerNumber;
    }

    @Override
    public String[] getLocations() {
      return new String[0];
    }

    @Override
    public void write(DataOutput out) throws IOException {
      out.writeLong(first);
      out.writeLong(count);
      out.writeLong(bytesPerNumber);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
      first = in.readLong();
      count = in.readLong();
      bytesPerNumber = in.readLong();
    }
  }

  @Override
  public List<InputSplit> getSplits(JobContext job) {
    Configuration conf = job.getConfiguration();
    long numbers = conf.getLong(NUMBERS, 0);
    long bytesPerNumber = conf.getLong(BYTES_PER_NUMBER, 0);
    int maps = (int) Math.max(1, Math.min(numbers, conf.getInt(SPLITS, 1)));
    List<InputSplit> splits = new ArrayList<>(maps);
    long first = 0;
    for (int i = 0; i < maps; i++) {
      long end = numbers * (i + 1) / maps;
      splits.add(new NumberRange(first, end - first, bytesPerNumber));
      first = end;
    }
    return splits;
  }

  @Override
  public RecordReader<LongWritable, NullWritable> createRecordReader(
      InputSplit split, TaskAttemptContext context) {
    return new RecordReader<>() {
      private NumberRange range;
      private long next;
      private long[] given;
      private final LongWritable key = new LongWritable();

      @Override
      public void initialize(InputSplit s, TaskAttemptContext c) {
        range = (NumberRange) s;
        next = range.first;
        String[] list = c.getConfiguration().getStrings(GIVEN);
        if (list != null) {
          given = new long[list.length];
          for (int i = 0; i < list.length; i++) {
            given[i] = Long.parseLong(list[i].trim());
          }
        }
      }

      @Override
      public boolean nextKeyValue() {
        if (next >= range.first + range.count) {
          return false;
        }
        key.set(given == null ? next : given[(int) next]);
        next++;
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
