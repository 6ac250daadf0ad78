package io.hbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hbench.core.load.IntervalCounts;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class FaultRunTest {

  @Test
  void aFaultsClientCountIsWhatGrewFromItsActionsIntervalToTheNextActions() {
    // 1 s intervals 100..109, the count growing by the interval's last digit + 1.
    TreeMap<Long, Long> grew = new TreeMap<>();
    for (long i = 100; i < 110; i++) {
      grew.put(i, i - 99);
    }
    IntervalCounts counted = new IntervalCounts(Map.of("rpc_attempts_failed", grew,
        "kept_never_grew", new TreeMap<>()));
    // An action at 102.5 s, the next at 105.2 s: intervals 102, 103 and 104.
    assertEquals(Map.of("rpc_attempts_failed", 3L + 4 + 5, "kept_never_grew", 0L),
        FaultRun.clientCounts(counted, 1_000_000_000L, 102_500, 105_200));
    // The last fault's window takes the rest, the read after the last call included.
    assertEquals(Map.of("rpc_attempts_failed", 6L + 7 + 8 + 9 + 10, "kept_never_grew", 0L),
        FaultRun.clientCounts(counted, 1_000_000_000L, 105_200, Long.MAX_VALUE));
    assertEquals(Map.of(), FaultRun.clientCounts(IntervalCounts.NONE, 1_000_000_000L, 102_500,
        105_200));
  }
}
