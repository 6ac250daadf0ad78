package io.hbench.hive;

import io.hbench.core.PointInTask;
import io.hbench.core.RunContext;
import io.hbench.core.mapreduce.NumberRangeInputFormat;
import io.trino.tpch.TpchTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;

/**
 * TPC-H's data as {@code |}-delimited text, made by map tasks with the tpch library's generator:
 * each map writes its share of parts of every table ({@code <raw>/<table>/part-<n>}), and counts
 * the rows and bytes it wrote per table.
 */
final class TpchData {

  /** The eight tables in the order they are generated and loaded. */
  static final List<String> TABLES =
      List.of("region", "nation", "supplier", "customer", "part", "partsupp", "orders", "lineitem");

  /** The raw text's directory, under the point's. */
  static Path raw(Path pointDirectory) {
    return new Path(pointDirectory, "raw");
  }

  /** Counter groups: rows and bytes written per table. */
  static final String ROWS_GROUP = "hbench tpch rows";
  static final String BYTES_GROUP = "hbench tpch bytes";

  /** Raw bytes per unit of scale, roughly (SF 1: 1.07 GB of text); for splits and defaults. */
  static final long BYTES_PER_SCALE = 1_100_000_000L;

  private TpchData() {}

  /** What the generation wrote. */
  record Generated(long bytes, long rows, java.util.Map<String, Long> rowsPerTable) {}

  /**
   * Runs the generation as the phase {@code generate} into {@link #raw}: {@code maps} pieces of
   * each table (the small nation and region in one), one per map task. The maps read the scale,
   * the count of pieces and the directory as the point they work for ({@link PointInTask}).
   */
  static Generated generate(RunContext ctx, BigDecimal scale, int maps) throws Exception {
    int parts = Math.max(1, maps);
    ctx.param(TpchFields.GEN_MAPS, parts);
    Configuration conf = new Configuration(ctx.configuration());
    // A map that writes a part for minutes reports through its counters, not its input.
    conf.setLong("mapreduce.task.timeout", 30 * 60_000L);
    Job job = Job.getInstance(conf, "hbench tpch generate sf" + scale.toPlainString());
    job.setJarByClass(TpchData.class);
    NumberRangeInputFormat.configure(job, parts, maps,
        Math.max(1, scale.multiply(BigDecimal.valueOf(BYTES_PER_SCALE)).longValue() / parts));
    job.setMapperClass(GenerateMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(NullWritable.class);
    job.setOutputValueClass(NullWritable.class);
    job.setOutputFormatClass(NullOutputFormat.class);
    long expected = scale.multiply(BigDecimal.valueOf(BYTES_PER_SCALE)).longValue();
    java.util.Map<String, Long> rows = new java.util.LinkedHashMap<>();
    long[] sums = new long[2];
    ctx.runJob("generate", job, expected, org.apache.hadoop.mapreduce.TaskCounter.MAP_INPUT_RECORDS,
        null, (timed, into) -> {
          for (String t : TABLES) {
            long r = job.getCounters().findCounter(ROWS_GROUP, t).getValue();
            rows.put(t, r);
            sums[1] += r;
            sums[0] += job.getCounters().findCounter(BYTES_GROUP, t).getValue();
          }
          // The job started with an estimate; the phase's bytes (and MB/s) are the text written.
          into.work(sums[0], sums[1]);
        });
    return new Generated(sums[0], sums[1], rows);
  }

  /** The tpch library's table of that name. */
  static TpchTable<?> table(String name) {
    return TpchTable.getTable(name);
  }

  /** Writes parts {@code [first, first + count)} of every table. */
  public static final class GenerateMapper
      extends Mapper<LongWritable, NullWritable, NullWritable, NullWritable> {
    @Override
    protected void map(LongWritable part, NullWritable v, Context context)
        throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      PointInTask at = PointInTask.of(conf);
      double scale = at.param(TpchBenchmark.SCALE).doubleValue();
      int parts = at.param(TpchFields.GEN_MAPS);
      int p = (int) part.get() + 1;
      Path raw = raw(at.pointDirectory());
      FileSystem fs = raw.getFileSystem(conf);
      for (String name : TABLES) {
        boolean single = name.equals("nation") || name.equals("region");
        if (single && p != 1) {
          continue;
        }
        Path file = new Path(new Path(raw, name), String.format("part-%05d", p));
        Counter rows = context.getCounter(ROWS_GROUP, name);
        Counter bytes = context.getCounter(BYTES_GROUP, name);
        long n = 0;
        try (org.apache.hadoop.fs.FSDataOutputStream out = fs.create(file, false);
            BufferedWriter w = new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 1 << 16)) {
          for (Object row : table(name).createGenerator(scale, single ? 1 : p, single ? 1 : parts)) {
            w.write(((io.trino.tpch.TpchEntity) row).toLine());
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
