package io.hbench.core.load;

import io.hbench.core.RunContext;
import io.hbench.core.fs.Instrumentation;
import io.hbench.core.mapreduce.NumberRangeInputFormat;
import io.hbench.core.mapreduce.PartFiles;
import io.hbench.core.report.Console;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.TaskCounter;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;

/**
 * Runs a load as M map tasks on YARN, for when one client machine cannot saturate the service:
 * each task opens its share ({@link LoadTask}), waits at a start barrier until every task is
 * ready, runs it with {@link ConcurrentLoad}, and writes its tally; the client merges them
 * ({@link LoadResult#merge}: histograms merged, never averaged; the window from the first
 * task's first call to the last task's last call, so aggregate ops/s = total calls / that
 * window). Start and end times come from the tasks' clocks: across hosts, the window is as good
 * as their synchronization (NTP: milliseconds).
 */
public final class DistributedLoad {

  static final String TASK_CLASS = "hbench.load.task";
  static final String TASKS = "hbench.load.tasks";
  static final String BARRIER = "hbench.load.barrier";
  static final String OUT = "hbench.load.out";

  /** How long a task waits at the start barrier for the others, ms. */
  public static final String BARRIER_TIMEOUT = "hbench.load.barrier-timeout-ms";

  static final long DEFAULT_BARRIER_TIMEOUT = 300_000;

  /** Name prefix of a task's file at the start barrier. */
  private static final String READY = "ready-";

  private DistributedLoad() {}

  /**
   * Runs {@code task} in {@code maps} map tasks as the job of phase {@code phase} of {@code ctx}'s
   * point, with {@code conf} (the point's configuration plus the task's own settings), and
   * returns the merged result. Fails when a task fails or does not report.
   */
  public static LoadResult run(
      RunContext ctx, String phase, Class<? extends LoadTask> task, Configuration conf, int maps)
      throws Exception {
    Path dir = ctx.directories().create(new Path(ctx.pointDirectory(), "load-" + phase));
    Path barrier = ctx.directories().create(new Path(dir, "barrier"));
    Path out = ctx.directories().create(new Path(dir, "out"));
    Configuration c = new Configuration(conf);
    c.set(TASK_CLASS, task.getName());
    c.setInt(TASKS, maps);
    c.set(BARRIER, ctx.fileSystem().makeQualified(barrier).toString());
    c.set(OUT, ctx.fileSystem().makeQualified(out).toString());
    // A second attempt of a task would run its share twice.
    c.setBoolean("mapreduce.map.speculative", false);
    c.setInt("mapreduce.map.maxattempts", 1);
    // MapReduce's local runner runs one map at a time unless told otherwise: the second task
    // would never start, and the first would wait at the barrier until it gave up.
    c.setInt("mapreduce.local.map.tasks.maximum", maps);
    Job job = Job.getInstance(c, "hbench " + phase + " load x " + maps + " tasks");
    job.setJarByClass(task);
    NumberRangeInputFormat.configure(job, maps, maps, 0);
    job.setMapperClass(LoadMapper.class);
    job.setNumReduceTasks(0);
    // Each task writes its figures itself, uncounted: with --instrument, the harness's own
    // files (barrier, figures) must not show among the load's file system calls.
    job.setOutputFormatClass(NullOutputFormat.class);
    ctx.runJob(phase, job, 0, TaskCounter.MAP_INPUT_RECORDS);
    return read(Instrumentation.uncounted(ctx.fileSystem()), out, maps);
  }

  /** Reads and merges the tasks' output; every task must have reported. */
  static LoadResult read(FileSystem fs, Path out, int maps) throws IOException {
    Map<Integer, List<String>> byTask = new TreeMap<>();
    PartFiles.forEachLine(fs, out, (file, line) -> {
      int tab = line.indexOf('\t');
      byTask.computeIfAbsent(Integer.parseInt(line.substring(0, tab)), k -> new ArrayList<>())
          .add(line.substring(tab + 1));
    });
    if (byTask.size() != maps) {
      throw new IOException(byTask.size() + " of " + maps + " load tasks reported their figures");
    }
    List<LoadResult> parts = new ArrayList<>();
    byTask.values().forEach(lines -> parts.add(LoadResult.parse(lines)));
    return LoadResult.merge(parts);
  }

  /** One task: open its share, wait for the others, run, write the tally. */
  public static final class LoadMapper
      extends Mapper<LongWritable, NullWritable, NullWritable, NullWritable> {
    @Override
    protected void map(LongWritable number, NullWritable ignored, Context context)
        throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      int tasks = conf.getInt(TASKS, 1);
      int me = (int) number.get();
      LoadTask task;
      LoadTask.Load load;
      try {
        task = conf.getClassByName(conf.get(TASK_CLASS)).asSubclass(LoadTask.class)
            .getDeclaredConstructor().newInstance();
        load = task.open(conf, me, tasks);
      } catch (IOException | InterruptedException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IOException("load task " + conf.get(TASK_CLASS) + ": " + e, e);
      }
      // YARN kills a task that shows no progress for 10 minutes; a long load is not stuck.
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
      try {
        awaitOthers(conf, me, tasks);
        Console console = new Console(System.out, System.err, false, 10_000);
        LoadResult r = ConcurrentLoad.run(load.op(), load.plan(), load.call(), console, "task " + me);
        Path out = new Path(conf.get(OUT), "part-task-" + me);
        FileSystem fs = Instrumentation.uncounted(out.getFileSystem(conf));
        try (Writer w = new OutputStreamWriter(fs.create(out, true), StandardCharsets.UTF_8)) {
          for (String line : r.toLines()) {
            w.write(me + "\t" + line + "\n");
          }
        }
      } finally {
        alive.interrupt();
        if (load.resources() != null) {
          try {
            load.resources().close();
          } catch (Exception e) {
            throw new IOException("closing load task " + me + ": " + e, e);
          }
        }
      }
    }

    /**
     * The start barrier: each task leaves a file and waits until all {@code tasks} have, so no
     * task's calls run against an idle cluster while the others are still being scheduled.
     */
    private static void awaitOthers(Configuration conf, int me, int tasks)
        throws IOException, InterruptedException {
      Path barrier = new Path(conf.get(BARRIER));
      FileSystem fs = Instrumentation.uncounted(barrier.getFileSystem(conf));
      fs.create(new Path(barrier, READY + me), true).close();
      long timeout = conf.getLong(BARRIER_TIMEOUT, DEFAULT_BARRIER_TIMEOUT);
      long deadline = System.nanoTime() + timeout * 1_000_000;
      int ready;
      while ((ready = fs.listStatus(barrier, p -> p.getName().startsWith(READY)).length) < tasks) {
        if (System.nanoTime() > deadline) {
          throw new IOException("start barrier: " + ready + " of " + tasks + " load tasks were"
              + " running after " + timeout / 1000 + " s; the cluster cannot run " + tasks
              + " tasks at once (fewer --maps, or more containers)");
        }
        Thread.sleep(50);
      }
    }
  }
}
