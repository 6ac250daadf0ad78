package io.hbench.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.fs.IntervalSeries;
import io.hbench.core.stats.IntervalClock;
import org.junit.jupiter.api.Test;

/** A fault's figures on series whose dip and recovery are known. */
class FaultFiguresTest {

  private static final long S = 1_000_000_000L;

  /**
   * A load of 1 s intervals from second 0: in second i, {@code ok[i]} calls of {@code ms[i]}
   * milliseconds each and {@code failed[i]} failed calls of the same.
   */
  private static IntervalSeries series(int[] ok, int[] failed, double[] ms) {
    IntervalSeries s = new IntervalSeries(new IntervalClock(S, 0, 0));
    for (int i = 0; i < ok.length; i++) {
      int n = ok[i] + failed[i];
      for (int c = 0; c < n; c++) {
        s.record(i * S + (c + 1) * (S / (n + 1)), (long) (ms[i] * 1e6), 0, c >= ok[i]);
      }
    }
    s.finishInterval();
    return s;
  }

  private static int[] fill(int n, int v) {
    int[] a = new int[n];
    java.util.Arrays.fill(a, v);
    return a;
  }

  private static double[] fill(int n, double v) {
    double[] a = new double[n];
    java.util.Arrays.fill(a, v);
    return a;
  }

  @Test
  void aStallThenFailuresThenRecoveryAreMeasuredFromTheAction() {
    // Control: seconds 0-9 at 100/s of 1 ms. The action at 10.5 s: second 11 has no call,
    // second 12 20 successes and 30 failures of 500 ms, 13 half the rate, 14-19 back.
    int[] ok = {100, 100, 100, 100, 100, 100, 100, 100, 100, 100, 60, 0, 20, 50, 100, 100, 100,
        100, 100, 100};
    int[] failed = new int[20];
    failed[12] = 30;
    double[] ms = fill(20, 1.0);
    ms[12] = 500;
    FaultFigures f = FaultFigures.of(series(ok, failed, ms), 0, 10 * S + S / 2, 20 * S);
    assertEquals(10.5, f.actionSeconds(), 1e-9);
    assertEquals(100, f.controlOpsPerSecond(), 1e-9);
    assertEquals(0, f.dipDepth(), 1e-9);
    assertEquals(1, f.unavailableSeconds(), 1e-9);
    // The first of three intervals at 90 or more after the lowest: second 14, 3.5 s on.
    assertEquals(3.5, f.timeTo90Seconds(), 1e-9);
    assertTrue(f.recovered());
    assertEquals(1, f.bestShareAfterDip(), 1e-9);
    assertEquals(30, f.callsFailed());
    assertEquals(500, f.p99Ms(), 5);
    assertEquals(1, f.controlP99Ms(), 0.05);
    assertEquals(500, f.maxMs(), 5);
    assertEquals(1, f.controlMaxMs(), 0.05);
  }

  @Test
  void aLoadThatNeverComesBackSaysHowFarItGot() {
    int[] ok = new int[20];
    java.util.Arrays.fill(ok, 0, 10, 100);
    java.util.Arrays.fill(ok, 10, 20, 50);
    ok[15] = 70;
    FaultFigures f = FaultFigures.of(series(ok, new int[20], fill(20, 1.0)), 0, 10 * S, 20 * S);
    assertFalse(f.recovered());
    assertNull(f.timeTo90Seconds());
    assertEquals(0.5, f.dipDepth(), 1e-9);
    assertEquals(0.7, f.bestShareAfterDip(), 1e-9);
    assertEquals(0, f.unavailableSeconds(), 1e-9);
  }

  @Test
  void aLoadThatDoesNotDipRecoversAtOnce() {
    FaultFigures f = FaultFigures.of(series(fill(20, 100), new int[20], fill(20, 1.0)), 0,
        10 * S, 20 * S);
    assertEquals(1, f.dipDepth(), 1e-9);
    assertEquals(0.0, f.timeTo90Seconds());
    assertTrue(f.recovered());
    assertEquals(0, f.unavailableSeconds(), 1e-9);
    assertEquals(0, f.callsFailed());
  }

