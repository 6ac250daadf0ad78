package io.hbench.core.load;

import io.hbench.core.fs.IntervalSeries;
import io.hbench.core.fs.OperationTally;
import io.hbench.core.result.Stability;
import io.hbench.core.stats.AllRunning;
import io.hbench.core.stats.IntervalClock;
import io.hbench.core.stats.SteadyState;
import io.hbench.core.text.Console;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs one operation from several client threads and times every call: the one place client-side
 * load is driven and measured (NameNode operations, file system calls, Slive's mix), in this
 * process or in the map tasks of a declared load ({@code LoadJob}). Suites describe the call and
 * never time it. Each thread records into its own {@link OperationTally}, merged when all are done. A
 * call that throws is counted as failed with its type and the thread goes on, so one bad call
 * never hides the others' figures. How the calls are driven (count, duration, target rate,
 * warm-up) is a {@link LoadPlan}.
 *
 * <p>The threads start together (a latch). The load's window runs from the first recorded call's
 * start to the last one's end: throughput is calls over that window, the rate the server
 * sustained, not a sum of per-thread rates. Every operation's calls are also kept interval by
 * interval ({@link IntervalSeries}), and the span in which every thread was running is the
 * load's band. With {@link LoadPlan#untilStable()}, the calls stop once the load's throughput
 * has been steady over the last intervals.
 */
public final class ConcurrentLoad {

  /**
   * One call: thread {@code thread}'s {@code index}-th; returns the bytes it moved. A call that
   * finds nothing left to do throws {@link #EXHAUSTED}: it is not counted and its thread stops.
   */
  @FunctionalInterface
  public interface Call {
    long run(int thread, long index) throws Exception;
  }

  /** A {@link Call} that also marks the steps inside it or names its operation, with {@link Steps}. */
  @FunctionalInterface
  public interface SteppedCall {
    long run(int thread, long index, Steps steps) throws Exception;
  }

  /**
   * What a call may say about itself. {@link #mark} records the time since the call began, or
   * since the previous mark, as one call of a step (fsops' open inside an open-and-read); {@link
   * #operation} names the operation the call is recorded as, for a load whose calls are of
   * several kinds (Slive's random mix).
   */
  public static final class Steps {
    private final OperationTally tally;
    private final Set<String> names = new HashSet<>();
    private final java.util.Map<String, Long> counts = new java.util.TreeMap<>();
    private final java.util.Map<String, Long> left = new java.util.TreeMap<>();
    private long last;
    private boolean recording;
    private String op;
    private String also;
    private final Set<String> views = new HashSet<>();
    /** Each operation's service step's name, made once per thread and operation. */
    private final java.util.Map<String, String> serviceNames = new java.util.HashMap<>();
    private String firstProblem;
    private long firstProblemAt;

    Steps(OperationTally tally) {
      this.tally = tally;
    }

    /** Records the step {@code name} as ending now. */
    public void mark(String name) {
      long now = System.nanoTime();
      if (recording) {
        tally.record(name, now - last, 0, null, now);
        names.add(name);
      }
      last = now;
    }

    /**
     * Whether this call counts in the figures: false during the warm-up. A call that keeps a
     * count of its own (rows a scan returned) adds to it only when this is true.
     */
    public boolean recording() {
      return recording;
    }

    /** Records this call as operation {@code name} rather than the load's own. */
    public void operation(String name) {
      op = name;
    }

    /**
     * Records this call also under {@code name}, with the same latency, bytes and outcome (a
     * replayed command also under its user): a second view of the same calls, kept as a step so
     * that the load's totals never count a call twice.
     */
    public void alsoAs(String name) {
      also = name;
      views.add(name);
    }

    String serviceName(String operation) {
      return serviceNames.computeIfAbsent(operation, o -> o + SERVICE);
    }

    /**
     * Adds {@code n} to the load's count {@code name} (rows a scan returned, block copies
     * scheduled), unless the call is a warm-up one: summed over threads and map tasks into
     * {@link LoadResult#counts()}.
     */
    public void count(String name, long n) {
      if (recording) {
        counts.merge(name, n, Long::sum);
      }
    }

