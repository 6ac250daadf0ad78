package io.hbench.hive;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The 22 TPC-H queries in Hive 4's SQL dialect, their substitution parameters and the order the
 * query streams run them in.
 *
 * <p>Each query is a template, the resource {@code io/hbench/hive/tpch/qN.sql}: one SELECT
 * statement (no trailing semicolon, table names unqualified) in which every substitution parameter
 * of the TPC-H specification (v3.0.1, clause 2.4.N.3) is a placeholder {@code ${NAME}} named as
 * in the specification ({@code DELTA}, {@code DATE}, {@code NATION1}, {@code SIZE1} ...). The
 * templates are the queries of {@code io.trino.tpch} (whose answers at scale factor 0.01 are the
 * reference results) changed only where Hive cannot parse them.
 *
 * <p>Parameter values are the raw text that replaces the placeholder: a date is {@code 1995-03-15}
 * (the template has {@code DATE '${DATE}'}), a string is {@code BUILDING} (the template has the
 * quotes), a number is {@code 0.06}. The word lists below are the specification's (clause 4.2.2.13
 * and 4.2.3), written out so that this class needs nothing but the JDK.
 */
public final class TpchQueries {

  /** The number of TPC-H queries; they are numbered 1 to {@code COUNT}. */
  public static final int COUNT = 22;

  /** R_NAME by R_REGIONKEY (clause 4.2.3). */
  static final List<String> REGIONS = List.of("AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST");

  /** N_NAME by N_NATIONKEY (clause 4.2.3). */
  static final List<String> NATIONS = List.of("ALGERIA", "ARGENTINA", "BRAZIL", "CANADA", "EGYPT",
      "ETHIOPIA", "FRANCE", "GERMANY", "INDIA", "INDONESIA", "IRAN", "IRAQ", "JAPAN", "JORDAN",
      "KENYA", "MOROCCO", "MOZAMBIQUE", "PERU", "CHINA", "ROMANIA", "SAUDI ARABIA", "VIETNAM",
      "RUSSIA", "UNITED KINGDOM", "UNITED STATES");

  /** N_REGIONKEY by N_NATIONKEY (clause 4.2.3): Q8's REGION is the region of its NATION. */
  static final List<Integer> NATION_REGIONS = List.of(0, 1, 1, 1, 4, 0, 3, 3, 2, 2, 4, 4, 2, 4, 0,
      0, 0, 1, 2, 3, 4, 2, 3, 3, 1);

  /** C_MKTSEGMENT values, "Segments" in clause 4.2.2.13. */
  static final List<String> SEGMENTS = List.of("AUTOMOBILE", "BUILDING", "FURNITURE", "MACHINERY",
      "HOUSEHOLD");

  /** P_TYPE's three syllables, "Types" in clause 4.2.2.13. */
  static final List<String> TYPE_SYLLABLES_1 = List.of("STANDARD", "SMALL", "MEDIUM", "LARGE",
      "ECONOMY", "PROMO");
  static final List<String> TYPE_SYLLABLES_2 = List.of("ANODIZED", "BURNISHED", "PLATED",
      "POLISHED", "BRUSHED");
  static final List<String> TYPE_SYLLABLES_3 = List.of("TIN", "NICKEL", "BRASS", "STEEL",
      "COPPER");

  /** P_CONTAINER's two syllables, "Containers" in clause 4.2.2.13. */
  static final List<String> CONTAINER_SYLLABLES_1 = List.of("SM", "LG", "MED", "JUMBO", "WRAP");
  static final List<String> CONTAINER_SYLLABLES_2 = List.of("CASE", "BOX", "BAG", "JAR", "PKG",
      "PACK", "CAN", "DRUM");

  /** The words P_NAME is made of (clause 4.2.3): Q9's and Q20's COLOR. */
  static final List<String> COLORS = List.of("almond", "antique", "aquamarine", "azure", "beige",
      "bisque", "black", "blanched", "blue", "blush", "brown", "burlywood", "burnished",
      "chartreuse", "chiffon", "chocolate", "coral", "cornflower", "cornsilk", "cream", "cyan",
      "dark", "deep", "dim", "dodger", "drab", "firebrick", "floral", "forest", "frosted",
      "gainsboro", "ghost", "goldenrod", "green", "grey", "honeydew", "hot", "indian", "ivory",
      "khaki", "lace", "lavender", "lawn", "lemon", "light", "lime", "linen", "magenta", "maroon",
      "medium", "metallic", "midnight", "mint", "misty", "moccasin", "navajo", "navy", "olive",
      "orange", "orchid", "pale", "papaya", "peach", "peru", "pink", "plum", "powder", "puff",
      "purple", "red", "rose", "rosy", "royal", "saddle", "salmon", "sandy", "seashell", "sienna",
      "sky", "slate", "smoke", "snow", "spring", "steel", "tan", "thistle", "tomato", "turquoise",
      "violet", "wheat", "white", "yellow");