  @Test
  void failuresBeforeTheActionAreTheControlWindowsNotTheFaults() {
    int[] failed = new int[20];
    failed[3] = 40;
    int[] ok = fill(20, 100);
    ok[3] = 60;
    ok[12] = 0;
    FaultFigures f = FaultFigures.of(series(ok, failed, fill(20, 1.0)), 0, 10 * S, 20 * S);
    // The control's median is of successful calls; its failures are not counted as the fault's.
    assertEquals(100, f.controlOpsPerSecond(), 1e-9);
    assertEquals(0, f.callsFailed());
    assertEquals(1, f.unavailableSeconds(), 1e-9);
    assertEquals(3.0, f.timeTo90Seconds(), 1e-9);
  }

  @Test
  void aControlWindowOfFewerThanThreeWholeIntervalsIsRefused() {
    IntervalSeries s = series(fill(20, 100), new int[20], fill(20, 1.0));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FaultFigures.of(s, S / 2, 3 * S, 20 * S));
    assertEquals("the control window before the action holds 2 whole intervals; it needs 3",
        e.getMessage());
  }

  @Test
  void aLaterCycleIsJudgedAgainstTheLoadsControlWindowNotTheFaultBeforeIt() {
    // 100/s until 10 s, a dip to 0 in second 10 and to 50 from 11 to 14, 100 again from 15;
    // the second action at 20 s finds the load at 100 and dips it to 80 in second 20.
    int[] ok = fill(30, 100);
    ok[10] = 0;
    for (int i = 11; i < 15; i++) {
      ok[i] = 50;
    }
    ok[20] = 80;
    IntervalSeries s = series(ok, new int[30], fill(30, 1.0));
    FaultFigures second = FaultFigures.of(s, 0, 10 * S, 20 * S, 30 * S);
    assertEquals(100, second.controlOpsPerSecond(), 1e-9);
    assertEquals(0.8, second.dipDepth(), 1e-9);
    assertEquals(20, second.actionSeconds(), 1e-9);
    // Judged against the intervals just before it (10-19), the median would be 100 too but the
    // control window would hold the first fault: asked for, it is refused as too short here.
    assertThrows(IllegalArgumentException.class, () -> FaultFigures.of(s, 18 * S, 20 * S, 20 * S,
        30 * S));
  }

  @Test
  void theWindowsFailedCallsAreCountedByTypeAndTheTypesSurviveATasksText() {
    // Control: seconds 0-5 at 10/s, one failure of its own before the action (not the fault's).
    IntervalSeries s = new IntervalSeries(new IntervalClock(S, 0, 0));
    for (int i = 0; i < 10; i++) {
      for (int c = 0; c < 10; c++) {
        String failure = i == 2 && c == 0 ? "SocketTimeoutException"
            : i == 6 && c < 4 ? "RetriesExhaustedException"
            : i == 7 && c < 2 ? "safe mode entered: try later" : null;
        s.record(i * S + (c + 1) * (S / 11), 1_000_000, 0, failure);
      }
    }
    s.finishInterval();
    // As a map task writes its series and the conductor reads it back (a refusal's words too).
    IntervalSeries back = IntervalSeries.empty(S);
    s.toLines().forEach(l -> back.add(IntervalSeries.Interval.parse(l)));
    FaultFigures f = FaultFigures.of(back, 0, 6 * S, 10 * S);
    assertEquals(6, f.callsFailed());
    assertEquals(java.util.Map.of("RetriesExhaustedException", 4L,
        "safe mode entered: try later", 2L), f.failedByType());
    assertEquals(1, back.intervals().stream().filter(in -> in.index() == 2).findFirst()
        .orElseThrow().failureTypes().get("SocketTimeoutException"));
  }
}