    /**
     * As {@link #count}, warm-up calls included: what the calls left on the server (rows a
     * load inserted, names made), for the suite to check there after the load; summed over
     * every step of a {@code --find-max} search ({@link LoadResult#left}).
     */
    public void countAll(String name, long n) {
      left.merge(name, n, Long::sum);
    }
  }

  /**
   * Told of a load's progress at each interval's end, on the thread that drives the load, and
   * able to stop it: what a map task of a load whose steadiness is judged over every task ({@code
   * --until-stable}, {@code --find-max} with {@code --maps}) reports through.
   */
  @FunctionalInterface
  public interface Watch {
    /**
     * @param interval the index of the interval that just ended ({@link IntervalClock#index})
     * @param done the calls finished so far, warm-up ones included
     * @return true to stop the load: no thread starts another call
     */
    boolean ended(long interval, long done);

    /**
     * Told once, as the threads are released, when the load starts on the wall clock (ms since
     * the epoch, on the intervals' clock): what is placed in the load's time ({@code
     * --disrupt}'s actions) starts from it.
     */
    default void started(long startMillis) {}
  }

  /** Thrown by a {@link Call} that has no more work: not a failure, and not counted. */
  public static final Exception EXHAUSTED = new Exception("no more work", null, false, false) {};

  /** The suffix of the step that holds the time inside a rate-limited call alone. */
  public static final String SERVICE = ".service";

  /**
   * The suffix of the step, named after the load's operation, that holds how late each call of a
   * scheduled load ({@link Schedule}) started after its intended time.
   */
  public static final String LATENESS = ".lateness";

  /** Spacing of the per-thread progress counters, so threads never share a cache line. */
  private static final int PAD = 16;

  private ConcurrentLoad() {}

  /** As {@link LoadPlan#split}. */
  public static long[] split(long calls, int threads) {
    return LoadPlan.split(calls, threads);
  }

  /** How long a stopped load waits for its calls in flight to end. */
  static final int STOP_WAIT_SECONDS = 10;

  /** Runs {@code call} as {@code plan} says; see {@link #run(String, LoadPlan, SteppedCall, Console, String)}. */
  public static LoadResult run(String op, LoadPlan plan, Call call, Console console, String label)
      throws InterruptedException {
    return run(op, plan, (SteppedCall) (t, i, steps) -> call.run(t, i), console, label);
  }

  /**
   * Runs {@code call} from {@code plan.threads()} threads, all released at once, as {@code plan}
   * says, showing progress as {@code label}. Returns when every thread is done.
   *
   * @param op the operation's name in the tally
   * @throws InterruptedException when interrupted; the threads are interrupted too
   */
  public static LoadResult run(
      String op, LoadPlan plan, SteppedCall call, Console console, String label)
      throws InterruptedException {
    return run(op, plan, call, console, label, null);
  }

  /** As {@link #run(String, LoadPlan, SteppedCall, Console, String)}, telling {@code watch}. */
  public static LoadResult run(
      String op, LoadPlan plan, SteppedCall call, Console console, String label, Watch watch)
      throws InterruptedException {
    return run(op, plan, call, console, label, watch, List.of());
  }

