package io.hbench.core.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class OperationStatsTest {

  private static OperationStats of(long calls, long... timed) {
    OperationStats s = new OperationStats();
    s.calls = calls;
    for (long t : timed) {
      s.timed(t);
    }
    return s;
  }

  @Test
  void everyCallTimedGivesTheExactTotal() {
    OperationStats s = of(3, 100, 200, 300);
    assertEquals(600, s.totalNanos());
    assertEquals(0, s.totalNanosError());
  }

  @Test
  void sampledOperationsAddTheCoarseTimeOfTheOtherCalls() {
    OperationStats s = of(100, 10, 20, 30, 40);
    s.hasCoarse = true;
    s.coarseNanos = 4_000_000;
    assertEquals(4_000_100, s.totalNanos(), 1e-9);
    assertEquals(true, s.estimated());
    // sqrt(coarse time x 1 ms tick) = sqrt(4e6 * 1e6) = 2e6
    assertEquals(2_000_000, s.totalNanosError(), 1e-3);
  }

  @Test
  void histogramSurvivesTheSideFileEncoding() {
    OperationStats s = of(4, 1_000, 2_000, 3_000, 1_000_000);
    s.bytes = 400;
    OperationStats back =
        OperationStats.of(s.calls(), s.bytes(), s.failures(), s.timedCalls(), s.timedNanos(),
            s.timedNanosSquared(), 7, true, s.encodedHistogram());
    assertEquals(s.totalNanos() + 7, back.totalNanos());
    assertEquals(true, back.estimated());
    assertEquals(4, back.histogram().getTotalCount());
    assertEquals(
        s.histogram().getValueAtPercentile(50), back.histogram().getValueAtPercentile(50));
    assertEquals(400, back.bytes());
    assertThrows(IllegalArgumentException.class,
        () -> OperationStats.of(1, 0, 0, 1, 1, 1, 0, false, "bm90IGEgaGlzdG9ncmFt"));
  }

  @Test
  void differenceLeavesOnlyWhatHappenedBetween() {
    OperationStats before = of(2, 100, 100);
    OperationStats after = before.copy();
    after.calls++;
    after.timed(500);
    OperationStats d = after.minus(before);
    assertEquals(1, d.calls());
    assertEquals(1, d.timedCalls());
    assertEquals(500, d.totalNanos());
    assertEquals(1, d.histogram().getTotalCount());
  }

  @Test
  void samplerIntervalsAverageN() {
    CallSampler s = new CallSampler(8, 42);
    int timed = 0;
    for (int i = 0; i < 80_000; i++) {
      if (!s.skip()) {
        timed++;
        s.rearm();
      }
    }
    assertEquals(10_000, timed, 500);
    CallSampler every = new CallSampler(1, 1);
    for (int i = 0; i < 10; i++) {
      assertEquals(false, every.skip());
      every.rearm();
    }
  }
}
