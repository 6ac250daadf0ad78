package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The spec's answer tolerances, the TPC-H figures and the option forms, without a cluster. */
class TpchAnswersTest {

  @Test
  void sumsMayDifferBy100AveragesBy1PercentCountsNotAtAll() {
    // q1: columns 2-5 are sums, 6-8 averages, 9 a count.
    assertTrue(TpchAnswers.matches(1, 3, "532348311.65", "532348211.65"));
    assertFalse(TpchAnswers.matches(1, 3, "532348311.66", "532348211.65"));
    assertTrue(TpchAnswers.matches(1, 6, "25.83", "25.58"));
    assertFalse(TpchAnswers.matches(1, 6, "25.90", "25.58"));
    assertTrue(TpchAnswers.matches(1, 9, "14876", "14876"));
    assertFalse(TpchAnswers.matches(1, 9, "14877", "14876"));
    // Text is exact, whatever padding a CHAR column adds; numbers compare by value.
    assertTrue(TpchAnswers.matches(1, 0, "A ", "A"));
    assertFalse(TpchAnswers.matches(1, 0, "B", "A"));
    assertTrue(TpchAnswers.matches(1, 2, "380456.00", "380456"));
    assertTrue(TpchAnswers.matches(17, 0, null, "null"));
  }

  @Test
  void theShippedAnswerPassesAndAChangedRowIsNamed() throws Exception {
    List<String[]> answer = TpchAnswers.expected(3);
    List<String> columns = List.of("l_orderkey", "revenue", "o_orderdate", "o_shippriority");
    List<String[]> rows = new ArrayList<>();
    for (String[] r : answer) {
      rows.add(java.util.Arrays.copyOf(r, columns.size()));
    }
    assertNull(TpchAnswers.compare(3, columns, rows));
    rows.get(4)[2] = "1999-01-01";
    assertEquals("q3: row 5, column 3 (o_orderdate): got 1999-01-01, the tpch library's SF 0.01"
        + " answer has "
        + answer.get(4)[2], TpchAnswers.compare(3, columns, rows));
    assertTrue(TpchAnswers.compare(3, columns, rows.subList(0, 3)).startsWith("q3: 3 rows"));
  }

  @Test
  void theRecordSaysWhichQueriesWereCheckedHow() {
    assertEquals("q1, q3, q6, q14 by value against answers hbench computes in plain Java from the"
        + " generator's rows; every query by value against the tpch library's answer files at SF"
        + " 0.01 (made from its own generator, not the TPC's answer set, which is for SF 1)",
        TpchBenchmark.answerCheck(true, new java.util.TreeSet<>(List.of(14, 1, 6, 3)), false));
    assertEquals("q6 by value against answers hbench computes in plain Java from the generator's"
        + " rows; others: row count and columns",
        TpchBenchmark.answerCheck(false, java.util.Set.of(6), false));
    assertEquals("row count and columns (the refresh functions change the data)",
        TpchBenchmark.answerCheck(false, java.util.Set.of(), true));
  }

  @Test
  void elsewhereTheColumnsAndTheFixedRowCountsAreChecked() throws Exception {
    // q1 has 10 columns and 4 rows (return flag x line status) at any scale of 1 or more.
    assertNull(TpchAnswers.shape(1, 10, 4, 1));
    assertTrue(TpchAnswers.shape(1, 9, 4, 1).startsWith("q1: 9 columns"));
    assertTrue(TpchAnswers.shape(1, 10, 3, 10).startsWith("q1: 3 rows"));
    assertNull(TpchAnswers.shape(1, 10, 3, 0.1), "small scales may return fewer rows");
    // q16 has no fixed count; its 4 columns still are.
    assertNull(TpchAnswers.shape(16, 4, 12345, 1));
  }

  @Test
  void powerIsSf3600OverTheGeometricMeanWithTheSpecsFloor() {
    assertEquals(3600.0, TpchFigures.powerAtSize(List.of(1.0, 1.0, 1.0), 1), 1e-9);
    assertEquals(7200.0, TpchFigures.powerAtSize(List.of(4.0, 0.25), 2) / 1, 1e-9);
    // 0.001 s is below 1/1000 of 10 s: it counts as 0.01 s.
    assertEquals(3600 / Math.sqrt(10 * 0.01), TpchFigures.powerAtSize(List.of(10.0, 0.001), 1), 1e-6);
    // The power test's figure: the 22 queries, with RF1 and RF2 when they ran (24 times).
    List<Double> queries = java.util.Collections.nCopies(22, 2.0);
    assertEquals(1800.0, TpchFigures.powerFigure(queries, false, List.of(), 1), 1e-9);
    assertEquals(3600 / Math.pow(Math.pow(2, 22) * 0.5 * 0.5, 1 / 24.0),
        TpchFigures.powerFigure(queries, true, List.of(0.5, 0.5), 1), 1e-2);
    assertNull(TpchFigures.powerFigure(queries, true, List.of(0.5), 1), "RF2 failed");
    assertNull(TpchFigures.powerFigure(queries.subList(0, 21), false, List.of(), 1), "a query failed");
  }

  @Test
  void scalesAndQueriesReadAsTheSeedWritesThem() {
    assertEquals(10, HiveOptions.scales("10..100:10").size());
    assertEquals(new BigDecimal("100"), HiveOptions.scales("10..100:10").get(9).stripTrailingZeros().setScale(0));
    assertEquals(List.of(new BigDecimal("0.01"), new BigDecimal("0.1")), HiveOptions.scales("0.01,0.1"));
    assertEquals(List.of(1, 3, 5, 6, 7), TpchOptions.queries("1,3,5-7"));
    assertEquals(22, TpchOptions.queries("all").size());
    assertEquals("tpch_sf0_01_orc", TpchDatabase.name(new BigDecimal("0.01"), HiveOptions.Format.ORC, false, false));
    assertEquals("tpch_sf100_parquet",
        TpchDatabase.name(HiveOptions.scales("100").get(0), HiveOptions.Format.PARQUET, false, false));
    assertEquals("tpch_sf1_orc_txn", TpchDatabase.name(BigDecimal.ONE, HiveOptions.Format.ORC, false, true));
    assertEquals("tpch_sf1_parquet_part",
        TpchDatabase.name(BigDecimal.ONE, HiveOptions.Format.PARQUET, true, false));
    // The partitioned table's own columns: all but the partition column, which goes last.
    assertEquals(List.of("o_orderkey", "o_custkey", "o_orderstatus", "o_totalprice",
        "o_orderpriority", "o_clerk", "o_shippriority", "o_comment"),
        TpchDatabase.names("orders", "o_orderdate"));
    assertFalse(TpchDatabase.columns("lineitem", "l_shipdate").contains("l_shipdate"));
  }
}