  /**
   * As above, keeping {@code counted} interval by interval in the result ({@link
   * LoadResult#counted}): read before the threads are released, at each interval's end and
   * after the last call.
   */
  public static LoadResult run(String op, LoadPlan plan, SteppedCall call, Console console,
      String label, Watch watch, List<ClientCount> counted) throws InterruptedException {
    int threads = plan.threads();
    IntervalClock clock = IntervalClock.of(java.time.Duration.ofNanos(plan.intervalNanos()));
    Shared shared = new Shared(op, plan, call);
    ClientThread[] clients = new ClientThread[threads];
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch finished = new CountDownLatch(threads);
    long interval = plan.targetRate() > 0 ? (long) (threads * 1e9 / plan.targetRate()) : 0;
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      Thread w = new Thread(() -> {
        // Made by the thread that writes it on every call, in its own allocation buffer: made
        // here in a row, two threads' figures would share a cache line.
        ClientThread mine = new ClientThread(thread, shared, new OperationTally(clock));
        clients[thread] = mine;
        try {
          go.await();
          mine.drive(Arrivals.of(plan, thread, interval, shared.goNanos));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          finished.countDown();
        }
      }, "hbench-load-" + op + "-" + t);
      w.setDaemon(true);
      workers.add(w);
      w.start();
    }
    CountSampler sampler = counted == null || counted.isEmpty() ? null
        : new CountSampler(counted);
    long start = System.nanoTime();
    shared.goNanos = start;
    go.countDown();
    if (watch != null) {
      watch.started(clock.epochMillis(start));
    }
    long total = plan.totalCalls();
    long lastCount = 0;
    long lastTick = start;
    SteadyWatch steady = plan.untilStable() == null ? null
        : new SteadyWatch(plan.untilStable(), clock, start + plan.warmupNanos());
    long nextBoundary = watch == null && sampler == null ? Long.MAX_VALUE
        : clock.endNanos(clock.index(start));
    try {
      long nextTick = start + PROGRESS_NANOS;
      while (true) {
        long wake = Math.min(nextBoundary,
            steady == null ? nextTick : Math.min(nextTick, steady.nextSample));
        if (finished.await(Math.max(1, wake - System.nanoTime()), TimeUnit.NANOSECONDS)) {
          break;
        }
        long now = System.nanoTime();
        if (steady != null && now >= steady.nextSample && steady.sample(now, shared.done())) {
          shared.stopped = true; // steady: no thread starts another call
        }
        if (now >= nextBoundary) {
          long ended = clock.index(nextBoundary - 1);
          if (sampler != null) {
            sampler.read(ended);
          }
          if (watch != null && watch.ended(ended, shared.done())) {
            shared.stopped = true; // told to stop: no thread starts another call
          }
          nextBoundary = clock.endNanos(clock.index(now));
        }
        if (now >= nextTick) {
          long count = shared.done();
          console.progress(progressLine(label, op, count, total, now - start,
              (count - lastCount) / ((now - lastTick) / 1e9)));
          lastCount = count;
          lastTick = now;
          nextTick = now + PROGRESS_NANOS;
        }
      }
    } catch (InterruptedException e) {
      shared.stopped = true;
      workers.forEach(Thread::interrupt);
      // The calls in flight end before the caller goes on to close what they use.
      boolean ended = finished.await(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
      throw ended ? e : new InterruptedException(
          e.getMessage() + "; calls still in flight after " + STOP_WAIT_SECONDS + " s");
    }
    long first = Long.MAX_VALUE;
    long last = Long.MIN_VALUE;
    AllRunning everyone = new AllRunning();
    long warmup = 0;
    List<Double> clientRates = new ArrayList<>();
    List<List<long[]>> outages = new ArrayList<>();
    OperationTally merged = new OperationTally();
    Set<String> stepNames = new LinkedHashSet<>();
    java.util.Map<String, Long> counts = new java.util.TreeMap<>();
    java.util.Map<String, Long> left = new java.util.TreeMap<>();
    String problem = null;
    long problemAt = Long.MAX_VALUE;
    int ranOut = 0;
    long firstRanOut = Long.MAX_VALUE;
    for (ClientThread c : clients) {
      c.steps.counts.forEach((k, v) -> counts.merge(k, v, Long::sum));
      c.steps.left.forEach((k, v) -> left.merge(k, v, Long::sum));
      if (c.ranOutAt != 0) {
        ranOut++;
        firstRanOut = Math.min(firstRanOut, c.ranOutAt);
      }
      if (c.steps.firstProblem != null && c.steps.firstProblemAt < problemAt) {
        problem = c.steps.firstProblem;
        problemAt = c.steps.firstProblemAt;
      }
      first = Math.min(first, c.first);
      last = Math.max(last, c.last);
      if (c.made > 0) {
        everyone.client(c.firstEnd, c.lastStart);
      }
      warmup += c.warmed;
      if (c.made > 0 && c.last > c.first) {
        clientRates.add(c.made / ((c.last - c.first) / 1e9));
      }
      merged.add(c.tally);
      stepNames.addAll(c.steps.names);
      if (c.made > 0) {
        outages.add(c.outageSpans(clock));
      }
    }
    if (first == Long.MAX_VALUE) {
      first = last = start;
    }
    long end = System.nanoTime();
    if (sampler != null) {
      sampler.read(clock.index(end));
    }
    long calls = 0; // the load's own calls, its steps and views left out
    for (String name : merged.stats().keySet()) {
      calls += stepNames.contains(name) ? 0 : merged.stats(name).calls();
    }
    console.finishProgress(progressLine(label, op, shared.done(), total, end - start,
        (last - first) <= 0 ? 0 : calls / ((last - first) / 1e9)));
    LoadResult.Band band = everyone.exists() ? new LoadResult.Band(
        clock.epochMillis(everyone.start()), clock.epochMillis(everyone.end())) : null;
    Stability stability = steady == null ? null : steady.verdict(first);
    return new LoadResult(merged, stepNames, clock.epochMillis(first), clock.epochMillis(last),
        last - first, warmup, threads, clientRates, counts, problem, band, stability, left,
        ranOut == 0 ? null : new LoadResult.RanOut(ranOut, clock.epochMillis(firstRanOut)))
        .withOutages(new Outages(shared.minOutage / 1_000_000L, outages))
        .withCounted(sampler == null ? IntervalCounts.NONE : sampler.counts());
  }

