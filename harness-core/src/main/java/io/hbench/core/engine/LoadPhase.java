package io.hbench.core.engine;

import io.hbench.core.LoadOptions;
import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.RunContext.Figures;
import io.hbench.core.RunContext.LoadFigures;
import io.hbench.core.RunContext.PhaseBody;
import io.hbench.core.RunContext;
import io.hbench.core.cluster.FaultActions;
import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.load.CapacitySearch;
import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.Disruption;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadResult;
import io.hbench.core.load.Slo;
import io.hbench.core.result.CapacityFigures;
import io.hbench.core.result.FaultRecord;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ServerCalls;
import io.hbench.core.text.Console;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/**
 * How a point's load runs as one phase: the suite's declared load in this process or on {@code
 * --maps} map tasks, once or searched ({@code --find-max}), its intervals logged ({@code
 * --hlog}), a run that ran out of work said; or clients that stay in this process. The point
 * ({@link PointRun}) times and records the phase; this class places and drives the load.
 */
final class LoadPhase {

  /** What the point does for a load: time and record a phase, run a job as one, check. */
  interface Timing {
    /** Times {@code body} as the phase {@code name} and records it with {@code figures}. */
    PhaseResult phase(String name, long bytes, PhaseBody body, Figures figures) throws Exception;

    /** Runs {@code job} as the phase {@code name}, {@code during} while it runs. */
    PhaseResult job(String name, Job job, Figures figures, JobPhase.WhileRunning during)
        throws Exception;

    /** Records a check of the point. */
    void check(String name, boolean passed, String detail);
  }

  private final Timing timing;
  private final LoadSpec spec;
  private final Class<?> suiteClass;
  private final OptionValues options;
  private final Configuration conf;
  private final OwnedDirectories dirs;
  private final Console console;
  private final String label;
  private final Map<String, FaultActions> faults;
  private final RequestPrices prices;

  /**
   * @param faults {@code --disrupt}'s actions by service, checked when the run's cluster was
   *     opened; empty without {@code --disrupt}
   * @param prices {@code --request-prices}, or null
   */
  LoadPhase(Timing timing, LoadSpec spec, Class<?> suiteClass, OptionValues options,
      Configuration conf, OwnedDirectories dirs, Console console, String label,
      Map<String, FaultActions> faults, RequestPrices prices) {
    this.faults = faults;
    this.prices = prices;
    this.timing = timing;
    this.spec = spec;
    this.suiteClass = suiteClass;
    this.options = options;
    this.conf = conf;
    this.dirs = dirs;
    this.console = console;
    this.label = label;
  }