  /** L_SHIPMODE values, "Modes" in clause 4.2.2.13. */
  static final List<String> SHIP_MODES = List.of("REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL",
      "FOB");

  /** Q13's WORD1 and WORD2 (clause 2.4.13.3). */
  static final List<String> Q13_WORDS_1 = List.of("special", "pending", "unusual", "express");
  static final List<String> Q13_WORDS_2 = List.of("packages", "requests", "accounts", "deposits");

  /**
   * The query order of streams 0 to 40: TPC-H Appendix A, "Ordered Sets", as in dbgen's
   * {@code permute.h}. Stream 0 is the power test.
   */
  private static final int[][] STREAM_ORDERS = {
      {14, 2, 9, 20, 6, 17, 18, 8, 21, 13, 3, 22, 16, 4, 11, 15, 1, 10, 19, 5, 7, 12},
      {21, 3, 18, 5, 11, 7, 6, 20, 17, 12, 16, 15, 13, 10, 2, 8, 14, 19, 9, 22, 1, 4},
      {6, 17, 14, 16, 19, 10, 9, 2, 15, 8, 5, 22, 12, 7, 13, 18, 1, 4, 20, 3, 11, 21},
      {8, 5, 4, 6, 17, 7, 1, 18, 22, 14, 9, 10, 15, 11, 20, 2, 21, 19, 13, 16, 12, 3},
      {5, 21, 14, 19, 15, 17, 12, 6, 4, 9, 8, 16, 11, 2, 10, 18, 1, 13, 7, 22, 3, 20},
      {21, 15, 4, 6, 7, 16, 19, 18, 14, 22, 11, 13, 3, 1, 2, 5, 8, 20, 12, 17, 10, 9},
      {10, 3, 15, 13, 6, 8, 9, 7, 4, 11, 22, 18, 12, 1, 5, 16, 2, 14, 19, 20, 17, 21},
      {18, 8, 20, 21, 2, 4, 22, 17, 1, 11, 9, 19, 3, 13, 5, 7, 10, 16, 6, 14, 15, 12},
      {19, 1, 15, 17, 5, 8, 9, 12, 14, 7, 4, 3, 20, 16, 6, 22, 10, 13, 2, 21, 18, 11},
      {8, 13, 2, 20, 17, 3, 6, 21, 18, 11, 19, 10, 15, 4, 22, 1, 7, 12, 9, 14, 5, 16},
      {6, 15, 18, 17, 12, 1, 7, 2, 22, 13, 21, 10, 14, 9, 3, 16, 20, 19, 11, 4, 8, 5},
      {15, 14, 18, 17, 10, 20, 16, 11, 1, 8, 4, 22, 5, 12, 3, 9, 21, 2, 13, 6, 19, 7},
      {1, 7, 16, 17, 18, 22, 12, 6, 8, 9, 11, 4, 2, 5, 20, 21, 13, 10, 19, 3, 14, 15},
      {21, 17, 7, 3, 1, 10, 12, 22, 9, 16, 6, 11, 2, 4, 5, 14, 8, 20, 13, 18, 15, 19},
      {2, 9, 5, 4, 18, 1, 20, 15, 16, 17, 7, 21, 13, 14, 19, 8, 22, 11, 10, 3, 12, 6},
      {16, 9, 17, 8, 14, 11, 10, 12, 6, 21, 7, 3, 15, 5, 22, 20, 1, 13, 19, 2, 4, 18},
      {1, 3, 6, 5, 2, 16, 14, 22, 17, 20, 4, 9, 10, 11, 15, 8, 12, 19, 18, 13, 7, 21},
      {3, 16, 5, 11, 21, 9, 2, 15, 10, 18, 17, 7, 8, 19, 14, 13, 1, 4, 22, 20, 6, 12},
      {14, 4, 13, 5, 21, 11, 8, 6, 3, 17, 2, 20, 1, 19, 10, 9, 12, 18, 15, 7, 22, 16},
      {4, 12, 22, 14, 5, 15, 16, 2, 8, 10, 17, 9, 21, 7, 3, 6, 13, 18, 11, 20, 19, 1},
      {16, 15, 14, 13, 4, 22, 18, 19, 7, 1, 12, 17, 5, 10, 20, 3, 9, 21, 11, 2, 6, 8},
      {20, 14, 21, 12, 15, 17, 4, 19, 13, 10, 11, 1, 16, 5, 18, 7, 8, 22, 9, 6, 3, 2},
      {16, 14, 13, 2, 21, 10, 11, 4, 1, 22, 18, 12, 19, 5, 7, 8, 6, 3, 15, 20, 9, 17},
      {18, 15, 9, 14, 12, 2, 8, 11, 22, 21, 16, 1, 6, 17, 5, 10, 19, 4, 20, 13, 3, 7},
      {7, 3, 10, 14, 13, 21, 18, 6, 20, 4, 9, 8, 22, 15, 2, 1, 5, 12, 19, 17, 11, 16},
      {18, 1, 13, 7, 16, 10, 14, 2, 19, 5, 21, 11, 22, 15, 8, 17, 20, 3, 4, 12, 6, 9},
      {13, 2, 22, 5, 11, 21, 20, 14, 7, 10, 4, 9, 19, 18, 6, 3, 1, 8, 15, 12, 17, 16},
      {14, 17, 21, 8, 2, 9, 6, 4, 5, 13, 22, 7, 15, 3, 1, 18, 16, 11, 10, 12, 20, 19},
      {10, 22, 1, 12, 13, 18, 21, 20, 2, 14, 16, 7, 15, 3, 4, 17, 5, 19, 6, 8, 9, 11},
      {10, 8, 9, 18, 12, 6, 1, 5, 20, 11, 17, 22, 16, 3, 13, 2, 15, 21, 14, 19, 7, 4},
      {7, 17, 22, 5, 3, 10, 13, 18, 9, 1, 14, 15, 21, 19, 16, 12, 8, 6, 11, 20, 4, 2},
      {2, 9, 21, 3, 4, 7, 1, 11, 16, 5, 20, 19, 18, 8, 17, 13, 10, 12, 15, 6, 14, 22},
      {15, 12, 8, 4, 22, 13, 16, 17, 18, 3, 7, 5, 6, 1, 9, 11, 21, 10, 14, 20, 19, 2},
      {15, 16, 2, 11, 17, 7, 5, 14, 20, 4, 21, 3, 10, 9, 12, 8, 13, 6, 18, 19, 22, 1},
      {1, 13, 11, 3, 4, 21, 6, 14, 15, 22, 18, 9, 7, 5, 10, 20, 12, 16, 17, 8, 19, 2},
      {14, 17, 22, 20, 8, 16, 5, 10, 1, 13, 2, 21, 12, 9, 4, 18, 3, 7, 6, 19, 15, 11},
      {9, 17, 7, 4, 5, 13, 21, 18, 11, 3, 22, 1, 6, 16, 20, 14, 15, 10, 8, 2, 12, 19},
      {13, 14, 5, 22, 19, 11, 9, 6, 18, 15, 8, 10, 7, 4, 17, 16, 3, 1, 12, 2, 21, 20},
      {20, 5, 4, 14, 11, 1, 6, 16, 8, 22, 7, 3, 2, 12, 21, 19, 17, 13, 10, 15, 18, 9},
      {3, 7, 14, 15, 6, 5, 21, 20, 18, 10, 4, 16, 19, 1, 13, 9, 8, 17, 11, 12, 22, 2},
      {13, 15, 17, 1, 22, 11, 3, 4, 7, 20, 14, 21, 9, 8, 2, 18, 16, 6, 10, 12, 5, 19},
  };

