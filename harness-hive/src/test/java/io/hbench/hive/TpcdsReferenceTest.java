package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The answers computed from the generator's rows at SF 0.01, checked against what follows from
 * the queries' definitions: rollup totals are the sums of their detail rows, ranks follow the
 * ranked values, a subset of the queries gets the same answers, and q43's figures again by
 * another route (the day from d_date's text, not date_dim's d_year and d_day_name).
 */
class TpcdsReferenceTest {

  private static Map<String, TpcdsReference.Expected> answers;

  @BeforeAll
  static void compute() {
    answers = TpcdsReference.answers(0.01, TpcdsReference.QUERIES);
  }

  private static Iterable<List<List<String>>> rows(Table table) {
    return Results.constructResults(table, Session.getDefaultSession().withScale(0.01)
        .withParallelism(1).withChunkNumber(1).withTable(table));
  }

  private static String value(List<String> row, Table table, String column) {
    return row.get(table.getColumn(column).getPosition());
  }

  private static BigDecimal decimal(String v) {
    return v == null ? BigDecimal.ZERO : new BigDecimal(v);
  }

  @Test
  void everyQueryHasAnAnswerOfOneShapeAndTheStarJoinsHaveRows() {
    assertEquals(TpcdsReference.QUERIES, answers.keySet());
    for (Map.Entry<String, TpcdsReference.Expected> e : answers.entrySet()) {
      TpcdsReference.Expected x = e.getValue();
      assertFalse(x.rows().isEmpty(), e.getKey());
      int width = x.rows().get(0).length;
      for (String[] r : x.rows()) {
        assertEquals(width, r.length, e.getKey());
      }
      for (int c : x.orderColumns()) {
        assertTrue(c >= 0 && c < width, e.getKey() + ": order column " + c);
      }
    }
    // Groups found at SF 0.01, as many as the queries' filters leave (hand-checked once against
    // the same queries in SQLite over the same rows).
    Map<String, Integer> sizes = Map.ofEntries(Map.entry("q3", 20), Map.entry("q7", 257),
        Map.entry("q12", 33), Map.entry("q19", 15), Map.entry("q27", 655), Map.entry("q36", 114),
        Map.entry("q42", 4), Map.entry("q43", 2), Map.entry("q52", 11), Map.entry("q55", 20),
        Map.entry("q86", 115), Map.entry("q88", 1), Map.entry("q96", 1), Map.entry("q98", 190));
    sizes.forEach((q, n) -> assertEquals(n, answers.get(q).rows().size(), q));
    assertEquals(0, answers.get("q98").limit());
    assertEquals(100, answers.get("q3").limit());
    assertArrayEquals(new int[] {0, 3, 1}, answers.get("q3").orderColumns());
  }

  @Test
  void storeEseSoldNothingAtSf001SoQ88AndQ96CountZero() {
    // q88 and q96 count store 'ese''s sales; SF 0.01 has two stores, neither named so.
    List<String> names = new ArrayList<>();
    for (List<List<String>> r : rows(Table.STORE)) {
      names.add(value(r.get(0), Table.STORE, "s_store_name"));
    }
    assertEquals(List.of("ought", "able"), names);
    assertArrayEquals(new String[] {"0"}, answers.get("q96").rows().get(0));
    assertArrayEquals(new String[] {"0", "0", "0", "0", "0", "0", "0", "0"},
        answers.get("q88").rows().get(0));
  }

  @Test
  void q86sRollupTotalsAreTheSumsOfTheirRowsAndRanksFollowThem() {
    List<String[]> rows = answers.get("q86").rows();
    BigDecimal total = null;
    Map<String, BigDecimal> subtotals = new HashMap<>();
    Map<String, BigDecimal> details = new HashMap<>();
    List<String[]> rankedSubtotals = new ArrayList<>();
    int lastLevel = 3;
    for (String[] r : rows) {
      int level = Integer.parseInt(r[3]);
      assertTrue(level <= lastLevel, "lochierarchy descending");
      lastLevel = level;
      BigDecimal sum = decimal(r[0]);
      switch (level) {
        case 2 -> total = sum;
        case 1 -> {
          subtotals.put(r[1], sum);
          rankedSubtotals.add(r);
        }
        default -> details.merge(r[1], sum, BigDecimal::add);
      }
    }
    assertEquals(1, rows.stream().filter(r -> r[3].equals("2")).count());
    assertEquals(total, subtotals.values().stream().reduce(BigDecimal.ZERO, BigDecimal::add));
    assertEquals(subtotals, details);
    // Subtotals in one partition, highest first: rank is 1 + the rows before, ties sharing it.
    assertEquals("1", rankedSubtotals.get(0)[4]);
    for (int i = 1; i < rankedSubtotals.size(); i++) {
      String[] p = rankedSubtotals.get(i - 1);
      String[] r = rankedSubtotals.get(i);
      int c = decimal(p[0]).compareTo(decimal(r[0]));
      assertTrue(c >= 0, "subtotals highest first");
      assertEquals(c == 0 ? p[4] : Integer.toString(i + 1), r[4], "rank of " + r[1]);
    }
    // NULL i_category is a category of its own at SF 0.01, and sorts as its value says.
    assertTrue(subtotals.containsKey(null));
  }

