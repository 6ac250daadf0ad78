package io.hbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.cluster.DefaultScratchFiles;
import io.hbench.core.cluster.Needs;
import io.hbench.core.embed.RunRequest;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.Field;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A declared load run in this process and as map tasks through MapReduce's local runner (as on a
 * cluster whose mapreduce.framework.name is local): the same clients make the same calls either
 * way, with what the suite recorded before the load; every task runs at once behind the barrier;
 * their figures merge; a task that fails gives the point its reason.
 */
class LoadJobTest {

  @TempDir Path tmp;

  /** Every call made, as "client index salt": from this process and from the local runner's. */
  static final ConcurrentLinkedQueue<String> CALLS = new ConcurrentLinkedQueue<>();

  @BeforeEach
  void clear() {
    CALLS.clear();
  }

  /**
   * One point whose load's clients each make {@code --calls} calls, recording who made which
   * with a salt the run recorded before the load, so the tasks can only know it from the record.
   * Found again in a task by its class, as every suite is.
   */
  public static final class Echo implements Benchmark {
    static final BenchmarkOption<String> DIR = BenchmarkOption.text("--dir", "DIR", "Where.", "");
    static final BenchmarkOption<Integer> THREADS =
        BenchmarkOption.integer("--threads", "Threads per process.", "1", 1);
    static final BenchmarkOption<Integer> CALLS_EACH =
        BenchmarkOption.integer("--calls", "Calls per client.", "50", 1);
    static final BenchmarkOption<Boolean> FAIL =
        BenchmarkOption.flag("--fail", "Every task fails to open its clients.");
    static final BenchmarkOption<Integer> LATE_MS =
        BenchmarkOption.integer("--late-ms", "Task 1's first call starts this late.", "0", 0);
    static final BenchmarkOption<Integer> CALL_MS =
        BenchmarkOption.integer("--call-ms", "Each call takes this long.", "0", 0);
    static final BenchmarkOption<Integer> BUCKET =
        BenchmarkOption.integer("--bucket", "Calls go through a token bucket of this many per"
            + " second, shared by every task in this JVM (the local runner's), then take 2 ms.",
            "0", 0);
    static final Field<Long> SALT = Field.of("salt", Long.class);

    @Override
    public String name() {
      return "echo";
    }

    @Override
    public String description() {
      return "test";
    }

    @Override
    public List<BenchmarkOption<?>> options() {
      return List.of(DIR, THREADS, CALLS_EACH, FAIL, LATE_MS, CALL_MS, BUCKET);
    }

    @Override
    public Needs needs(OptionValues options) {
      return Needs.localDirectory(options.get(DIR));
    }

    @Override
    public List<Point> points(OptionValues options) {
      return List.of(Point.of("p").with("calls", options.get(CALLS_EACH)));
    }

    @Override
    public LoadSpec load() {
      return new LoadSpec() {
        @Override
        public String operation(OptionValues o, Point point) {
          return "echo";
        }

        @Override
        public int threads(OptionValues o, Point point) {
          return o.get(THREADS);
        }

        @Override
        public LoadClients open(LoadScope scope) throws Exception {
          if (scope.options().get(FAIL) && scope.processes() > 1) {
            throw new java.io.IOException("no such table: t" + scope.process());
          }
          long salt = scope.param(SALT);
          int first = scope.firstClient();
          long late = scope.process() == 1 ? scope.options().get(LATE_MS) : 0;
          long callMs = scope.options().get(CALL_MS);
          int bucket = scope.options().get(BUCKET);
          return LoadClients.of(scope.threads(), scope.options().get(CALLS_EACH), (t, i, steps) -> {
            if (bucket > 0) {
              BUCKETS.computeIfAbsent(bucket,
                  r -> new io.hbench.core.load.CapacitySearchIT.LimitedService(r, 2_000_000)).call();
            }
            Thread.sleep((i == 0 ? late : 0) + callMs);
            CALLS.add((first + t) + " " + i + " " + salt);
            steps.count("made", 1);
            return 10;
          });
        }
      };
    }

