package io.hbench.hdfs.namenode;

import io.hbench.core.RunContext;
import io.hbench.core.mapreduce.NumberRangeInputFormat;
import io.hbench.core.mapreduce.PartFiles;
import io.hbench.core.report.Console;
import io.hbench.core.stats.ConcurrentLoad;
import io.hbench.core.stats.OperationTally;
import java.io.IOException;
import java.net.URI;
import java.util.Arrays;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * {@code nnthroughput --mode rpc --maps M}: the client load of one namespace operation spread
 * over M map tasks, since one client process cannot saturate a strong NameNode (HDFS-17272).
 * Each map takes its share of the names and issues the calls from {@code --threads} threads; the
 * client merges the maps' figures (histograms merged, never averaged) and their windows.
 */
final class NameNodeLoadJob {

  static final String OP = "hbench.nnthroughput.op";
  static final String ROOT = "hbench.nnthroughput.root";
  static final String NAMENODE = "hbench.nnthroughput.namenode";
  static final String MAPS = "hbench.nnthroughput.maps";
  static final String THREADS = "hbench.nnthroughput.threads";
  static final String FILES = "hbench.nnthroughput.files";
  static final String FILES_PER_DIR = "hbench.nnthroughput.files-per-dir";
  static final String DIRS = "hbench.nnthroughput.dirs";
  static final String DIRS_PER_DIR = "hbench.nnthroughput.dirs-per-dir";
  static final String REPLICATION = "hbench.nnthroughput.replication";
  static final String CLOSE = "hbench.nnthroughput.close";
  static final String BLOCK_SIZE = "hbench.nnthroughput.block-size";

  /** Key of a map's output line holding its window: start and end, ms since the epoch. */
  static final String WINDOW = "_window";

  private NameNodeLoadJob() {}

  static NameNodeFigures run(
      RunContext ctx, NameNodeOp op, NameNodeWorkload.Settings s, String root, int maps)
      throws Exception {
    Configuration conf = new Configuration(ctx.configuration());
    conf.set(OP, op.text);
    conf.set(ROOT, root);
    conf.set(NAMENODE, ctx.fileSystem().getUri().toString());
    conf.setInt(MAPS, maps);
    conf.setInt(THREADS, s.threads());
    conf.setInt(FILES, s.files());
    conf.setInt(FILES_PER_DIR, s.filesPerDir());
    conf.setInt(DIRS, s.dirs());
    conf.setInt(DIRS_PER_DIR, s.dirsPerDir());
    conf.setInt(REPLICATION, s.replication());
    conf.setBoolean(CLOSE, s.close());
    conf.setLong(BLOCK_SIZE, s.blockSize());
    conf.setBoolean("mapreduce.map.speculative", false);
    Job job = Job.getInstance(conf, "hbench nnthroughput " + op.text + " x " + maps + " maps");
    job.setJarByClass(NameNodeLoadJob.class);
    NumberRangeInputFormat.configure(job, maps, maps, 0);
    job.setMapperClass(LoadMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    Path out = new Path(ctx.pointDirectory(), "result");
    FileOutputFormat.setOutputPath(job, out);
    ctx.runJob(op.text, job, 0, TaskCounter.MAP_OUTPUT_RECORDS);

    OperationTally tally = new OperationTally();
    long[] window = {Long.MAX_VALUE, Long.MIN_VALUE};
    int[] reported = {0};
    PartFiles.forEachLine(ctx.fileSystem(), out, (file, line) -> {
      int tab = line.indexOf('\t');
      String key = line.substring(0, tab);
      String value = line.substring(tab + 1);
      if (key.equals(WINDOW)) {
        String[] w = value.split(" ");
        window[0] = Math.min(window[0], Long.parseLong(w[0]));
        window[1] = Math.max(window[1], Long.parseLong(w[1]));
        reported[0]++;
      } else {
        tally.parseLine(key, value);
      }
    });
    if (reported[0] != maps) {
      throw new IllegalStateException(reported[0] + " of " + maps + " maps reported their figures");
    }
    return NameNodeFigures.of(op.text, tally, Math.max(1, window[1] - window[0]) * 1_000_000L);
  }

  /** One map: its share of the names, from {@code --threads} threads, against the NameNode. */
  public static final class LoadMapper extends Mapper<LongWritable, NullWritable, Text, Text> {
    @Override
    protected void map(LongWritable number, NullWritable ignored, Context context)
        throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      NameNodeOp op = NameNodeOp.parse(conf.get(OP)).get(0);
      NameNodeWorkload.Settings s =
          new NameNodeWorkload.Settings(conf.getInt(THREADS, 1), conf.getInt(FILES, 0),
              conf.getInt(FILES_PER_DIR, 4), conf.getInt(DIRS, 0), conf.getInt(DIRS_PER_DIR, 2),
              0, 0, 0, 0, 0, 0, 0, (short) conf.getInt(REPLICATION, 3), conf.getBoolean(CLOSE, false),
              true, conf.getLong(BLOCK_SIZE, 128L << 20));
      String root = conf.get(ROOT);
      String opDir = root + "/" + op.text;
      String[] all =
          op == NameNodeOp.MKDIRS
              ? NameLayout.names(opDir, s.dirsPerDir(), s.dirs())
              : NameLayout.names(opDir, s.filesPerDir(), s.files());
      int maps = conf.getInt(MAPS, 1);
      int m = (int) number.get();
      long[] share = ConcurrentLoad.split(all.length, maps);
      long first = NameNodeWorkload.offsets(share)[m];
      String[] mine = Arrays.copyOfRange(all, (int) first, (int) (first + share[m]));
      FileSystem fs = FileSystem.get(URI.create(conf.get(NAMENODE)), conf);
      // The task must show progress while its threads work, or YARN kills it after 10 minutes.
      Thread alive = new Thread(() -> {
        try {
          while (!Thread.currentThread().isInterrupted()) {
            context.progress();
            Thread.sleep(10_000);
          }
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }, "hbench-progress");
      alive.setDaemon(true);
      alive.start();
      try (RemoteNameNode nn = RemoteNameNode.of(fs)) {
        NameNodeWorkload w = new NameNodeWorkload(op, s, nn, root, "hbench-m" + m + "-");
        w.useNames(mine);
        Console console = new Console(System.out, System.err, false, 10_000);
        ConcurrentLoad.Result r =
            ConcurrentLoad.run(op.text, w.perClient(), w.call(), console, "map " + m);
        context.write(new Text(op.text), new Text(r.tally().line(op.text)));
        context.write(new Text(WINDOW), new Text(r.startMillis() + " " + r.endMillis()));
      } finally {
        alive.interrupt();
      }
    }
  }
}