  @Test
  void q36sMarginsRankLowestFirstWithinEachCategory() {
    Map<String, List<String[]>> byCategory = new TreeMap<>();
    for (String[] r : answers.get("q36").rows()) {
      if (r[3].equals("0")) {
        byCategory.computeIfAbsent(Objects.toString(r[1]), k -> new ArrayList<>()).add(r);
      }
    }
    assertFalse(byCategory.isEmpty());
    for (List<String[]> category : byCategory.values()) {
      for (int i = 0; i < category.size(); i++) {
        String[] r = category.get(i);
        if (i == 0) {
          assertEquals("1", r[4]);
        } else {
          String[] p = category.get(i - 1);
          int c = new BigDecimal(p[0]).compareTo(new BigDecimal(r[0]));
          assertTrue(c <= 0, "margins ascending within " + r[1]);
          assertEquals(c == 0 ? p[4] : Integer.toString(i + 1), r[4], "rank in " + r[1]);
        }
      }
    }
  }

  @Test
  void q27sItemSubtotalsAreTheirOnlyStatesRow() {
    // All six states are TN, so each item's subtotal has its one detail row's averages.
    List<String[]> rows = answers.get("q27").rows();
    // The grand total's NULL item id sorts last, ascending: Hive 4's NULL order (NULLS_LAST).
    String[] total = rows.get(rows.size() - 1);
    assertNull(total[0]);
    assertEquals("1", total[2]);
    assertNotNull(rows.get(0)[0]);
    Map<String, String[]> subtotals = new HashMap<>();
    Map<String, String[]> details = new HashMap<>();
    for (String[] r : rows.subList(0, rows.size() - 1)) {
      (r[2].equals("1") ? subtotals : details).put(r[0], r);
      if (r[2].equals("0")) {
        assertEquals("TN", r[1]);
      }
    }
    assertEquals(rows.size() - 1, 2 * details.size());
    details.forEach((item, d) -> assertArrayEquals(Arrays.copyOfRange(d, 3, 7),
        Arrays.copyOfRange(subtotals.get(item), 3, 7), item));
  }

  @Test
  void q43sDaySumsAgainFromTheDatesText() {
    Map<String, String> dates = new HashMap<>();
    for (List<List<String>> r : rows(Table.DATE_DIM)) {
      dates.put(value(r.get(0), Table.DATE_DIM, "d_date_sk"),
          value(r.get(0), Table.DATE_DIM, "d_date"));
    }
    Map<String, String> stores = new HashMap<>();
    for (List<List<String>> r : rows(Table.STORE)) {
      List<String> s = r.get(0);
      if (new BigDecimal(value(s, Table.STORE, "s_gmt_offset")).compareTo(BigDecimal.valueOf(-5))
          == 0) {
        stores.put(value(s, Table.STORE, "s_store_sk"), value(s, Table.STORE, "s_store_name")
            + "|" + value(s, Table.STORE, "s_store_id"));
      }
    }
    Map<String, BigDecimal[]> sums = new TreeMap<>();
    for (List<List<String>> r : rows(Table.STORE_SALES)) {
      List<String> s = r.get(0);
      String date = dates.get(value(s, Table.STORE_SALES, "ss_sold_date_sk"));
      String store = stores.get(value(s, Table.STORE_SALES, "ss_store_sk"));
      String price = value(s, Table.STORE_SALES, "ss_sales_price");
      if (date == null || store == null || price == null) {
        continue;
      }
      LocalDate d = LocalDate.parse(date);
      if (d.getYear() == 2000) {
        BigDecimal[] days = sums.computeIfAbsent(store, k -> {
          BigDecimal[] z = new BigDecimal[7];
          Arrays.fill(z, BigDecimal.ZERO);
          return z;
        });
        int sunday0 = d.getDayOfWeek().getValue() % 7;
        days[sunday0] = days[sunday0].add(new BigDecimal(price));
      }
    }
    List<String[]> rows = answers.get("q43").rows();
    assertEquals(sums.size(), rows.size());
    int i = 0;
    for (Map.Entry<String, BigDecimal[]> e : sums.entrySet()) {
      String[] r = rows.get(i++);
      assertEquals(e.getKey(), r[0] + "|" + r[1]);
      for (int day = 0; day < 7; day++) {
        assertEquals(e.getValue()[day].stripTrailingZeros(),
            decimal(r[2 + day]).stripTrailingZeros(), e.getKey() + " day " + day);
      }
    }
  }

  @Test
  void aSubsetOfTheQueriesGetsTheSameAnswers() {
    Set<String> some = Set.of("q3", "q43", "q86", "q98");
    Map<String, TpcdsReference.Expected> again =
        TpcdsReference.answers(0.01, Set.of("q3", "q43", "q86", "q98", "q1000"));
    assertEquals(some, again.keySet());
    for (String q : some) {
      TpcdsReference.Expected a = answers.get(q);
      TpcdsReference.Expected b = again.get(q);
      assertEquals(a.limit(), b.limit(), q);
      assertArrayEquals(a.orderColumns(), b.orderColumns(), q);
      assertEquals(a.rows().size(), b.rows().size(), q);
      for (int i = 0; i < a.rows().size(); i++) {
        assertArrayEquals(a.rows().get(i), b.rows().get(i), q + " row " + (i + 1));
      }
    }
    assertEquals(Map.of(), TpcdsReference.answers(0.01, Set.of("q1", "q70")));
    assertThrows(IllegalArgumentException.class,
        () -> TpcdsReference.answers(TpcdsReference.MAX_SCALE * 2, Set.of("q3")));
  }
}