  /** Q11's FRACTION at scale factor 1; it is divided by the scale factor (clause 2.4.11.3). */
  private static final BigDecimal Q11_FRACTION = new BigDecimal("0.0001");

  private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{([A-Z0-9_]+)}");

  private static final AtomicReferenceArray<String> TEMPLATES = new AtomicReferenceArray<>(COUNT);

  private TpchQueries() {}

  /**
   * The text of query {@code query} with its {@code ${NAME}} placeholders, without a trailing
   * semicolon.
   *
   * @throws IllegalArgumentException if {@code query} is not in 1..{@link #COUNT}
   */
  public static String template(int query) {
    checkQuery(query);
    String t = TEMPLATES.get(query - 1);
    if (t == null) {
      t = load(query);
      // A race only reads the same resource twice; either copy is the same text.
      TEMPLATES.compareAndSet(query - 1, null, t);
    }
    return t;
  }

  /**
   * The validation values of query {@code query}'s parameters (clause 2.4.N.4, "Query Validation"),
   * the ones qgen's {@code -d} writes and {@code io.trino.tpch}'s queries have filled in. Q11's
   * FRACTION is 0.0001 / {@code scaleFactor}, as qgen writes it at every scale factor.
   *
   * <p>Note that {@code io.trino.tpch}'s {@code q11.result} for scale factor 0.01 was computed with
   * FRACTION 0.0001, not 0.01: to compare Q11 with it, replace FRACTION by 0.0001.
   *
   * @throws IllegalArgumentException if {@code query} is not in 1..{@link #COUNT} or
   *     {@code scaleFactor} is not a positive number
   */
  public static Map<String, String> validationParameters(int query, double scaleFactor) {
    checkQuery(query);
    checkScaleFactor(scaleFactor);
    Map<String, String> p = new LinkedHashMap<>();
    switch (query) {
      case 1 -> p.put("DELTA", "90");
      case 2 -> {
        p.put("SIZE", "15");
        p.put("TYPE", "BRASS");
        p.put("REGION", "EUROPE");
      }
      case 3 -> {
        p.put("SEGMENT", "BUILDING");
        p.put("DATE", "1995-03-15");
      }
      case 4 -> p.put("DATE", "1993-07-01");
      case 5 -> {
        p.put("REGION", "ASIA");
        p.put("DATE", "1994-01-01");
      }
      case 6 -> {
        p.put("DATE", "1994-01-01");
        p.put("DISCOUNT", "0.06");
        p.put("QUANTITY", "24");
      }
      case 7 -> {
        p.put("NATION1", "FRANCE");
        p.put("NATION2", "GERMANY");
      }
      case 8 -> {
        p.put("NATION", "BRAZIL");
        p.put("REGION", "AMERICA");
        p.put("TYPE", "ECONOMY ANODIZED STEEL");
      }
      case 9 -> p.put("COLOR", "green");
      case 10 -> p.put("DATE", "1993-10-01");
      case 11 -> {
        p.put("NATION", "GERMANY");
        p.put("FRACTION", fraction(scaleFactor));
      }
      case 12 -> {
        p.put("SHIPMODE1", "MAIL");
        p.put("SHIPMODE2", "SHIP");
        p.put("DATE", "1994-01-01");
      }
      case 13 -> {
        p.put("WORD1", "special");
        p.put("WORD2", "requests");
      }
      case 14 -> p.put("DATE", "1995-09-01");
      case 15 -> p.put("DATE", "1996-01-01");
      case 16 -> {
        p.put("BRAND", "Brand#45");
        p.put("TYPE", "MEDIUM POLISHED");
        putAll(p, "SIZE", List.of(49, 14, 23, 45, 19, 3, 36, 9));
      }
      case 17 -> {
        p.put("BRAND", "Brand#23");
        p.put("CONTAINER", "MED BOX");
      }
      case 18 -> p.put("QUANTITY", "300");
      case 19 -> {
        p.put("QUANTITY1", "1");
        p.put("QUANTITY2", "10");
        p.put("QUANTITY3", "20");
        p.put("BRAND1", "Brand#12");
        p.put("BRAND2", "Brand#23");
        p.put("BRAND3", "Brand#34");
      }
      case 20 -> {
        p.put("COLOR", "forest");
        p.put("DATE", "1994-01-01");
        p.put("NATION", "CANADA");
      }
      case 21 -> p.put("NATION", "SAUDI ARABIA");
      case 22 -> putAll(p, "I", List.of(13, 31, 23, 29, 30, 18, 17));
      default -> throw new AssertionError(query);
    }
    return Collections.unmodifiableMap(p);
  }

