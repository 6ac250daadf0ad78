package io.hbench.core.engine;

import io.hbench.core.cluster.FaultActions;
import io.hbench.core.error.ErrorLine;
import io.hbench.core.fs.IntervalSeries;
import io.hbench.core.load.Disruption;
import io.hbench.core.load.FaultFigures;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.FaultRecord;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import io.hbench.core.text.Console;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * {@code --disrupt} beside one load: issues each action at its time from the load's start after
 * the warm-up, on a thread of its own so that the load's clients keep their schedule; stamps
 * what the servers say while the load runs; and, once it has ended, measures each fault from the
 * load's own series ({@link FaultFigures}) into the phase's {@code disrupt} figures and metrics.
 */
final class FaultRun {

  /** How often the servers' stamps are read while faults are under way. */
  private static final long STAMP_MILLIS = 1000;

  /** How long after the load hbench waits for blocks short of replicas to be back at 0. */
  static final long LOW_REDUNDANCY_WAIT_MILLIS = 120_000;

  /**
   * How long after the load hbench waits for a datanode declared dead to have blocks counted
   * short: the NameNode's report counts a datanode dead once its heartbeats are late enough, but
   * counts its blocks short only at its next check of heartbeats ({@code
   * dfs.namenode.heartbeat.recheck-interval}), seconds later (DisruptIT, on a busy machine).
   */
  static final long SHORT_COUNTED_WAIT_MILLIS = 30_000;

  private final Disruption plan;
  private final Map<String, FaultActions> actions;
  private final Console console;
  private final String label;
  private final List<Done> done = new ArrayList<>();
  private final List<FaultRecord.Stamp> stamps = new ArrayList<>();
  /** Each server's figure as last stamped: only changes are kept. */
  private final Map<String, String> lastStamped = new HashMap<>();
  private volatile boolean ended;
  private Thread issuer;
  private Thread stamper;
  private long controlStartMillis;

  /** One action as it was done. */
  private record Done(Disruption.Action action, int cycle, String target, long issuedMillis,
      Long acknowledgedMillis, String error) {}

  /**
   * @param plan every cycle's actions
   * @param actions each service's actions ({@link Disruption.Kind#service()}), checked before
   */
  FaultRun(Disruption plan, Map<String, FaultActions> actions, Console console, String label) {
    this.plan = plan;
    this.actions = actions;
    this.console = console;
    this.label = label;
  }

  /** Starts issuing the actions; {@code controlStartMillis} is the load's start after warm-up. */
  synchronized void start(long controlStartMillis) {
    if (issuer != null) {
      return;
    }
    this.controlStartMillis = controlStartMillis;
    issuer = daemon("hbench-disrupt", this::issueAll);
    stamper = daemon("hbench-disrupt-stamps", this::stampUntilEnded);
  }

  private static Thread daemon(String name, Runnable body) {
    Thread t = new Thread(body, name);
    t.setDaemon(true);
    t.start();
    return t;
  }

  private void issueAll() {
    List<Disruption.Action> all = plan.actions();
    for (int i = 0; i < all.size() && !ended; i++) {
      Disruption.Action a = all.get(i);
      long due = controlStartMillis + a.at().toMillis();
      try {
        long wait;
        while (!ended && (wait = due - System.currentTimeMillis()) > 0) {
          Thread.sleep(Math.min(wait, 200));
        }
      } catch (InterruptedException e) {
        return;
      }
      if (ended) {
        return;
      }
      FaultActions by = actions.get(a.kind().service());
      long issued = System.currentTimeMillis();
      String target = null;
      String error = null;
      Long ack = null;
      try {
        target = by.perform(a);
        ack = System.currentTimeMillis();
      } catch (InterruptedException e) {
        error = "interrupted";
      } catch (Exception e) {
        error = ErrorLine.of(e);
      }
      Done d = new Done(a, plan.cycleOf(i), target, issued, ack, error);
      synchronized (done) {
        done.add(d);
      }
      console.status(String.format(Locale.ROOT, "[%s] disrupt: %s at %.1f s%s", label,
          actionName(a), (issued - controlStartMillis) / 1e3, error != null ? ": failed: " + error
              : " on " + target + ", done in " + String.format(Locale.ROOT, "%.1f s",
                  (ack - issued) / 1e3)));
    }
  }

