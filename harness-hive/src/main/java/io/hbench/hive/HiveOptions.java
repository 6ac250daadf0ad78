package io.hbench.hive;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.error.InvalidInputException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The options every decision-support suite on Hive takes (tpch, tpcds): where the server is and
 * how to reach it, how the tables are stored and generated, how the session runs the queries.
 * Loads no Hive class: bench.jar lists these suites without Hive.
 */
final class HiveOptions {

  private HiveOptions() {}

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
  static final BenchmarkOption<Boolean> RELOAD =
      BenchmarkOption.flag("--reload", "Drop and rebuild the scale's database even when a"
          + " complete one (made by hbench) exists.");
  static final BenchmarkOption<String> ENGINE =
      BenchmarkOption.choice("--engine", "Hive's execution engine for the queries"
          + " (hive.execution.engine).", "mr", "mr", "tez");
  static final BenchmarkOption<Map<String, String>> SET =
      BenchmarkOption.of("--set", "KEY=VALUE[,...]", "Hive session settings for the queries"
          + " (SET key=value), recorded with the point.", "", HiveOptions::settings);
  static final BenchmarkOption<Boolean> AS_SHIPPED =
      BenchmarkOption.flag("--as-shipped", "Run every query as the engine ships: no workaround"
          + " for a known defect of its version (by default such a query runs with the"
          + " catalogued setting for its session only, and the record says so); a wrong answer"
          + " that matches a known defect is named as it.");
  static final BenchmarkOption<java.time.Duration> QUERY_TIMEOUT =
      BenchmarkOption.duration("--query-timeout", "Give up on a query after this long (it is"
          + " recorded failed and the run goes on); 0: no limit.", "0");
  static final BenchmarkOption<JobMode> JOBS =
      BenchmarkOption.choice("--jobs", "auto|local|yarn", "Where Hive runs the queries' jobs."
          + " auto: in HiveServer2's process (Hive's local mode) on the embedded cluster, where"
          + " each YARN job costs 20-30 s of start-up; the cluster's own setting otherwise.",
          "auto", List.of(JobMode.values()), JobMode::label);
  static final BenchmarkOption<Integer> GEN_MAPS =
      BenchmarkOption.integerOrAuto("--gen-maps", "Map tasks that generate the data; auto: one"
          + " per 2 GB of raw data, at least 1.", 1);
  static final BenchmarkOption<String> JDBC_URL =
      BenchmarkOption.of("--jdbc-url", "URL", "HiveServer2 of a configured cluster, e.g."
          + " jdbc:hive2://host:10000/ (principal=... for Kerberos, serviceDiscoveryMode=zooKeeper"
          + " for ZooKeeper discovery); the embedded one when not given.", "", HiveOptions::optional);
  static final BenchmarkOption<String> USER =
      BenchmarkOption.of("--user", "NAME", "User to connect to HiveServer2 as.", "",
          HiveOptions::optional);
  static final BenchmarkOption<String> PASSWORD =
      BenchmarkOption.of("--password", "TEXT", "Password for --user; never written anywhere.", "",
          HiveOptions::optional);

  /** The smallest scale the generator makes sense at (its own answer files are at 0.01). */
  static final BigDecimal MIN_SCALE = new BigDecimal("0.01");

  /** A point per scale factor ({@code sf0.01}), a scale given twice refused. */
  static java.util.List<io.hbench.core.Point> points(List<BigDecimal> scales) {
    List<io.hbench.core.Point> points = new ArrayList<>();
    java.util.Set<BigDecimal> seen = new java.util.HashSet<>();
    for (BigDecimal sf : scales) {
      if (!seen.add(sf)) {
        throw new InvalidInputException("invalid value for --scales: " + sf.toPlainString() + " twice");
      }
      points.add(io.hbench.core.Point.of("sf" + sf.toPlainString()).with(TpchBenchmark.SCALE, sf));
    }
    return points;
  }

  /** The scales {@code text} names; null for auto (each suite resolves it). */
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

  static String optional(String text) {
    return text.isBlank() ? null : text;
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

  static InvalidInputException bad(String option, String value, String why) {
    return new InvalidInputException("invalid value '" + value + "' for " + option + ": " + why);
  }
}
