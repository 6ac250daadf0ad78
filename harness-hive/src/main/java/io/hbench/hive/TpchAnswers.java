package io.hbench.hive;

import java.io.IOException;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Checks a query's answer under the spec's rules (clause 2.1.3.5): counts and singleton values
 * exactly, sums within 100 currency units, averages and ratios within 1% after rounding to cents,
 * rows in the order the query states. Against two sources: at SF 0.01 with the validation values,
 * the answer files the tpch library ships ({@code io/trino/tpch/queries/qN.result}: made from its
 * own generator at SF 0.01, not the TPC's answer set, which is for SF 1); and at any scale up to
 * 1, for q1, q3, q6 and q14, the answers {@link TpchReference} computes from the generator's
 * rows. Otherwise only an answer's shape is checked: the number of columns, and rows where the
 * query fixes them.
 */
final class TpchAnswers {

  private TpchAnswers() {}

  /** Result columns (0-based) that are SUM aggregates: within 100 currency units. */
  private static final Map<Integer, Set<Integer>> SUMS = Map.ofEntries(
      Map.entry(1, Set.of(2, 3, 4, 5)), Map.entry(3, Set.of(1)), Map.entry(5, Set.of(1)),
      Map.entry(6, Set.of(0)), Map.entry(7, Set.of(3)), Map.entry(9, Set.of(2)),
      Map.entry(10, Set.of(2)), Map.entry(11, Set.of(1)), Map.entry(15, Set.of(4)),
      Map.entry(18, Set.of(5)), Map.entry(19, Set.of(0)), Map.entry(22, Set.of(2)));

  /** Result columns that are averages or ratios: within 1% once rounded to 1/100. */
  private static final Map<Integer, Set<Integer>> RATIOS = Map.ofEntries(
      Map.entry(1, Set.of(6, 7, 8)), Map.entry(8, Set.of(1)), Map.entry(14, Set.of(0)),
      Map.entry(17, Set.of(0)));

  /** Rows a query returns at any scale of 1 or more, whatever its parameters. */
  private static final Map<Integer, Integer> FIXED_ROWS = Map.ofEntries(
      Map.entry(1, 4), Map.entry(4, 5), Map.entry(5, 5), Map.entry(6, 1), Map.entry(7, 4),
      Map.entry(8, 2), Map.entry(12, 2), Map.entry(14, 1), Map.entry(17, 1), Map.entry(19, 1),
      Map.entry(22, 7));

  /** The expected answer of {@code query} at SF 0.01 with the validation values. */
  static List<String[]> expected(int query) throws IOException {
    String resource = "io/trino/tpch/queries/q" + query + ".result";
    try (InputStream in = TpchAnswers.class.getClassLoader().getResourceAsStream(resource)) {
      if (in == null) {
        throw new IOException("the tpch library has no answer file " + resource);
      }
      List<String[]> rows = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.startsWith("--") || line.isEmpty()) {
          continue;
        }
        rows.add(line.split("\\|", -1));
      }
      return rows;
    }
  }

  /** What the library's answer files are, as a check's line names them. */
  static final String LIBRARY_ANSWER = "the tpch library's SF 0.01 answer";

  /** What {@link TpchReference}'s answers are, as a check's line names them. */
  static final String COMPUTED_ANSWER = "the answer computed from the generator's rows";

  /**
   * Compares {@code actual} (rows as text, nulls as {@code null}) with the tpch library's SF 0.01
   * answer file.
   *
   * @return null when it matches, or one line naming the first difference
   */
  static String compare(int query, List<String> columns, List<String[]> actual) throws IOException {
    return compare(query, columns, actual, expected(query), LIBRARY_ANSWER);
  }

  /**
   * Compares {@code actual} with {@code expected}, an answer from {@code source}, under the
   * spec's rules.
   *
   * @return null when it matches, or one line naming the first difference
   */
  static String compare(int query, List<String> columns, List<String[]> actual,
      List<String[]> expected, String source) {
    if (actual.size() != expected.size()) {
      return "q" + query + ": " + actual.size() + " rows, " + source + " has " + expected.size();
    }
    for (int r = 0; r < expected.size(); r++) {
      String[] want = expected.get(r);
      String[] got = actual.get(r);
      for (int c = 0; c < got.length; c++) {
        String w = c < want.length ? want[c] : "";
        if (!matches(query, c, got[c], w)) {
          return "q" + query + ": row " + (r + 1) + ", column " + (c + 1) + " (" + columns.get(c)
              + "): got " + got[c] + ", " + source + " has " + w;
        }
      }
    }
    return null;
  }

  /**
   * Checks the shape of an answer at a scale without answer files.
   *
   * @return null when it fits, or one line saying what does not
   */
  static String shape(int query, int columnCount, int rows, double scale) throws IOException {
    int wantColumns = columnsOf(expected(query), columnCount);
    if (columnCount != wantColumns) {
      return "q" + query + ": " + columnCount + " columns, the query defines " + wantColumns;
    }
    Integer fixed = FIXED_ROWS.get(query);
    if (scale >= 1 && fixed != null && rows != fixed) {
      return "q" + query + ": " + rows + " rows; it returns " + fixed + " at any scale of 1 or more";
    }
    return null;
  }

  /** Columns of an answer file (some lines end with a spare delimiter); {@code none} if empty. */
  private static int columnsOf(List<String[]> rows, int none) {
    int min = Integer.MAX_VALUE;
    for (String[] r : rows) {
      int n = r.length > 0 && r[r.length - 1].isEmpty() ? r.length - 1 : r.length;
      min = Math.min(min, n);
    }
    return min == Integer.MAX_VALUE ? none : min;
  }

  static boolean matches(int query, int column, String got, String want) {
    String g = got == null ? "null" : got.trim();
    String w = want == null ? "null" : want.trim();
    if (g.equals(w)) {
      return true;
    }
    BigDecimal gn = number(g);
    BigDecimal wn = number(w);
    if (gn == null || wn == null) {
      return false;
    }
    if (SUMS.getOrDefault(query, Set.of()).contains(column)) {
      return gn.subtract(wn).abs().compareTo(BigDecimal.valueOf(100)) <= 0;
    }
    if (RATIOS.getOrDefault(query, Set.of()).contains(column)) {
      BigDecimal rounded = gn.setScale(2, RoundingMode.HALF_UP);
      BigDecimal lo = wn.multiply(new BigDecimal("0.99"));
      BigDecimal hi = wn.multiply(new BigDecimal("1.01"));
      if (lo.compareTo(hi) > 0) {
        BigDecimal t = lo;
        lo = hi;
        hi = t;
      }
      return rounded.compareTo(lo) >= 0 && rounded.compareTo(hi) <= 0
          || rounded.compareTo(wn.setScale(2, RoundingMode.HALF_UP)) == 0;
    }
    return gn.compareTo(wn) == 0;
  }

  /** {@code s} as a number, or null when it is not one. */
  static BigDecimal number(String s) {
    if (s.isEmpty() || !(Character.isDigit(s.charAt(0)) || s.charAt(0) == '-')) {
      return null;
    }
    try {
      return new BigDecimal(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
