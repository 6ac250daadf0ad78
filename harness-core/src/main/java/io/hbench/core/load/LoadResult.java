package io.hbench.core.load;

import io.hbench.core.fs.IntervalSeries;
import io.hbench.core.fs.OperationTally;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.OperationSeries;
import io.hbench.core.result.Stability;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a load measured, in one process or merged over the map tasks of a declared load.
 *
 * @param tally every recorded call's figures, merged over threads (and tasks)
 * @param steps the operations of {@code tally} that are steps inside other calls
 * @param startMillis start of the first recorded call, ms since the epoch
 * @param endMillis end of the last recorded call, ms since the epoch
 * @param wallNanos the window from the first recorded start to the last end: from the monotonic
 *     clock in one process, from the tasks' wall clocks when merged
 * @param warmupCalls calls made as warm-up and left out of {@code tally}
 * @param clients threads that made the calls, over all tasks
 * @param clientRates each client thread's recorded calls per second over its own window (first
 *     call's start to last call's end), over all tasks; a thread that recorded no call is left out
 * @param counts what the calls counted beside their bytes ({@link ConcurrentLoad.Steps#count}:
 *     rows a scan returned), summed over threads and tasks
 * @param firstProblem one line about the first failed call (a refusal's detail, or the
 *     exception's type and message), or null when none failed: the first process's first
 * @param band the span in which every client was running (each client's first call's end to
 *     its last call's start, the latest start and the earliest end), or null when there was none
 * @param stability whether the load stopped because it was steady ({@code --until-stable}), or
 *     null when it was not asked to
 * @param left what the calls left on the server ({@link ConcurrentLoad.Steps#countAll}: rows
 *     inserted, names made), warm-up calls included, summed over threads and tasks; and over
 *     every step of a {@code --find-max} search, whose steps all left it there
 * @param ranOut the clients of a timed load that ran out of work before its duration, or null
 * @param processCalls each process's recorded calls (steps left out), in the order merged: the
 *     map tasks' of a load merged from them, one entry in one process
 * @param outages each client's spans without a successful call ({@link Outages}), or null
 *     when not kept
 * @param faultFailures the failed calls inside {@code --disrupt}'s fault windows, which the
 *     faults' figures measure ({@link #failuresOutsideFaults}); 0 without
 * @param counted the clients' own count ({@link LoadClients#counted}) interval by interval,
 *     added over tasks; {@link IntervalCounts#NONE} when they offered none
 */
public record LoadResult(
    OperationTally tally, Set<String> steps, long startMillis, long endMillis, long wallNanos,
    long warmupCalls, int clients, List<Double> clientRates, Map<String, Long> counts,
    String firstProblem, Band band, Stability stability, Map<String, Long> left,
    RanOut ranOut, List<Long> processCalls, Outages outages, long faultFailures,
    IntervalCounts counted) {

  /** A span of wall-clock time, ms since the epoch. */
  public record Band(long startMillis, long endMillis) {}

  /**
   * Clients that ran out of work under a duration ({@link ConcurrentLoad#EXHAUSTED} before its
   * end).
   *
   * @param clients how many
   * @param atMillis when the first did, ms since the epoch
   */
  public record RanOut(int clients, long atMillis) {}

  public LoadResult {
    steps = Set.copyOf(steps);
    clientRates = List.copyOf(clientRates);
    counts = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(counts));
    left = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(left));
    processCalls = processCalls == null ? List.of(ownCalls(tally, steps)) : List.copyOf(processCalls);
    counted = counted == null ? IntervalCounts.NONE : counted;
  }

  private static long ownCalls(OperationTally tally, Set<String> steps) {
    long n = 0;
    for (String op : tally.stats().keySet()) {
      n += steps.contains(op) ? 0 : tally.stats(op).calls();
    }
    return n;
  }

  /** A result of one process. */
  public LoadResult(OperationTally tally, Set<String> steps, long startMillis, long endMillis,
      long wallNanos, long warmupCalls, int clients, List<Double> clientRates,
      Map<String, Long> counts, String firstProblem, Band band, Stability stability,
      Map<String, Long> left, RanOut ranOut) {
    this(tally, steps, startMillis, endMillis, wallNanos, warmupCalls, clients, clientRates,
        counts, firstProblem, band, stability, left, ranOut, null, null, 0, null);
  }

  /** This result with each client's spans without a success. */
  public LoadResult withOutages(Outages o) {
    return new LoadResult(tally, steps, startMillis, endMillis, wallNanos, warmupCalls, clients,
        clientRates, counts, firstProblem, band, stability, left, ranOut, processCalls, o,
        faultFailures, counted);
  }

  /** This result with {@code n} of its failed calls inside {@code --disrupt}'s fault windows. */
  public LoadResult withFaultFailures(long n) {
    return new LoadResult(tally, steps, startMillis, endMillis, wallNanos, warmupCalls, clients,
        clientRates, counts, firstProblem, band, stability, left, ranOut, processCalls, outages,
        n, counted);
  }

  /**
   * The failed calls a suite's check judges: all of them, less those inside {@code --disrupt}'s
   * fault windows, which the faults' own figures count ({@code calls_failed}) and which the
   * user asked for.
   */
  public long failuresOutsideFaults() {
    return failures() - faultFailures;
  }

  /**
   * For a check's detail: how many failed calls {@code --disrupt}'s faults account for ({@code
   * " (3 inside --disrupt's fault windows, measured there)"}), or "" when none.
   */
  public String faultFailuresNote() {
    return faultFailures == 0 ? "" : " (" + faultFailures + " inside --disrupt's fault windows,"
        + " measured there)";
  }

  /** A result whose calls left nothing counted and never ran out. */
  public LoadResult(OperationTally tally, Set<String> steps, long startMillis, long endMillis,
      long wallNanos, long warmupCalls, int clients, List<Double> clientRates,
      Map<String, Long> counts, String firstProblem, Band band, Stability stability) {
    this(tally, steps, startMillis, endMillis, wallNanos, warmupCalls, clients, clientRates,
        counts, firstProblem, band, stability, Map.of(), null);
  }

  /** This result with {@code s} as its stability (judged over every task's calls). */
  public LoadResult withStability(Stability s) {
    return new LoadResult(tally, steps, startMillis, endMillis, wallNanos, warmupCalls, clients,
        clientRates, counts, firstProblem, band, s, left, ranOut, processCalls, outages,
        faultFailures, counted);
  }

  /** This result with {@code l} as what its calls left (a search's, summed over its steps). */
  public LoadResult withLeft(Map<String, Long> l) {
    return new LoadResult(tally, steps, startMillis, endMillis, wallNanos, warmupCalls, clients,
        clientRates, counts, firstProblem, band, stability, l, ranOut, processCalls, outages,
        faultFailures, counted);
  }

  /** This result with the clients' own count interval by interval ({@link #counted}). */
  public LoadResult withCounted(IntervalCounts c) {
    return new LoadResult(tally, steps, startMillis, endMillis, wallNanos, warmupCalls, clients,
        clientRates, counts, firstProblem, band, stability, left, ranOut, processCalls, outages,
        faultFailures, c);
  }

  /** The record's form of {@link #ranOut}, or null when no client ran out. */
  public io.hbench.core.result.RanOut ranOutFigures() {
    return ranOut == null ? null : new io.hbench.core.result.RanOut(ranOut.clients(), clients,
        Math.round(Math.max(0, ranOut.atMillis() - startMillis) / 100.0) / 10.0);
  }

  /** A result that knows no client's own rate, counts or problem. */
  public LoadResult(OperationTally tally, Set<String> steps, long startMillis, long endMillis,
      long wallNanos, long warmupCalls, int clients) {
    this(tally, steps, startMillis, endMillis, wallNanos, warmupCalls, clients, List.of(),
        Map.of(), null, null, null);
  }

  /**
   * The count {@code name} the calls made ({@link ConcurrentLoad.Steps#count}), or what they left
   * ({@link ConcurrentLoad.Steps#countAll}); 0 when none.
   */
  public long count(String name) {
    Long c = counts.get(name);
    return c != null ? c : left.getOrDefault(name, 0L);
  }

  /**
   * The spread of the clients' own rates (min, median, max over client threads), scaled by
   * {@code perCall} (rows per call for a batched load); null when no client recorded a call.
   * It shows an uneven load that the aggregate rate hides; it is never summed into it.
   */
  public io.hbench.core.stats.Spread clientSpread(double perCall) {
    if (clientRates.isEmpty()) {
      return null;
    }
    return io.hbench.core.stats.Spread.of(clientRates.stream().map(r -> r * perCall).toList());
  }

  /** Recorded calls per second over the wall-clock window, steps left out. */
  public double callsPerSecond() {
    return wallNanos <= 0 ? 0 : calls() / (wallNanos / 1e9);
  }

  /** Recorded calls of every operation that is not a step. */
  public long calls() {
    return ownCalls(tally, steps);
  }

  /**
   * The load's own calls, every operation that is not a step, merged (histograms added): what
   * {@code --find-max} judges a step by, whether a load makes one operation or a mix (ycsb's
   * reads and updates, Slive's).
   */
  public io.hbench.core.fs.OperationStats calledStats() {
    io.hbench.core.fs.OperationStats all = new io.hbench.core.fs.OperationStats();
    for (String op : tally.stats().keySet()) {
      if (!steps.contains(op)) {
        all.add(tally.stats(op));
      }
    }
    return all;
  }

  /** Failed calls of every operation that is not a step. */
  public long failures() {
    long n = 0;
    for (String op : tally.stats().keySet()) {
      n += steps.contains(op) ? 0 : tally.stats(op).failures();
    }
    return n;
  }

  /** Bytes moved by the operations that are not steps. */
  public long bytes() {
    long n = 0;
    for (String op : tally.stats().keySet()) {
      n += steps.contains(op) ? 0 : tally.stats(op).bytes();
    }
    return n;
  }

  /** The operations, then the steps, as the record's loads. */
  public List<OperationLoad> loads() {
    List<OperationLoad> out = new ArrayList<>();
    for (boolean step : new boolean[] {false, true}) {
      for (String op : tally.stats().keySet()) {
        if (steps.contains(op) == step) {
          out.add(OperationLoad.of(op, tally.stats(op), tally.failures(op), wallNanos, step,
              step ? 0 : warmupCalls, series(op, step)));
        }
      }
    }
    return out;
  }

  /** The record's series of {@code op}; the stability on the load's first operation only. */
  private OperationSeries series(String op, boolean step) {
    boolean first = !step && op.equals(firstOperation());
    return OperationSeries.of(tally.series(op), startMillis, endMillis,
        band == null ? null : band.startMillis(), band == null ? null : band.endMillis(), step,
        first ? stability : null, first ? ranOutFigures() : null);
  }

  private String firstOperation() {
    for (String op : tally.stats().keySet()) {
      if (!steps.contains(op)) {
        return op;
      }
    }
    return null;
  }

  /**
   * Merges the results of several processes: tallies added (histograms merged, so the slowest
   * call survives), the window from the first start to the last end.
   */
  public static LoadResult merge(List<LoadResult> parts) {
    if (parts.isEmpty()) {
      throw new IllegalArgumentException("nothing to merge");
    }
    OperationTally tally = new OperationTally();
    Set<String> steps = new LinkedHashSet<>();
    long start = Long.MAX_VALUE;
    long end = Long.MIN_VALUE;
    long warmup = 0;
    int clients = 0;
    List<Double> rates = new ArrayList<>();
    Map<String, Long> counts = new java.util.TreeMap<>();
    Map<String, Long> left = new java.util.TreeMap<>();
    RanOut ranOut = null;
    List<Long> processCalls = new ArrayList<>();
    List<Outages> outages = new ArrayList<>();
    IntervalCounts counted = IntervalCounts.NONE;
    String problem = null;
    io.hbench.core.stats.AllRunning everyone = new io.hbench.core.stats.AllRunning();
    boolean banded = true;
    Stability stability = parts.get(0).stability();
    for (LoadResult p : parts) {
      stability = bothStable(stability, p.stability());
      if (p.tally().calls() > 0) {
        if (p.band() == null) {
          banded = false;
        } else {
          everyone.client(p.band().startMillis(), p.band().endMillis());
        }
      }
      rates.addAll(p.clientRates());
      p.counts().forEach((k, v) -> counts.merge(k, v, Long::sum));
      p.left().forEach((k, v) -> left.merge(k, v, Long::sum));
      processCalls.addAll(p.processCalls());
      outages.add(p.outages());
      counted = counted.plus(p.counted());
      if (p.ranOut() != null) {
        ranOut = ranOut == null ? p.ranOut() : new RanOut(ranOut.clients() + p.ranOut().clients(),
            Math.min(ranOut.atMillis(), p.ranOut().atMillis()));
      }
      if (problem == null) {
        problem = p.firstProblem();
      }
      tally.add(p.tally());
      steps.addAll(p.steps());
      if (p.tally().calls() > 0) {
        start = Math.min(start, p.startMillis());
        end = Math.max(end, p.endMillis());
      }
      warmup += p.warmupCalls();
      clients += p.clients();
    }
    if (start == Long.MAX_VALUE) {
      start = end = parts.get(0).startMillis();
    }
    Band band = banded && everyone.exists() ? new Band(everyone.start(), everyone.end()) : null;
    return new LoadResult(tally, steps, start, end, Math.max(0, end - start) * 1_000_000L, warmup,
        clients, rates, counts, problem, band, stability, left, ranOut, processCalls,
        Outages.merge(outages), 0, counted);
  }

  /**
   * One map task's calls over its attempts, in order, when its container was killed during the
   * load ({@code --disrupt kill-task-container}) and YARN started it again: merged as one
   * process's, its clients counted once, its band from the first attempt's start to the last
   * one's end (the task ran throughout, with a gap the fault's figures measure), and the gap a
   * span without success for each of its clients ({@link Outages#continued}).
   */
  public static LoadResult continued(List<LoadResult> attempts) {
    LoadResult m = merge(attempts);
    LoadResult first = attempts.get(0);
    LoadResult last = attempts.get(attempts.size() - 1);
    long[] starts = new long[attempts.size()];
    long[] ends = new long[attempts.size()];
    List<Outages> outages = new ArrayList<>();
    long calls = 0;
    for (int i = 0; i < attempts.size(); i++) {
      starts[i] = attempts.get(i).startMillis();
      ends[i] = attempts.get(i).endMillis();
      outages.add(attempts.get(i).outages());
      calls += attempts.get(i).processCalls().stream().mapToLong(Long::longValue).sum();
    }
    Band band = first.band() == null || last.band() == null ? null
        : new Band(first.band().startMillis(), last.band().endMillis());
    return new LoadResult(m.tally(), m.steps(), m.startMillis(), m.endMillis(), m.wallNanos(),
        m.warmupCalls(), last.clients(), m.clientRates(), m.counts(), m.firstProblem(), band,
        m.stability(), m.left(), m.ranOut(), List.of(calls),
        Outages.continued(outages, starts, ends), 0, m.counted());
  }

  /**
   * Two processes' stability as one load's: steady when both stopped steady (when the later
   * did); each task judges its own clients, as the tasks do not talk during a load.
   */
  private static Stability bothStable(Stability a, Stability b) {
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    if (!a.stable() || !b.stable()) {
      return new Stability(a.percent(), a.window(), false, null);
    }
    return new Stability(a.percent(), a.window(), true, Math.max(a.atSeconds(), b.atSeconds()));
  }

  /**
   * This result as text lines (one per operation, then the window), for a map task's output;
   * {@link #parse} reads them back.
   */
  public List<String> toLines() {
    List<String> lines = new ArrayList<>();
    for (String op : tally.stats().keySet()) {
      lines.add((steps.contains(op) ? STEP : OP) + op + "\t" + tally.line(op));
      IntervalSeries s = tally.series(op);
      if (s != null) {
        lines.add(INTERVAL_LENGTH + op + "\t" + s.intervalNanos());
        s.toLines().forEach(l -> lines.add(INTERVAL + op + "\t" + l));
      }
    }
    if (band != null) {
      lines.add(BAND + "\t" + band.startMillis() + " " + band.endMillis());
    }
    if (stability != null) {
      lines.add(STABILITY + "\t" + stability.percent() + " " + stability.window() + " "
          + stability.stable() + " " + (stability.atSeconds() == null ? "-" : stability.atSeconds()));
    }
    lines.add(WINDOW + "\t" + startMillis + " " + endMillis + " " + warmupCalls + " " + clients);
    if (!clientRates.isEmpty()) {
      StringBuilder b = new StringBuilder(CLIENTS).append('\t');
      clientRates.forEach(r -> b.append(r).append(' '));
      lines.add(b.toString().trim());
    }
    counts.forEach((k, v) -> lines.add(COUNT + k + "\t" + v));
    for (String name : counted.names()) {
      // A count kept that never grew is kept as such: "-".
      if (counted.of(name).isEmpty()) {
        lines.add(COUNTED + name + "\t-");
      }
      counted.of(name).forEach((i, v) -> lines.add(COUNTED + name + "\t" + i + " " + v));
    }
    left.forEach((k, v) -> lines.add(LEFT + k + "\t" + v));
    if (ranOut != null) {
      lines.add(RAN_OUT + "\t" + ranOut.clients() + " " + ranOut.atMillis());
    }
    if (outages != null) {
      lines.add(OUTAGE_MIN + "\t" + outages.minMillis());
      outages.clients().forEach(c -> lines.add(OUTAGES + "\t" + Outages.toText(c)));
    }
    if (firstProblem != null) {
      // One line, whatever the exception's message held.
      lines.add(PROBLEM + "\t" + firstProblem.replaceAll("[\\t\\r\\n]+", " "));
    }
    return lines;
  }

  private static final String OP = "op:";
  private static final String STEP = "step:";
  private static final String WINDOW = "_window";
  private static final String CLIENTS = "_client_rates";
  private static final String COUNT = "count:";
  private static final String COUNTED = "counted:";
  private static final String PROBLEM = "_first_problem";
  private static final String INTERVAL_LENGTH = "interval_ns:";
  private static final String INTERVAL = "interval:";
  private static final String BAND = "_band";
  private static final String STABILITY = "_stability";
  private static final String LEFT = "left:";
  private static final String RAN_OUT = "_ran_out";
  private static final String OUTAGE_MIN = "_outage_min_ms";
  private static final String OUTAGES = "_outages";

  /** Reads the lines of one process written by {@link #toLines}. */
  public static LoadResult parse(List<String> lines) {
    OperationTally tally = new OperationTally();
    Set<String> steps = new LinkedHashSet<>();
    long[] w = null;
    List<Double> rates = new ArrayList<>();
    Map<String, Long> counts = new java.util.TreeMap<>();
    Map<String, Long> left = new java.util.TreeMap<>();
    RanOut ranOut = null;
    String problem = null;
    Band band = null;
    Stability stability = null;
    Map<String, IntervalSeries> series = new java.util.LinkedHashMap<>();
    Long outageMin = null;
    List<List<long[]>> outages = new ArrayList<>();
    Map<String, java.util.TreeMap<Long, Long>> counted = new java.util.TreeMap<>();
    for (String line : lines) {
      int tab = line.indexOf('\t');
      if (tab < 0) {
        throw new IllegalArgumentException("malformed load line: " + line);
      }
      String key = line.substring(0, tab);
      String value = line.substring(tab + 1);
      if (key.equals(PROBLEM)) {
        problem = value;
      } else if (key.startsWith(INTERVAL_LENGTH)) {
        series.put(key.substring(INTERVAL_LENGTH.length()),
            IntervalSeries.empty(Long.parseLong(value)));
      } else if (key.startsWith(INTERVAL)) {
        IntervalSeries s = series.get(key.substring(INTERVAL.length()));
        if (s == null) {
          throw new IllegalArgumentException("an interval before its series' length: " + line);
        }
        s.add(IntervalSeries.Interval.parse(value));
      } else if (key.equals(OUTAGE_MIN)) {
        outageMin = Long.parseLong(value);
      } else if (key.equals(OUTAGES)) {
        outages.add(Outages.parseText(value));
      } else if (key.equals(BAND)) {
        String[] f = value.split(" ");
        band = new Band(Long.parseLong(f[0]), Long.parseLong(f[1]));
      } else if (key.equals(STABILITY)) {
        String[] f = value.split(" ");
        stability = new Stability(Double.parseDouble(f[0]), Integer.parseInt(f[1]),
            Boolean.parseBoolean(f[2]), "-".equals(f[3]) ? null : Double.valueOf(f[3]));
      } else if (key.startsWith(COUNTED)) {
        java.util.TreeMap<Long, Long> c = counted.computeIfAbsent(
            key.substring(COUNTED.length()), k -> new java.util.TreeMap<>());
        if (!value.equals("-")) {
          String[] f = value.split(" ");
          c.merge(Long.parseLong(f[0]), Long.parseLong(f[1]), Long::sum);
        }
      } else if (key.startsWith(COUNT)) {
        counts.merge(key.substring(COUNT.length()), Long.parseLong(value), Long::sum);
      } else if (key.startsWith(LEFT)) {
        left.merge(key.substring(LEFT.length()), Long.parseLong(value), Long::sum);
      } else if (key.equals(RAN_OUT)) {
        String[] f = value.split(" ");
        ranOut = new RanOut(Integer.parseInt(f[0]), Long.parseLong(f[1]));
      } else if (key.equals(CLIENTS)) {
        for (String r : value.split(" ")) {
          rates.add(Double.parseDouble(r));
        }
      } else if (key.equals(WINDOW)) {
        String[] f = value.split(" ");
        w = new long[] {Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]),
            Long.parseLong(f[3])};
      } else if (key.startsWith(STEP)) {
        steps.add(key.substring(STEP.length()));
        tally.parseLine(key.substring(STEP.length()), value);
      } else if (key.startsWith(OP)) {
        tally.parseLine(key.substring(OP.length()), value);
      } else {
        throw new IllegalArgumentException("malformed load line: " + line);
      }
    }
    if (w == null) {
      throw new IllegalArgumentException("a load's lines have no window");
    }
    series.forEach(tally::addSeries);
    return new LoadResult(tally, steps, w[0], w[1], Math.max(0, w[1] - w[0]) * 1_000_000L, w[2],
        (int) w[3], rates, counts, problem, band, stability, left, ranOut, null,
        outageMin == null ? null : new Outages(outageMin, outages), 0,
        new IntervalCounts(counted));
  }
}
