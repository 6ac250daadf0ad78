package io.hbench.hdfs.namenode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

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
    String[] names = NameLayout.names("/b", 2, 14);
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
    NameLayout layout = new NameLayout("/b", 2);
    for (int i = 0; i < 14; i++) {
      layout.next();
    }
    // Dir0, Dir1, Dir0/Dir0, Dir0/Dir1, Dir1/Dir0, Dir1/Dir1, Dir0/Dir0/Dir0.
    assertEquals(7, layout.directories());
  }
}
