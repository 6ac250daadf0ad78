package io.hbench.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class YcsbClientsTest {

  @Test
  void theLoadsSharesCoverTheRecordsOnceInOrder() {
    for (long records : new long[] {1, 7, 1000, 1001}) {
      for (int clients : new int[] {1, 3, 4, 8}) {
        long next = 0;
        long total = 0;
        for (int c = 0; c < clients; c++) {
          assertEquals(next, YcsbClients.firstOf(records, clients, c), records + "/" + clients);
          long share = YcsbClients.share(records, clients, c);
          assertTrue(share >= records / clients && share <= records / clients + 1);
          next += share;
          total += share;
        }
        assertEquals(records, total);
      }
    }
  }

  @Test
  void runInsertsOfDifferentClientsNeverMeetNorTouchTheLoadedKeys() {
    YcsbWorkload w = YcsbOptions.workload("d", java.util.List.of("insertstart=5"), 100L, null)
        .workload();
    Set<Long> keys = new HashSet<>();
    int clients = 6;
    for (int c = 0; c < clients; c++) {
      for (long j = 0; j < 50; j++) {
        long k = YcsbClients.insertKey(w, clients, c, j);
        assertTrue(k >= 105, "beyond the loaded keys 5..104: " + k);
        assertTrue(keys.add(k), "client " + c + " insert " + j + " took " + k + " again");
      }
    }
    // Together the clients' first inserts are the next key numbers, with no gap.
    for (long k = 105; k < 105 + clients * 50; k++) {
      assertTrue(keys.contains(k), "gap at " + k);
    }
  }
}
