package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TpchQueriesTest {

  private static final Pattern QUOTED = Pattern.compile("'[^']*'");
  private static final Pattern DATE_LITERAL = Pattern.compile("date '[^']*'");
  private static final Pattern NUMBER = Pattern.compile("(?<![\\w.#])\\d+(?:\\.\\d+)?(?![\\w.])");
  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z0-9_]+)}");

  /** The jar's query: the reference for both the text and the SF 0.01 answers. */
  private static String trinoQuery(int q) throws IOException {
    String name = "io/trino/tpch/queries/q" + q + ".sql";
    try (InputStream in = TpchQueriesTest.class.getClassLoader().getResourceAsStream(name)) {
      assertNotNull(in, name + " not on the test class path");
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** Comments gone, whitespace collapsed, lower case. */
  private static String normalise(String sql) {
    return sql.replaceAll("--[^\\n]*", " ").replaceAll("\\s+", " ").trim()
        .toLowerCase(java.util.Locale.ROOT);
  }

  /**
   * The jar's query, normalised, with the rewrites our templates make for Hive: Presto's
   * {@code decimal '0.06'} literal becomes the number (Hive 4 reads 0.06 as a decimal),
   * {@code date('x')} becomes {@code date 'x'}, Q13's column alias list moves into the subquery and
   * Q15's view becomes a WITH clause.
   */
  private static String trinoQueryRewritten(int q) throws IOException {
    String s = normalise(trinoQuery(q))
        .replaceAll("decimal '([0-9.]+)'", "$1")
        .replaceAll("date\\('([^']*)'\\)", "date '$1'");
    if (q == 13) {
      s = replaceOnce(s, "count(o_orderkey) from", "count(o_orderkey) as c_count from");
      s = replaceOnce(s, ") as c_orders (c_custkey, c_count)", ") as c_orders");
    } else if (q == 15) {
      Matcher m = Pattern.compile("create or replace view revenue as (.*?); (select .*?);?")
          .matcher(s);
      assertTrue(m.matches(), s);
      s = "with revenue as ( " + m.group(1) + " ) " + m.group(2);
    }
    return s;
  }

  private static String replaceOnce(String s, String from, String to) {
    assertEquals(1, s.split(Pattern.quote(from), -1).length - 1, from);
    return s.replace(from, to);
  }

  private static List<String> all(Pattern p, String s) {
    List<String> found = new ArrayList<>();
    Matcher m = p.matcher(s);
    while (m.find()) {
      found.add(m.group());
    }
    found.sort(null);
    return found;
  }

  @Test
  void templatesAreOneHiveSelectEach() {
    Map<Integer, String> limits = Map.of(2, "limit 100", 3, "limit 10", 10, "limit 20",
        18, "limit 100", 21, "limit 100");
    for (int q = 1; q <= TpchQueries.COUNT; q++) {
      String t = TpchQueries.template(q);
      String n = normalise(t);
      assertFalse(t.contains(";"), "q" + q + " has a semicolon");
      assertFalse(t.contains("--"), "q" + q + " has a comment");
      assertTrue(n.startsWith("select ") || n.startsWith("with "), "q" + q);
      assertFalse(n.contains("create ") || n.contains("drop "), "q" + q + " has DDL");
      assertFalse(n.contains("tpch."), "q" + q + " qualifies a table");
      if (limits.containsKey(q)) {
        assertTrue(n.endsWith(limits.get(q)), "q" + q + " should end with " + limits.get(q));
      } else {
        assertFalse(n.contains(" limit "), "q" + q + " has a LIMIT");
      }
    }
  }

  @Test
  void placeholdersAreExactlyTheParameters() {
    for (int q = 1; q <= TpchQueries.COUNT; q++) {
      Set<String> names = new TreeSet<>();
      Matcher m = PLACEHOLDER.matcher(TpchQueries.template(q));
      while (m.find()) {
        names.add(m.group(1));
      }
      assertEquals(names, new TreeSet<>(TpchQueries.validationParameters(q, 1).keySet()),
          "q" + q);
      assertEquals(names,
          new TreeSet<>(TpchQueries.randomParameters(q, 1, new Random(q)).keySet()), "q" + q);
    }
  }

  @Test
  void validationValuesGiveTheJarsLiterals() throws IOException {
    for (int q = 1; q <= TpchQueries.COUNT; q++) {
      String ours = TpchQueries.text(q, TpchQueries.validationParameters(q, 0.01));
      assertFalse(ours.contains("${"), "q" + q + ": " + ours);
      String n = normalise(ours);
      String jar = trinoQueryRewritten(q);
      assertEquals(all(DATE_LITERAL, jar), all(DATE_LITERAL, n), "dates of q" + q);
      assertEquals(all(QUOTED, jar), all(QUOTED, n), "quoted strings of q" + q);
      for (String literal : all(QUOTED, jar)) {
        assertTrue(n.contains(literal), "q" + q + " lacks " + literal);
      }
    }
  }

  /**
   * At SF 1, where Q11's FRACTION is the jar's 0.0001, every query is the jar's query but for the
   * Hive rewrites: so the results line up with the jar's answers.
   */
  @Test
  void atScaleFactorOneTheQueriesAreTheJarsQueries() throws IOException {
    for (int q = 1; q <= TpchQueries.COUNT; q++) {
      String ours = normalise(TpchQueries.text(q, TpchQueries.validationParameters(q, 1)));
      String jar = trinoQueryRewritten(q);
      assertEquals(all(NUMBER, jar.replaceAll("'[^']*'", "''")),
          all(NUMBER, ours.replaceAll("'[^']*'", "''")), "numbers of q" + q);
      assertEquals(jar, ours, "q" + q);
    }
  }

  @Test
  void fractionIsTheSpecsOverTheScaleFactor() {
    assertEquals("0.01", TpchQueries.validationParameters(11, 0.01).get("FRACTION"));
    assertEquals("0.0001", TpchQueries.validationParameters(11, 1).get("FRACTION"));
    assertEquals("0.00001", TpchQueries.validationParameters(11, 10).get("FRACTION"));
    assertEquals("0.000001", TpchQueries.validationParameters(11, 100).get("FRACTION"));
    assertEquals("0.0000333333", TpchQueries.validationParameters(11, 3).get("FRACTION"));
    assertEquals("0.00001", TpchQueries.randomParameters(11, 10, new Random(1)).get("FRACTION"));
  }

  @Test
  void randomParametersAreDeterministicAndComplete() {
    for (int q = 1; q <= TpchQueries.COUNT; q++) {
      Map<String, String> a = TpchQueries.randomParameters(q, 1, new Random(42));
      assertEquals(a, TpchQueries.randomParameters(q, 1, new Random(42)), "q" + q);
      assertFalse(TpchQueries.text(q, a).contains("${"), "q" + q);
    }
  }

  @Test
  void randomParametersStayWithinTheSpecsRanges() {
    Random r = new Random(20240601);
    Set<String> deltas = new HashSet<>();
    for (int i = 0; i < 500; i++) {
      int delta = Integer.parseInt(TpchQueries.randomParameters(1, 1, r).get("DELTA"));
      assertTrue(delta >= 60 && delta <= 120, "DELTA " + delta);
      deltas.add(Integer.toString(delta));

      Map<String, String> q3 = TpchQueries.randomParameters(3, 1, r);
      LocalDate d3 = LocalDate.parse(q3.get("DATE"));
      assertTrue(d3.getYear() == 1995 && d3.getMonthValue() == 3, "Q3 DATE " + d3);
      assertTrue(TpchQueries.SEGMENTS.contains(q3.get("SEGMENT")));

      LocalDate d4 = LocalDate.parse(TpchQueries.randomParameters(4, 1, r).get("DATE"));
      assertEquals(1, d4.getDayOfMonth());
      assertFalse(d4.isBefore(LocalDate.of(1993, 1, 1)) || d4.isAfter(LocalDate.of(1997, 10, 1)));

      Map<String, String> q6 = TpchQueries.randomParameters(6, 1, r);
      BigDecimal discount = new BigDecimal(q6.get("DISCOUNT"));
      assertTrue(discount.compareTo(new BigDecimal("0.02")) >= 0
          && discount.compareTo(new BigDecimal("0.09")) <= 0, "DISCOUNT " + discount);
      assertTrue(Set.of("24", "25").contains(q6.get("QUANTITY")));
      assertTrue(q6.get("DATE").matches("199[3-7]-01-01"), q6.get("DATE"));

      Map<String, String> q7 = TpchQueries.randomParameters(7, 1, r);
      assertTrue(TpchQueries.NATIONS.contains(q7.get("NATION1")));
      assertTrue(TpchQueries.NATIONS.contains(q7.get("NATION2")));
      assertFalse(q7.get("NATION1").equals(q7.get("NATION2")), "Q7 nations " + q7);

      Map<String, String> q8 = TpchQueries.randomParameters(8, 1, r);
      int nation = TpchQueries.NATIONS.indexOf(q8.get("NATION"));
      assertEquals(TpchQueries.REGIONS.get(TpchQueries.NATION_REGIONS.get(nation)),
          q8.get("REGION"));
      assertEquals(3, q8.get("TYPE").split(" ").length);

      LocalDate d10 = LocalDate.parse(TpchQueries.randomParameters(10, 1, r).get("DATE"));
      assertFalse(d10.isBefore(LocalDate.of(1993, 2, 1)) || d10.isAfter(LocalDate.of(1995, 1, 1)));

      Map<String, String> q12 = TpchQueries.randomParameters(12, 1, r);
      assertFalse(q12.get("SHIPMODE1").equals(q12.get("SHIPMODE2")), "Q12 modes " + q12);

      Map<String, String> q16 = TpchQueries.randomParameters(16, 1, r);
      Set<Integer> sizes = IntStream.rangeClosed(1, 8)
          .mapToObj(k -> Integer.parseInt(q16.get("SIZE" + k))).collect(Collectors.toSet());
      assertEquals(8, sizes.size(), "Q16 sizes " + q16);
      assertTrue(sizes.stream().allMatch(s -> s >= 1 && s <= 50), "Q16 sizes " + q16);
      assertTrue(q16.get("BRAND").matches("Brand#[1-5][1-5]"), q16.get("BRAND"));
      assertEquals(2, q16.get("TYPE").split(" ").length);

      Map<String, String> q19 = TpchQueries.randomParameters(19, 1, r);
      int q1 = Integer.parseInt(q19.get("QUANTITY1"));
      int q2 = Integer.parseInt(q19.get("QUANTITY2"));
      int q3q = Integer.parseInt(q19.get("QUANTITY3"));
      assertTrue(q1 >= 1 && q1 <= 10 && q2 >= 10 && q2 <= 20 && q3q >= 20 && q3q <= 30, "" + q19);

      Map<String, String> q22 = TpchQueries.randomParameters(22, 1, r);
      Set<Integer> codes = IntStream.rangeClosed(1, 7)
          .mapToObj(k -> Integer.parseInt(q22.get("I" + k))).collect(Collectors.toSet());
      assertEquals(7, codes.size(), "Q22 codes " + q22);
      assertTrue(codes.stream().allMatch(c -> c >= 10 && c <= 34), "Q22 codes " + q22);
    }
    // Uniform over 61 values: 500 draws leave none of the range's ends unseen but by a fluke.
    assertTrue(deltas.contains("60") && deltas.contains("120"), "DELTA values " + deltas);
  }

  @Test
  void textNamesTheMissingPlaceholder() {
    Map<String, String> p = new HashMap<>(TpchQueries.validationParameters(3, 1));
    p.remove("DATE");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> TpchQueries.text(3, p));
    assertTrue(e.getMessage().contains("3") && e.getMessage().contains("DATE"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> TpchQueries.template(0));
    assertThrows(IllegalArgumentException.class, () -> TpchQueries.template(23));
    assertThrows(IllegalArgumentException.class, () -> TpchQueries.validationParameters(23, 1));
    assertThrows(IllegalArgumentException.class, () -> TpchQueries.validationParameters(1, 0));
  }

  @Test
  void streamOrdersAreTheSpecsPermutations() {
    assertEquals(List.of(14, 2, 9, 20, 6, 17, 18, 8, 21, 13, 3, 22, 16, 4, 11, 15, 1, 10, 19, 5, 7,
        12), TpchQueries.streamOrder(0));
    assertEquals(List.of(21, 3, 18, 5, 11, 7, 6, 20, 17, 12, 16, 15, 13, 10, 2, 8, 14, 19, 9, 22, 1,
        4), TpchQueries.streamOrder(1));
    assertEquals(List.of(6, 17, 14, 16, 19, 10, 9, 2, 15, 8, 5, 22, 12, 7, 13, 18, 1, 4, 20, 3, 11,
        21), TpchQueries.streamOrder(2));
    assertEquals(List.of(13, 15, 17, 1, 22, 11, 3, 4, 7, 20, 14, 21, 9, 8, 2, 18, 16, 6, 10, 12, 5,
        19), TpchQueries.streamOrder(40));
    List<Integer> all = IntStream.rangeClosed(1, 22).boxed().collect(Collectors.toList());
    Set<List<Integer>> distinct = new HashSet<>();
    for (int s = 0; s <= 40; s++) {
      List<Integer> order = TpchQueries.streamOrder(s);
      assertEquals(all, order.stream().sorted().collect(Collectors.toList()), "stream " + s);
      distinct.add(order);
    }
    assertEquals(41, distinct.size());
    assertEquals(TpchQueries.streamOrder(0), TpchQueries.streamOrder(41));
    assertEquals(TpchQueries.streamOrder(5), TpchQueries.streamOrder(46));
    assertThrows(IllegalArgumentException.class, () -> TpchQueries.streamOrder(-1));
  }
}