  /**
   * Runs the suite's declared load for the point of {@code whole} as the phase {@code name}: in
   * this process, or with {@code --maps M} as M map tasks, once or searched ({@code --find-max}).
   *
   * @param calls what the load's operations ask of the servers, recorded with the phase
   */
  LoadResult declared(String name, LoadScope whole, ServerCalls calls) throws Exception {
    int maps = LoadOptions.maps(options);
    Point point = whole.point();
    LoadResult[] result = new LoadResult[1];
    Path pointDirectory = whole.pointDirectory();
    Disruption disruption = LoadOptions.disruption(options);
    // Faults are placed in a timed load's time: a suite's set-up load by count has none.
    FaultRun faultRun = disruption == null || !spec.timed(options, point) ? null
        : new FaultRun(disruption, faults, console, label);
    long warmup = options.has(LoadOptions.WARMUP_TIME)
        ? options.get(LoadOptions.WARMUP_TIME).toMillis() : 0;
    Figures figures = (timed, into) -> {
      LoadResult r = result[0];
      into.work(r.bytes(), r.calls());
      into.loads(r.loads());
      into.figure(ServerCalls.FIELD, calls);
      spec.figures(r, whole, into);
      String store = StoreRequests.record(StoreRequests.totals(r), r.calls(), prices,
          into::metric);
      if (store != null) {
        console.status("[" + label + "] " + name + ": " + store);
      }
      if (faultRun != null) {
        // After the phase's clock: the wait for re-replication is not the load's time.
        faultRun.finish();
        FaultRecord record = faultRun.record(r);
        // The suite's checks judge the failures outside the faults' windows: those inside are
        // what the user asked to measure, and are counted there.
        result[0] = r.withFaultFailures(record.faults().stream().filter(f -> f.figures() != null)
            .mapToLong(f -> f.figures().callsFailed()).sum());
        into.figure(FaultRecord.FIELD, record);
        FaultRun.metrics(record).forEach(into::metric);
        faultRun.describe(record).forEach(console::status);
      }
    };
    // --find-max searches a load that runs by time; one of a fixed count (a suite's set-up:
    // ycsb's load phase, hbase-pe's write of the table a read needs) runs once, as declared.
    if (LoadOptions.findMax(options) && spec.timed(options, point)) {
      return maps == 0 ? findMax(name, spec, whole, calls)
          : findMaxOnTasks(name, spec, whole, calls, maps);
    }
    if (maps == 0) {
      ConcurrentLoad.Watch placed = faultRun == null ? null : new ConcurrentLoad.Watch() {
        @Override
        public boolean ended(long interval, long done) {
          return false;
        }

        @Override
        public void started(long startMillis) {
          faultRun.start(startMillis + warmup);
        }
      };
      try {
        timing.phase(name, 0, () -> {
          result[0] = LoadJob.runClients(spec, whole, console, label, LoadJob.ReadyGate.NONE, 0,
              plan -> plan, placed);
          return result[0].calls();
        }, figures);
      } finally {
        if (faultRun != null) {
          faultRun.stop();
        }
      }
      sayRanOut(name, result[0]);
      logIntervals(name, result[0]);
      return result[0];
    }
    Path dir = dirs.create(new Path(pointDirectory, "load-" + name));
    Job job = LoadJob.job(conf, dirs.fileSystem(), dir, point.label(), name, maps, suiteClass);
    // --until-stable judged over every task's calls, as one load's: the conductor's.
    io.hbench.core.stats.SteadyState steady = spec.timed(options, point)
        && options.has(LoadOptions.UNTIL_STABLE) ? options.get(LoadOptions.UNTIL_STABLE) : null;
    try {
      timing.job(name, job, figures, j -> {
            LoadJob.Conductor c = new LoadJob.Conductor(j, maps, options, console, label);
            if (faultRun != null) {
              if (faults.get("yarn") instanceof TaskContainerKill kill) {
                kill.bind(j, dir);
              }
              c.onStart(start -> faultRun.start(start + warmup));
            }
            try {
              result[0] = c.run(options.get(LoadOptions.TARGET_RATE), steady);
              c.end();
            } catch (LoadJob.Conductor.Ended e) {
              // A task failed: the job's failure, reported as the phase's, says why.
            }
          });
    } finally {
      if (faultRun != null) {
        faultRun.stop();
      }
    }
    sayRanOut(name, result[0]);
    logIntervals(name, result[0]);
    return result[0];
  }

  /**
   * {@code --find-max --maps M}: the search of {@link #findMax}, each step an open-loop load at
   * the step's rate shared over M map tasks of one job, started together once every task has
   * opened its clients (their start-up is in no step's window), judged on the tasks' merged
   * figures, and steady when the merged intervals are ({@link LoadJob.Conductor}).
   */
  private LoadResult findMaxOnTasks(String name, LoadSpec spec, LoadScope whole,
      ServerCalls calls, int maps) throws Exception {
    Slo slo = options.get(LoadOptions.SLO);
    String op = spec.operation(options, whole.point());
    CapacitySearch.Outcome[] found = new CapacitySearch.Outcome[1];
    Path dir = dirs.create(new Path(whole.pointDirectory(), "load-" + name));
    Job job = LoadJob.job(conf, dirs.fileSystem(), dir, whole.point().label(), name, maps,
        suiteClass);
    timing.job(name, job, (timed, into) -> capacityFigures(found[0], slo, spec, whole, calls, into), j -> {
          LoadJob.Conductor c = new LoadJob.Conductor(j, maps, options, console, label);
          int[] run = {0};
          try {
            found[0] = CapacitySearch.search(op, LoadPlan.calls(1), slo,
                CapacitySearch.MAX_STEPS, stepPlan -> {
                  LoadResult step = c.run(stepPlan.targetRate(), stepPlan.untilStable());
                  sayRanOut(name + " step " + ++run[0], step);
                  return step;
                }, step -> console.status(stepLine(run[0], step, slo, maps)));
            c.end();
          } catch (LoadJob.Conductor.Ended e) {
            // A task failed: the job's failure, reported as the phase's, says why.
          }
        });
    return searched(name, found[0], slo);
  }

  /**
   * One line per step of a search, once judged: what it asked and got (over how many tasks),
   * the objective's percentile from intended start, and the verdict.
   */
  private String stepLine(int step, CapacityFigures.Step s, Slo slo, int maps) {
    return String.format(java.util.Locale.ROOT, "[%s] find-max step %d: %s%s, %.1f calls/s"
        + " achieved, %s %.2f ms, %d calls%s: %s", label, step, s.met() == null
        ? "as fast as they go" : String.format(java.util.Locale.ROOT, "%.1f calls/s asked",
            s.askedOpsPerSecond()), maps == 0 ? "" : " over " + maps + " tasks",
        s.achievedOpsPerSecond(), slo.percentileName(), s.judgedMillis(), s.calls(),
        s.errorPercent() > 0 ? String.format(java.util.Locale.ROOT, ", %.2f%% errors",
            s.errorPercent()) : "",
        s.met() == null ? "the probe" : s.met() ? "met " + slo.text() : "not met");
  }

