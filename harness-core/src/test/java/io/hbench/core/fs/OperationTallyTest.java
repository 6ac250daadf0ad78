package io.hbench.core.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import org.apache.hadoop.ipc.RemoteException;
import org.junit.jupiter.api.Test;

class OperationTallyTest {

  @Test
  void linesRoundTripAndMergeWithHistograms() {
    OperationTally a = new OperationTally();
    a.record("delete", 1_000, 0, null);
    a.record("delete", 3_000, 0, "delete returned false");
    OperationTally b = new OperationTally();
    b.record("delete", 2_000_000, 5, "delete returned false");
    OperationTally merged = new OperationTally();
    merged.parseLine("delete", a.line("delete"));
    merged.parseLine("delete", b.line("delete"));
    assertEquals(3, merged.calls());
    assertEquals(2, merged.failedCalls());
    assertEquals(5, merged.stats("delete").bytes());
    assertEquals(Map.of("delete returned false", 2L), merged.failures("delete"));
    // Histograms are merged, not averaged: the slowest call survives.
    assertEquals(2_000_000, merged.stats("delete").histogram().getMaxValue(), 2_000_000 * 0.01);
  }

  @Test
  void malformedLinesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> new OperationTally().parseLine("x", "1 2 3"));
  }

  @Test
  void remoteFailuresAreNamedByTheServersClass() {
    assertEquals(
        "FileNotFoundException",
        OperationTally.failureType(new RemoteException("java.io.FileNotFoundException", "no")));
    assertEquals("IllegalStateException", OperationTally.failureType(new IllegalStateException()));
  }
}
