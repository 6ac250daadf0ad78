package io.hbench.core.engine;

import io.hbench.core.LoadOptions;
import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PointInTask;
import io.hbench.core.RunContext;
import io.hbench.core.fs.Instrumentation;
import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.Disruption;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadResult;
import io.hbench.core.mapreduce.NumberRangeInputFormat;
import io.hbench.core.mapreduce.StartBarrier;
import io.hbench.core.stats.SteadyState;
import io.hbench.core.text.Console;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
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
 * the options again with its declarations and finds the point among its points.
 *
 * <p>The tasks then run the load as told, run by run, through files in the load's directory: one
 * run for a plain load, a run per step for a {@code --find-max} search. For run k this process
 * (the {@link Conductor}) writes {@code runs/k} (the run's rate over all tasks); each task opens
 * its share of the clients for it (before any clock: a delete's files are made here) and waits
 * at run k's {@link StartBarrier} ({@code start/k}), which names one wall-clock start for every
 * task, so no task's calls run against an idle cluster while the others are scheduled or open
 * theirs. When the run's steadiness is judged ({@code --until-stable}, every search step), each
 * task leaves a file per interval with its calls in it, and the conductor judges the intervals
 * summed over every task, as one load, and writes {@code stop/k} once they are steady. Each task
 * writes its figures as {@code out/k/<task>}; the conductor merges them ({@link LoadResult#merge}:
 * histograms merged, never averaged; the window from the first task's first call to the last
 * task's last call) and writes {@code runs/k+1}, or {@code end}. Start and end times come from
 * the tasks' clocks: across hosts, the window is as good as their synchronization (NTP: ms).
 */
final class LoadJob {

  static final String MAPS = "hbench.load.maps";

  /** The load's directory: runs, starts, progress, stops and figures. */
  static final String DIR = "hbench.load.dir";

  /** The phase the load runs as ({@link LoadScope#phase}). */
  static final String PHASE = "hbench.load.phase";

  /** How long a task waits for the others at a run's start, or for its next run, ms. */
  static final String BARRIER_TIMEOUT = "hbench.load.barrier-timeout-ms";

  static final long DEFAULT_BARRIER_TIMEOUT = 300_000;

  private static final String RUNS = "runs";
  private static final String START = "start";
  private static final String PROGRESS = "progress";
  private static final String STOP = "stop";
  private static final String OUT = "out";
  private static final String END = "end";
  /** {@code kill/k/<task>_<attempt>}: the conductor tells an attempt its container is killed. */
  private static final String KILL = "kill";
  /** {@code killed/k/<task>_<attempt>}: the figures of an attempt that stopped to be killed. */
  private static final String KILLED = "killed";

  private LoadJob() {}

  /** Where the conductor tells attempt {@code attempt} of task {@code task} it is killed. */
  static Path killOrder(Path dir, int k, int task, int attempt) {
    return new Path(new Path(new Path(dir, KILL), Integer.toString(k)), task + "_" + attempt);
  }

  /** Where that attempt leaves its figures once it has stopped calling. */
  static Path killedFigures(Path dir, int k, int task, int attempt) {
    return new Path(new Path(new Path(dir, KILLED), Integer.toString(k)), task + "_" + attempt);
  }

  /** Run {@code k}'s start barrier ({@link StartBarrier}). */
  private static Path start(Path dir, int k) {
    return new Path(new Path(dir, START), Integer.toString(k));
  }

  /**
   * The job that runs the point's load, as the phase {@code phase}, in {@code maps} map tasks,
   * its files under {@code dir}.
   */
  static Job job(Configuration pointConf, FileSystem fs, Path dir, String point, String phase,
      int maps, Class<?> jarOf) throws IOException {
    FileSystem files = Instrumentation.uncounted(fs);
    files.mkdirs(dir);
    Configuration c = new Configuration(pointConf);
    c.setInt(MAPS, maps);
    c.set(PHASE, phase);
    c.set(DIR, files.makeQualified(dir).toString());
    // A second attempt of a task would run its share twice.
    c.setBoolean("mapreduce.map.speculative", false);
    c.setInt("mapreduce.map.maxattempts", 1);
    // MapReduce's local runner runs one map at a time unless told otherwise: the second task
    // would never start, and the first would wait for it until it gave up.
    c.setInt("mapreduce.local.map.tasks.maximum", maps);
    Job job = Job.getInstance(c, "hbench " + point + " load x " + maps + " tasks");
    job.setJarByClass(jarOf);
    NumberRangeInputFormat.configure(job, maps, maps, 0);
    job.setMapperClass(LoadMapper.class);
    job.setNumReduceTasks(0);
    // Each task writes its figures itself, uncounted: with --instrument, the harness's own
    // files must not show among the load's file system calls.
    job.setOutputFormatClass(NullOutputFormat.class);
    return job;
  }

  /**
   * Opens one process's clients of {@code spec} and drives them: the one path from a declared
   * load to its calls, in this process ({@code --maps 0}) and in every map task. {@code ready}
   * runs after the clients are open and before the first call (a task's start barrier).
   */
  static LoadResult runClients(LoadSpec spec, LoadScope scope, Console console, String label,
      ReadyGate ready) throws Exception {
    return runClients(spec, scope, console, label, ready, 0, plan -> plan, null);
  }

  /**
   * As above, as run {@code run} of the load in its phase (a search's step), driving the clients
   * as {@code adjust} makes of the options' plan (a step's rate), telling {@code watch} at each
   * interval's end (or null). The clients are opened with the run and its plan in their scope
   * ({@link LoadScope#run}, {@link LoadScope#callsAtMost}).
   */
  static LoadResult runClients(LoadSpec spec, LoadScope scope, Console console, String label,
      ReadyGate ready, int run, java.util.function.UnaryOperator<LoadPlan> adjust,
      ConcurrentLoad.Watch watch) throws Exception {
    String op = spec.operation(scope.options(), scope.point());
    boolean timed = spec.timed(scope.options(), scope.point());
    long[] open = new long[scope.threads()];
    java.util.Arrays.fill(open, Long.MAX_VALUE);
    LoadPlan drive = adjust.apply(LoadOptions.plan(scope.options(),
        new LoadClients(open, (t, i, steps) -> 0, null), scope.processes(), timed));
    LoadClients clients = spec.open(scope.forRun(run, drive, timed, console));
    try {
      if (clients.threads() != scope.threads()) {
        throw new IllegalStateException(op + ": the load opened " + clients.threads()
            + " client threads where it declared " + scope.threads());
      }
      // The object store's requests, as its client counts them, beside the suite's own counts.
      List<io.hbench.core.load.ClientCount> counted = new ArrayList<>(clients.counted());
      counted.addAll(StoreRequests.of(scope.fileSystem()));
      ready.await();
      return ConcurrentLoad.run(op,
          adjust.apply(LoadOptions.plan(scope.options(), clients, scope.processes(), timed)),
          clients.call(), console, label, watch, counted);
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
        null).inPhase(conf.get(PHASE, ""));
  }

  /** A run as the conductor orders it: its number, rate over all tasks, and whether judged. */
  record Order(int run, double rate, boolean judged) {

    String text() {
      return rate + " " + judged;
    }

    static Order parse(int run, String text) {
      String[] f = text.trim().split(" ");
      return new Order(run, Double.parseDouble(f[0]), Boolean.parseBoolean(f[1]));
    }
  }

  /**
   * This process's side of a load on {@code maps} map tasks: orders each run, starts it once
   * every task is ready, judges its steadiness over every task when asked, and merges the tasks'
   * figures. Runs on the thread that submitted the job, while the job runs ({@link
   * io.hbench.core.engine.JobPhase.WhileRunning}).
   */
  static final class Conductor {
    private final Job job;
    private final FileSystem fs;
    private final Path dir;
    private final int maps;
    private final long timeoutMillis;
    private final OptionValues options;
    private final Console console;
    private final String label;
    private int runs;
    private java.util.function.LongConsumer started = t -> {};

    /** Tells {@code to} of each run's start on the wall clock (ms since the epoch). */
    Conductor onStart(java.util.function.LongConsumer to) {
      this.started = to;
      return this;
    }

    Conductor(Job job, int maps, OptionValues options, Console console, String label)
        throws IOException {
      this.job = job;
      Configuration conf = job.getConfiguration();
      this.dir = new Path(conf.get(DIR));
      this.fs = Instrumentation.uncounted(dir.getFileSystem(conf));
      this.maps = maps;
      this.timeoutMillis = conf.getLong(BARRIER_TIMEOUT, DEFAULT_BARRIER_TIMEOUT);
      this.options = options;
      this.console = console;
      this.label = label;
    }

    /**
     * Runs the load once more on every task: at {@code rate} calls per second over all of them
     * (0: as fast as they go), judged steady over every task by {@code steady} (or null: run to
     * the duration). Returns the tasks' figures merged, with the steadiness judged here.
     */
    LoadResult run(double rate, SteadyState steady)
        throws IOException, InterruptedException, Ended {
      int k = runs++;
      write(new Path(new Path(dir, RUNS), Integer.toString(k)),
          new Order(k, rate, steady != null).text());
      StartBarrier barrier = new StartBarrier(fs, start(dir, k));
      if (barrier.awaitReady(maps, Long.MAX_VALUE, timeoutMillis, k == 0
          ? "the cluster cannot run " + maps + " tasks at once (fewer --maps, or more containers)"
          : "a task is stuck opening its clients", new StartBarrier.Waiting(job::isComplete, console, label,
              "load tasks", "were ready for run " + k + " (opened their clients)")) < 0) {
        throw new Ended("its start");
      }
      long start = barrier.go();
      started.accept(start);
      SteadyWatch watch = steady == null ? null : new SteadyWatch(steady, start
          + (options.has(LoadOptions.WARMUP_TIME) ? options.get(LoadOptions.WARMUP_TIME).toMillis()
              : 0), options.get(LoadOptions.INTERVAL).toMillis());
      Path out = new Path(new Path(dir, OUT), Integer.toString(k));
      Path progress = new Path(new Path(dir, PROGRESS), Integer.toString(k));
      Long stableAt = null;
      // A timed run ends by its duration; a counted one whenever its counts are done.
      long deadline = !LoadOptions.timed(options) ? Long.MAX_VALUE
          : start + options.get(LoadOptions.DURATION).toMillis() + timeoutMillis
              + (options.has(LoadOptions.WARMUP_TIME)
                  ? options.get(LoadOptions.WARMUP_TIME).toMillis() : 0);
      while (count(out) < maps) {
        failIfEnded("run " + k);
        if (System.currentTimeMillis() > deadline) {
          throw new IOException(count(out) + " of " + maps + " load tasks reported run " + k
              + " after its duration and " + timeoutMillis / 1000 + " s");
        }
        if (watch != null && stableAt == null) {
          stableAt = watch.judge(fs, progress, maps);
          if (stableAt != null) {
            write(new Path(new Path(dir, STOP), Integer.toString(k)), Long.toString(stableAt));
          }
        }
        Thread.sleep(100);
      }
      // A task whose container was killed and started again: its attempts' calls as one task's.
      Map<String, TreeMap<Integer, LoadResult>> killed = new TreeMap<>();
      for (FileStatus f : listed(fs, new Path(new Path(dir, KILLED), Integer.toString(k)))) {
        String[] task = f.getPath().getName().split("_");
        killed.computeIfAbsent(task[0], t -> new TreeMap<>()).put(Integer.parseInt(task[1]),
            LoadResult.parse(lines(f.getPath())));
      }
      List<LoadResult> parts = new ArrayList<>();
      for (FileStatus f : listed(fs, out)) {
        LoadResult last = LoadResult.parse(lines(f.getPath()));
        TreeMap<Integer, LoadResult> before = killed.get(f.getPath().getName());
        if (before == null) {
          parts.add(last);
        } else {
          List<LoadResult> attempts = new ArrayList<>(before.values());
          attempts.add(last);
          parts.add(LoadResult.continued(attempts));
        }
      }
      LoadResult merged = LoadResult.merge(parts);
      if (steady != null) {
        merged = merged.withStability(new io.hbench.core.result.Stability(steady.percent(),
            steady.window(), stableAt != null, stableAt == null ? null
                : Math.round(Math.max(0, stableAt - merged.startMillis()) / 100.0) / 10.0));
      }
      return merged;
    }

    /** Tells the tasks that no run follows: they end, and the job with them. */
    void end() throws IOException {
      write(new Path(dir, END), "");
    }

    /**
     * The job ended before the conductor told it to (a task failed): no more to conduct, and the
     * job's own failure, which the phase reports, says why.
     */
    static final class Ended extends Exception {
      Ended(String what) {
        super("the load job ended during " + what, null, false, false);
      }
    }

    private void failIfEnded(String what) throws IOException, Ended {
      if (job.isComplete()) {
        throw new Ended(what);
      }
    }

    private int count(Path where) throws IOException {
      return listed(fs, where).length;
    }

    private List<String> lines(Path file) throws IOException {
      try (InputStream in = fs.open(file)) {
        return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
      }
    }

    private void write(Path file, String text) throws IOException {
      LoadJob.write(fs, file, text);
    }
  }

  /**
   * The conductor's judgement of a run's steadiness from the tasks' intervals: an interval counts
   * once every task has reported it (or a later one), its rate the sum of the tasks' calls in it;
   * the intervals that begin before the run's start plus its warm-up are left out.
   */
  static final class SteadyWatch {
    private final SteadyState.Rates rates;
    private final long fromMillis;
    private final long intervalMillis;
    private final Map<Long, long[]> byInterval = new TreeMap<>();
    private final Map<Integer, Long> latest = new TreeMap<>();
    private final java.util.Set<String> seen = new java.util.HashSet<>();
    private long next = Long.MIN_VALUE;

    SteadyWatch(SteadyState criterion, long fromMillis, long intervalMillis) {
      this.rates = criterion.rates();
      this.fromMillis = fromMillis;
      this.intervalMillis = intervalMillis;
    }

    /** Reads the tasks' new intervals; returns when the run became steady (ms), or null. */
    Long judge(FileSystem fs, Path progress, int tasks) throws IOException {
      if (!fs.exists(progress)) {
        return null;
      }
      for (FileStatus f : listed(fs, progress)) {
        String name = f.getPath().getName();
        if (!seen.add(name)) {
          continue;
        }
        String[] p = name.split("-");
        long interval = Long.parseLong(p[0]);
        int task = Integer.parseInt(p[1]);
        long calls = Long.parseLong(p[2]);
        byInterval.computeIfAbsent(interval, i -> new long[1])[0] += calls;
        latest.merge(task, interval, Math::max);
      }
      if (latest.size() < tasks) {
        return null;
      }
      long complete = latest.values().stream().mapToLong(Long::longValue).min().orElse(0);
      for (Map.Entry<Long, long[]> e : byInterval.entrySet()) {
        long i = e.getKey();
        if (i <= next || i > complete) {
          continue;
        }
        next = i;
        if (i * intervalMillis < fromMillis) {
          continue; // begins before the run's start and warm-up
        }
        if (rates.add(e.getValue()[0] / (intervalMillis / 1000.0))) {
          return (i + 1) * intervalMillis;
        }
      }
      return null;
    }
  }

  /**
   * The files of {@code dir}, none of those being written (named {@code .<name>.tmp}) or a
   * checksum file's; none when it does not exist yet.
   */
  static FileStatus[] listed(FileSystem fs, Path dir) throws IOException {
    if (!fs.exists(dir)) {
      return new FileStatus[0];
    }
    return fs.listStatus(dir, p -> !p.getName().startsWith("."));
  }

  /** Writes {@code text} as {@code file}, whole ({@link StartBarrier#writeWhole}). */
  static void write(FileSystem fs, Path file, String text) throws IOException {
    StartBarrier.writeWhole(fs, file, text);
  }

  /** One task: for each run, open its share, wait for the others, run, write its figures. */
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
      Path dir = new Path(conf.get(DIR));
      FileSystem fs = Instrumentation.uncounted(dir.getFileSystem(conf));
      long timeout = conf.getLong(BARRIER_TIMEOUT, DEFAULT_BARRIER_TIMEOUT);
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
        int attempt = context.getTaskAttemptID().getId();
        Disruption faults = LoadOptions.disruption(at.options());
        boolean killable = faults != null && faults.actions().stream()
            .anyMatch(a -> a.kind() == Disruption.Kind.KILL_TASK_CONTAINER);
        for (int k = 0; ; k++) {
          Order order = awaitOrder(fs, dir, k, timeout);
          if (order == null) {
            return;
          }
          int run = k;
          Path progress = new Path(new Path(dir, PROGRESS), Integer.toString(k));
          Path stop = new Path(new Path(dir, STOP), Integer.toString(k));
          Path kill = killOrder(dir, k, me, attempt);
          boolean[] killed = {false};
          ConcurrentLoad.Watch watch = !order.judged() && !killable ? null
              : new ConcurrentLoad.Watch() {
            private long last = -1;

            @Override
            public boolean ended(long interval, long done) {
              try {
                if (killable && fs.exists(kill)) {
                  killed[0] = true; // its calls stop here, and its container is killed next
                  return true;
                }
                if (!order.judged()) {
                  return false;
                }
                // The first interval ended is the part of one after the start: it is reported
                // too, and the conductor leaves out what began before the run's start.
                fs.create(new Path(progress, interval + "-" + me + "-" + (done - Math.max(0,
                    last))), true).close();
                last = done;
                return fs.exists(stop);
              } catch (IOException e) {
                return false; // judged without this interval; the load goes on to its duration
              }
            }
          };
          // An attempt started again after the run's start (its container was killed) joins it
          // for what is left of it, on names of its own (LoadScope#run).
          Long begun = attempt == 0 ? null : new StartBarrier(fs, start(dir, k)).given();
          java.util.function.UnaryOperator<LoadPlan> rate =
              plan -> plan.withTargetRate(order.rate() / maps).withUntilStable(null);
          LoadResult r = runClients(spec, scope, console, "task " + me + " run " + k
              + (attempt == 0 ? "" : " attempt " + attempt),
              begun != null ? ReadyGate.NONE : () -> startWithOthers(fs, dir, run, me, timeout),
              k + LoadScope.RESTARTED * attempt, begun == null ? rate
                  : plan -> rate.apply(plan).joinedLate(begun, System.currentTimeMillis()),
              watch);
          StringBuilder text = new StringBuilder();
          r.toLines().forEach(l -> text.append(l).append('\n'));
          if (killed[0]) {
            write(fs, killedFigures(dir, k, me, attempt), text.toString());
            throw awaitKill(me, attempt, timeout); // its container is killed meanwhile
          }
          write(fs, new Path(new Path(new Path(dir, OUT), Integer.toString(k)),
              Integer.toString(me)), text.toString());
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
     * Waits for this attempt's container to be killed, as the conductor does once its figures
     * are written; returns the attempt's failure only when that never came.
     */
    private static IOException awaitKill(int me, int attempt, long timeout)
        throws InterruptedException {
      Thread.sleep(timeout);
      return new IOException("load task " + me + " attempt " + attempt + " stopped to be killed"
          + " by --disrupt kill-task-container, and was not killed in " + timeout / 1000 + " s");
    }

    /** Run {@code k}'s order, or null when the conductor said the load has ended. */
    private static Order awaitOrder(FileSystem fs, Path dir, int k, long timeout)
        throws IOException, InterruptedException {
      Path order = new Path(new Path(dir, RUNS), Integer.toString(k));
      Path end = new Path(dir, END);
      long deadline = System.currentTimeMillis() + timeout;
      while (true) {
        if (fs.exists(order)) {
          try (InputStream in = fs.open(order)) {
            return Order.parse(k, new String(in.readAllBytes(), StandardCharsets.UTF_8));
          }
        }
        if (fs.exists(end)) {
          return null;
        }
        if (System.currentTimeMillis() > deadline) {
          throw new IOException("no order for run " + k + " after " + timeout / 1000 + " s: the"
              + " client that conducts the load is gone");
        }
        Thread.sleep(50);
      }
    }

    /**
     * The start barrier of run {@code k}: the task says it is ready and waits for the conductor's
     * start, one wall-clock time for every task, so no task's calls run while the others are
     * still being scheduled or opening their clients.
     */
    private static void startWithOthers(FileSystem fs, Path dir, int k, int me, long timeout)
        throws IOException, InterruptedException {
      new StartBarrier(fs, start(dir, k)).arrive(Integer.toString(me), timeout);
    }
  }
}
