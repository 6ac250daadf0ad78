package io.hbench.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class IntervalClockTest {

  @Test
  void intervalsStartAtWholeMultiplesOfTheirLengthOnTheWallClock() {
    IntervalClock c = IntervalClock.of(Duration.ofMillis(250));
    long now = System.nanoTime();
    long i = c.index(now);
    assertEquals((i + 1) * 250_000_000L, c.epochNanos(c.endNanos(i)));
    assertEquals(i + 1, c.index(c.endNanos(i)));
    assertEquals(i, c.index(c.endNanos(i) - 1));
    // The wall clock it read agrees with the system's to within a few ms.
    assertTrue(Math.abs(c.epochMillis(System.nanoTime()) - System.currentTimeMillis()) < 50);
  }

  @Test
  void clocksOfTwoProcessesNameTheSameIntervalAlike() {
    // Two clocks whose monotonic origins differ (two JVMs) but read the same wall clock.
    IntervalClock a = new IntervalClock(1_000_000_000L, 5_000_000_000L, 1_700_000_000L);
    IntervalClock b = new IntervalClock(1_000_000_000L, -7_300_000_000L, 1_700_000_000L);
    assertEquals(a.index(5_500_000_000L), b.index(-6_800_000_000L));
    assertEquals(1_700_000_000L, a.index(5_999_999_999L));
    assertEquals(1_699_999_999L, a.index(4_999_999_999L));
  }
}