  /** Reads the servers' stamps every second from the first action on, keeping the changes. */
  private void stampUntilEnded() {
    long first = controlStartMillis + plan.actions().get(0).at().toMillis();
    try {
      // One reading before the first action: the state the faults change.
      Thread.sleep(Math.max(0, first - STAMP_MILLIS - System.currentTimeMillis()));
      while (true) {
        stampOnce();
        if (ended) {
          return;
        }
        Thread.sleep(STAMP_MILLIS);
      }
    } catch (InterruptedException e) {
      // The load and its wait are over.
    }
  }

  private void stampOnce() {
    for (FaultActions a : new LinkedHashMap<>(actions).values()) {
      for (FaultActions.Stamp s : a.stamps()) {
        String key = s.server() + " " + s.what();
        String value = s.value() + (s.what().equals("last_ha_transition") ? "@" + s.atMillis()
            : "");
        if (!value.equals(lastStamped.put(key, value))) {
          synchronized (stamps) {
            stamps.add(new FaultRecord.Stamp(s.server(), s.what(), s.value(), s.atMillis()));
          }
        }
      }
    }
  }

  /**
   * The load has ended: no action not yet issued will be, and the stamps go on only until blocks
   * short of their replicas are back at 0 (at most {@link #LOW_REDUNDANCY_WAIT_MILLIS}) when a
   * fault made some.
   */
  void finish() throws InterruptedException {
    ended = true;
    if (issuer == null) {
      return;
    }
    issuer.join(); // an action under way completes: the cluster is left as the action leaves it
    stamper.interrupt();
    stamper.join();
    boolean datanodeDown = done.stream().anyMatch(d -> d.error() == null
        && d.action().kind() == Disruption.Kind.SHUTDOWN_DATANODE);
    if (!lowRedundancyOutstanding() && !datanodeDown) {
      return;
    }
    if (!deadDeclared()) {
      console.status("[" + label + "] disrupt: the NameNode had not yet declared the datanode"
          + " dead at the load's end: it does so after 2 x"
          + " dfs.namenode.heartbeat.recheck-interval + 10 x dfs.heartbeat.interval (630 s by"
          + " default), and only then re-replicates; no re-replication time is recorded (see"
          + " docs/disrupt.md)");
      return;
    }
    long since = done.stream().mapToLong(Done::issuedMillis).min().orElse(controlStartMillis);
    if (!lowRedundancyOutstanding() && shortCountedSince(since)) {
      return;
    }
    console.status("[" + label + "] disrupt: waiting up to " + LOW_REDUNDANCY_WAIT_MILLIS / 1000
        + " s for blocks short of their replicas to be back to 0");
    long start = System.currentTimeMillis();
    long deadline = start + LOW_REDUNDANCY_WAIT_MILLIS;
    while (System.currentTimeMillis() < deadline) {
      boolean counted = shortCountedSince(since);
      if (counted && !lowRedundancyOutstanding()) {
        return;
      }
      if (!counted && System.currentTimeMillis() > start + SHORT_COUNTED_WAIT_MILLIS) {
        console.status("[" + label + "] disrupt: the NameNode counted no block short of its"
            + " replicas within " + SHORT_COUNTED_WAIT_MILLIS / 1000 + " s of the load's end;"
            + " no re-replication time is recorded");
        return;
      }
      Thread.sleep(STAMP_MILLIS);
      stampOnce();
    }
  }

  /** Whether blocks short of their replicas were stamped above 0 at or after {@code millis}. */
  private boolean shortCountedSince(long millis) {
    return shortOfReplicas().stream().anyMatch(s -> s[0] >= millis && s[1] > 0);
  }

  /** Whether the live datanodes stamped fell below the first count stamped. */
  private boolean deadDeclared() {
    Integer first = null;
    synchronized (stamps) {
      for (FaultRecord.Stamp s : stamps) {
        if (s.what().equals("live_datanodes")) {
          int n = Integer.parseInt(s.value());
          if (first == null) {
            first = n;
          } else if (n < first) {
            return true;
          }
        }
      }
    }
    return false;
  }

