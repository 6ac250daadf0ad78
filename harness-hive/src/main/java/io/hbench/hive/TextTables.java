package io.hbench.hive;

import io.hbench.core.PointInTask;
import io.hbench.core.RunContext;
import io.hbench.core.mapreduce.NumberRangeInputFormat;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;

/**
 * A benchmark's tables written as text by map tasks with its generator, the one generation job
 * of the decision-support suites: the tables are cut into the same number of pieces, map task k
 * writes piece k of every table ({@code <raw>/<table>/part-<k>}; a table too small to cut is
 * written whole by the first), and the rows and bytes written are counted per table.
 */
final class TextTables {

  private TextTables() {}

  /** A benchmark's generator, the same in this process and in a map task. */
  interface Generator {
    /** The tables, in the order they are written and loaded. */
    List<String> tables();

    /** Whether {@code table} is written whole by the first piece at {@code scale}. */
    boolean whole(String table, double scale);

    /** The rows of piece {@code piece} (from 1) of {@code pieces} of {@code table}, a line each. */
    Iterable<String> lines(String table, double scale, int piece, int pieces);
  }

  /** What the generation wrote, and where: {@link #raw} of the point's directory. */
  record Generated(Path raw, long bytes, long rows, Map<String, Long> rowsPerTable) {}

  /** The raw text's directory, under the point's. */
  static Path raw(Path pointDirectory) {
    return new Path(pointDirectory, "raw");
  }

  /** Counter groups: rows and bytes written per table. */
  static final String ROWS_GROUP = "hbench rows";
  static final String BYTES_GROUP = "hbench bytes";

  /**
   * Runs the generation as the phase {@code generate} into {@link #raw}: {@code pieces} pieces of
   * each table, one per map task of {@code mapper}, which finds the scale and the count of pieces
   * as the point it works for ({@link PointInTask}).
   *
   * @param expectedBytes the text's size, roughly: the phase's bytes until the maps have counted
   */
  static Generated generate(RunContext ctx, String jobName, Generator generator, int pieces,
      long expectedBytes, Class<? extends PieceMapper> mapper) throws Exception {
    // The point's directory is made (and owned) before the maps write under it.
    Path raw = raw(ctx.pointDirectory());
    Configuration conf = new Configuration(ctx.configuration());
    // A map that writes a piece for minutes reports through its counters, not its input.
    conf.setLong("mapreduce.task.timeout", 30 * 60_000L);
    Job job = Job.getInstance(conf, jobName);
    job.setJarByClass(mapper);
    NumberRangeInputFormat.configure(job, pieces, pieces, Math.max(1, expectedBytes / pieces));
    job.setMapperClass(mapper);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    job.setOutputFormatClass(NullOutputFormat.class);
    Map<String, Long> rows = new LinkedHashMap<>();
    long[] sums = new long[2];
    ctx.runJob("generate", job, expectedBytes,
        org.apache.hadoop.mapreduce.TaskCounter.MAP_INPUT_RECORDS, null, (timed, into) -> {
          for (String t : generator.tables()) {
            long r = job.getCounters().findCounter(ROWS_GROUP, t).getValue();
            rows.put(t, r);
            sums[1] += r;
            sums[0] += job.getCounters().findCounter(BYTES_GROUP, t).getValue();
          }
          // The job started with an estimate; the phase's bytes (and MB/s) are the text written.
          into.work(sums[0], sums[1]);
        });
    return new Generated(raw, sums[0], sums[1], rows);
  }

  /** Writes one piece of every table: a suite's generation job names its subclass. */
  abstract static class PieceMapper
      extends org.apache.hadoop.mapreduce.Mapper<LongWritable, NullWritable, NullWritable, NullWritable> {

    /** The suite's generator. */
    abstract Generator generator();

    /** The point's scale. */
    double scale(PointInTask at) {
      return at.param(TpchBenchmark.SCALE).doubleValue();
    }

    /** The count of pieces each table is cut into. */
    int pieces(PointInTask at) {
      return at.param(TpchFields.GEN_MAPS);
    }

    @Override
    protected void map(LongWritable number, NullWritable v, Context context)
        throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      PointInTask at = PointInTask.of(conf);
      Generator g = generator();
      double scale = scale(at);
      int pieces = pieces(at);
      int piece = (int) number.get() + 1;
      Path raw = raw(at.pointDirectory());
      FileSystem fs = raw.getFileSystem(conf);
      for (String name : g.tables()) {
        boolean whole = g.whole(name, scale);
        if (whole && piece != 1) {
          continue;
        }
        Path file = new Path(new Path(raw, name), String.format("part-%05d", piece));
        Counter rows = context.getCounter(ROWS_GROUP, name);
        Counter bytes = context.getCounter(BYTES_GROUP, name);
        long n = 0;
        try (FSDataOutputStream out = fs.create(file, false);
            BufferedWriter w = new BufferedWriter(
                new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16)) {
          for (String line : g.lines(name, scale, whole ? 1 : piece, whole ? 1 : pieces)) {
            w.write(line);
            w.write('\n');
            if (++n % 10_000 == 0) {
              rows.increment(10_000);
              context.progress();
            }
          }
          w.flush();
          rows.increment(n % 10_000);
          bytes.increment(out.getPos());
        }
      }
    }
  }
}
