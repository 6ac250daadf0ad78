package io.hbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.result.ResultRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A declared load's search and steadiness on map tasks, through MapReduce's local runner (the
 * tasks are threads of this JVM, so a token bucket here is one service for all of them): each
 * step's rate is shared by the tasks, started together, judged on their merged figures.
 */
@Tag("integration")
class LoadJobIT {

  @TempDir Path tmp;

  private List<ResultRecord> run(Map<String, String> options, String threads, String maps,
      String... more) throws Exception {
    return LoadJobTest.run(tmp, options, threads, maps, more);
  }

  /**
   * --find-max --maps 2: each step's rate shared by two tasks started together, judged on their
   * merged figures; every step's calls are the sum of the tasks' own. Against a service of known
   * capacity (a token bucket of 400 calls/s shared by the tasks), the answer is where the same
   * search in this process puts it, within the search's resolution.
   */
  @Test
  @Timeout(value = 4, unit = TimeUnit.MINUTES)
  void findMaxOnMapTasksFindsWhatTheSearchInThisProcessFinds() throws Exception {
    Map<String, String> o = Map.of("--bucket", "400", "--duration", "3s", "--interval", "250ms",
        "--until-stable", "10%,6", "--slo", "p99<20ms");
    ResultRecord tasks = run(o, "4", "2", "--find-max").get(0);
    assertTrue(tasks.ok(), tasks.toString());
    io.hbench.core.result.CapacityFigures onTasks =
        io.hbench.core.result.CapacityFigures.FIELD.in(tasks.phase("echo").figures());
    assertTrue(onTasks.steps().size() >= 3, onTasks.toString());
    for (io.hbench.core.result.CapacityFigures.Step step : onTasks.steps()) {
      assertEquals(2, step.taskCalls().size(), step.toString());
      assertEquals(step.calls(), step.taskCalls().stream().mapToLong(Long::longValue).sum(),
          "a step's merged calls are the sum of its tasks': " + step);
      assertTrue(step.taskCalls().stream().allMatch(n -> n > 0), step.toString());
    }
    assertEquals(2, tasks.phase("echo").tasks().get("maps"), "one job for the whole search");
    ResultRecord here = run(o, "8", "0", "--find-max").get(0);
    assertTrue(here.ok(), here.toString());
    double inProcess = io.hbench.core.result.CapacityFigures.FIELD.in(here.phase("echo")
        .figures()).maxOpsPerSecond();
    double mapped = onTasks.maxOpsPerSecond();
    // Each search ends within 5% (its resolution) below what met the objective.
    for (double found : new double[] {inProcess, mapped}) {
      assertTrue(found >= 360 && found <= 420, found + " for a service of 400/s");
    }
    assertEquals(1.0, mapped / inProcess, 0.1, mapped + " on tasks, " + inProcess + " here");
  }

  /** --until-stable with --maps: judged on the tasks' merged intervals, once, as one load's. */
  @Test
  @Timeout(value = 2, unit = TimeUnit.MINUTES)
  void untilStableOnMapTasksIsJudgedOnTheirMergedSeries() throws Exception {
    ResultRecord r = run(Map.of("--call-ms", "2", "--duration", "20s", "--interval", "250ms",
        "--until-stable", "15%,4"), "2", "2").get(0);
    assertTrue(r.ok(), r.toString());
    io.hbench.core.result.OperationLoad load = r.phase("echo").load("echo");
    io.hbench.core.result.Stability stable = load.series().stability();
    assertTrue(stable != null && stable.stable(), load.series().toString());
    assertTrue(load.windowSeconds() < 10, "stopped once steady, not at 20 s: " + load);
    assertTrue(stable.atSeconds() <= load.windowSeconds() + 0.5, stable + " " + load);
  }
}