  /**
   * Ends the actions and stamps at once (when the load failed, nothing of it is measured), and
   * brings back what they left down where hbench can, saying what it left.
   */
  void stop() {
    ended = true;
    if (issuer != null) {
      issuer.interrupt();
      stamper.interrupt();
    }
    for (FaultActions a : actions.values()) {
      a.restore().forEach(line -> console.status("[" + label + "] disrupt: " + line));
    }
  }

  /** Whether the blocks short of their replicas last stamped are above 0. */
  private boolean lowRedundancyOutstanding() {
    List<long[]> s = shortOfReplicas();
    return !s.isEmpty() && s.get(s.size() - 1)[1] > 0;
  }

  /**
   * The blocks short of their replicas as stamped, {@code [atMillis, count]}: those the NameNode
   * counts as low redundancy and those it has scheduled and not yet seen copied, added (a block
   * leaves the first count when it is scheduled, long before it has its replicas). Both are read
   * in one pass with one time, which is kept once.
   */
  private List<long[]> shortOfReplicas() {
    List<long[]> out = new ArrayList<>();
    long low = 0;
    long pending = 0;
    synchronized (stamps) {
      for (FaultRecord.Stamp s : stamps) {
        boolean isLow = s.what().equals(FaultRecord.LOW_REDUNDANCY_STAMP);
        if (!isLow && !s.what().equals(FaultRecord.PENDING_RECONSTRUCTION_STAMP)) {
          continue;
        }
        if (isLow) {
          low = Long.parseLong(s.value());
        } else {
          pending = Long.parseLong(s.value());
        }
        if (!out.isEmpty() && out.get(out.size() - 1)[0] == s.atMillis()) {
          out.remove(out.size() - 1);
        }
        out.add(new long[] {s.atMillis(), low + pending});
      }
    }
    return out;
  }

  /**
   * The faults' record: each fault measured on {@code r}'s series of the load's own operations
   * (every client's calls added up; steps left out) from its action to the next action or the
   * load's end, against the control window before the first action.
   */
  FaultRecord record(LoadResult r) {
    IntervalSeries series = null;
    for (String op : r.tally().stats().keySet()) {
      IntervalSeries s = r.tally().series(op);
      if (s == null || r.steps().contains(op)) {
        continue;
      }
      if (series == null) {
        series = IntervalSeries.empty(s.intervalNanos());
      }
      series.add(s);
    }
    List<Done> did;
    synchronized (done) {
      did = List.copyOf(done);
    }
    long controlEnd = did.isEmpty() ? r.endMillis() : did.get(0).issuedMillis();
    List<FaultRecord.Fault> faults = new ArrayList<>();
    double controlRate = 0;
    for (int i = 0; i < did.size(); i++) {
      Done d = did.get(i);
      long windowEnd = i + 1 < did.size() ? did.get(i + 1).issuedMillis() : r.endMillis();
      FaultRecord.Figures f = null;
      if (d.error() == null && series != null) {
        try {
          FaultFigures ff = FaultFigures.of(series, controlStartMillis * 1_000_000L,
              controlEnd * 1_000_000L, d.issuedMillis() * 1_000_000L, windowEnd * 1_000_000L);
          controlRate = ff.controlOpsPerSecond();
          double unavailable = ff.unavailableSeconds();
          Long from = null;
          Double worstClient = null;
          Double detection = null;
          Double recovery = null;
          if (r.outages() != null) {
            long[] span = r.outages().overall(d.issuedMillis(), windowEnd);
            unavailable = span == null ? 0 : (span[1] - span[0]) / 1e3;
            from = span == null ? null : span[0];
            worstClient = r.outages().worstClientMillis(d.issuedMillis(), windowEnd) / 1e3;
            Long took = span == null ? null : takeover(span);
            if (took != null) {
              detection = (took - span[0]) / 1e3;
              recovery = (span[1] - took) / 1e3;
            }
          }
          f = new FaultRecord.Figures(unavailable, from, worstClient, detection, recovery,
              round(ff.dipDepth()),
              ff.timeTo90Seconds(), ff.recovered(), round(ff.bestShareAfterDip()),
              round(ff.p99Ms()), round(ff.controlP99Ms()), round(ff.maxMs()),
              round(ff.controlMaxMs()), ff.callsFailed(), ff.failedByType(),
              clientCounts(r.counted(), series.intervalNanos(), d.issuedMillis(),
                  i + 1 < did.size() ? windowEnd : Long.MAX_VALUE));
        } catch (IllegalArgumentException e) {
          // A window too short to measure (the load ended early): the fault is kept unmeasured.
        }
      }
      faults.add(new FaultRecord.Fault(actionName(d.action()), d.cycle(),
          d.action().at().toMillis() / 1e3, d.target(), d.issuedMillis(), d.acknowledgedMillis(),
          d.error(), windowEnd, f, lowRedundancySeconds(d.issuedMillis(), windowEnd, i + 1
              == did.size()), lowRedundancyPeak(d.issuedMillis(), windowEnd, i + 1
              == did.size()), stampsBetween(i == 0 ? Long.MIN_VALUE : d.issuedMillis(),
                  i + 1 < did.size() ? windowEnd : Long.MAX_VALUE)));
    }
    Map<String, Long> failed = new java.util.TreeMap<>();
    for (String op : r.tally().stats().keySet()) {
      if (!r.steps().contains(op)) {
        r.tally().failures(op).forEach((type, n) -> failed.merge(type, n, Long::sum));
      }
    }
    Map<String, Long> counted = new java.util.TreeMap<>();
    r.counted().names().forEach(n -> counted.put(n, r.counted().total(n)));
    return new FaultRecord(plan.text(), plan.cycles(), controlStartMillis, controlEnd,
        round(controlRate), faults, summaries(faults), failed.isEmpty() ? null : failed,
        counted.isEmpty() ? null : counted);
  }

