package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trino.tpch.Order;
import io.trino.tpch.OrderGenerator;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TpchRefreshTest {

  private static final double SCALE = 0.01;

  private static List<Long> generatedKeys() {
    List<Long> keys = new ArrayList<>();
    for (Order o : new OrderGenerator(SCALE, 1, 1)) {
      keys.add(o.getOrderKey());
    }
    return keys;
  }

  /** What the SQL of {@link TpchRefresh.UpdateSet#window} selects, evaluated here. */
  private static boolean inWindow(TpchRefresh.UpdateSet set, long key, int bits) {
    return key >= TpchRefresh.key(set.firstIndex(), bits) && key <= TpchRefresh.key(set.lastIndex(), bits)
        && Math.floorMod(key / 8, 4) == bits;
  }

  @Test
  void keysWithNoBitsAreTheGeneratorsOrderKeys() {
    List<Long> keys = generatedKeys();
    assertEquals(15_000, keys.size());
    for (int i = 0; i < keys.size(); i++) {
      assertEquals(keys.get(i), TpchRefresh.key(i + 1, 0), "order " + (i + 1));
    }
  }

  @Test
  void anUpdateSetIsSfTimes1500OrdersAndItsWindowSelectsExactlyThem() {
    assertEquals(15, TpchRefresh.ordersPerSet(SCALE));
    assertEquals(1500, TpchRefresh.ordersPerSet(1));
    assertEquals(1, TpchRefresh.ordersPerSet(0.0001));
    List<Long> keys = generatedKeys();
    TpchRefresh.UpdateSet first = TpchRefresh.set(1, SCALE);
    assertEquals(new TpchRefresh.UpdateSet(1, 1, 15, 1, 0), first);
    assertEquals(keys.subList(0, 15), keys.stream().filter(k -> inWindow(first, k, 0)).toList());
    TpchRefresh.UpdateSet second = TpchRefresh.set(2, SCALE);
    assertEquals(keys.subList(15, 30), keys.stream().filter(k -> inWindow(second, k, 0)).toList());
    // The moved keys are new: none of them is a generated key.
    Set<Long> generated = new HashSet<>(keys);
    for (long i = first.firstIndex(); i <= first.lastIndex(); i++) {
      long moved = TpchRefresh.key(i, first.insertBits());
      assertTrue(!generated.contains(moved) && inWindow(first, moved, 1) && !inWindow(first, moved, 0));
    }
    assertEquals("o_orderkey BETWEEN 1 AND 39 AND pmod(o_orderkey DIV 8, 4) = 0",
        first.window("o_orderkey", 0));
  }

  @Test
  void setsCoverEveryOrderOnceACycleAndTheKeyBitsComeRoundAfterFourCycles() {
    Set<Long> seen = new HashSet<>();
    for (int u = 1; u <= 1000; u++) {
      TpchRefresh.UpdateSet s = TpchRefresh.set(u, SCALE);
      assertEquals(1, s.insertBits());
      for (long i = s.firstIndex(); i <= s.lastIndex(); i++) {
        assertTrue(seen.add(i), "order " + i + " in two sets of a cycle");
      }
    }
    assertEquals(15_000, seen.size());
    // The next cycle moves the same windows on from the keys the first cycle moved them to.
    assertEquals(new TpchRefresh.UpdateSet(1001, 1, 15, 2, 1), TpchRefresh.set(1001, SCALE));
    assertEquals(new TpchRefresh.UpdateSet(3001, 1, 15, 0, 3), TpchRefresh.set(3001, SCALE));
    assertEquals(new TpchRefresh.UpdateSet(4001, 1, 15, 1, 0), TpchRefresh.set(4001, SCALE));
  }
}
