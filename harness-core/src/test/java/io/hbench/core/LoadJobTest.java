package io.hbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.cluster.DefaultScratchFiles;
import io.hbench.core.cluster.Needs;
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
      return List.of(DIR, THREADS, CALLS_EACH, FAIL);
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
          return LoadClients.of(scope.threads(), scope.options().get(CALLS_EACH), (t, i, steps) -> {
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
    }
  }

  private List<ResultRecord> run(String threads, String maps, String... more) throws Exception {
    RunRequest.Builder b = RunRequest.suite(new Echo())
        .option("--dir", tmp.toString())
        .option("--threads", threads)
        .option("--maps", maps)
        // A stuck barrier fails in seconds, not the default five minutes.
        .define(LoadJob.BARRIER_TIMEOUT, "20000");
    for (String flag : more) {
      b.flag(flag);
    }
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
}
