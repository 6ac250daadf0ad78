package io.hbench.core.load;

import io.hbench.core.stats.SteadyState;
import java.time.Duration;
import java.util.Arrays;

/**
 * How a load is driven: how many threads, how many calls each makes (or for how long), at what
 * rate, and what is left out as warm-up. Built with {@link #calls} or {@link #forDuration} and
 * the {@code with*} methods; immutable.
 *
 * <ul>
 *   <li><b>Count</b>: thread {@code t} makes {@code perThread[t]} calls (warm-up calls included),
 *       unless a duration ends it first.
 *   <li><b>Duration</b>: threads stop starting calls once the warm-up plus {@code duration} has
 *       passed.
 *   <li><b>Target rate</b>: open loop. Calls are spread over the threads at {@code rate} calls per
 *       second in all; each call has an intended start time, and its latency is measured from
 *       that time, not from when a late thread got round to it, so a slow server is not hidden by
 *       coordinated omission. The time inside the call alone is kept as the step {@code
 *       <op>.service}.
 *   <li><b>Schedule</b>: open loop with each call's intended start given by a {@link Schedule}
 *       (a trace's own times) instead of an even rate; latency is measured from it as with a
 *       target rate, and how late each call started is kept as the step {@code <load op>}{@link
 *       ConcurrentLoad#LATENESS}.
 *   <li><b>Warm-up</b>: calls that start within {@code warmup} of the start, or each thread's
 *       first {@code warmupCalls}, are made but left out of every figure.
 *   <li><b>Intervals</b>: every operation's calls are also kept interval by interval ({@code
 *       interval} long, aligned to the wall clock), for the load's series.
 *   <li><b>Until stable</b>: a timed load stops early once its throughput is steady ({@link
 *       SteadyState}); it runs to its duration when it never is.
 * </ul>
 *
 * @param perThread calls per thread; {@link Long#MAX_VALUE} for no limit (a duration ends it)
 * @param durationNanos measured time after the warm-up, ns; 0 for none
 * @param targetRate calls per second over all threads; 0 for closed loop (as fast as it goes)
 * @param warmupNanos warm-up time, ns
 * @param warmupCalls warm-up calls per thread
 * @param intervalNanos the length of the series' intervals, ns
 * @param untilStable when to stop a timed load early, or null to run it to its duration
 * @param schedule each call's own intended start (a replayed trace), or null
 */
