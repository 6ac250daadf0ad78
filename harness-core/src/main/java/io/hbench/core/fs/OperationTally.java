package io.hbench.core.fs;

import io.hbench.core.stats.IntervalClock;
import io.hbench.core.stats.RefusedCallException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Figures of named operations timed by a client (Slive's maps, NameNode and file system load
 * threads): per operation, its {@link OperationStats} (exact counts, summed time, an HdrHistogram
 * of latencies) and how many calls failed with each exception type. Tallies from several threads
 * or tasks are merged with {@link #add}; histograms are merged, never averaged. Made with an
 * {@link IntervalClock}, it also keeps each operation's calls interval by interval ({@link
 * IntervalSeries}). Not thread-safe: one per thread, merged at the end.
 */
public final class OperationTally {

  private final Map<String, OperationStats> stats = new LinkedHashMap<>();
  private final Map<String, Map<String, Long>> failures = new LinkedHashMap<>();
  private final Map<String, IntervalSeries> series = new LinkedHashMap<>();
  private final IntervalClock clock;

  /** A tally of whole-load figures only. */
  public OperationTally() {
    this(null);
  }

  /** A tally that also keeps each operation's series, cut by {@code clock} (null: none). */
  public OperationTally(IntervalClock clock) {
    this.clock = clock;
  }

  /**
   * As {@link #record(String, long, long, String)}, for a call that ended at {@code endNanos}
   * ({@code nanoTime}): also into the operation's series when this tally keeps them.
   */
  public void record(String op, long nanos, long bytes, String failure, long endNanos) {
    record(op, live(op), liveSeries(op), nanos, bytes, failure, endNanos);
  }

  /**
   * As {@link #record(String, long, long, String, long)}, into {@code op}'s figures and series
   * already looked up ({@link #live}, {@link #liveSeries}): the load runner's hot path.
   */
  public void record(String op, OperationStats live, IntervalSeries liveSeries, long nanos,
      long bytes, String failure, long endNanos) {
    record(op, live, nanos, bytes, failure);
    if (liveSeries != null) {
      liveSeries.record(endNanos, nanos, bytes, failure);
    }
  }

  /** The series {@code op}'s calls are recorded into, created when absent; null without a clock. */
  public IntervalSeries liveSeries(String op) {
    return clock == null ? null : series.computeIfAbsent(op, o -> new IntervalSeries(clock));
  }

  /** Closes every series' interval being recorded: called after the last call. */
  public void finishIntervals() {
    series.values().forEach(IntervalSeries::finishInterval);
  }

  /** {@code op}'s series, or null when none was kept. */
  public IntervalSeries series(String op) {
    return series.get(op);
  }

  /** Adds {@code intervals} into {@code op}'s series (a task's, read back). */
  public void addSeries(String op, IntervalSeries intervals) {
    IntervalSeries mine = series.get(op);
    if (mine == null) {
      mine = IntervalSeries.empty(intervals.intervalNanos());
      series.put(op, mine);
    }
    mine.add(intervals);
  }

  /**
   * Records one call of {@code op} that took {@code nanos} and moved {@code bytes}; {@code
   * failure} is its failure type (an exception's simple name), or null when it succeeded.
   */
  public void record(String op, long nanos, long bytes, String failure) {
    stats.computeIfAbsent(op, o -> new OperationStats()).recordCall(nanos, bytes, failure != null);
    if (failure != null) {
      failures.computeIfAbsent(op, o -> new TreeMap<>()).merge(failure, 1L, Long::sum);
    }
  }

  /**
   * As {@link #record}, into {@code op}'s figures already looked up with {@link #live}: the load
   * runner's hot path, one map lookup fewer per call.
   */
  public void record(String op, OperationStats live, long nanos, long bytes, String failure) {
    live.recordCall(nanos, bytes, failure != null);
    if (failure != null) {
      failures.computeIfAbsent(op, o -> new TreeMap<>()).merge(failure, 1L, Long::sum);
    }
  }

