package io.hbench.core.load;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * The options of a suite that drives a load, declared once here so every such suite spells and
 * documents them alike. A suite lists {@link #ALL} among its options and turns them into its
 * plan with {@link #plan}.
 */
public final class LoadOptions {

  /** {@code --duration}: measure for this long instead of a count of calls. */
  public static final BenchmarkOption<Duration> DURATION =
      BenchmarkOption.duration("--duration", "Call for this long (after the warm-up) instead of"
          + " a fixed count, e.g. 30s or 5m; 0: until the count is done.", "0");

  /** {@code --target-rate}: open loop at this many calls per second in all. */
  public static final BenchmarkOption<Double> TARGET_RATE =
      BenchmarkOption.decimal("--target-rate", "OPS", "Calls per second over all threads (and"
          + " tasks), open loop: latency is measured from each call's intended start, so a slow"
          + " server is not hidden (coordinated omission); 0: as fast as the threads go.", "0", 0);

  /** {@code --warmup-time}: calls in the first part of the load are left out of the figures. */
  public static final BenchmarkOption<Duration> WARMUP_TIME =
      BenchmarkOption.duration("--warmup-time", "Leave calls that start within this time of"
          + " the start out of every figure (connection set-up, caches).", "0");

  /** The three, in the order {@code --help} shows them. */
  public static final List<BenchmarkOption<?>> ALL = List.of(DURATION, TARGET_RATE, WARMUP_TIME);

  private LoadOptions() {}

  /**
   * The plan for {@code perThread} calls with the options' duration, rate and warm-up. With a
   * duration, the count is no limit.
   */
  public static LoadPlan plan(OptionValues o, long[] perThread) {
    Duration d = o.get(DURATION);
    long[] calls = perThread.clone();
    if (!d.isZero()) {
      Arrays.fill(calls, Long.MAX_VALUE);
    }
    return LoadPlan.calls(calls)
        .withDuration(d)
        .withTargetRate(o.get(TARGET_RATE))
        .withWarmup(o.get(WARMUP_TIME));
  }

  /** Whether the options give a duration rather than a count. */
  public static boolean timed(OptionValues o) {
    return !o.get(DURATION).isZero();
  }
}