  /**
   * A client count read by the thread that drives the load: what it grew by since the last
   * read, put in the interval that just ended.
   */
  private static final class CountSampler {
    final List<ClientCount> counts;
    final java.util.Map<String, java.util.TreeMap<Long, Long>> grew = new java.util.TreeMap<>();
    final long[] last;

    CountSampler(List<ClientCount> counts) {
      this.counts = List.copyOf(counts);
      this.last = new long[counts.size()];
      for (int i = 0; i < last.length; i++) {
        last[i] = counts.get(i).total().getAsLong();
        grew.put(counts.get(i).name(), new java.util.TreeMap<>());
      }
    }

    void read(long interval) {
      for (int i = 0; i < last.length; i++) {
        long now = counts.get(i).total().getAsLong();
        if (now != last[i]) {
          grew.get(counts.get(i).name()).merge(interval, now - last[i], Long::sum);
          last[i] = now;
        }
      }
    }

    IntervalCounts counts() {
      return new IntervalCounts(grew);
    }
  }

  /** The shortest span without a success a client keeps ({@link Shared#minOutage}). */
  static final long MIN_OUTAGE_NANOS = 100_000_000L;

  /** How often the progress line is renewed. */
  private static final long PROGRESS_NANOS = 1_000_000_000L;

  /**
   * Watches a load's throughput interval by interval, from the calls its threads have finished,
   * for {@code --until-stable}: the intervals the warm-up overlaps are left out.
   */
  private static final class SteadyWatch {
    private final SteadyState criterion;
    private final IntervalClock clock;
    private final long warmEnd;
    private final SteadyState.Rates rates;
    private long lastSample = Long.MIN_VALUE;
    private long lastDone;
    private long nextSample;
    private long stableAt = Long.MIN_VALUE;

    SteadyWatch(SteadyState criterion, IntervalClock clock, long warmEnd) {
      this.criterion = criterion;
      this.rates = criterion.rates();
      this.clock = clock;
      this.warmEnd = warmEnd;
      this.nextSample = clock.endNanos(clock.index(System.nanoTime()));
    }

    /** Takes the sample due at a boundary; true once the load is steady. */
    boolean sample(long now, long done) {
      boolean steady = false;
      if (lastSample != Long.MIN_VALUE && lastSample >= warmEnd) {
        steady = rates.add((done - lastDone) / ((now - lastSample) / 1e9));
      }
      lastSample = now;
      lastDone = done;
      nextSample = clock.endNanos(clock.index(now));
      if (stableAt == Long.MIN_VALUE && steady) {
        stableAt = now;
      }
      return stableAt != Long.MIN_VALUE;
    }

    Stability verdict(long firstCall) {
      boolean stable = stableAt != Long.MIN_VALUE;
      return new Stability(criterion.percent(), criterion.window(), stable,
          stable ? Math.round((stableAt - firstCall) / 1e6) / 1e3 : null);
    }
  }

