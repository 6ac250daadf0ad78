package io.hbench.hive;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Checks a TPC-DS answer against one {@link TpcdsReference} computed from the generator's rows.
 * Strings are compared with trailing blanks trimmed (CHAR columns come back padded or not, by
 * engine), numbers by value to the cent: two numbers match when they are equal once rounded to
 * the fewer decimal places of the two, and never fewer than two (an engine's average carries more
 * places than a plain division, and TPC-H's rules, clause 2.1.3.5, allow rounding to the 1/100th).
 * Rows are compared in the query's order; rows whose ORDER BY columns are equal may come in any
 * order among themselves, and where the query's LIMIT cuts through such a group, any of its rows
 * may be the ones returned.
 */
final class TpcdsAnswers {

  /** What the reference is, as a check's line names it. */
  static final String COMPUTED_ANSWER = "the answer computed from the generator's rows";

  private TpcdsAnswers() {}

  /**
   * Compares {@code actual} (rows as text, nulls as {@code null}) with {@code expected}.
   *
   * @return null when it matches, or one line naming the query, the row and the column
   */
  static String compare(String query, List<String> columns, List<String[]> actual,
      TpcdsReference.Expected expected) {
    List<String[]> all = expected.rows();
    int want = expected.limit() > 0 ? Math.min(expected.limit(), all.size()) : all.size();
    if (actual.size() != want) {
      return query + ": " + actual.size() + " rows, " + COMPUTED_ANSWER + " has " + want;
    }
    if (!all.isEmpty() && columns.size() != all.get(0).length) {
      return query + ": " + columns.size() + " columns, " + COMPUTED_ANSWER + " has "
          + all.get(0).length;
    }
    int[] keys = expected.orderColumns();
    int i = 0;
    while (i < want) {
      // The group of expected rows whose ORDER BY columns equal row i's.
      int end = i + 1;
      while (end < all.size() && sameKey(all.get(i), all.get(end), keys)) {
        end++;
      }
      List<String[]> group = new ArrayList<>(all.subList(i, end));
      int take = Math.min(end, want);
      for (int r = i; r < take; r++) {
        String[] got = actual.get(r);
        int match = -1;
        for (int g = 0; g < group.size() && match < 0; g++) {
          if (rowMatches(got, group.get(g))) {
            match = g;
          }
        }
        if (match < 0) {
          return difference(query, columns, r, got, all.get(r));
        }
        group.remove(match);
      }
      i = end;
    }
    return null;
  }

  private static String difference(String query, List<String> columns, int r, String[] got,
      String[] want) {
    for (int c = 0; c < got.length; c++) {
      String w = c < want.length ? want[c] : null;
      if (!matches(got[c], w)) {
        return query + ": row " + (r + 1) + ", column " + (c + 1) + " (" + columns.get(c)
            + "): got " + got[c] + ", " + COMPUTED_ANSWER + " has " + w;
      }
    }
    // Each column matches the row in its place, but the row belongs to another place.
    return query + ": row " + (r + 1) + " " + Arrays.toString(got) + " is not in "
        + COMPUTED_ANSWER + " at its place";
  }

  private static boolean sameKey(String[] a, String[] b, int[] keys) {
    for (int k : keys) {
      if (!matches(a[k], b[k])) {
        return false;
      }
    }
    return true;
  }

  private static boolean rowMatches(String[] got, String[] want) {
    if (got.length != want.length) {
      return false;
    }
    for (int c = 0; c < got.length; c++) {
      if (!matches(got[c], want[c])) {
        return false;
      }
    }
    return true;
  }

  /** Whether one value matches: see the class's rules. */
  static boolean matches(String got, String want) {
    if (got == null || want == null) {
      return got == null && want == null;
    }
    String g = got.stripTrailing();
    String w = want.stripTrailing();
    if (g.equals(w)) {
      return true;
    }
    BigDecimal gn = TpchAnswers.number(g);
    BigDecimal wn = TpchAnswers.number(w);
    if (gn == null || wn == null) {
      return false;
    }
    int places = Math.max(2, Math.min(Math.max(gn.scale(), 0), Math.max(wn.scale(), 0)));
    return gn.setScale(places, RoundingMode.HALF_UP)
        .compareTo(wn.setScale(places, RoundingMode.HALF_UP)) == 0;
  }
}