  /** The figures {@code op}'s calls are recorded into, created when absent (for {@link #record}). */
  public OperationStats live(String op) {
    return stats.computeIfAbsent(op, o -> new OperationStats());
  }

  /** Adds {@code other} into this. */
  public void add(OperationTally other) {
    other.stats.forEach((op, s) -> stats.computeIfAbsent(op, o -> new OperationStats()).add(s));
    other.series.forEach(this::addSeries);
    other.failures.forEach(
        (op, f) -> f.forEach((type, n) -> failures.computeIfAbsent(op, o -> new TreeMap<>()).merge(type, n, Long::sum)));
  }

  /** The operations recorded, in the order first seen. */
  public Map<String, OperationStats> stats() {
    return Collections.unmodifiableMap(stats);
  }

  /** The figures of {@code op}; empty figures when it was never recorded. */
  public OperationStats stats(String op) {
    OperationStats s = stats.get(op);
    return s == null ? new OperationStats() : s;
  }

  /** Failed calls of {@code op} by failure type; empty when none failed. */
  public Map<String, Long> failures(String op) {
    Map<String, Long> f = failures.get(op);
    return f == null ? Map.of() : Collections.unmodifiableMap(f);
  }

  /** Calls of every operation. */
  public long calls() {
    return stats.values().stream().mapToLong(OperationStats::calls).sum();
  }

  /** Failed calls of every operation. */
  public long failedCalls() {
    return stats.values().stream().mapToLong(OperationStats::failures).sum();
  }

  /**
   * One operation's figures as one line: its {@link OperationStats#toText()}, a tab, and its
   * failure types, for map output and side files; {@link #parseLine} reads it back. Failure types
   * may hold spaces ("delete returned false"), not tabs, commas or '='.
   */
  public String line(String op) {
    return stats(op).toText() + "\t" + failureText(failures(op));
  }

  /** Adds a line written by {@link #line} as the figures of {@code op}. */
  public void parseLine(String op, String line) {
    int cut = line.lastIndexOf('\t');
    if (cut < 0) {
      throw new IllegalArgumentException("malformed operation line: " + line);
    }
    OperationTally one = new OperationTally();
    one.stats.put(op, OperationStats.parseText(line.substring(0, cut)));
    String f = line.substring(cut + 1);
    if (!f.equals("-")) {
      Map<String, Long> m = new TreeMap<>();
      for (String p : f.split(",")) {
        int eq = p.lastIndexOf('=');
        if (eq <= 0) {
          throw new IllegalArgumentException("malformed failure types: " + f);
        }
        m.merge(p.substring(0, eq), Long.parseLong(p.substring(eq + 1)), Long::sum);
      }
      one.failures.put(op, m);
    }
    add(one);
  }

  private static String failureText(Map<String, Long> f) {
    if (f.isEmpty()) {
      return "-";
    }
    StringBuilder sb = new StringBuilder();
    f.forEach((k, v) -> sb.append(sb.length() == 0 ? "" : ",").append(k).append('=').append(v));
    return sb.toString();
  }

  /** The type of a failed call recorded without one. */
  public static final String UNKNOWN_FAILURE = "unknown";

  /**
   * One line about a failed call: the refusal's detail for a {@link RefusedCallException} that
   * has one, else its failure type and the first line of its message.
   */
  public static String problem(Throwable e) {
    if (e instanceof RefusedCallException r && r.detail() != null) {
      return r.detail();
    }
    String m = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
    String type = failureType(e);
    return m.isEmpty() || m.equals(type) ? type : type + ": " + m;
  }

  /**
   * The failure type of an exception: what was refused for a {@link RefusedCallException}, the
   * simple name of the server-side class for an error a server sent back (Hadoop's {@code
   * RemoteException}), else its simple class name.
   */
  public static String failureType(Throwable e) {
    if (e instanceof RefusedCallException) {
      return e.getMessage();
    }
    if (e instanceof org.apache.hadoop.ipc.RemoteException r && r.getClassName() != null) {
      String c = r.getClassName();
      return c.substring(c.lastIndexOf('.') + 1);
    }
    return e.getClass().getSimpleName();
  }
}