  /** What every client thread of one load shares: set before the threads start, or a flag. */
  private static final class Shared {
    final String op;
    final String serviceOp;
    final String latenessOp;
    final LoadPlan plan;
    final SteppedCall call;
    /** Each thread's calls finished, warm-up ones included: the progress line's counter. */
    final AtomicLongArray done;
    /** When the threads were released; written before the latch opens. */
    long goNanos;
    /**
     * The shortest span without a success a client keeps: 100 ms, or four of its calls' spacing
     * in an open-loop load when longer, so that ordinary spacing is not an outage.
     */
    final long minOutage;
    /**
     * Hadoop's clients swallow interrupts (DFSOutputStream.completeFile sleeps through one), so
     * the threads also watch this flag: once set, no thread starts another call.
     */
    volatile boolean stopped;

    Shared(String op, LoadPlan plan, SteppedCall call) {
      this.op = op;
      this.serviceOp = op + SERVICE;
      this.latenessOp = op + LATENESS;
      this.plan = plan;
      this.call = call;
      this.done = new AtomicLongArray(plan.threads() * PAD);
      this.minOutage = Math.max(MIN_OUTAGE_NANOS, plan.targetRate() > 0
          ? (long) (4 * plan.threads() * 1e9 / plan.targetRate()) : 0);
    }

    long done() {
      long s = 0;
      for (int t = 0; t < plan.threads(); t++) {
        s += done.get(t * PAD);
      }
      return s;
    }
  }

  /**
   * When each call of one thread is meant to start, the load's arrivals: the closed loop (as soon
   * as the previous call ended), an even rate ({@code --target-rate}, the threads staggered so
   * that their calls interleave), or a timetable of the clients' own ({@link Schedule}).
   */
  private interface Arrivals {
    /** The closed loop: no call has an intended start. */
    Arrivals CLOSED = i -> 0;

    /** Call {@code i}'s intended start, {@link System#nanoTime} scale. */
    long startNanos(long i);

    static Arrivals of(LoadPlan plan, int thread, long interval, long go) {
      Schedule schedule = plan.schedule();
      if (schedule != null) {
        return i -> go + schedule.startNanos(thread, i);
      }
      if (interval > 0) {
        long offset = go + thread * (interval / plan.threads());
        return i -> offset + i * interval;
      }
      return CLOSED;
    }
  }

  /**
   * One client thread of a load: its calls, started as its {@link Arrivals} say, each timed into
   * the thread's own tally; what it measured is read from its fields once it is done. The hot
   * path, kept free of allocation and shared writes.
   */
  private static final class ClientThread {
    final int t;
    final Shared shared;
    final OperationTally tally;
    final Steps steps;
    /** The first recorded call's start and end, the last one's start and end. */
    long first = Long.MAX_VALUE;
    long firstEnd = Long.MAX_VALUE;
    long lastStart = Long.MIN_VALUE;
    long last = Long.MIN_VALUE;
    /** Calls recorded, and calls of the warm-up. */
    long made;
    long warmed;
    /** When the calls ran out of work before the load's duration, or 0. */
    long ranOutAt;
    /**
     * The spans without a successful recorded call of at least {@link Shared#minOutage} ns
     * ({@link Outages}), {@code nanoTime} pairs, and how many are kept.
     */
    long[] outages = new long[0];
    int outageCount;

    ClientThread(int t, Shared shared, OperationTally tally) {
      this.t = t;
      this.shared = shared;
      this.tally = tally;
      this.steps = new Steps(tally);
    }

    private void outage(long from, long to) {
      if (outageCount < Outages.MAX_PER_CLIENT) {
        if (2 * outageCount == outages.length) {
          // Grown on the rare path: most clients of most loads have none.
          outages = java.util.Arrays.copyOf(outages, Math.max(16, 2 * outages.length));
        }
        outages[2 * outageCount] = from;
        outages[2 * outageCount + 1] = to;
        outageCount++;
      }
    }

    /** The spans kept, ms since the epoch on {@code clock}. */
    List<long[]> outageSpans(IntervalClock clock) {
      List<long[]> out = new ArrayList<>(outageCount);
      for (int k = 0; k < outageCount; k++) {
        out.add(new long[] {clock.epochMillis(outages[2 * k]),
            clock.epochMillis(outages[2 * k + 1])});
      }
      return out;
    }

