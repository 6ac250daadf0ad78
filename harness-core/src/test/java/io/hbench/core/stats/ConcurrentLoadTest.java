package io.hbench.core.stats;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.Console;
import java.io.ByteArrayOutputStream;
import java.io.FileNotFoundException;
import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

class ConcurrentLoadTest {

  private final Console quiet =
      new Console(new PrintStream(new ByteArrayOutputStream()), new PrintStream(new ByteArrayOutputStream()), false, 10_000);

  @Test
  void splitIsEvenAndComplete() {
    assertArrayEquals(new long[] {4, 3, 3}, ConcurrentLoad.split(10, 3));
    assertArrayEquals(new long[] {1, 1, 0, 0}, ConcurrentLoad.split(2, 4));
  }

  @Test
  void everyCallIsMadeOnceByItsThreadAndCounted() throws Exception {
    Map<String, Integer> seen = new ConcurrentHashMap<>();
    ConcurrentLoad.Result r =
        ConcurrentLoad.run("op", new long[] {5, 7, 0}, (t, i) -> {
          seen.merge(t + ":" + i, 1, Integer::sum);
          return 10;
        }, quiet, "test");
    assertEquals(12, seen.size());
    assertTrue(seen.values().stream().allMatch(n -> n == 1));
    assertEquals(12, r.tally().calls());
    assertEquals(120, r.tally().stats("op").bytes());
    assertEquals(12, r.tally().stats("op").histogram().getTotalCount());
    assertTrue(r.wallNanos() > 0 && r.endMillis() >= r.startMillis());
  }

  @Test
  void failuresAreCountedByTypeAndTheThreadGoesOn() throws Exception {
    ConcurrentLoad.Result r =
        ConcurrentLoad.run("op", new long[] {6}, (t, i) -> {
          if (i % 3 == 0) {
            throw new FileNotFoundException("gone");
          }
          return 0;
        }, quiet, "test");
    assertEquals(6, r.tally().calls());
    assertEquals(2, r.tally().failedCalls());
    assertEquals(Map.of("FileNotFoundException", 2L), r.tally().failures("op"));
  }

  @Test
  void aRefusedCallIsNamedByWhatWasRefused() throws Exception {
    ConcurrentLoad.Result r =
        ConcurrentLoad.run("rename", new long[] {4}, (t, i) ->
            RefusedCallException.refusedIf(i % 2 == 1, "rename returned false"), quiet, "test");
    assertEquals(4, r.tally().calls());
    assertEquals(Map.of("rename returned false", 2L), r.tally().failures("rename"));
  }

  @Test
  void anExhaustedThreadStopsUncounted() throws Exception {
    ConcurrentLoad.Result r =
        ConcurrentLoad.run("op", new long[] {100}, (t, i) -> {
          if (i == 4) {
            throw ConcurrentLoad.EXHAUSTED;
          }
          return 0;
        }, quiet, "test");
    assertEquals(4, r.tally().calls());
    assertEquals(0, r.tally().failedCalls());
  }

  @Test
  void stepsAreRecordedBesideTheWholeCall() throws Exception {
    ConcurrentLoad.Result r =
        ConcurrentLoad.run("read", new long[] {3, 3}, (t, i, steps) -> {
          Thread.sleep(2);
          steps.mark("open");
          return 1;
        }, quiet, "test");
    assertEquals(6, r.tally().stats("open").calls());
    assertEquals(6, r.tally().stats("read").calls());
    // The step is part of the call: never longer than it.
    assertTrue(r.tally().stats("open").timedNanos() <= r.tally().stats("read").timedNanos());
    assertTrue(r.tally().stats("open").timedNanos() >= 6 * 2_000_000L);
  }
}
