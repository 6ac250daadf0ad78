package io.hbench.hdfs.namenode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class NameLayoutTest {

  private static String d(int... digits) {
    StringBuilder sb = new StringBuilder("/b");
    for (int x : digits) {
      sb.append("/ThroughputBenchDir").append(x);
    }
    return sb.toString();
  }

  @Test
  void fillsEachLevelThenGoesOneDeeper() {
    // Two per directory: Dir0, Dir1, then Dir0/Dir0 .. Dir1/Dir1, then three levels.
    NameLayout layout = new NameLayout("/b", 2, 14);
    String[] names = new String[14];
    for (int i = 0; i < 14; i++) {
      names[i] = layout.get(i);
    }
    assertArrayEquals(
        new String[] {
          d(0) + "/ThroughputBench0", d(0) + "/ThroughputBench1",
          d(1) + "/ThroughputBench2", d(1) + "/ThroughputBench3",
          d(0, 0) + "/ThroughputBench4", d(0, 0) + "/ThroughputBench5",
          d(0, 1) + "/ThroughputBench6", d(0, 1) + "/ThroughputBench7",
          d(1, 0) + "/ThroughputBench8", d(1, 0) + "/ThroughputBench9",
          d(1, 1) + "/ThroughputBench10", d(1, 1) + "/ThroughputBench11",
          d(0, 0, 0) + "/ThroughputBench12", d(0, 0, 0) + "/ThroughputBench13",
        },
        names);
  }

  @Test
  void countsEveryDirectoryItNamedWithAncestors() {
    NameLayout layout = new NameLayout("/b", 2, 14);
    // Dir0, Dir1, Dir0/Dir0, Dir0/Dir1, Dir1/Dir0, Dir1/Dir1, Dir0/Dir0/Dir0.
    assertEquals(7, layout.directories());
    assertEquals(1, new NameLayout("/b", 2, 1).directories());
    assertEquals(0, new NameLayout("/b", 2, 0).directories());
  }

  @Test
  void aSliceIsTheSameNamesFromItsFirstOn() {
    NameLayout all = new NameLayout("/b", 3, 100);
    NameLayout slice = all.slice(40, 25);
    assertEquals(25, slice.size());
    for (int i = 0; i < 25; i++) {
      assertEquals(all.get(40 + i), slice.get(i));
    }
    assertThrows(IndexOutOfBoundsException.class, () -> slice.get(25));
    assertThrows(IndexOutOfBoundsException.class, () -> all.slice(90, 11));
  }

  @Test
  void aMillionNamesEndWhereTheWalkSaysAndAreAllDistinct() {
    // 4 per directory (the default): 250,000 directories over levels of 4, 16, ... 4^8 = 65,536.
    NameLayout layout = new NameLayout("/b", 4, 1_000_000);
    java.util.Set<String> seen = new java.util.HashSet<>();
    for (long i = 0; i < layout.size(); i += 997) {
      assertTrue(seen.add(layout.get(i)));
    }
    assertEquals(250_000, layout.directories());
    // Directory 249,999: 4+16+...+4^8 = 87,380 before level 9, so offset 162,619 at depth 9.
    assertTrue(layout.get(999_999).endsWith("/ThroughputBench999999"), layout.get(999_999));
    assertEquals(9, layout.get(999_999).split("ThroughputBenchDir", -1).length - 1);
  }
}