  /**
   * What the clients counted in a fault's window ({@link LoadResult#counted}): from the
   * interval the action fell in (as the window's calls are) to the interval the next action
   * fell in; the last fault's window takes everything after it, the count read after the last
   * call included.
   */
  static Map<String, Long> clientCounts(io.hbench.core.load.IntervalCounts counted,
      long intervalNanos, long issuedMillis, long windowEndMillis) {
    Map<String, Long> out = new java.util.TreeMap<>();
    long first = Math.floorDiv(issuedMillis * 1_000_000L, intervalNanos);
    long end = windowEndMillis == Long.MAX_VALUE ? Long.MAX_VALUE
        : Math.floorDiv(windowEndMillis * 1_000_000L, intervalNanos);
    counted.names().forEach(n -> out.put(n, counted.sum(n, first, end)));
    return out;
  }

  /**
   * When a server stamped that it took over inside {@code span} (a NameNode's last HA
   * transition to active), ms since the epoch; null when none did.
   */
  private Long takeover(long[] span) {
    synchronized (stamps) {
      for (FaultRecord.Stamp s : stamps) {
        if (s.what().equals("last_ha_transition") && s.value().equals("active")
            && s.atMillis() >= span[0] && s.atMillis() <= span[1]) {
          return s.atMillis();
        }
      }
    }
    return null;
  }

  private List<FaultRecord.Stamp> stampsBetween(long from, long to) {
    synchronized (stamps) {
      return stamps.stream().filter(s -> s.atMillis() >= from && s.atMillis() < to).toList();
    }
  }

  /**
   * From {@code issued} until the NameNode said 0 blocks short of redundancy after having said
   * more; the last fault's window runs on into the wait after the load.
   */
  private Double lowRedundancySeconds(long issued, long windowEnd, boolean last) {
    boolean some = false;
    for (long[] s : shortOfReplicas()) {
      if (s[0] < issued || (!last && s[0] >= windowEnd)) {
        continue;
      }
      if (s[1] > 0) {
        some = true;
      } else if (some) {
        return Math.round((s[0] - issued) / 100.0) / 10.0;
      }
    }
    return null;
  }

  private Long lowRedundancyPeak(long issued, long windowEnd, boolean last) {
    long peak = 0;
    for (long[] s : shortOfReplicas()) {
      if (s[0] >= issued && (last || s[0] < windowEnd)) {
        peak = Math.max(peak, s[1]);
      }
    }
    return peak == 0 ? null : peak;
  }

