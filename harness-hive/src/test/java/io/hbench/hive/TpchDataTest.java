package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the generation job's map tasks write: pieces that add up to the whole table. */
class TpchDataTest {

  private static List<String> lines(String table, int piece, int pieces) {
    List<String> out = new ArrayList<>();
    TpchData.GENERATOR.lines(table, 0.01, piece, pieces).forEach(out::add);
    return out;
  }

  @Test
  void threePiecesOfATableAreTheWholeTableInOrder() {
    List<String> whole = lines("orders", 1, 1);
    List<String> pieces = new ArrayList<>();
    for (int p = 1; p <= 3; p++) {
      List<String> piece = lines("orders", p, 3);
      assertFalse(piece.isEmpty(), "piece " + p);
      pieces.addAll(piece);
    }
    assertEquals(15_000, whole.size()); // SF 0.01: 1,500,000 x 0.01 orders
    assertEquals(whole, pieces);
    assertTrue(whole.get(0).startsWith("1|"), whole.get(0));
  }

  @Test
  void nationAndRegionAreWrittenWholeTheOthersInPieces() {
    assertTrue(TpchData.GENERATOR.whole("nation", 1) && TpchData.GENERATOR.whole("region", 1));
    assertFalse(TpchData.GENERATOR.whole("lineitem", 1));
    assertEquals(TpchData.TABLES, TpchData.GENERATOR.tables());
    assertEquals(25, lines("nation", 1, 1).size());
  }
}
