package io.hbench.core.stats;

import java.time.Duration;
import java.time.Instant;

/**
 * Cuts time into intervals of one length whose boundaries are multiples of that length on the
 * wall clock (every whole second for 1 s), so that intervals recorded by several processes (the
 * map tasks of one load, on several hosts) are the same intervals and add up, and line up with
 * the daemons' samples. An interval is named by its index: its start on the wall clock is {@code
 * index x length} nanoseconds after the epoch. Times given to it are {@link System#nanoTime()}
 * readings of the process that made it.
 *
 * @param intervalNanos the intervals' length
 * @param originNanos the {@code nanoTime} at which interval {@code originIndex} starts
 * @param originIndex the index of the interval that starts at {@code originNanos}
 */
public record IntervalClock(long intervalNanos, long originNanos, long originIndex) {

  public IntervalClock {
    if (intervalNanos <= 0) {
      throw new IllegalArgumentException("an interval must be longer than 0");
    }
  }

  /** A clock of {@code interval} long intervals, read against the wall clock now. */
  public static IntervalClock of(Duration interval) {
    long length = interval.toNanos();
    Instant wall = Instant.now();
    long mono = System.nanoTime();
    long epochNanos = wall.getEpochSecond() * 1_000_000_000L + wall.getNano();
    return new IntervalClock(length, mono - Math.floorMod(epochNanos, length),
        Math.floorDiv(epochNanos, length));
  }

  /** The interval {@code nanoTime} falls in. */
  public long index(long nanoTime) {
    return originIndex + Math.floorDiv(nanoTime - originNanos, intervalNanos);
  }

  /** The {@code nanoTime} at which interval {@code index} ends (the next one starts). */
  public long endNanos(long index) {
    return originNanos + (index - originIndex + 1) * intervalNanos;
  }

  /** {@code nanoTime} on the wall clock, ns since the epoch. */
  public long epochNanos(long nanoTime) {
    return originIndex * intervalNanos + (nanoTime - originNanos);
  }

  /** {@code nanoTime} on the wall clock, ms since the epoch. */
  public long epochMillis(long nanoTime) {
    return Math.floorDiv(epochNanos(nanoTime), 1_000_000L);
  }
}