  /** Per action, the worst of its faults and their spread. */
  private static List<FaultRecord.Summary> summaries(List<FaultRecord.Fault> faults) {
    Map<String, List<FaultRecord.Fault>> by = new LinkedHashMap<>();
    faults.forEach(f -> by.computeIfAbsent(f.action(), k -> new ArrayList<>()).add(f));
    List<FaultRecord.Summary> out = new ArrayList<>();
    by.forEach((action, list) -> {
      List<FaultRecord.Figures> fs = list.stream().map(FaultRecord.Fault::figures)
          .filter(java.util.Objects::nonNull).toList();
      if (fs.isEmpty()) {
        out.add(new FaultRecord.Summary(action, 0, 0, null, null));
        return;
      }
      int recovered = (int) fs.stream().filter(FaultRecord.Figures::recovered).count();
      FaultRecord.Worst worst = new FaultRecord.Worst(
          max(fs, FaultRecord.Figures::unavailableSeconds), clientFigure(fs, true),
          min(fs, FaultRecord.Figures::dipDepth),
          recovered < fs.size() ? null : max(fs, f -> f.timeTo90Seconds()),
          max(fs, FaultRecord.Figures::p99Ms), max(fs, FaultRecord.Figures::maxMs),
          (long) max(fs, f -> f.callsFailed()), countsOver(fs, true));
      List<FaultRecord.Figures> back = fs.stream().filter(FaultRecord.Figures::recovered).toList();
      FaultRecord.Worst spread = new FaultRecord.Worst(
          spread(fs, FaultRecord.Figures::unavailableSeconds), clientFigure(fs, false),
          spread(fs, FaultRecord.Figures::dipDepth),
          back.isEmpty() ? null : spread(back, f -> f.timeTo90Seconds()),
          spread(fs, FaultRecord.Figures::p99Ms), spread(fs, FaultRecord.Figures::maxMs),
          (long) spread(fs, f -> f.callsFailed()), countsOver(fs, false));
      out.add(new FaultRecord.Summary(action, fs.size(), recovered, worst, spread));
    });
    return out;
  }

  /** Each client count's highest over faults, or its spread; null when none is kept. */
  private static Map<String, Long> countsOver(List<FaultRecord.Figures> fs, boolean worst) {
    Map<String, Long> out = new java.util.TreeMap<>();
    if (fs.stream().anyMatch(f -> f.clientCounts() == null)) {
      return null;
    }
    for (String name : fs.get(0).clientCounts().keySet()) {
      ToDoubleFunction<FaultRecord.Figures> v = f -> f.clientCounts().getOrDefault(name, 0L);
      out.put(name, (long) (worst ? max(fs, v) : spread(fs, v)));
    }
    return out;
  }

  /** The worst client's unavailability, worst or spread over faults; null when not kept. */
  private static Double clientFigure(List<FaultRecord.Figures> fs, boolean worst) {
    if (fs.stream().anyMatch(f -> f.worstClientUnavailableSeconds() == null)) {
      return null;
    }
    ToDoubleFunction<FaultRecord.Figures> v = FaultRecord.Figures::worstClientUnavailableSeconds;
    return worst ? max(fs, v) : spread(fs, v);
  }

  /**
   * The phase's metrics of the faults, per action (its {@code op}): the worst over its cycles,
   * and the share of them the load recovered from.
   */
  static List<Metric> metrics(FaultRecord record) {
    List<Metric> out = new ArrayList<>();
    for (FaultRecord.Summary s : record.byAction()) {
      if (s.worst() == null) {
        continue;
      }
      String op = s.action();
      add(out, op, FaultRecord.UNAVAILABLE, s.worst().unavailableSeconds());
      if (s.worst().worstClientUnavailableSeconds() != null) {
        add(out, op, FaultRecord.WORST_CLIENT_UNAVAILABLE,
            s.worst().worstClientUnavailableSeconds());
      }
      add(out, op, FaultRecord.DIP_DEPTH, s.worst().dipDepth());
      if (s.worst().timeTo90Seconds() != null) {
        add(out, op, FaultRecord.TIME_TO_90, s.worst().timeTo90Seconds());
      }
      add(out, op, FaultRecord.RECOVERED, (double) s.recovered() / s.faults());
      add(out, op, FaultRecord.FAULT_P99, s.worst().p99Ms());
      add(out, op, FaultRecord.FAULT_MAX, s.worst().maxMs());
      add(out, op, FaultRecord.FAULT_CALLS_FAILED, s.worst().callsFailed());
      if (s.worst().clientCounts() != null) {
        s.worst().clientCounts().forEach((name, n) ->
            add(out, op, FaultRecord.faultClientCount(name), n));
      }
      record.faults().stream().filter(f -> f.action().equals(op)
          && f.lowRedundancySeconds() != null).mapToDouble(FaultRecord.Fault::lowRedundancySeconds)
          .max().ifPresent(v -> add(out, op, FaultRecord.LOW_REDUNDANCY, v));
    }
    return out;
  }

