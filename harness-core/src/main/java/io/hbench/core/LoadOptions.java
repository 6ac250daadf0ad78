package io.hbench.core;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.load.Disruption;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.Slo;
import io.hbench.core.stats.SteadyState;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The options of every suite that declares a load ({@link Benchmark#load()}), declared here once
 * and added by the core: where the clients run ({@code --maps}) and how they are driven ({@code
 * --duration}, {@code --target-rate}, {@code --warmup-time}, {@code --until-stable}) and
 * recorded ({@code --interval}). A suite reads them with these
 * constants ({@code options.get(LoadOptions.MAPS)}) and never declares them itself.
 */
public final class LoadOptions {

  /** {@code --maps}: the clients in this many map tasks on YARN; 0 runs them in this process. */
  public static final BenchmarkOption<Integer> MAPS =
      BenchmarkOption.integer("--maps", "Run the clients as this many map tasks on YARN, each"
          + " with the suite's threads (the load of many client machines), started together"
          + " behind a barrier; figures are merged (histograms, never averages). 0: in this"
          + " process.", "0", 0);

  /** {@code --duration}: measure for this long instead of a count of calls. */
  public static final BenchmarkOption<Duration> DURATION =
      BenchmarkOption.duration("--duration", "Call for this long (after the warm-up) instead of"
          + " a fixed count, e.g. 30s or 5m (a bare number is seconds); 0: until the count is"
          + " done.", "0");

  /** {@code --target-rate}: open loop at this many calls per second in all. */
  public static final BenchmarkOption<Double> TARGET_RATE =
      BenchmarkOption.decimal("--target-rate", "OPS", "Calls per second over all threads (and"
          + " tasks), open loop: latency is measured from each call's intended start, so a slow"
          + " server is not hidden (coordinated omission); 0: as fast as the threads go.", "0", 0);

  /** {@code --warmup-time}: calls in the first part of the load are left out of the figures. */
  public static final BenchmarkOption<Duration> WARMUP_TIME =
      BenchmarkOption.duration("--warmup-time", "Leave calls that start within this time of"
          + " the start out of every figure (connection set-up, caches).", "0");

  /** {@code --interval}: the length of the series' intervals. */
  public static final BenchmarkOption<Duration> INTERVAL =
      BenchmarkOption.of("--interval", "DURATION", "Keep every operation's calls, latencies and"
          + " failures per interval of this length (aligned to the wall clock, merged over"
          + " threads and tasks) as the load's series, e.g. 1s or 500ms.", "1s",
          v -> interval(v));

  /** {@code --until-stable}: stop a timed load once its throughput is steady. */
  public static final BenchmarkOption<SteadyState> UNTIL_STABLE =
      BenchmarkOption.valueOptional("--until-stable", "PCT[,WINDOW]", "Stop the load (at the"
          + " latest after --duration) once the last WINDOW intervals' throughputs lie within"
          + " PCT of their mean with no significant slope; bare: "
          + SteadyState.DEFAULT.text() + ". The record says whether and when it became stable.",
          "", SteadyState.DEFAULT.text(),
          v -> v.isBlank() ? null : SteadyState.parse("--until-stable", v));

  /** {@code --hlog}: the loads' interval histograms as an HdrHistogram interval log. */
  public static final BenchmarkOption<String> HLOG =
      BenchmarkOption.text("--hlog", "FILE", "Also write every load's interval histograms to"
          + " FILE, an HdrHistogram interval log (HistogramLogReader, HistogramLogAnalyzer), one"
          + " tag per point, phase and operation; appended to when it exists.", "");

  /** {@code --find-max}: search the highest rate that meets {@code --slo}. */
  public static final BenchmarkOption<Boolean> FIND_MAX =
      BenchmarkOption.flag("--find-max", "Search the highest open-loop rate whose latency (from"
          + " each call's intended start) meets --slo: a closed-loop probe, then steps that grow"
          + " and bisect the rate, each until steady and at most --duration. Records every step"
          + " and the answer, max_ops_per_s_at_slo.");

  /** {@code --slo}: the objective {@code --find-max} judges each step by. */
  public static final BenchmarkOption<Slo> SLO =
      BenchmarkOption.of("--slo", "OBJECTIVE", "The objective of --find-max: a latency"
          + " percentile bound and optionally an error bound, such as p99<20ms or"
          + " p99.9<50ms,errors<0.1%.", "", v -> v.isBlank() ? null : Slo.parse("--slo", v));

  /** {@code --disrupt}: faults done to the cluster during the load, and measured. */
  public static final BenchmarkOption<Disruption> DISRUPT =
      BenchmarkOption.of("--disrupt", "ACTION@TIME[,...]", "Do these to the cluster during the"
          + " load (times from its start after the warm-up) and measure what each did: how"
          + " deep the dip, how long no call succeeded, how long until 90% of the rate before"
          + " it, what failed. Actions: " + Disruption.usage() + ". Needs --target-rate and"
          + " --duration; see docs/disrupt.md.", "",
          v -> v.isBlank() ? null : Disruption.parse("--disrupt", v));

  /** {@code --disrupt-cycles}: the faults repeated this many times in one load. */
  public static final BenchmarkOption<Integer> DISRUPT_CYCLES =
      BenchmarkOption.integer("--disrupt-cycles", "Repeat --disrupt's actions this many times:"
          + " the time from the first action to the load's end is cut into equal cycles, each"
          + " with the actions at the same offsets; figures are given per fault, worst and"
          + " spread.", "1", 1);

  private LoadOptions() {}

  private static Duration interval(String text) {
    Duration d = BenchmarkOption.parseDuration("--interval", text);
    if (d.toMillis() < 10 || d.compareTo(Duration.ofHours(1)) > 0) {
      throw new InvalidInputException("invalid value '" + text + "' for --interval: from 10ms"
          + " to 1h");
    }
    return d;
  }

  /**
   * Refuses load options that contradict each other, before anything is created: {@code
   * --until-stable} needs {@code --duration}, the longest the load may run; {@code --hlog}'s
   * file must be one that can be made.
   */
  public static void check(OptionValues o) {
    boolean findMax = o.has(FIND_MAX) && o.get(FIND_MAX);
    Slo slo = o.has(SLO) ? o.get(SLO) : null;
    if (findMax && slo == null) {
      throw new InvalidInputException("--find-max needs --slo, the objective each step is judged"
          + " by, such as --slo 'p99<20ms'");
    }
    if (slo != null && !findMax) {
      throw new InvalidInputException("--slo is the objective of --find-max; give both");
    }
    if (findMax && !timed(o)) {
      throw new InvalidInputException("--find-max needs --duration: the longest each step may"
          + " run when it does not become steady");
    }
    if (findMax && o.get(TARGET_RATE) > 0) {
      throw new InvalidInputException("--find-max chooses each step's rate: drop --target-rate");
    }

    if (o.has(HLOG) && !o.get(HLOG).isEmpty()) {
      java.nio.file.Path f = java.nio.file.Path.of(o.get(HLOG)).toAbsolutePath();
      if (java.nio.file.Files.isDirectory(f)) {
        throw new InvalidInputException("--hlog " + o.get(HLOG) + ": is a directory; give a file");
      }
      if (!java.nio.file.Files.isDirectory(f.getParent())) {
        throw new InvalidInputException("--hlog " + o.get(HLOG) + ": no directory " + f.getParent());
      }
      // Written after the load: a file that cannot be written must stop the run before it.
      String why = io.hbench.core.result.ResultWriter.probe(f);
      if (why != null) {
        throw new InvalidInputException("--hlog " + o.get(HLOG) + ": cannot be written (" + why
            + ")");
      }
    }
    Disruption disrupt = o.has(DISRUPT) ? o.get(DISRUPT) : null;
    if (disrupt == null && o.has(DISRUPT_CYCLES) && o.get(DISRUPT_CYCLES) > 1) {
      throw new InvalidInputException("--disrupt-cycles repeats --disrupt's actions; give both");
    }
    if (disrupt != null) {
      if (findMax) {
        throw new InvalidInputException("--disrupt measures one load at --target-rate; drop"
            + " --find-max");
      }
      if (o.has(UNTIL_STABLE) && o.get(UNTIL_STABLE) != null) {
        throw new InvalidInputException("--disrupt places faults in the load's --duration;"
            + " drop --until-stable, which may end it before them");
      }
      disrupt.check("--disrupt", o.get(TARGET_RATE), timed(o) ? o.get(DURATION) : null,
          o.get(INTERVAL));
      disruption(o).check("--disrupt", o.get(TARGET_RATE), o.get(DURATION), o.get(INTERVAL));
      // Known from the options alone: refused before any cluster starts.
      if (maps(o) < 1 && disrupt.actions().stream()
          .anyMatch(a -> a.kind() == Disruption.Kind.KILL_TASK_CONTAINER)) {
        throw new InvalidInputException("--disrupt kill-task-container kills one of the load's"
            + " own task containers: run the load on map tasks (--maps N)");
      }
    }
    if (o.has(UNTIL_STABLE) && o.get(UNTIL_STABLE) != null && !timed(o)) {
      throw new InvalidInputException("--until-stable needs --duration: the longest the load"
          + " may run when it never becomes stable");
    }
  }

  /**
   * Every option of {@code suite}: its own, then, when it declares a load, these four ({@code
   * --maps} with the load's default). The one list the CLI, the embedding API and a map task
   * parse a suite's options with.
   */
  public static List<BenchmarkOption<?>> of(Benchmark suite) {
    List<BenchmarkOption<?>> all = new ArrayList<>(suite.options());
    LoadSpec load = suite.load();
    if (load != null) {
      all.add(MAPS.withDefault(Integer.toString(load.defaultMaps())));
      all.addAll(List.of(DURATION, TARGET_RATE, WARMUP_TIME, INTERVAL, UNTIL_STABLE, HLOG,
          FIND_MAX, SLO, DISRUPT, DISRUPT_CYCLES));
    }
    return all;
  }

  /**
   * The faults the options ask for, every cycle's ({@code --disrupt}, {@code --disrupt-cycles}),
   * or null for none.
   */
  public static Disruption disruption(OptionValues o) {
    if (!o.has(DISRUPT) || o.get(DISRUPT) == null) {
      return null;
    }
    return o.get(DISRUPT).repeated("--disrupt", o.get(DISRUPT_CYCLES), o.get(DURATION));
  }

  /** Whether the options ask for {@code --find-max}. */
  public static boolean findMax(OptionValues o) {
    return o.has(FIND_MAX) && o.get(FIND_MAX);
  }

  /** The map tasks the options ask for; 0 (in this process) for a suite without a load. */
  public static int maps(OptionValues o) {
    return o.has(MAPS) ? o.get(MAPS) : 0;
  }

  /**
   * The client threads of a load over every process: {@code threads} in each, times the map
   * tasks when there are any ({@link LoadFacts#CLIENTS}, which the core records).
   */
  public static int clients(OptionValues o, int threads) {
    return threads * Math.max(1, maps(o));
  }

  /** Whether the options give a duration rather than a count. */
  public static boolean timed(OptionValues o) {
    return o.has(DURATION) && !o.get(DURATION).isZero();
  }

  /**
   * How {@code clients} are driven as one of {@code processes} processes: their counts, or with
   * a duration no count; the target rate split evenly over the processes; the warm-up. Clients
   * with a schedule of their own follow it.
   */
  public static LoadPlan plan(OptionValues o, LoadClients clients, int processes, boolean timed) {
    long[] calls = clients.callsPerThread();
    if (clients.schedule() != null) {
      // The clients' own timetable drives them; a duration cuts it short.
      return LoadPlan.calls(calls).withSchedule(clients.schedule())
          .withDuration(timed && o.has(DURATION) ? o.get(DURATION) : Duration.ZERO)
          .withInterval(o.has(INTERVAL) ? o.get(INTERVAL) : LoadPlan.DEFAULT_INTERVAL)
          .withWarmup(o.has(WARMUP_TIME) ? o.get(WARMUP_TIME) : Duration.ZERO);
    }
    if (!o.has(DURATION)) {
      return LoadPlan.calls(calls);
    }
    Duration d = timed ? o.get(DURATION) : Duration.ZERO;
    if (!d.isZero()) {
      Arrays.fill(calls, Long.MAX_VALUE);
    }
    return LoadPlan.calls(calls)
        .withInterval(o.get(INTERVAL))
        .withUntilStable(timed ? o.get(UNTIL_STABLE) : null)
        .withDuration(d)
        .withTargetRate(o.get(TARGET_RATE))
        .withWarmup(o.get(WARMUP_TIME))
        .forOneOf(processes);
  }
}
