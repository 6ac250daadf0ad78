package io.hbench.core.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;

/** Every number read exactly once, in contiguous ranges, one per map: counted or given. */
class NumberRangeInputFormatTest {

  private static List<List<Long>> read(Job job) throws Exception {
    NumberRangeInputFormat format = new NumberRangeInputFormat();
    TaskAttemptContext task = new TaskAttemptContextImpl(job.getConfiguration(), new TaskAttemptID());
    List<List<Long>> out = new ArrayList<>();
    for (InputSplit split : format.getSplits(job)) {
      List<Long> keys = new ArrayList<>();
      try (RecordReader<LongWritable, NullWritable> r = format.createRecordReader(split, task)) {
        r.initialize(split, task);
        while (r.nextKeyValue()) {
          keys.add(r.getCurrentKey().get());
        }
      }
      out.add(keys);
    }
    return out;
  }

  @Test
  void theNumbersFromZeroInOneRangePerMap() throws Exception {
    Job job = Job.getInstance(new Configuration(false));
    NumberRangeInputFormat.configure(job, 7, 3, 10);
    assertEquals(List.of(List.of(0L, 1L), List.of(2L, 3L), List.of(4L, 5L, 6L)), read(job));
  }

  @Test
  void givenNumbersInTheirOrderAndNoMoreMapsThanNumbers() throws Exception {
    Job job = Job.getInstance(new Configuration(false));
    NumberRangeInputFormat.configure(job, List.of(3L, 8L, 9L), 5, 10);
    assertEquals(List.of(List.of(3L), List.of(8L), List.of(9L)), read(job));
    Job two = Job.getInstance(new Configuration(false));
    NumberRangeInputFormat.configure(two, List.of(3L, 8L, 9L), 2, 10);
    assertEquals(List.of(List.of(3L), List.of(8L, 9L)), read(two));
  }
}
