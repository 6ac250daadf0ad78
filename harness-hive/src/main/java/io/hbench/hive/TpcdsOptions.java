package io.hbench.hive;

import io.hbench.core.BenchmarkOption;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * {@code bench tpcds}'s options: its own scales, queries and streams, and the options every
 * suite on Hive takes ({@link HiveOptions}). Loads no Hive class.
 */
final class TpcdsOptions {

  private TpcdsOptions() {}

  static final BenchmarkOption<List<BigDecimal>> SCALES =
      BenchmarkOption.of("--scales", "SF[,SF...]", "TPC-DS scale factors (SF 1 is about 1.1 GB"
          + " of raw data): a list, a range a..b (step 1) or a..b:step, e.g. 1..10, 0.01,0.1."
          + " One point per scale. Answers are checked by value up to SF 1.", "1",
          HiveOptions::scales);
  static final BenchmarkOption<List<String>> QUERIES =
      BenchmarkOption.of("--queries", "LIST", "Queries to run, e.g. 3,7,14a,40-50 (14 is 14a and"
          + " 14b, as for 23, 24 and 39); all: the 99 (103 with the two-part ones).", "all",
          TpcdsOptions::queries);
  static final BenchmarkOption<Integer> STREAMS =
      BenchmarkOption.integer("--streams", "Also run a throughput test of this many concurrent"
          + " query streams, each in its own order; 0: the power test only.", "0", 0);

  static final List<BenchmarkOption<?>> ALL = List.of(SCALES, HiveOptions.FILE_FORMAT,
      HiveOptions.RELOAD, QUERIES, STREAMS, HiveOptions.ENGINE, HiveOptions.SET,
      HiveOptions.AS_SHIPPED, HiveOptions.QUERY_TIMEOUT, HiveOptions.JOBS, HiveOptions.GEN_MAPS, HiveOptions.JDBC_URL,
      HiveOptions.USER, HiveOptions.PASSWORD);

  /** The query names {@code text} gives, in number order. */
  static List<String> queries(String text) {
    if (text.trim().equalsIgnoreCase("all")) {
      return TpcdsQueries.ALL;
    }
    TreeSet<Integer> chosen = new TreeSet<>();
    for (String part : text.split(",", -1)) {
      String p = part.trim().toLowerCase(Locale.ROOT);
      if (p.isEmpty()) {
        throw HiveOptions.bad("--queries", text, "an empty element in the list");
      }
      String[] ends = p.split("-", -1);
      if (ends.length > 2) {
        throw HiveOptions.bad("--queries", text, "'" + p + "' is not a query or a range a-b");
      }
      int from = index(ends[0], text, true);
      int to = ends.length == 2 ? index(ends[1], text, false) : lastOf(ends[0], from);
      if (to < from) {
        throw HiveOptions.bad("--queries", text, "the range " + p + " runs backwards");
      }
      for (int i = from; i <= to; i++) {
        chosen.add(i);
      }
    }
    return chosen.stream().map(TpcdsQueries.ALL::get).toList();
  }

  /** The index in {@link TpcdsQueries#ALL} where {@code s} starts ({@code first}) or ends. */
  private static int index(String s, String text, boolean first) {
    String name = s.trim().replaceFirst("^q", "");
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)([ab]?)").matcher(name);
    if (!m.matches()) {
      throw HiveOptions.bad("--queries", text, "'" + s.trim() + "' is not a query (1 to 99, or"
          + " 14a, 14b, 23a, ...)");
    }
    int q = Integer.parseInt(m.group(1));
    if (q < 1 || q > 99) {
      throw HiveOptions.bad("--queries", text, "TPC-DS has queries 1 to 99, not " + q);
    }
    boolean twoPart = TpcdsQueries.TWO_PART.contains(q);
    if (!m.group(2).isEmpty() && !twoPart) {
      throw HiveOptions.bad("--queries", text, "query " + q + " has no part " + m.group(2)
          + " (only 14, 23, 24 and 39 have two)");
    }
    String exact = "q" + q + (twoPart ? (m.group(2).isEmpty() ? (first ? "a" : "b") : m.group(2)) : "");
    return TpcdsQueries.ALL.indexOf(exact);
  }

  /** A single query {@code s} (at {@code from}) ends there, or at its part b when unsuffixed. */
  private static int lastOf(String s, int from) {
    String name = TpcdsQueries.ALL.get(from);
    boolean unsuffixed = !s.trim().toLowerCase(Locale.ROOT).matches("q?\\d+[ab]");
    return unsuffixed && name.endsWith("a") ? from + 1 : from;
  }
}
