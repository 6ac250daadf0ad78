package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trino.tpcds.Table;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What the TPC-DS generation writes: pieces that add up to the whole table, NULL as nothing. */
class TpcdsDataTest {

  /** Lines, and a hash of them in order. */
  private record Digest(long lines, long hash) {}

  private static Digest digest(String table, int piece, int pieces, long seed, long lines) {
    long hash = seed;
    long n = lines;
    for (String line : TpcdsData.GENERATOR.lines(table, 0.01, piece, pieces)) {
      hash = hash * 31 + line.hashCode();
      n++;
    }
    return new Digest(n, hash);
  }

  @Test
  void threePiecesOfALargeTableAreTheWholeTableInOrder() {
    // At SF 0.01 only customer_demographics (1,920,800 rows at any scale) is cut.
    assertFalse(TpcdsData.GENERATOR.whole("customer_demographics", 0.01));
    Digest whole = digest("customer_demographics", 1, 1, 0, 0);
    Digest pieces = new Digest(0, 0);
    for (int p = 1; p <= 3; p++) {
      Digest next = digest("customer_demographics", p, 3, pieces.hash(), pieces.lines());
      assertTrue(next.lines() > pieces.lines() + 600_000, "piece " + p);
      pieces = next;
    }
    assertEquals(1_920_800, whole.lines());
    assertEquals(whole, pieces);
  }

  @Test
  void smallTablesAreWholeAndNullsAreEmptyFields() {
    assertTrue(TpcdsData.GENERATOR.whole("store_sales", 0.01));
    assertEquals(24, TpcdsData.TABLES.size());
    assertFalse(TpcdsData.TABLES.contains("dbgen_version"));
    int columns = Table.STORE_SALES.getColumns().length;
    long rows = 0;
    long withNull = 0;
    for (String line : TpcdsData.GENERATOR.lines("store_sales", 0.01, 1, 1)) {
      assertEquals(columns, line.split("\\|", -1).length, line);
      rows++;
      withNull += line.contains("||") || line.endsWith("|") ? 1 : 0;
    }
    assertEquals(120_527, rows);
    // Some columns of a sale are NULL now and then: 8.9% of the rows at SF 0.01.
    assertTrue(withNull > rows / 20, withNull + " of " + rows);
  }

  @Test
  void columnsHaveTheSpecsTypes() {
    String ss = TpcdsData.SCHEMA.columns("store_sales", null);
    assertTrue(ss.startsWith("ss_sold_date_sk BIGINT, ss_sold_time_sk BIGINT"), ss);
    assertTrue(ss.contains("ss_quantity INT") && ss.contains("ss_sales_price DECIMAL(7,2)"), ss);
    String item = TpcdsData.SCHEMA.columns("item", null);
    assertTrue(item.contains("i_item_id CHAR(16)") && item.contains("i_rec_start_date DATE")
        && item.contains("i_item_desc VARCHAR(200)"), item);
    assertEquals(List.of("r_reason_sk", "r_reason_id", "r_reason_desc"),
        TpcdsData.SCHEMA.names("reason", null));
  }
}
