package io.hbench.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.LocalDirectoryBenchmark;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.RunRequest;
import io.hbench.core.cluster.DefaultScratchFiles;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A load in map tasks through MapReduce's local runner, as on a cluster whose
 * mapreduce.framework.name is local: every task runs at once, the barrier lets them through, and
 * their figures merge.
 */
class DistributedLoadTest {

  @TempDir Path tmp;

  /** Each task makes {@link #CALLS} calls on one thread. */
  public static final class Counting implements LoadTask {
    static final long CALLS = 50;

    @Override
    public Load open(Configuration conf, int task, int tasks) {
      return new Load("count", LoadPlan.calls(CALLS), (thread, index, steps) -> 0L, null);
    }
  }

  /** One point: a load of three tasks. */
  static final class ThreeTasks extends LocalDirectoryBenchmark {
    final Class<? extends LoadTask> task;

    ThreeTasks(Path dir, Class<? extends LoadTask> task) {
      super("three-tasks", dir);
      this.task = task;
    }

    @Override
    public List<Point> points(OptionValues options) {
      return List.of(Point.of("p"));
    }

    @Override
    public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
      Configuration c = new Configuration(ctx.configuration());
      c.set("mapreduce.framework.name", "local");
      // A stuck barrier fails in seconds, not the default five minutes.
      c.setLong(DistributedLoad.BARRIER_TIMEOUT, 20_000);
      LoadResult r = ctx.distributedLoad("count", task, c, 3);
      ctx.check("calls", r.calls() == 3 * Counting.CALLS, Long.toString(r.calls()));
    }
  }

  /** Fails in every task. */
  public static final class Failing implements LoadTask {
    @Override
    public Load open(Configuration conf, int task, int tasks) throws java.io.IOException {
      throw new java.io.IOException("no such table: t" + task);
    }
  }

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void aFailedTaskGivesThePointItsReasonNotNa() throws Exception {
    List<ResultRecord> records = RunRequest.suite(new ThreeTasks(tmp, Failing.class)).build().run();
    ResultRecord r = records.get(0);
    assertEquals("failed", r.status());
    assertTrue(r.failure().matches("count job job_local\\d+_\\d+ failed: IOException: no such table: t\\d"),
        r.failure());
  }

  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void everyTaskRunsAtOnceInTheLocalRunner() throws Exception {
    Set<String> before = DefaultScratchFiles.now();
    List<ResultRecord> records = RunRequest.suite(new ThreeTasks(tmp, Counting.class)).build().run();
    ResultRecord r = records.get(0);
    assertTrue(r.ok(), r.toString());
    assertEquals(3 * Counting.CALLS, r.phase("count").records(), r.toString());
    // The local runner counts no launched tasks; the record still says how many ran.
    assertEquals(3, r.phase("count").tasks().get("maps"), r.toString());
    assertEquals(0, r.phase("count").tasks().get("reduces"), r.toString());
    // The local runner's own places in /tmp gained nothing, and the job's directory is gone.
    assertEquals(Set.of(), DefaultScratchFiles.addedSince(before));
  }
}
