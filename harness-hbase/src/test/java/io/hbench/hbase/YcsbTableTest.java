package io.hbench.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class YcsbTableTest {

  private static List<String> splits(YcsbWorkload w, int regions) {
    return Arrays.stream(YcsbTable.splits(w, regions))
        .map(b -> new String(b, StandardCharsets.UTF_8)).toList();
  }

  @Test
  void hashedKeysAreSplitWhereYcsbsInstructionsSplitThem() {
    YcsbWorkload w = YcsbWorkload.preset("a");
    // create 'usertable', 'family', {SPLITS => (1..n).map {|i| "user#{1000+i*(9999-1000)/n}"}}
    assertEquals(List.of("user3999", "user6999"), splits(w, 3));
    assertEquals(List.of(), splits(w, 1));
    assertEquals(199, splits(w, 200).size());
  }

  @Test
  void orderedKeysAreSplitIntoEqualRangesOfTheirNumbers() {
    YcsbWorkload w = YcsbOptions.workload("a", List.of("insertorder=ordered", "zeropadding=4"),
        1000L, null).workload();
    assertEquals(List.of("user0250", "user0500", "user0750"), splits(w, 4));
  }

  @Test
  void aRunIsRefusedNamingWhatDiffersFromTheLoadedTable() {
    YcsbWorkload loaded = YcsbWorkload.preset("a");
    YcsbWorkload other = YcsbOptions.workload("a", List.of("fieldcount=5"), null, null).workload();
    assertEquals("", YcsbTable.difference(YcsbTable.layout(loaded, 1), YcsbTable.layout(loaded, 1)));
    // The operations and their mix may change between runs; what the rows are may not.
    assertEquals("", YcsbTable.difference(YcsbTable.layout(YcsbWorkload.preset("c"), 1),
        YcsbTable.layout(loaded, 1)));
    String d = YcsbTable.difference(YcsbTable.layout(other, 2), YcsbTable.layout(loaded, 1));
    assertTrue(d.contains("fieldcount 5 (the table has 10)") && d.contains("seed 2 (the table has 1)"), d);
  }
}