  private static void add(List<Metric> out, String op, MetricKey key, double value) {
    out.add(key.value(op, value));
  }

  /** One line per fault for the console, after the load. */
  List<String> describe(FaultRecord record) {
    List<String> out = new ArrayList<>();
    for (FaultRecord.Fault f : record.faults()) {
      String head = "[" + label + "] disrupt " + f.action()
          + (record.cycles() > 1 ? " (cycle " + (f.cycle() + 1) + ")" : "") + ": ";
      FaultRecord.Figures g = f.figures();
      if (g == null) {
        out.add(head + (f.error() != null ? "not done: " + f.error() : "not measured (its window"
            + " holds no whole interval)"));
        continue;
      }
      out.add(head + String.format(Locale.ROOT, "unavailable %.2f s%s%s, dip to %.0f%% of %.1f"
          + " calls/s, %s, p99 %.1f ms (%.1f before), max %.1f ms, %d calls failed%s%s", g
          .unavailableSeconds(), g.worstClientUnavailableSeconds() == null ? ""
              : String.format(Locale.ROOT, " (worst client %.2f s)",
                  g.worstClientUnavailableSeconds()), g.detectionSeconds() == null ? ""
              : String.format(Locale.ROOT, " = %.2f s until a NameNode took over + %.2f s"
                  + " after", g.detectionSeconds(), g.recoverySeconds()),
          100 * g.dipDepth(), record.controlOpsPerSecond(),
          g.recovered() ? String.format(Locale.ROOT, "back to 90%% after %.1f s",
              g.timeTo90Seconds()) : String.format(Locale.ROOT, "not back to 90%% before the"
              + " window's end (best %.0f%%)", 100 * g.bestShareAfterDip()), g.p99Ms(),
          g.controlP99Ms(), g.maxMs(), g.callsFailed(), byType(g.failedByType())
              + counted(g.clientCounts()),
          f.lowRedundancySeconds() == null ? ""
              : String.format(Locale.ROOT, "; blocks short of replicas (at most %d) back to 0"
                  + " after %.1f s", f.lowRedundancyPeak(), f.lowRedundancySeconds())));
    }
    return out;
  }

  /** {@code "; the client counted rpc_attempts_failed 14"}; "" when it keeps no count. */
  static String counted(Map<String, Long> counts) {
    if (counts == null || counts.isEmpty()) {
      return "";
    }
    return counts.entrySet().stream().map(e -> e.getKey() + " " + e.getValue())
        .collect(java.util.stream.Collectors.joining(", ", "; the client counted ", ""));
  }

  /** {@code " (SafeModeException 12, ConnectException 3)"}: the most first; "" for none. */
  static String byType(Map<String, Long> types) {
    if (types == null || types.isEmpty()) {
      return "";
    }
    return types.entrySet().stream()
        .sorted(Map.Entry.<String, Long>comparingByValue().reversed()
            .thenComparing(Map.Entry.comparingByKey()))
        .map(e -> e.getKey() + " " + e.getValue())
        .collect(java.util.stream.Collectors.joining(", ", " (", ")"));
  }

  private static String actionName(Disruption.Action a) {
    return a.kind().text() + (a.kind().takesNode() && a.node() != 0 ? ":" + a.node() : "");
  }

  private static double max(List<FaultRecord.Figures> fs, ToDoubleFunction<FaultRecord.Figures> f) {
    return fs.stream().mapToDouble(f).max().orElse(0);
  }

  private static double min(List<FaultRecord.Figures> fs, ToDoubleFunction<FaultRecord.Figures> f) {
    return fs.stream().mapToDouble(f).min().orElse(0);
  }

  private static double spread(List<FaultRecord.Figures> fs,
      ToDoubleFunction<FaultRecord.Figures> f) {
    return round(max(fs, f) - min(fs, f));
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