public record LoadPlan(
    long[] perThread, long durationNanos, double targetRate, long warmupNanos, long warmupCalls,
    long intervalNanos, SteadyState untilStable, Schedule schedule) {

  /** The series' intervals unless a plan says otherwise: one second. */
  public static final Duration DEFAULT_INTERVAL = Duration.ofSeconds(1);

  public LoadPlan {
    if (perThread.length < 1) {
      throw new IllegalArgumentException("a load needs at least one thread");
    }
    if (durationNanos < 0 || targetRate < 0 || warmupNanos < 0 || warmupCalls < 0) {
      throw new IllegalArgumentException("negative duration, rate or warm-up");
    }
    if (intervalNanos <= 0) {
      throw new IllegalArgumentException("an interval must be longer than 0");
    }
    perThread = perThread.clone();
  }

  /**
   * This plan for clients that join a timed load under way, at {@code nowMillis}, when it started
   * at {@code startMillis} (a map task started again after its container was killed): what is
   * left of the warm-up, and of the duration up to the load's common end (at least 1 ms), so
   * that they end with the others.
   */
  public LoadPlan joinedLate(long startMillis, long nowMillis) {
    long warmupEnd = startMillis + warmupNanos / 1_000_000;
    long end = warmupEnd + durationNanos / 1_000_000;
    long warm = Math.max(0, warmupEnd - nowMillis);
    long left = Math.max(1, end - Math.max(nowMillis, warmupEnd));
    return new LoadPlan(perThread, left * 1_000_000, targetRate, warm * 1_000_000, 0,
        intervalNanos, untilStable, schedule);
  }

  /** {@code perThread[t]} calls on thread {@code t}. */
  public static LoadPlan calls(long... perThread) {
    return new LoadPlan(perThread, 0, 0, 0, 0, DEFAULT_INTERVAL.toNanos(), null, null);
  }

  /** {@code calls} calls split as evenly as possible over {@code threads} threads. */
  public static LoadPlan evenly(long calls, int threads) {
    return calls(split(calls, threads));
  }

  /** {@code threads} threads calling for {@code duration}, with no limit on the count. */
  public static LoadPlan forDuration(int threads, Duration duration) {
    long[] unlimited = new long[threads];
    Arrays.fill(unlimited, Long.MAX_VALUE);
    return new LoadPlan(unlimited, duration.toNanos(), 0, 0, 0, DEFAULT_INTERVAL.toNanos(), null,
        null);
  }

  /** This plan ending after {@code d} of measured time (after the warm-up); zero for no limit. */
  public LoadPlan withDuration(Duration d) {
    return new LoadPlan(perThread, d.toNanos(), targetRate, warmupNanos, warmupCalls, intervalNanos,
        untilStable, schedule);
  }

  /** This plan at {@code callsPerSecond} over all threads; 0 for closed loop. */
  public LoadPlan withTargetRate(double callsPerSecond) {
    return new LoadPlan(perThread, durationNanos, callsPerSecond, warmupNanos, warmupCalls, intervalNanos,
        untilStable, schedule);
  }

  /** This plan leaving out calls that start within {@code d} of the start. */
  public LoadPlan withWarmup(Duration d) {
    return new LoadPlan(perThread, durationNanos, targetRate, d.toNanos(), warmupCalls, intervalNanos,
        untilStable, schedule);
  }

  /** This plan leaving out each thread's first {@code calls} calls. */
  public LoadPlan withWarmupCalls(long calls) {
    return new LoadPlan(perThread, durationNanos, targetRate, warmupNanos, calls, intervalNanos,
        untilStable, schedule);
  }

  /**
   * This plan as one of {@code processes} processes runs it (map tasks of one load): the target
   * rate is over all of them, so each takes an even share; counts, duration and warm-up are each
   * process's own.
   */
  public LoadPlan forOneOf(int processes) {
    return new LoadPlan(perThread, durationNanos, targetRate / processes, warmupNanos, warmupCalls, intervalNanos,
        untilStable, schedule);
  }

  /** This plan keeping its series in {@code d} long intervals. */
  public LoadPlan withInterval(Duration d) {
    return new LoadPlan(perThread, durationNanos, targetRate, warmupNanos, warmupCalls,
        d.toNanos(), untilStable, schedule);
  }

  /** This plan stopping once {@code steady} holds; null to run to the end. */
  public LoadPlan withUntilStable(SteadyState steady) {
    return new LoadPlan(perThread, durationNanos, targetRate, warmupNanos, warmupCalls,
        intervalNanos, steady, schedule);
  }

  /** This plan starting each call at {@code s}'s intended time; null for none. */
  public LoadPlan withSchedule(Schedule s) {
    return new LoadPlan(perThread, durationNanos, targetRate, warmupNanos, warmupCalls,
        intervalNanos, untilStable, s);
  }

  /** Whether calls have intended starts: a target rate or a schedule. */
  public boolean openLoop() {
    return targetRate > 0 || schedule != null;
  }

  public int threads() {
    return perThread.length;
  }

  /** Calls on thread {@code t}; {@link Long#MAX_VALUE} for no limit. */
  public long callsOn(int t) {
    return perThread[t];
  }

  /** Total calls, or {@link Long#MAX_VALUE} when some thread has no limit. */
  public long totalCalls() {
    long total = 0;
    for (long n : perThread) {
      if (n == Long.MAX_VALUE) {
        return Long.MAX_VALUE;
      }
      total += n;
    }
    return total;
  }

  /**
   * The most calls thread {@code t} can make under this plan: its count; under a duration at a
   * target rate, no more than the rate gives it in the warm-up and the duration (a call is never
   * started at or after its deadline), which is what a load that consumes names needs made before
   * its clock; {@link Long#MAX_VALUE} when only the duration bounds it (as fast as it goes).
   */
  public long callsAtMost(int t) {
    if (durationNanos == 0 || targetRate <= 0 || schedule != null) {
      return durationNanos == 0 || schedule != null ? perThread[t] : Long.MAX_VALUE;
    }
    // As ConcurrentLoad drives it: call i of thread t is due at offset + i x interval.
    long interval = (long) (threads() * 1e9 / targetRate);
    long offset = interval > 0 ? t * (interval / threads()) : 0;
    long end = warmupNanos + durationNanos;
    long n = offset >= end ? 0 : interval <= 0 ? Long.MAX_VALUE : (end - offset + interval - 1) / interval;
    return Math.min(perThread[t], n);
  }

  /**
   * Splits {@code calls} over {@code threads} as evenly as possible; the first threads take one
   * more when the split is uneven.
   */
  public static long[] split(long calls, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1");
    }
    long[] share = new long[threads];
    for (int t = 0; t < threads; t++) {
      share[t] = calls / threads + (t < calls % threads ? 1 : 0);
    }
    return share;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof LoadPlan p && Arrays.equals(perThread, p.perThread)
        && durationNanos == p.durationNanos && targetRate == p.targetRate
        && warmupNanos == p.warmupNanos && warmupCalls == p.warmupCalls
        && intervalNanos == p.intervalNanos && java.util.Objects.equals(untilStable, p.untilStable)
        && java.util.Objects.equals(schedule, p.schedule);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(perThread) * 31 + Long.hashCode(durationNanos);
  }

  @Override
  public String toString() {
    return "LoadPlan" + Arrays.toString(perThread) + " duration " + durationNanos + " ns, rate "
        + targetRate + "/s, warm-up " + warmupNanos + " ns / " + warmupCalls + " calls, intervals "
        + intervalNanos + " ns" + (untilStable == null ? "" : ", until stable " + untilStable.text())
        + (schedule == null ? "" : ", scheduled");
  }
}