  /**
   * Values for query {@code query}'s parameters drawn from {@code random} as clause 2.4.N.3
   * ("Substitution Parameters") and qgen draw them. The same seed gives the same values.
   *
   * @throws IllegalArgumentException if {@code query} is not in 1..{@link #COUNT} or
   *     {@code scaleFactor} is not a positive number
   */
  public static Map<String, String> randomParameters(int query, double scaleFactor, Random random) {
    checkQuery(query);
    checkScaleFactor(scaleFactor);
    Objects.requireNonNull(random, "random");
    Map<String, String> p = new LinkedHashMap<>();
    switch (query) {
      case 1 -> p.put("DELTA", Integer.toString(uniform(random, 60, 120)));
      case 2 -> {
        p.put("SIZE", Integer.toString(uniform(random, 1, 50)));
        p.put("TYPE", pick(random, TYPE_SYLLABLES_3));
        p.put("REGION", pick(random, REGIONS));
      }
      case 3 -> {
        p.put("SEGMENT", pick(random, SEGMENTS));
        p.put("DATE", LocalDate.of(1995, 3, 1).plusDays(uniform(random, 0, 30)).toString());
      }
      // First of a month from January 1993 to October 1997.
      case 4 -> p.put("DATE", firstOfMonth(uniform(random, 0, 57)));
      case 5 -> {
        p.put("REGION", pick(random, REGIONS));
        p.put("DATE", newYear(random));
      }
      case 6 -> {
        p.put("DATE", newYear(random));
        p.put("DISCOUNT", "0.0" + uniform(random, 2, 9));
        p.put("QUANTITY", Integer.toString(uniform(random, 24, 25)));
      }
      case 7 -> {
        List<String> two = distinct(random, NATIONS, 2);
        p.put("NATION1", two.get(0));
        p.put("NATION2", two.get(1));
      }
      case 8 -> {
        int nation = random.nextInt(NATIONS.size());
        p.put("NATION", NATIONS.get(nation));
        p.put("REGION", REGIONS.get(NATION_REGIONS.get(nation)));
        p.put("TYPE", pick(random, TYPE_SYLLABLES_1) + " " + pick(random, TYPE_SYLLABLES_2) + " "
            + pick(random, TYPE_SYLLABLES_3));
      }
      case 9 -> p.put("COLOR", pick(random, COLORS));
      // First of a month from February 1993 to January 1995.
      case 10 -> p.put("DATE", firstOfMonth(uniform(random, 1, 24)));
      case 11 -> {
        p.put("NATION", pick(random, NATIONS));
        p.put("FRACTION", fraction(scaleFactor));
      }
      case 12 -> {
        List<String> two = distinct(random, SHIP_MODES, 2);
        p.put("SHIPMODE1", two.get(0));
        p.put("SHIPMODE2", two.get(1));
        p.put("DATE", newYear(random));
      }
      case 13 -> {
        p.put("WORD1", pick(random, Q13_WORDS_1));
        p.put("WORD2", pick(random, Q13_WORDS_2));
      }
      // First of any month of 1993 to 1997.
      case 14 -> p.put("DATE", firstOfMonth(uniform(random, 0, 59)));
      case 15 -> p.put("DATE", firstOfMonth(uniform(random, 0, 57)));
      case 16 -> {
        p.put("BRAND", brand(random));
        // The first two syllables of a type: the query matches any third.
        p.put("TYPE", pick(random, TYPE_SYLLABLES_1) + " " + pick(random, TYPE_SYLLABLES_2));
        putAll(p, "SIZE", distinct(random, range(1, 50), 8));
      }
      case 17 -> {
        p.put("BRAND", brand(random));
        p.put("CONTAINER", pick(random, CONTAINER_SYLLABLES_1) + " "
            + pick(random, CONTAINER_SYLLABLES_2));
      }
      case 18 -> p.put("QUANTITY", Integer.toString(uniform(random, 312, 315)));
      case 19 -> {
        p.put("QUANTITY1", Integer.toString(uniform(random, 1, 10)));
        p.put("QUANTITY2", Integer.toString(uniform(random, 10, 20)));
        p.put("QUANTITY3", Integer.toString(uniform(random, 20, 30)));
        p.put("BRAND1", brand(random));
        p.put("BRAND2", brand(random));
        p.put("BRAND3", brand(random));
      }
      case 20 -> {
        p.put("COLOR", pick(random, COLORS));
        p.put("DATE", newYear(random));
        p.put("NATION", pick(random, NATIONS));
      }
      case 21 -> p.put("NATION", pick(random, NATIONS));
      // Country codes are N_NATIONKEY + 10 (clause 4.2.2.9).
      case 22 -> putAll(p, "I", distinct(random, range(10, 34), 7));
      default -> throw new AssertionError(query);
    }
    return Collections.unmodifiableMap(p);
  }