  /** One line when clients ran out of work before the load's duration (also in the record). */
  private void sayRanOut(String phase, LoadResult r) {
    if (r != null && r.ranOutFigures() != null) {
      console.status("[" + label + "] " + phase + ": " + r.ranOutFigures().describe()
          + ", before its --duration: its figures are of the time it ran");
    }
  }

  /**
   * {@code --find-max}: the phase {@code name} is the whole search ({@link CapacitySearch}), in
   * this process; its loads are those of the highest rate that met the objective, its figures
   * every step ({@code find_max}), its metric the answer ({@code max_ops_per_s_at_slo}). A search
   * in which no step met the objective records its steps and fails the point's check.
   */
  private LoadResult findMax(String name, LoadSpec spec, LoadScope whole,
      ServerCalls calls) throws Exception {
    Slo slo = options.get(LoadOptions.SLO);
    String op = spec.operation(options, whole.point());
    CapacitySearch.Outcome[] found = new CapacitySearch.Outcome[1];
    int[] run = {0};
    timing.phase(name, 0, () -> {
      found[0] = CapacitySearch.search(op, LoadPlan.calls(1), slo, CapacitySearch.MAX_STEPS,
          stepPlan -> {
            // Each step opens the clients again as a run of its own: names it makes are its own.
            LoadResult step = LoadJob.runClients(spec, whole, console, label,
                LoadJob.ReadyGate.NONE, run[0]++, plan -> plan.withTargetRate(stepPlan.targetRate())
                    .withUntilStable(stepPlan.untilStable()), null);
            sayRanOut(name + " step " + run[0], step);
            return step;
          }, step -> console.status(stepLine(run[0], step, slo, 0)));
      return found[0].answer() == null ? 0L : found[0].answer().calls();
    }, (timed, into) -> capacityFigures(found[0], slo, spec, whole, calls, into));
    return searched(name, found[0], slo);
  }

  /** A search's phase figures: the shown step's load, every step, and the answer. */
  private static void capacityFigures(CapacitySearch.Outcome found, Slo slo, LoadSpec spec,
      LoadScope whole, ServerCalls calls, PhaseFigures into) {
    LoadResult r = found.shown();
    into.work(r.bytes(), r.calls());
    into.loads(r.loads());
    into.figure(ServerCalls.FIELD, calls);
    spec.figures(r, whole, into);
    if (found.answer() != null) {
      into.metric(CapacityFigures.MAX_AT_SLO.value(found.figures().maxOpsPerSecond()));
    }
    into.figure(CapacityFigures.FIELD, found.figures());
  }

  /** A search's check and the load it shows. */
  private LoadResult searched(String name, CapacitySearch.Outcome found, Slo slo)
      throws IOException {
    timing.check("find_max", found.answer() != null, found.answer() != null
        ? "max " + found.figures().maxOpsPerSecond() + " ops/s at " + slo.text()
        : "no rate met " + slo.text() + ", down to "
            + found.figures().steps().get(found.figures().steps().size() - 1)
                .askedOpsPerSecond() + " ops/s");
    LoadResult shown = found.shown();
    logIntervals(name, shown);
    return shown;
  }

  /** Appends the load's interval histograms to {@code --hlog FILE}, when given. */
  private void logIntervals(String phase, LoadResult r) throws IOException {
    if (r != null && options.has(LoadOptions.HLOG) && !options.get(LoadOptions.HLOG).isEmpty()) {
      io.hbench.core.load.IntervalLog.append(java.nio.file.Path.of(options.get(LoadOptions.HLOG)),
          label, phase, r);
    }
  }

  /**
   * Runs {@code clients} in this process as the phase {@code name}, each thread making its
   * calls, recorded as {@code op} (or what a call names): for a load that by its nature stays in
   * one process, such as TPC-H's query streams on their JDBC connections. A load that can run
   * from many machines is declared ({@link RunContext#load(String)}).
   */
  LoadResult clients(String name, String op, LoadClients clients, LoadFigures figures)
      throws Exception {
    LoadResult[] result = new LoadResult[1];
    try {
      timing.phase(name, 0, () -> {
        result[0] = ConcurrentLoad.run(op, LoadPlan.calls(clients.callsPerThread()),
            clients.call(), console, label, null, clients.counted());
        return result[0].calls();
      }, (timed, into) -> {
        LoadResult r = result[0];
        into.work(r.bytes(), r.calls());
        into.loads(r.loads());
        if (figures != null) {
          figures.add(r, into);
        }
      });
    } finally {
      if (clients.resources() != null) {
        clients.resources().close();
      }
    }
    return result[0];
  }
}