    void drive(Arrivals arrivals) {
      LoadPlan plan = shared.plan;
      String op = shared.op;
      long go = shared.goNanos;
      long n = plan.callsOn(t);
      long warmEnd = go + plan.warmupNanos();
      long deadline = plan.durationNanos() > 0 ? warmEnd + plan.durationNanos() : Long.MAX_VALUE;
      long warmupCalls = plan.warmupCalls();
      boolean open = arrivals != Arrivals.CLOSED;
      boolean scheduled = plan.schedule() != null;
      // The load's own operation, looked up once: the common case skips the tally's maps.
      io.hbench.core.fs.OperationStats own = null;
      IntervalSeries ownSeries = null;
      Thread self = Thread.currentThread();
      long minOutage = shared.minOutage;
      long lastOk = warmEnd;
      for (long i = 0; i < n && !self.isInterrupted() && !shared.stopped; i++) {
        long intended = 0;
        if (open) {
          intended = arrivals.startNanos(i);
          if (intended >= deadline) {
            break;
          }
          long wait;
          while ((wait = intended - System.nanoTime()) > 0) {
            LockSupport.parkNanos(wait);
          }
        }
        long t0 = System.nanoTime();
        if (t0 >= deadline) {
          break;
        }
        long from = open ? Math.min(intended, t0) : t0;
        boolean record = i >= warmupCalls && from >= warmEnd;
        steps.last = t0;
        steps.recording = record;
        steps.op = op;
        steps.also = null;
        long bytes = 0;
        String failure = null;
        try {
          bytes = shared.call.run(t, i, steps);
        } catch (InterruptedException e) {
          self.interrupt();
          failure = "InterruptedException";
        } catch (Exception e) {
          if (e == EXHAUSTED) {
            if (deadline != Long.MAX_VALUE) {
              // Out of work before the duration asked: said in the record, never silently.
              ranOutAt = System.nanoTime();
            }
            break;
          }
          failure = OperationTally.failureType(e);
          if (record && steps.firstProblem == null) {
            steps.firstProblem = OperationTally.problem(e);
            steps.firstProblemAt = System.nanoTime();
          }
        }
        long end = System.nanoTime();
        if (record) {
          if (steps.op == op) {
            if (own == null) {
              own = tally.live(op);
              ownSeries = tally.liveSeries(op);
            }
            tally.record(op, own, ownSeries, end - from, bytes, failure, end);
          } else {
            tally.record(steps.op, end - from, bytes, failure, end);
          }
          if (steps.also != null) {
            tally.record(steps.also, end - from, bytes, failure, end);
          }
          if (open) {
            tally.record(steps.op == op ? shared.serviceOp : steps.serviceName(steps.op),
                end - t0, 0, null, end);
            if (steps.also != null) {
              tally.record(steps.serviceName(steps.also), end - t0, 0, null, end);
            }
          }
          if (scheduled) {
            // In the interval it was meant for: the step's series is the timetable's own rate.
            tally.record(shared.latenessOp, t0 - from, 0, null, from);
          }
          if (first == Long.MAX_VALUE) {
            first = from;
            firstEnd = end;
          }
          last = end;
          lastStart = from;
          made++;
          if (failure == null) {
            if (end - lastOk >= minOutage) {
              outage(lastOk, end);
            }
            lastOk = end;
          }
        } else {
          warmed++;
        }
        shared.done.lazySet(t * PAD, i + 1);
      }
      long stopped = System.nanoTime();
      if (first != Long.MAX_VALUE && stopped - lastOk >= minOutage) {
        outage(lastOk, stopped); // no success from the last one to the end
      }
      steps.names.addAll(steps.views);
      if (open && first != Long.MAX_VALUE) {
        steps.names.add(shared.serviceOp);
        steps.names.addAll(steps.serviceNames.values());
        if (scheduled) {
          steps.names.add(shared.latenessOp);
        }
      }
      tally.finishIntervals();
    }
  }

  private static String progressLine(
      String label, String op, long done, long total, long nanos, double rate) {
    return String.format(
        Locale.ROOT,
        "[%s] %s: %d%s calls, %.0f s, %.0f calls/s",
        label,
        op,
        done,
        total == Long.MAX_VALUE ? "" : "/" + total,
        nanos / 1e9,
        Double.isFinite(rate) ? rate : 0);
  }
}
