package io.hbench.core.load;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.CapacityFigures;
import io.hbench.core.stats.SteadyState;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * {@code --find-max}: the highest open-loop rate at which a load meets a latency objective. The
 * question operators answer by hand with YCSB's {@code -target} and warp's concurrency ramps,
 * asked once: a closed-loop probe finds what the clients get as fast as they go, C; then each
 * step runs the load open loop at a rate until it is steady ({@link SteadyState}, at most the
 * plan's duration), and is judged: met when its latency from intended start and its failures
 * meet the {@link Slo} and it kept up with the rate asked (at least {@value #KEEP_UP} of it).
 * The first step asks for C; the rate then grows by a quarter while steps meet it, or halves
 * while they do not, until one step meets it and another does not; then the two are bisected
 * (geometrically) until they are within {@value #RESOLUTION} of each other. The answer is the
 * highest rate that met the objective.
 */
@Internal
public final class CapacitySearch {

  /** The share of the asked rate a step must achieve to meet the objective. */
  static final double KEEP_UP = 0.9;

  /** The search stops when the rates that met and failed are this close (5%). */
  static final double RESOLUTION = 1.05;

  /** Steps, the probe included, unless a caller says otherwise. */
  public static final int MAX_STEPS = 10;

  /** Runs one step: the load as {@code plan} says. */
  @FunctionalInterface
  public interface StepRunner {
    LoadResult run(LoadPlan plan) throws Exception;
  }

  /**
   * What the search found.
   *
   * @param figures every step and the answer, as the record keeps them
   * @param answer the load of the highest rate that met the objective, or null when none did
   * @param last the last step's load
   */
  public record Outcome(CapacityFigures figures, LoadResult answer, LoadResult last,
      java.util.Map<String, Long> left) {

    /**
     * The load the phase records: the answer's, or the last step's when no rate met the
     * objective; with what every step's calls left on the server ({@link LoadResult#left}), which
     * all of the steps did.
     */
    public LoadResult shown() {
      return (answer != null ? answer : last).withLeft(left);
    }
  }

  private CapacitySearch() {}

  /**
   * Searches with steps of {@code base} (its threads, duration as each step's longest,
   * intervals; its steady-state criterion, or the default), judged on operation {@code op}.
   */
  public static Outcome search(String op, LoadPlan base, Slo slo, int maxSteps, StepRunner runner)
      throws Exception {
    return search(op, base, slo, maxSteps, runner, step -> { });
  }

  /**
   * {@link #search(String, LoadPlan, Slo, int, StepRunner)}, telling {@code judged} of each step
   * as the record will keep it, once it is judged (the console's line per step).
   */
  public static Outcome search(String op, LoadPlan base, Slo slo, int maxSteps, StepRunner runner,
      java.util.function.Consumer<CapacityFigures.Step> judged) throws Exception {
    SteadyState steady = base.untilStable() == null ? SteadyState.DEFAULT : base.untilStable();
    LoadPlan plan = base.withUntilStable(steady);
    List<CapacityFigures.Step> steps = new ArrayList<>();
    java.util.Map<String, Long> left = new java.util.TreeMap<>();
    LoadResult probe = runner.run(plan.withTargetRate(0));
    probe.left().forEach((k, v) -> left.merge(k, v, Long::sum));
    steps.add(step(op, 0, probe, slo, null));
    judged.accept(steps.get(0));
    double capacity = probe.callsPerSecond();
    if (!(capacity > 0)) {
      return new Outcome(new CapacityFigures(slo.text(), steps, null), null, probe, left);
    }
    double met = 0;
    double failed = Double.POSITIVE_INFINITY;
    LoadResult answer = null;
    LoadResult last = probe;
    double rate = capacity;
    while (steps.size() < maxSteps) {
      LoadResult r = runner.run(plan.withTargetRate(rate));
      r.left().forEach((k, v) -> left.merge(k, v, Long::sum));
      boolean ok = judge(op, r, rate, slo);
      steps.add(step(op, rate, r, slo, ok));
      judged.accept(steps.get(steps.size() - 1));
      last = r;
      if (ok) {
        met = rate;
        answer = r;
      } else {
        failed = rate;
      }
      if (failed == Double.POSITIVE_INFINITY) {
        rate *= 1.25;
      } else if (met == 0) {
        rate /= 2;
      } else if (failed / met <= RESOLUTION) {
        break;
      } else {
        rate = Math.sqrt(met * failed);
      }
    }
    return new Outcome(new CapacityFigures(slo.text(), steps, met > 0 ? round(met) : null),
        answer, last, left);
  }

  private static boolean judge(String op, LoadResult r, double asked, Slo slo) {
    var s = r.calledStats();
    return slo.met(s.histogram(), s.calls(), s.failures())
        && r.callsPerSecond() >= KEEP_UP * asked;
  }

  private static CapacityFigures.Step step(String op, double asked, LoadResult r, Slo slo,
      Boolean met) {
    var s = r.calledStats();
    Histogram h = s.histogram();
    return new CapacityFigures.Step(round(asked), round(r.callsPerSecond()), ms(h, 50),
        ms(h, 99), ms(h, 99.9), h == null ? 0 : round(slo.latencyMillis(h)),
        s.calls() == 0 ? 0 : round(100.0 * s.failures() / s.calls()), met,
        round(r.wallNanos() / 1e9), s.calls(),
        r.processCalls().size() > 1 ? r.processCalls() : null, r.ranOutFigures());
  }

  private static double ms(Histogram h, double p) {
    return h == null ? 0 : round(h.getValueAtPercentile(p) / 1e6);
  }

  private static double round(double v) {
    return Double.isFinite(v) ? Math.round(v * 1000) / 1000.0 : v;
  }
}