    @Override
    public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
      ctx.param(SALT, 4242L);
      LoadResult r = ctx.load("echo");
      ctx.check("calls", r.calls() == r.count("made"), r.calls() + " calls, " + r.count("made"));
      // The intervals, from every thread of every task, add up to the whole load.
      io.hbench.core.fs.IntervalSeries s = r.tally().series("echo");
      org.HdrHistogram.Histogram added = new org.HdrHistogram.Histogram(2);
      s.intervals().forEach(i -> added.add(i.latencies()));
      ctx.check("interval calls", s.calls() == r.calls(), s.calls() + " of " + r.calls());
      ctx.check("interval histograms", added.equals(r.tally().stats("echo").histogram()),
          added.getTotalCount() + " latencies in the intervals");
    }
  }

  /** The services of {@code --bucket}, one per rate, shared by this JVM's tasks. */
  static final Map<Integer, io.hbench.core.load.CapacitySearchIT.LimitedService> BUCKETS =
      new java.util.concurrent.ConcurrentHashMap<>();

  private List<ResultRecord> run(String threads, String maps, String... more) throws Exception {
    return run(Map.of(), threads, maps, more);
  }

  private List<ResultRecord> run(Map<String, String> options, String threads, String maps,
      String... more) throws Exception {
    return run(tmp, options, threads, maps, more);
  }

  /** Runs {@link Echo} in {@code dir} with these options, through the embedding door. */
  static List<ResultRecord> run(Path dir, Map<String, String> options, String threads,
      String maps, String... more) throws Exception {
    RunRequest.Builder b = RunRequest.suite(new Echo())
        .option("--dir", dir.toString())
        .option("--threads", threads)
        .option("--maps", maps)
        // A stuck barrier fails in seconds, not the default five minutes.
        .define(LoadJob.BARRIER_TIMEOUT, "20000");
    for (String flag : more) {
      b.flag(flag);
    }
    options.forEach(b::option);
    return b.build().run();
  }

  /** The calls by client, each client's in the order it made them. */
  private static Map<Integer, List<String>> byClient() {
    Map<Integer, List<String>> out = new TreeMap<>();
    for (String c : CALLS) {
      out.computeIfAbsent(Integer.parseInt(c.split(" ")[0]), k -> new ArrayList<>()).add(c);
    }
    return out;
  }

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void theSameClientsMakeTheSameCallsInThisProcessAndInMapTasks() throws Exception {
    ResultRecord here = run("4", "0").get(0);
    assertTrue(here.ok(), here.toString());
    Map<Integer, List<String>> inProcess = byClient();
    CALLS.clear();
    Set<String> before = DefaultScratchFiles.now();
    ResultRecord tasks = run("2", "2").get(0);
    assertTrue(tasks.ok(), tasks.toString());
    assertEquals(inProcess, byClient());
    assertEquals(4, inProcess.size());
    assertEquals("0 0 4242", inProcess.get(0).get(0));
    // Both phases hold the merged load: 4 clients x 50 calls of 10 bytes.
    for (ResultRecord r : List.of(here, tasks)) {
      assertEquals(200, r.phase("echo").load("echo").calls(), r.toString());
      assertEquals(2000, r.phase("echo").bytes(), r.toString());
    }
    for (ResultRecord r : List.of(here, tasks)) {
      assertEquals("passed", r.validation().status(), r.toString());
      assertEquals(200, r.phase("echo").load("echo").series().calls().stream()
          .mapToLong(Long::longValue).sum());
    }
    // The map tasks: every one ran at once in the local runner, and the record says how many.
    assertEquals(2, tasks.phase("echo").tasks().get("maps"), tasks.toString());
    assertEquals(0, tasks.phase("echo").tasks().get("reduces"), tasks.toString());
    // The local runner's own places in /tmp gained nothing, and the job's directory is gone.
    assertEquals(Set.of(), DefaultScratchFiles.addedSince(before));
  }

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void aFailedTaskGivesThePointItsReason() throws Exception {
    ResultRecord r = run("1", "3", "--fail").get(0);
    assertEquals("failed", r.status());
    assertTrue(r.failure().matches(
        "echo job job_local\\d+_\\d+ failed: IOException: no such table: t\\d"), r.failure());
  }

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void aTaskThatStartsLateIsLeftOutOfTheBandsFigures() throws Exception {
    ResultRecord r = run(Map.of("--late-ms", "3000", "--call-ms", "5", "--duration", "7s"),
        "1", "2").get(0);
    assertTrue(r.ok(), r.toString());
    assertEquals("passed", r.validation().status(), r.toString());
    io.hbench.core.result.OperationSeries s = r.phase("echo").load("echo").series();
    io.hbench.core.result.OperationSeries.Band band = s.band();
    assertTrue(band != null, r.options() + " " + r.phase("echo").load("echo"));
    assertEquals(3.0, band.startSeconds(), 0.5, band.toString());
    // Before it, one task called alone: the band's slowest interval is about twice as fast.
    double alone = s.opsPerSecond().get(1);
    assertTrue(band.slowest() > 1.5 * alone, band + ", alone " + alone + ": " + s.opsPerSecond());
  }

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void findMaxRecordsEveryStepAndTheAnswerThroughTheCoresDoor() throws Exception {
    ResultRecord r = run(Map.of("--call-ms", "2", "--duration", "3s", "--interval", "200ms",
        "--until-stable", "15%,4", "--slo", "p99<50ms"), "2", "0", "--find-max").get(0);
    assertTrue(r.ok(), r.toString());
    io.hbench.core.result.CapacityFigures f =
        io.hbench.core.result.CapacityFigures.FIELD.in(r.phase("echo").figures());
    assertTrue(f.steps().size() >= 3, f.toString());
    assertEquals(f.maxOpsPerSecond(), r.phase("echo").metric(io.hbench.core.result.CapacityFigures.MAX_AT_SLO).value(),
        r.toString());
    // Two clients of 2 ms calls: about 1,000 calls/s closed loop, and the answer near it.
    assertTrue(f.maxOpsPerSecond() > 300, f.toString());
    assertEquals("passed", r.validation().status(), r.toString());
    assertTrue(r.phase("echo").load("echo").series() != null);
  }
}
