package io.hbench.hive;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.InvalidInputException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeSet;

/** {@code bench tpch}'s options. Loads no Hive class: bench.jar lists this suite without Hive. */
final class TpchOptions {

  private TpchOptions() {}

  /** The table formats a load can write. */
  enum Format {
    ORC, PARQUET, TEXTFILE;

    String sql() {
      return name();
    }

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  /** Where Hive runs a query's MapReduce jobs. */
  enum JobMode {
    /** Local mode on the embedded cluster, the cluster's own setting on a configured one. */
    AUTO,
    /** Inside HiveServer2's process (Hive's local mode). */
    LOCAL,
    /** Submitted to the cluster's (or the embedded) YARN. */
    YARN;

    String label() {
      return name().toLowerCase(Locale.ROOT);
    }
  }

  static final BenchmarkOption<List<BigDecimal>> SCALES =
      BenchmarkOption.of("--scales", "SF[,SF...]", "TPC-H scale factors (SF 1 is about 1 GB of"
          + " raw data): a list, a range a..b (step 1) or a..b:step, e.g. 1..10, 10..100:10,"
          + " 0.01,0.1. One point per scale. auto: 1, or 0.01 with --check.",
          BenchmarkOption.AUTO, TpchOptions::scales);
  static final BenchmarkOption<Format> FILE_FORMAT =
      BenchmarkOption.choice("--file-format", "orc|parquet|textfile", "Storage format of the"
          + " tables (CREATE TABLE ... STORED AS ... AS SELECT from the generated text). Formerly"
          + " --format, which every suite now has for its tables.", "orc",
          List.of(Format.values()), Format::label)
          // tpch's --format was its storage: orc, parquet and textfile cannot mean a table's
          // layout (text, markdown, csv, json), so they are still read as --file-format.
          .formerly("--format", given -> java.util.Arrays.stream(Format.values())
              .anyMatch(f -> f.label().equalsIgnoreCase(given.get("--format").trim()))
              ? BenchmarkOption.Spelling.THIS : BenchmarkOption.Spelling.COMMON);
  static final BenchmarkOption<Boolean> PARTITIONED =
      BenchmarkOption.flag("--partitioned", "Partition lineitem by l_shipdate and orders by"
          + " o_orderdate, a partition a day (about 2,500 each, as hive-testbench does), so the"
          + " queries' date ranges prune them; for large scales (on the embedded cluster, with"
          + " --datanodes 2). Its own database: tpch_sf<SF>_orc_part.");
  static final BenchmarkOption<Boolean> RELOAD =
      BenchmarkOption.flag("--reload", "Drop and rebuild the scale's database even when a"
          + " complete one (made by hbench) exists.");
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
  static final BenchmarkOption<String> ENGINE =
      BenchmarkOption.choice("--engine", "Hive's execution engine for the queries"
          + " (hive.execution.engine).", "mr", "mr", "tez");
  static final BenchmarkOption<Map<String, String>> SET =
      BenchmarkOption.of("--set", "KEY=VALUE[,...]", "Hive session settings for the queries"
          + " (SET key=value), recorded with the point.", "", TpchOptions::settings);
  static final BenchmarkOption<java.time.Duration> QUERY_TIMEOUT =
      BenchmarkOption.duration("--query-timeout", "Give up on a query after this long (it is"
          + " recorded failed and the run goes on); 0: no limit.", "0");
  static final BenchmarkOption<JobMode> JOBS =
      BenchmarkOption.choice("--jobs", "auto|local|yarn", "Where Hive runs the queries' jobs."
          + " auto: in HiveServer2's process (Hive's local mode) on the embedded cluster, where"
          + " each YARN job costs 20-30 s of start-up; the cluster's own setting otherwise.",
          "auto", List.of(JobMode.values()), JobMode::label);
  static final BenchmarkOption<Boolean> CHECK =
      BenchmarkOption.flag("--check", "Check answers by value, with the spec's validation"
          + " values: at SF 0.01 (the default with --check) all 22 against the tpch library's"
          + " answer files; q1, q3, q6 and q14 at any scale up to 1 against answers hbench"
          + " computes from the generator's rows.");
  static final BenchmarkOption<Integer> GEN_MAPS =
      BenchmarkOption.integerOrAuto("--gen-maps", "Map tasks that generate the data; auto: one"
          + " per 2 GB of raw data, at least 1.", 1);
  static final BenchmarkOption<String> JDBC_URL =
      BenchmarkOption.of("--jdbc-url", "URL", "HiveServer2 of a configured cluster, e.g."
          + " jdbc:hive2://host:10000/ (principal=... for Kerberos, serviceDiscoveryMode=zooKeeper"
          + " for ZooKeeper discovery); the embedded one when not given.", "", TpchOptions::optional);
  static final BenchmarkOption<String> USER =
      BenchmarkOption.of("--user", "NAME", "User to connect to HiveServer2 as.", "",
          TpchOptions::optional);
  static final BenchmarkOption<String> PASSWORD =
      BenchmarkOption.of("--password", "TEXT", "Password for --user; never written anywhere.", "",
          TpchOptions::optional);

