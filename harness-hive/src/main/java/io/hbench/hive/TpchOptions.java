package io.hbench.hive;

import io.hbench.core.BenchmarkOption;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/** {@code bench tpch}'s options. Loads no Hive class: bench.jar lists this suite without Hive. */
final class TpchOptions {

  private TpchOptions() {}

  static final BenchmarkOption<List<BigDecimal>> SCALES =
      BenchmarkOption.of("--scales", "SF[,SF...]", "TPC-H scale factors (SF 1 is about 1 GB of"
          + " raw data): a list, a range a..b (step 1) or a..b:step, e.g. 1..10, 10..100:10,"
          + " 0.01,0.1. One point per scale. auto: 1, or 0.01 with --check.",
          BenchmarkOption.AUTO, HiveOptions::scales);
  static final BenchmarkOption<Boolean> PARTITIONED =
      BenchmarkOption.flag("--partitioned", "Partition lineitem by l_shipdate and orders by"
          + " o_orderdate, a partition a day (about 2,500 each, as hive-testbench does), so the"
          + " queries' date ranges prune them; for large scales (on the embedded cluster, with"
          + " --datanodes 2). Its own database: tpch_sf<SF>_orc_part.");
  static final BenchmarkOption<List<Integer>> QUERIES =
      BenchmarkOption.of("--queries", "LIST", "Queries to run, e.g. 1,3,5-7; all: the 22.",
          "all", TpchOptions::queries);
  static final BenchmarkOption<Long> SEED =
      BenchmarkOption.of("--seed", "N", "Draw the substitution parameters at random from this"
          + " seed, as the spec's qgen does; auto: the spec's validation values (answers"
          + " checked by value, see --check).", "auto", TpchOptions::seed);
  static final BenchmarkOption<Integer> STREAMS =
      BenchmarkOption.integer("--streams", "Also run a throughput test of this many concurrent"
          + " query streams, each in the spec's order for its number; 0: the power test only.",
          "0", 0);
  static final BenchmarkOption<Boolean> REFRESH =
      BenchmarkOption.flag("--refresh", "Run the refresh functions RF1 and RF2 (the power test's"
          + " and a refresh stream beside --streams), on a database whose orders and lineitem are"
          + " transactional (tpch_sf<SF>_orc_txn; ORC only). The TPC-H figures then count them.");
  static final BenchmarkOption<Boolean> CHECK =
      BenchmarkOption.flag("--check", "Check answers by value, with the spec's validation"
          + " values: at SF 0.01 (the default with --check) all 22 against the tpch library's"
          + " answer files; q1, q3, q6 and q14 at any scale up to 1 against answers hbench"
          + " computes from the generator's rows.");

  static final List<BenchmarkOption<?>> ALL = List.of(SCALES, HiveOptions.FILE_FORMAT,
      PARTITIONED, HiveOptions.RELOAD, QUERIES, SEED, STREAMS, REFRESH, HiveOptions.ENGINE,
      HiveOptions.SET, HiveOptions.AS_SHIPPED, HiveOptions.QUERY_TIMEOUT, HiveOptions.JOBS, CHECK, HiveOptions.GEN_MAPS,
      HiveOptions.JDBC_URL, HiveOptions.USER, HiveOptions.PASSWORD);



  static List<Integer> queries(String text) {
    if (text.trim().equalsIgnoreCase("all")) {
      List<Integer> all = new ArrayList<>();
      for (int q = 1; q <= 22; q++) {
        all.add(q);
      }
      return List.copyOf(all);
    }
    TreeSet<Integer> out = new TreeSet<>();
    for (String part : text.split(",", -1)) {
      String p = part.trim();
      if (p.isEmpty()) {
        throw HiveOptions.bad("--queries", text, "an empty element in the list");
      }
      String[] ends = p.split("-", -1);
      if (ends.length > 2) {
        throw HiveOptions.bad("--queries", text, "'" + p + "' is not a query or a range a-b");
      }
      int from = query(ends[0], text);
      int to = ends.length == 2 ? query(ends[1], text) : from;
      if (to < from) {
        throw HiveOptions.bad("--queries", text, "the range " + p + " runs backwards");
      }
      for (int q = from; q <= to; q++) {
        out.add(q);
      }
    }
    return List.copyOf(out);
  }

  private static int query(String s, String text) {
    int q;
    try {
      q = Integer.parseInt(s.trim().toLowerCase(Locale.ROOT).replaceFirst("^q", ""));
    } catch (NumberFormatException e) {
      throw HiveOptions.bad("--queries", text, "'" + s.trim() + "' is not a query number");
    }
    if (q < 1 || q > 22) {
      throw HiveOptions.bad("--queries", text, "TPC-H has queries 1 to 22, not " + q);
    }
    return q;
  }


  static Long seed(String text) {
    if (text.trim().equalsIgnoreCase("auto")) {
      return null;
    }
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw HiveOptions.bad("--seed", text, "not a whole number");
    }
  }
}
