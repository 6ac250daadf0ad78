package io.hbench.mapreduce.terasort;

import io.hbench.core.OptionValues;
import io.hbench.core.RunContext;
import io.hbench.core.mapreduce.NumberRangeInputFormat;
import io.hbench.core.mapreduce.PartFiles;
import io.hbench.core.size.Size;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.Reducer;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * The three TeraSort jobs and the options they share, used by the teragen, terasort and
 * teravalidate suites alike.
 */
final class TeraJobs {

  /** Keys sampled to pick the sort's split points, as many as Hadoop's TeraSort. */
  static final int SAMPLES = 100_000;

  private TeraJobs() {}

  /** Block size to write with: the option, else the configuration's. */
  static long blockSize(OptionValues options, Configuration conf) {
    Size s = options.get(TeraOptions.BLOCK_SIZE);
    return s != null ? s.bytes() : conf.getLongBytes("dfs.blocksize", 128L * 1024 * 1024);
  }

  /** Generate maps: the option, else one per block of data. */
  static int maps(OptionValues options, long bytes, long blockSize) {
    Integer m = options.get(TeraOptions.MAPS);
    return m != null ? m : (int) Math.max(1, (bytes + blockSize - 1) / blockSize);
  }

  static int reduces(OptionValues options, Configuration conf) {
    Integer r = options.get(TeraOptions.REDUCES);
    return r != null ? r : Math.max(1, conf.getInt(MRJobConfig.NUM_REDUCES, 1));
  }

  /** Rows of 100 bytes in {@code size} (a size that is not a multiple of 100 is rounded down). */
  static long rows(Size size) {
    return size.bytes() / TeraRecord.LENGTH;
  }

  /**
   * Runs the generate phase: {@code rows} records into {@code out} (which may exist if hbench
   * created it). Checks the records written and returns the data's checksum.
   */
  static String generate(
      RunContext ctx, String phase, long rows, int maps, long blockSize, Path out)
      throws Exception {
    Configuration conf = new Configuration(ctx.configuration());
    conf.setLong("dfs.blocksize", blockSize);
    Job job = Job.getInstance(conf, "hbench teragen " + rows + " rows");
    job.setJarByClass(TeraJobs.class);
    NumberRangeInputFormat.configure(job, rows, maps, TeraRecord.LENGTH);
    job.setMapperClass(TeraGenMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TeraOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    ctx.runJob(phase, job, rows * TeraRecord.LENGTH, TaskCounter.MAP_OUTPUT_RECORDS);
    long written = TeraChecksum.records(job.getCounters());
    ctx.check(
        phase + "_records", written == rows, "wrote " + written + " records of " + rows + " asked");
    return TeraChecksum.of(job.getCounters());
  }

  /** Runs the sort phase (sampling included in its time): {@code in} into {@code out}. */
  static long sort(
      RunContext ctx, Path in, Path out, long bytes, int reduces, long blockSize, Path splitFile)
      throws Exception {
    Configuration conf = new Configuration(ctx.configuration());
    conf.setLong("dfs.blocksize", blockSize);
    // Like Hadoop's TeraSort: the sorted output is written once; it is scratch data.
    conf.setIfUnset(TeraOutputFormat.REPLICATION, "1");
    Job job = Job.getInstance(conf, "hbench terasort");
    job.setJarByClass(TeraJobs.class);
    job.setInputFormatClass(TeraInputFormat.class);
    FileInputFormat.setInputPaths(job, in);
    job.setMapperClass(Mapper.class);
    job.setReducerClass(Reducer.class);
    job.setMapOutputKeyClass(Text.class);
    job.setMapOutputValueClass(Text.class);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setNumReduceTasks(reduces);
    job.setPartitionerClass(SplitPointPartitioner.class);
    job.setOutputFormatClass(TeraOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    ctx.runJob(
        "terasort",
        job,
        bytes,
        TaskCounter.REDUCE_OUTPUT_RECORDS,
        () -> {
          if (reduces > 1) {
            TeraSampler.writeSplitPoints(job, reduces, SAMPLES, splitFile);
          }
        });
    return job.getCounters().findCounter(TaskCounter.REDUCE_OUTPUT_RECORDS).getValue();
  }

  /** What TeraValidate found. */
  record Outcome(long records, String checksum, long orderErrors, String firstError) {}

  /** Runs the validate phase over {@code in}, writing its report to {@code report}. */
  static Outcome validate(RunContext ctx, Path in, Path report)
      throws Exception {
    Configuration conf = new Configuration(ctx.configuration());
    FileSystem fs = in.getFileSystem(conf);
    long bytes = 0;
    for (FileStatus st : fs.listStatus(in, p -> !p.getName().startsWith("_") && !p.getName().startsWith("."))) {
      bytes += st.isFile() ? st.getLen() : 0;
    }
    Job job = Job.getInstance(conf, "hbench teravalidate");
    job.setJarByClass(TeraJobs.class);
    job.setInputFormatClass(TeraInputFormat.WholeFile.class);
    FileInputFormat.setInputPaths(job, in);
    job.setMapperClass(TeraValidateMapper.class);
    job.setReducerClass(TeraValidateReducer.class);
    job.setNumReduceTasks(1);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, report);
    ctx.runJob("teravalidate", job, bytes, TaskCounter.MAP_INPUT_RECORDS);
    String[] firstError = {null};
    PartFiles.forEachLine(report.getFileSystem(conf), report, (file, line) -> {
      if (firstError[0] == null && line.startsWith(TeraValidateReducer.ERROR + "\t")) {
        firstError[0] = line.substring(line.indexOf('\t') + 1);
      }
    });
    long errors = job.getCounters().findCounter(TeraChecksum.Counter.ORDER_ERRORS).getValue();
    return new Outcome(
        TeraChecksum.records(job.getCounters()), TeraChecksum.of(job.getCounters()), errors, firstError[0]);
  }

  /** Records the order check of a validation outcome. */
  static void checkOrder(RunContext ctx, Outcome o) {
    ctx.check(
        "order",
        o.orderErrors() == 0,
        o.orderErrors() == 0
            ? o.records() + " records in order"
            : o.orderErrors() + " out-of-order position(s); first: " + o.firstError());
  }
}
