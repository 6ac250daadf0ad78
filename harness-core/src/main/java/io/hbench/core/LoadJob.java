package io.hbench.core;

import io.hbench.core.fs.Instrumentation;
import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
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
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;

/**
 * A suite's declared load ({@link LoadSpec}) as M map tasks on YARN, for when one client machine
 * cannot saturate the service. The job carries only what identifies the load, as every job
 * {@link RunContext#runJob} runs does ({@link PointInTask}): the suite's class, its options as
 * text, the point's label and the parameters recorded for it. Each task finds the suite, parses
 * the options again with its declarations, finds the point among its points, opens its share of
 * the clients, waits at a
 * start barrier until every task is ready, runs them ({@link #runClients}, as this process does
 * for {@code --maps 0}) and writes its figures; the client merges them ({@link LoadResult#merge}:
 * histograms merged, never averaged; the window from the first task's first call to the last
 * task's last call). Start and end times come from the tasks' clocks: across hosts, the window is
 * as good as their synchronization (NTP: milliseconds).
 */
final class LoadJob {

  static final String MAPS = "hbench.load.maps";
  static final String BARRIER = "hbench.load.barrier";
  static final String OUT = "hbench.load.out";

  /** How long a task waits at the start barrier for the others, ms. */
  static final String BARRIER_TIMEOUT = "hbench.load.barrier-timeout-ms";

  static final long DEFAULT_BARRIER_TIMEOUT = 300_000;

  /** Name prefix of a task's file at the start barrier. */
  private static final String READY = "ready-";


  private LoadJob() {}

  /**
   * The job that runs the point's load in {@code maps} map tasks, its files under {@code dir}:
   * the barrier and the tasks' figures.
   */
  static Job job(Configuration pointConf, FileSystem fs, Path dir, String point, int maps,
      Class<?> jarOf) throws IOException {
    FileSystem files = Instrumentation.uncounted(fs);
    Path barrier = new Path(dir, "barrier");
    Path out = new Path(dir, "out");
    files.mkdirs(barrier);
    files.mkdirs(out);
    Configuration c = new Configuration(pointConf);
    c.setInt(MAPS, maps);
    c.set(BARRIER, files.makeQualified(barrier).toString());
    c.set(OUT, files.makeQualified(out).toString());
    // A second attempt of a task would run its share twice.
    c.setBoolean("mapreduce.map.speculative", false);
    c.setInt("mapreduce.map.maxattempts", 1);
    // MapReduce's local runner runs one map at a time unless told otherwise: the second task
    // would never start, and the first would wait at the barrier until it gave up.
    c.setInt("mapreduce.local.map.tasks.maximum", maps);
    Job job = Job.getInstance(c, "hbench " + point + " load x " + maps + " tasks");
    job.setJarByClass(jarOf);
    NumberRangeInputFormat.configure(job, maps, maps, 0);
    job.setMapperClass(LoadMapper.class);
    job.setNumReduceTasks(0);
    // Each task writes its figures itself, uncounted: with --instrument, the harness's own
    // files (barrier, figures) must not show among the load's file system calls.
    job.setOutputFormatClass(NullOutputFormat.class);
    return job;
  }

  /** Reads and merges the tasks' figures; every task must have reported. */
  static LoadResult read(Configuration jobConf, int maps) throws IOException {
    Path out = new Path(jobConf.get(OUT));
    FileSystem fs = Instrumentation.uncounted(out.getFileSystem(jobConf));
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

  /**
   * Opens one process's clients of {@code spec} and drives them: the one path from a declared
   * load to its calls, in this process ({@code --maps 0}) and in every map task. {@code ready}
   * runs after the clients are open and before the first call (a task's start barrier).
   */
  static LoadResult runClients(LoadSpec spec, LoadScope scope, Console console, String label,
      ReadyGate ready) throws Exception {
    return runClients(spec, scope, console, label, ready, 0, plan -> plan);
  }

  /**
   * As above, as run {@code run} of the load in its phase (a search's step), driving the clients
   * as {@code adjust} makes of the options' plan (a step's rate). The clients are opened with
   * the run and its plan in their scope ({@link LoadScope#run}, {@link LoadScope#callsAtMost}).
   */
  static LoadResult runClients(LoadSpec spec, LoadScope scope, Console console, String label,
      ReadyGate ready, int run,
      java.util.function.UnaryOperator<io.hbench.core.load.LoadPlan> adjust) throws Exception {
    String op = spec.operation(scope.options(), scope.point());
    boolean timed = spec.timed(scope.options(), scope.point());
    long[] open = new long[scope.threads()];
    java.util.Arrays.fill(open, Long.MAX_VALUE);
    io.hbench.core.load.LoadPlan drive = adjust.apply(LoadOptions.plan(scope.options(),
        new LoadClients(open, (t, i, steps) -> 0, null), scope.processes(), timed));
    LoadClients clients = spec.open(scope.forRun(run, drive, timed, console));
    try {
      if (clients.threads() != scope.threads()) {
        throw new IllegalStateException(op + ": the load opened " + clients.threads()
            + " client threads where it declared " + scope.threads());
      }
      ready.await();
      return ConcurrentLoad.run(op,
          adjust.apply(LoadOptions.plan(scope.options(), clients, scope.processes(), timed)),
          clients.call(), console, label);
    } finally {
      if (clients.resources() != null) {
        clients.resources().close();
      }
    }
  }

  /** What a process waits for between opening its clients and their first call. */
  @FunctionalInterface
  interface ReadyGate {
    ReadyGate NONE = () -> {};

    void await() throws IOException, InterruptedException;
  }

  /** Task {@code task}'s scope: the suite's options and point, found again from their texts. */
  static LoadScope scope(PointInTask at, Configuration conf, int task, int maps)
      throws IOException {
    return new LoadScope(conf, at.options(), at.point(), at.params(), at.directories(conf),
        at.pointDirectory(), task, maps, at.suite().load().threads(at.options(), at.point()),
        null);
  }

  /** One task: open its share, wait for the others, run, write its figures. */
  public static final class LoadMapper
      extends Mapper<LongWritable, NullWritable, NullWritable, NullWritable> {
    @Override
    protected void map(LongWritable number, NullWritable ignored, Context context)
        throws IOException, InterruptedException {
      Configuration conf = context.getConfiguration();
      int me = (int) number.get();
      int maps = conf.getInt(MAPS, 1);
      PointInTask at = PointInTask.of(conf);
      LoadScope scope = scope(at, conf, me, maps);
      LoadSpec spec = at.suite().load();
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
        Console console = new Console(System.out, System.err, false, 10_000);
        LoadResult r = runClients(spec, scope, console, "task " + me,
            () -> awaitOthers(conf, me, maps));
        Path out = new Path(conf.get(OUT), "part-task-" + me);
        FileSystem fs = Instrumentation.uncounted(out.getFileSystem(conf));
        try (Writer w = new OutputStreamWriter(fs.create(out, true), StandardCharsets.UTF_8)) {
          for (String line : r.toLines()) {
            w.write(me + "\t" + line + "\n");
          }
        }
      } catch (IOException | InterruptedException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IOException("load task " + me + " of " + scope.point().label() + ": " + e, e);
      } finally {
        alive.interrupt();
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
