package io.hbench.hive;

import io.hbench.core.RunContext;
import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.LoadClients;
import io.hbench.core.result.Metric;
import io.hbench.core.result.Metric.Better;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.stats.RefusedCallException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The power test (one stream of queries in the spec's order, each a phase of its own) and the
 * throughput test (S concurrent streams, each on its own connection, in its own order), with the
 * spec's metrics (clause 5.4): Power@Size, Throughput@Size and QphH@Size. With an update set
 * given, the power test runs RF1 before its queries and RF2 after them, and the throughput test
 * runs a refresh stream of S RF1/RF2 pairs beside its query streams ({@link TpchRefresh});
 * without, the figures are computed without the refresh functions, which the records say.
 */
final class TpchStreams {

  static final String QUERIES_SECONDS = "queries_seconds";
  static final String QUERIES_MB_PER_S = "queries_mb_per_s";
  static final String GEOMEAN_SECONDS = "geomean_seconds";
  static final String POWER = "power_at_size";
  static final String THROUGHPUT = "throughput_at_size";
  static final String QPHH = "qphh_at_size";
  static final String QPH = "queries/h";

  private TpchStreams() {}

  /** What a stream needs to run a query: its text, its answer check, the time limit. */
  interface Queries {
    String text(int query);

    /** Null when the answer is right, else one line naming the query, row and column. */
    String check(int query, Answer answer) throws Exception;

    /** How a right answer of {@code query} was checked: {@code by value against ...}. */
    String checkedHow(int query);

    int timeoutSeconds();

    String password();
  }

  /** A query's answer: its column labels and rows as text. */
  record Answer(List<String> columns, List<String[]> rows) {}

  /** Runs {@code sql} and fetches every row: what a query's time covers. */
  static Answer execute(Connection c, String sql, int timeoutSeconds) throws SQLException {
    try (Statement s = c.createStatement()) {
      if (timeoutSeconds > 0) {
        s.setQueryTimeout(timeoutSeconds);
      }
      try (ResultSet rs = s.executeQuery(sql)) {
        ResultSetMetaData md = rs.getMetaData();
        int n = md.getColumnCount();
        List<String> columns = new ArrayList<>(n);
        for (int i = 1; i <= n; i++) {
          columns.add(md.getColumnLabel(i));
        }
        List<String[]> rows = new ArrayList<>();
        while (rs.next()) {
          String[] row = new String[n];
          for (int i = 0; i < n; i++) {
            row[i] = rs.getString(i + 1);
          }
          rows.add(row);
        }
        return new Answer(columns, rows);
      }
    }
  }

  /**
   * The power test as the phase {@code power} (the stream's wall time) holding a phase {@code qN}
   * per query, timed from execute to the last row; a failed query or a wrong answer is a failed
   * check and the stream goes on. With {@code refreshSet} (else null), phases {@code rf1} and
   * {@code rf2} run that update set before and after the queries. The stream's figures are
   * recorded with {@code power}.
   *
   * @return Power@Size, or null unless all 22 queries (and both refresh functions) passed
   */
  static Double power(RunContext ctx, Connection c, List<Integer> order,
      Queries queries, long rawBytes, double scale, Integer refreshSet) throws Exception {
    Map<Integer, Double> passed = new LinkedHashMap<>();
    List<Double> refreshed = new ArrayList<>();
    Double[] power = new Double[1];
    ctx.phase("power", 0, () -> {
      PhaseResult rf1 = refreshSet == null ? null : refresh(ctx, c, "rf1", refreshSet, scale, queries);
      for (int q : order) {
        Answer[] answer = new Answer[1];
        String sql = queries.text(q);
        PhaseResult p = ctx.attempt("q" + q, 0, () -> {
          answer[0] = execute(c, sql, queries.timeoutSeconds());
          return (long) answer[0].rows().size();
        }, e -> "q" + q + " failed: " + HiveConnections.safe(HiveConnections.rootMessage(e), queries.password()));
        if (p == null) {
          ctx.console().status("hbench: " + ctx.label() + ": q" + q + " failed");
          continue;
        }
        String wrong = queries.check(q, answer[0]);
        ctx.check("answer_q" + q, wrong == null, wrong == null ? "q" + q + ": "
            + answer[0].rows().size() + " rows, " + queries.checkedHow(q) : wrong);
        if (wrong == null) {
          passed.put(q, p.seconds());
        }
        ctx.console().status(String.format(java.util.Locale.ROOT, "hbench: %s: q%d %.3f s, %d rows%s",
            ctx.label(), q, p.seconds(), answer[0].rows().size(), wrong == null ? "" : ": WRONG ANSWER"));
      }
      if (rf1 != null) {
        refreshed.add(rf1.seconds());
        PhaseResult rf2 = refresh(ctx, c, "rf2", refreshSet, scale, queries);
        if (rf2 != null) {
          refreshed.add(rf2.seconds());
        }
      } else if (refreshSet != null) {
        // RF2 alone would delete orders RF1 did not replace.
        ctx.check("rf2", false, "rf2 not run: rf1 failed");
      }
      return null;
    }, (timed, into) -> {
      double total = passed.values().stream().mapToDouble(Double::doubleValue).sum();
      into.metric(Metric.of("queries_passed", Metric.COUNT, passed.size(), Better.HIGHER));
      into.metric(Metric.of("queries_failed", Metric.COUNT, order.size() - passed.size(), Better.LOWER));
      if (!passed.isEmpty()) {
        into.metric(Metric.of(QUERIES_SECONDS, Metric.SECONDS, round(total), Better.LOWER));
        into.metric(Metric.of(QUERIES_MB_PER_S, Metric.MIB_PER_SECOND,
            round(rawBytes / 1048576.0 / total), Better.HIGHER));
        into.metric(Metric.of(GEOMEAN_SECONDS, Metric.SECONDS,
            round(geometricMean(new ArrayList<>(passed.values()))), Better.LOWER));
      }
      power[0] = powerFigure(passed.values(), refreshSet != null, refreshed, scale);
      if (power[0] != null) {
        into.metric(Metric.of(POWER, QPH, power[0], Better.HIGHER));
      }
    });
    return power[0];
  }

  /**
   * The power test's Power@Size from the seconds of its passed queries and, when the refresh
   * functions ran, of the ones that passed: null unless all 22 queries passed and, with {@code
   * refreshRan}, RF1 and RF2 both did.
   */
  static Double powerFigure(java.util.Collection<Double> queries, boolean refreshRan,
      List<Double> refreshed, double scale) {
    if (queries.size() != TpchQueries.COUNT || refreshRan && refreshed.size() != 2) {
      return null;
    }
    List<Double> timed = new ArrayList<>(queries);
    if (refreshRan) {
      timed.addAll(refreshed);
    }
    return round(powerAtSize(timed, scale));
  }

  /** One refresh function of an update set as a phase of its own; null when it failed. */
  private static PhaseResult refresh(RunContext ctx, Connection c, String function, int set,
      double scale, Queries queries) throws Exception {
    TpchRefresh.UpdateSet u = TpchRefresh.set(set, scale);
    PhaseResult p = ctx.attempt(function, 0, () -> {
      TpchRefresh.run(function, c, u);
      return u.orders();
    }, e -> refreshFailed(function, set, e, queries));
    ctx.console().status(p == null ? "hbench: " + ctx.label() + ": " + function + " failed"
        : String.format(java.util.Locale.ROOT, "hbench: %s: %s %.3f s, %d orders", ctx.label(),
            function, p.seconds(), u.orders()));
    return p;
  }

  /**
   * The throughput test as the phase {@code throughput}: {@code connections.size()} streams at
   * once on the core's load runner, stream s (from 1) in the spec's order for s, each query call
   * recorded as its query's operation ({@code q6}) with a step per stream ({@code stream1.q6}),
   * so every query has its latency histogram over the streams and in each. With {@code firstSet}
   * (else null), a refresh stream on {@code refreshConnection} beside them, RF1 then RF2 of update
   * sets {@code firstSet}, {@code firstSet + 1}, ..., one pair per query stream. Its time is the
   * load's window, from the first stream's first call to the last one's end (clause 5.4.2.1).
   *
   * @param power the power test's Power@Size, for QphH@Size; null when it has none
   * @return Throughput@Size, or null unless all 22 queries of every stream (and every refresh
   *     function) passed
   */
  static Double throughput(RunContext ctx, List<Connection> connections, List<Integer> queriesToRun,
      Queries queries, double scale, Connection refreshConnection, Integer firstSet, Double power)
      throws Exception {
    int streams = connections.size();
    int threads = streams + (firstSet != null ? 1 : 0);
    List<List<Integer>> orders = new ArrayList<>();
    List<List<String>> failures = new ArrayList<>();
    long[] calls = new long[threads];
    for (int s = 1; s <= streams; s++) {
      orders.add(TpchQueries.streamOrder(s).stream().filter(queriesToRun::contains).toList());
      failures.add(new java.util.concurrent.CopyOnWriteArrayList<>());
      calls[s - 1] = orders.get(s - 1).size();
    }
    List<String> refreshFailures = new java.util.concurrent.CopyOnWriteArrayList<>();
    if (firstSet != null) {
      calls[streams] = 2L * streams;
    }
    ConcurrentLoad.SteppedCall call = (t, i, steps) -> {
      if (t == streams) {
        // The refresh stream: after a failure the sets after it would start from tables in an
        // unknown state, so it stops.
        if (!refreshFailures.isEmpty()) {
          throw ConcurrentLoad.EXHAUSTED;
        }
        int set = firstSet + (int) (i / 2);
        String function = i % 2 == 0 ? "rf1" : "rf2";
        steps.operation(function);
        try {
          TpchRefresh.run(function, refreshConnection, TpchRefresh.set(set, scale));
        } catch (Exception e) {
          refreshFailures.add("refresh stream: " + refreshFailed(function, set, e, queries));
          throw e;
        }
        return 0;
      }
      int q = orders.get(t).get((int) i);
      steps.operation("q" + q);
      Answer a;
      try {
        a = execute(connections.get(t), queries.text(q), queries.timeoutSeconds());
      } catch (Exception e) {
        failures.get(t).add("stream " + (t + 1) + ": q" + q + " failed: "
            + HiveConnections.safe(HiveConnections.rootMessage(e), queries.password()));
        throw e;
      }
      steps.mark("stream" + (t + 1) + ".q" + q);
      String wrong = queries.check(q, a);
      if (wrong != null) {
        failures.get(t).add("stream " + (t + 1) + ": " + wrong);
        throw new RefusedCallException(WRONG_ANSWER, wrong);
      }
      return 0;
    };
    Double[] figure = new Double[1];
    ctx.load("throughput", "query", new LoadClients(calls, call, null), (r, into) -> {
      boolean all = r.failures() == 0 && failures.stream().allMatch(List::isEmpty)
          && refreshFailures.isEmpty() && r.calls() == java.util.Arrays.stream(calls).sum();
      into.metric(Metric.of("streams", Metric.COUNT, streams, Better.HIGHER));
      double seconds = r.wallNanos() / 1e9;
      if (!all || seconds <= 0) {
        return;
      }
      into.metric(Metric.of("queries_per_hour", QPH,
          round(streams * (double) queriesToRun.size() * 3600 / seconds), Better.HIGHER));
      if (queriesToRun.size() != TpchQueries.COUNT) {
        return;
      }
      figure[0] = round(streams * (double) TpchQueries.COUNT * 3600 / seconds * scale);
      into.metric(Metric.of(THROUGHPUT, QPH, figure[0], Better.HIGHER));
      if (power != null) {
        into.metric(Metric.of(QPHH, QPH, round(Math.sqrt(power * figure[0])), Better.HIGHER));
      }
    });
    for (int s = 0; s < streams; s++) {
      for (String f : failures.get(s)) {
        ctx.check("throughput_stream_" + (s + 1), false, f);
      }
    }
    for (String f : refreshFailures) {
      ctx.check("throughput_refresh", false, f);
    }
    return figure[0];
  }

  /** The failure type of a query whose answer is not the expected one. */
  static final String WRONG_ANSWER = "wrong answer";

  private static String refreshFailed(String function, int set, Throwable e, Queries queries) {
    return function + " (update set " + set + ") failed: "
        + HiveConnections.safe(HiveConnections.rootMessage(e), queries.password());
  }

  /**
   * Power@Size (clause 5.4.1): 3600 x SF over the geometric mean of the query times and, when
   * they ran, of RF1's and RF2's; a time below 1/1000 of the longest counts as that (clause
   * 5.4.1.4).
   */
  static double powerAtSize(List<Double> seconds, double scale) {
    double max = seconds.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    List<Double> floored = seconds.stream().map(s -> Math.max(s, max / 1000)).toList();
    return 3600 * scale / geometricMean(floored);
  }

  static double geometricMean(List<Double> values) {
    return StatUtils.geometricMean(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  static double round(double v) {
    if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
      return v;
    }
    return new java.math.BigDecimal(v).round(new java.math.MathContext(6)).doubleValue();
  }
}
