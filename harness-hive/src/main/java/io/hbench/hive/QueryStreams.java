package io.hbench.hive;

import io.hbench.core.RunContext;
import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.LoadClients;
import io.hbench.core.result.Metric;
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
import org.apache.commons.statistics.descriptive.GeometricMean;

/**
 * The power test (one stream of queries in the spec's order, each a phase of its own) and the
 * throughput test (S concurrent streams, each on its own connection, in its own order) of the
 * decision-support suites, with the figures every such test has (seconds, geomean, MB/s, queries
 * per hour) and those its spec defines ({@link QuerySet#powerFigure}; TPC-H's clause 5.4:
 * Power@Size, Throughput@Size and QphH@Size). With an update set given (TPC-H), the power test
 * runs RF1 before its queries and RF2 after them, and the throughput test runs a refresh stream
 * of S RF1/RF2 pairs beside its query streams ({@link TpchRefresh}); without, the figures are
 * computed without the refresh functions, which the records say.
 */
final class QueryStreams {

  private QueryStreams() {}

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
   * @return the spec's power figure, or null (see {@link QuerySet#powerFigure})
   */
  static Metric power(RunContext ctx, Connection c, List<String> order,
      QuerySet queries, long rawBytes, double scale, Integer refreshSet) throws Exception {
    Map<String, Double> passed = new LinkedHashMap<>();
    List<Double> refreshed = new ArrayList<>();
    Metric[] power = new Metric[1];
    ctx.phase("power", 0, () -> {
      PhaseResult rf1 = refreshSet == null ? null : refresh(ctx, c, "rf1", refreshSet, scale, queries);
      for (String q : order) {
        Answer[] answer = new Answer[1];
        String sql = queries.text(q);
        // Set before the query's clock and put back after it: for this query's session only.
        Workaround w = Workaround.set(ctx, c, q, queries);
        PhaseResult p;
        try {
          p = ctx.attempt(q, 0, () -> {
            answer[0] = execute(c, sql, queries.timeoutSeconds());
            return (long) answer[0].rows().size();
          }, e -> q + " failed: " + HiveConnections.safe(HiveConnections.rootMessage(e),
              queries.password()));
        } finally {
          Workaround.restore(c, w);
        }
        if (p == null) {
          ctx.console().status("hbench: " + ctx.label() + ": " + q + " failed");
          continue;
        }
        String wrong = named(q, queries.check(q, answer[0]), queries, w);
        ctx.check("answer_" + q, wrong == null, wrong == null ? q + ": "
            + answer[0].rows().size() + " rows, " + queries.checkedHow(q)
            + (w == null ? "" : ", with " + w.text()) : wrong);
        if (wrong == null) {
          passed.put(q, p.seconds());
        }
        ctx.console().status(String.format(java.util.Locale.ROOT, "hbench: %s: %s %.3f s, %d rows%s%s",
            ctx.label(), q, p.seconds(), answer[0].rows().size(),
            w == null ? "" : " (" + w.text() + ")", wrong == null ? "" : ": WRONG ANSWER"));
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
      into.metric(QueryMetrics.QUERIES_PASSED.value(passed.size()));
      into.metric(QueryMetrics.QUERIES_FAILED.value(order.size() - passed.size()));
      if (!passed.isEmpty()) {
        into.metric(QueryMetrics.QUERIES_SECONDS.value(round(total)));
        into.metric(QueryMetrics.QUERIES_MB_PER_S.value(round(rawBytes / 1048576.0 / total)));
        into.metric(QueryMetrics.GEOMEAN_SECONDS.value(
            round(geometricMean(new ArrayList<>(passed.values())))));
      }
      power[0] = queries.powerFigure(passed.values(), refreshSet != null, refreshed);
      if (power[0] != null) {
        into.metric(power[0]);
      }
    });
    return power[0];
  }

  /** One refresh function of an update set as a phase of its own; null when it failed. */
  private static PhaseResult refresh(RunContext ctx, Connection c, String function, int set,
      double scale, QuerySet queries) throws Exception {
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
   * @param orders stream s's queries (from 0 for stream 1), in its order
   * @param power the power test's figure (null when none), for the spec's figures
   */
  static void throughput(RunContext ctx, List<Connection> connections, List<List<String>> orders,
      QuerySet queries, double scale, Connection refreshConnection, Integer firstSet, Metric power)
      throws Exception {
    int streams = connections.size();
    int threads = streams + (firstSet != null ? 1 : 0);
    List<List<String>> failures = new ArrayList<>();
    long[] calls = new long[threads];
    for (int s = 0; s < streams; s++) {
      failures.add(new java.util.concurrent.CopyOnWriteArrayList<>());
      calls[s] = orders.get(s).size();
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
      String q = orders.get(t).get((int) i);
      steps.operation(q);
      Answer a;
      // Inside the query's call here: the two SET statements are a few milliseconds of it.
      Workaround w = Workaround.set(ctx, connections.get(t), q, queries);
      try {
        a = execute(connections.get(t), queries.text(q), queries.timeoutSeconds());
      } catch (Exception e) {
        failures.get(t).add("stream " + (t + 1) + ": " + q + " failed: "
            + HiveConnections.safe(HiveConnections.rootMessage(e), queries.password()));
        throw e;
      } finally {
        Workaround.restore(connections.get(t), w);
      }
      steps.mark("stream" + (t + 1) + "." + q);
      String wrong = named(q, queries.check(q, a), queries, w);
      if (wrong != null) {
        failures.get(t).add("stream " + (t + 1) + ": " + wrong);
        throw new RefusedCallException(WRONG_ANSWER, wrong);
      }
      return 0;
    };
    ctx.load("throughput", "query", new LoadClients(calls, call, null), (r, into) -> {
      boolean all = r.failures() == 0 && failures.stream().allMatch(List::isEmpty)
          && refreshFailures.isEmpty() && r.calls() == java.util.Arrays.stream(calls).sum();
      into.metric(QueryMetrics.STREAMS.value(streams));
      double seconds = r.wallNanos() / 1e9;
      if (!all || seconds <= 0) {
        return;
      }
      long queriesRun = orders.stream().mapToLong(List::size).sum();
      into.metric(QueryMetrics.QUERIES_PER_HOUR.value(round(queriesRun * 3600 / seconds)));
      for (Metric m : queries.throughputFigures(streams, seconds, power)) {
        into.metric(m);
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
  }

  /**
   * A wrong answer's line, naming the known defect it matches when the query ran as shipped
   * ({@code q27: wrong answer, Hive defect HIVE-27076 (...): row 2, ...}), or that it was wrong
   * even with the workaround; null when the answer is right.
   */
  static String named(String q, String wrong, QuerySet queries, Workaround w) {
    if (wrong == null) {
      return null;
    }
    KnownDefects.Defect d = queries.knownDefects() == null ? null
        : queries.knownDefects().defect(q);
    String detail = wrong.startsWith(q + ": ") ? wrong.substring(q.length() + 2) : wrong;
    if (w != null) {
      return q + ": wrong answer even with " + w.text() + ": " + detail;
    }
    return d == null ? wrong : q + ": wrong answer, " + d.named() + " (" + d.symptom() + "): "
        + detail;
  }

  /**
   * A known defect's setting set on a session for one query, and what it was before, to put it
   * back after.
   */
  record Workaround(KnownDefects.Defect defect, String before) {

    /** {@code workaround for Hive defect HIVE-27076: hive.cbo.enable=false}. */
    String text() {
      return "workaround for " + defect.named() + ": " + defect.workaround();
    }

    /** Sets the query's workaround on {@code c} and records it; null when it has none. */
    static Workaround set(RunContext ctx, Connection c, String q, QuerySet queries)
        throws SQLException {
      KnownDefects.InUse defects = queries.knownDefects();
      KnownDefects.Defect d = defects == null || defects.asShipped() ? null : defects.defect(q);
      if (d == null) {
        return null;
      }
      String before = null;
      try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SET " + d.key())) {
        // Hive answers "key=value", or "key is undefined".
        String line = rs.next() ? rs.getString(1) : "";
        if (line.startsWith(d.key() + "=")) {
          before = line.substring(d.key().length() + 1);
        }
      }
      try (Statement s = c.createStatement()) {
        s.execute("SET " + d.workaround());
      }
      defects.applied(q, d);
      return new Workaround(d, before);
    }

    /** Puts the session's setting back as it was. */
    static void restore(Connection c, Workaround w) throws SQLException {
      if (w == null) {
        return;
      }
      try (Statement s = c.createStatement()) {
        s.execute(w.before() != null ? "SET " + w.defect().key() + "=" + w.before()
            : "RESET " + w.defect().key());
      }
    }
  }

  /** The failure type of a query whose answer is not the expected one. */
  static final String WRONG_ANSWER = "wrong answer";

  private static String refreshFailed(String function, int set, Throwable e, QuerySet queries) {
    return function + " (update set " + set + ") failed: "
        + HiveConnections.safe(HiveConnections.rootMessage(e), queries.password());
  }

  static double geometricMean(List<Double> values) {
    return GeometricMean.of(values.stream().mapToDouble(Double::doubleValue).toArray()).getAsDouble();
  }

  static double round(double v) {
    if (v == 0 || Double.isNaN(v) || Double.isInfinite(v)) {
      return v;
    }
    return new java.math.BigDecimal(v).round(new java.math.MathContext(6)).doubleValue();
  }
}