  static final List<BenchmarkOption<?>> ALL = List.of(SCALES, FILE_FORMAT, PARTITIONED, RELOAD,
      QUERIES, SEED, STREAMS, REFRESH, ENGINE, SET, QUERY_TIMEOUT, JOBS, CHECK, GEN_MAPS, JDBC_URL, USER, PASSWORD);

  /** The smallest scale the generator makes sense at (its own answer files are at 0.01). */
  static final BigDecimal MIN_SCALE = new BigDecimal("0.01");

  /** The scales {@code text} names; null for auto (see {@link TpchBenchmark#scales}). */
  static List<BigDecimal> scales(String text) {
    if (text.trim().equalsIgnoreCase(BenchmarkOption.AUTO)) {
      return null;
    }
    List<BigDecimal> out = new ArrayList<>();
    for (String part : text.split(",", -1)) {
      String p = part.trim();
      if (p.isEmpty()) {
        throw bad("--scales", text, "an empty element in the list");
      }
      java.util.regex.Matcher m =
          java.util.regex.Pattern.compile("([^.:]+(?:\\.[^.:]+)?)\\.\\.([^:]+)(?::(.+))?").matcher(p);
      if (m.matches()) {
        BigDecimal from = scale(m.group(1), text);
        BigDecimal to = scale(m.group(2), text);
        BigDecimal step = m.group(3) == null ? BigDecimal.ONE : scale(m.group(3), text);
        if (to.compareTo(from) < 0) {
          throw bad("--scales", text, "the range " + p + " runs backwards");
        }
        if (to.subtract(from).divide(step, java.math.MathContext.DECIMAL64).compareTo(BigDecimal.valueOf(1000)) > 0) {
          throw bad("--scales", text, "more than 1000 scales");
        }
        for (BigDecimal s = from; s.compareTo(to) <= 0; s = s.add(step)) {
          out.add(s);
        }
      } else {
        out.add(scale(p, text));
      }
    }
    return List.copyOf(out);
  }

  private static BigDecimal scale(String s, String text) {
    BigDecimal d;
    try {
      d = new BigDecimal(s.trim());
    } catch (NumberFormatException e) {
      throw bad("--scales", text, "'" + s.trim() + "' is not a number");
    }
    if (d.compareTo(MIN_SCALE) < 0) {
      throw bad("--scales", text, "scale factors start at " + MIN_SCALE.toPlainString());
    }
    if (d.compareTo(BigDecimal.valueOf(100_000)) > 0) {
      throw bad("--scales", text, "scale factors stop at 100000 (the spec's largest)");
    }
    return d.stripTrailingZeros();
  }

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
        throw bad("--queries", text, "an empty element in the list");
      }
      String[] ends = p.split("-", -1);
      if (ends.length > 2) {
        throw bad("--queries", text, "'" + p + "' is not a query or a range a-b");
      }
      int from = query(ends[0], text);
      int to = ends.length == 2 ? query(ends[1], text) : from;
      if (to < from) {
        throw bad("--queries", text, "the range " + p + " runs backwards");
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
      throw bad("--queries", text, "'" + s.trim() + "' is not a query number");
    }
    if (q < 1 || q > 22) {
      throw bad("--queries", text, "TPC-H has queries 1 to 22, not " + q);
    }
    return q;
  }

  private static String optional(String text) {
    return text.isBlank() ? null : text;
  }

  static Long seed(String text) {
    if (text.trim().equalsIgnoreCase("auto")) {
      return null;
    }
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      throw bad("--seed", text, "not a whole number");
    }
  }

  static Map<String, String> settings(String text) {
    Map<String, String> out = new LinkedHashMap<>();
    if (text.isBlank()) {
      return out;
    }
    for (String part : text.split(",", -1)) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw bad("--set", text, "'" + part.trim() + "' is not key=value");
      }
      String key = part.substring(0, eq).trim();
      if (!key.matches("[A-Za-z0-9_.:\\-]+")) {
        throw bad("--set", text, "'" + key + "' is not a setting's name");
      }
      out.put(key, part.substring(eq + 1).trim());
    }
    return out;
  }

  private static InvalidInputException bad(String option, String value, String why) {
    return new InvalidInputException("invalid value '" + value + "' for " + option + ": " + why);
  }
}