  /**
   * Query {@code query} ready to run: its template with every {@code ${NAME}} replaced by
   * {@code parameters.get(NAME)}. Parameters the query does not use are ignored.
   *
   * @throws IllegalArgumentException if {@code query} is not in 1..{@link #COUNT}, a placeholder
   *     has no value, or a value contains a quote
   */
  public static String text(int query, Map<String, String> parameters) {
    Objects.requireNonNull(parameters, "parameters");
    Matcher m = PLACEHOLDER.matcher(template(query));
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String name = m.group(1);
      String value = parameters.get(name);
      if (value == null) {
        throw new IllegalArgumentException("TPC-H query " + query + ": no value for ${" + name
            + "}");
      }
      // Values go inside SQL literals as they are: a quote would end the literal.
      if (value.indexOf('\'') >= 0) {
        throw new IllegalArgumentException("TPC-H query " + query + ": the value of ${" + name
            + "} contains a quote: " + value);
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }

  /**
   * The order stream {@code stream} runs the queries in: TPC-H Appendix A. Stream 0 is the power
   * test; streams 1 to 40 are the throughput test's; beyond 40 the table starts again (stream 41 is
   * stream 0).
   *
   * @throws IllegalArgumentException if {@code stream} is negative
   */
  public static List<Integer> streamOrder(int stream) {
    if (stream < 0) {
      throw new IllegalArgumentException("stream must be 0 or more: " + stream);
    }
    int[] row = STREAM_ORDERS[stream % STREAM_ORDERS.length];
    List<Integer> order = new ArrayList<>(row.length);
    for (int q : row) {
      order.add(q);
    }
    return Collections.unmodifiableList(order);
  }

  /**
   * 0.0001 / scaleFactor as a plain decimal: exact when it terminates (SF 10 gives 0.00001),
   * otherwise to 10 places as qgen's {@code %11.10f} has it.
   */
  private static String fraction(double scaleFactor) {
    BigDecimal sf = new BigDecimal(Double.toString(scaleFactor));
    BigDecimal f;
    try {
      f = Q11_FRACTION.divide(sf);
    } catch (ArithmeticException nonTerminating) {
      f = Q11_FRACTION.divide(sf, 10, RoundingMode.HALF_UP);
    }
    return f.stripTrailingZeros().toPlainString();
  }

  private static String load(int query) {
    String name = "tpch/q" + query + ".sql";
    try (InputStream in = TpchQueries.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("missing resource io/hbench/hive/" + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read resource io/hbench/hive/" + name, e);
    }
  }

  private static void checkQuery(int query) {
    if (query < 1 || query > COUNT) {
      throw new IllegalArgumentException("no TPC-H query " + query + ": queries are 1.." + COUNT);
    }
  }

  private static void checkScaleFactor(double scaleFactor) {
    if (!(scaleFactor > 0) || Double.isInfinite(scaleFactor)) {
      throw new IllegalArgumentException("scale factor must be a positive number: " + scaleFactor);
    }
  }

  /** Puts {@code values} as NAME1, NAME2, ... */
  private static void putAll(Map<String, String> p, String name, List<?> values) {
    for (int i = 0; i < values.size(); i++) {
      p.put(name + (i + 1), values.get(i).toString());
    }
  }

  private static int uniform(Random random, int low, int high) {
    return low + random.nextInt(high - low + 1);
  }

  private static String pick(Random random, List<String> list) {
    return list.get(random.nextInt(list.size()));
  }

  /** {@code n} different elements of {@code list}, each n-subset and order equally likely. */
  private static <T> List<T> distinct(Random random, List<T> list, int n) {
    List<T> copy = new ArrayList<>(list);
    Collections.shuffle(copy, random);
    return List.copyOf(copy.subList(0, n));
  }

  private static List<Integer> range(int low, int high) {
    List<Integer> r = new ArrayList<>();
    for (int i = low; i <= high; i++) {
      r.add(i);
    }
    return r;
  }

  /** Brand#MN with M and N each in 1..5. */
  private static String brand(Random random) {
    return "Brand#" + uniform(random, 1, 5) + uniform(random, 1, 5);
  }

  /** 1 January of a year in 1993..1997. */
  private static String newYear(Random random) {
    return LocalDate.of(uniform(random, 1993, 1997), 1, 1).toString();
  }

  /** The first of the month {@code months} after January 1993. */
  private static String firstOfMonth(int months) {
    return LocalDate.of(1993, 1, 1).plusMonths(months).toString();
  }
}
