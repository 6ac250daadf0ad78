package io.hbench.core.stats;

import io.hbench.core.report.Console;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.LongAdder;

/**
 * Runs one operation from several client threads and times every call: the one place client-side
 * load (NameNode operations, file system operations) is measured, so suites describe the call and
 * never time it themselves. Each thread records into its own {@link OperationTally}; they are
 * merged when all threads are done. A call that throws is counted as failed with its exception
 * type and the thread goes on with its next call, so one bad call never hides the others' figures.
 *
 * <p>The threads start together (a latch), and the load's wall-clock window runs from that start
 * to the end of the last thread: throughput is calls over that window, the rate the server
 * sustained, not a sum of per-thread rates.
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

  /** A {@link Call} that also marks the steps inside it (open, then read) with {@link Steps}. */
  @FunctionalInterface
  public interface SteppedCall {
    long run(int thread, long index, Steps steps) throws Exception;
  }

  /**
   * Times the steps of one call: each {@link #mark} records the time since the call began, or
   * since the previous mark, as one call of the step (fsops' open time inside an open-and-read).
   * The whole call is recorded as well, under the load's operation.
   */
  public static final class Steps {
    private final OperationTally tally;
    private long last;

    Steps(OperationTally tally) {
      this.tally = tally;
    }

    /** Records the step {@code name} as ending now. */
    public void mark(String name) {
      long now = System.nanoTime();
      tally.record(name, now - last, 0, null);
      last = now;
    }
  }

  /** Thrown by a {@link Call} that has no more work: not a failure, and not counted. */
  public static final Exception EXHAUSTED = new Exception("no more work", null, false, false) {};

  /**
   * What a load measured.
   *
   * @param tally every call's figures, merged over the threads
   * @param startMillis when the threads were released, ms since the epoch (for merging windows
   *     of several processes)
   * @param endMillis when the last thread finished, ms since the epoch
   * @param wallNanos the window's length, from the monotonic clock
   */
  public record Result(OperationTally tally, long startMillis, long endMillis, long wallNanos) {
    /** Calls per second over the wall-clock window. */
    public double callsPerSecond() {
      return wallNanos <= 0 ? 0 : tally.calls() / (wallNanos / 1e9);
    }
  }

  private ConcurrentLoad() {}

  /**
   * Splits {@code calls} over {@code threads} as evenly as possible; the first threads take one
   * more when the split is uneven.
   */
  public static long[] split(long calls, int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be at least 1");
    }
    long[] share = new long[threads];
    for (int t = 0; t < threads; t++) {
      share[t] = calls / threads + (t < calls % threads ? 1 : 0);
    }
    return share;
  }

  /**
   * Runs {@code call} {@code perThread[t]} times on thread {@code t}, all threads at once, and
   * shows progress as {@code label}. Returns when every thread is done.
   *
   * @param op the operation's name in the tally
   * @throws InterruptedException when interrupted; the threads are interrupted too
   */
  public static Result run(String op, long[] perThread, Call call, Console console, String label)
      throws InterruptedException {
    return run(op, perThread, (SteppedCall) (t, i, steps) -> call.run(t, i), console, label);
  }

  /** As {@link #run(String, long[], Call, Console, String)}, for calls that mark their steps. */
  public static Result run(
      String op, long[] perThread, SteppedCall call, Console console, String label)
      throws InterruptedException {
    int threads = perThread.length;
    long total = 0;
    for (long n : perThread) {
      total += n;
    }
    OperationTally[] tallies = new OperationTally[threads];
    // Counted per thread, read by the progress line: no cache line shared by every call.
    LongAdder done = new LongAdder();
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch finished = new CountDownLatch(threads);
    long[] endNanos = new long[threads];
    List<Thread> workers = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      int thread = t;
      OperationTally tally = new OperationTally();
      Steps steps = new Steps(tally);
      tallies[t] = tally;
      Thread w =
          new Thread(
              () -> {
                try {
                  go.await();
                  for (long i = 0; i < perThread[thread] && !Thread.currentThread().isInterrupted(); i++) {
                    long bytes = 0;
                    String failure = null;
                    long t0 = System.nanoTime();
                    steps.last = t0;
                    try {
                      bytes = call.run(thread, i, steps);
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                      failure = "InterruptedException";
                    } catch (Exception e) {
                      if (e == EXHAUSTED) {
                        break;
                      }
                      failure = OperationTally.failureType(e);
                    }
                    tally.record(op, System.nanoTime() - t0, bytes, failure);
                    done.increment();
                  }
                } catch (InterruptedException e) {
                  Thread.currentThread().interrupt();
                } finally {
                  endNanos[thread] = System.nanoTime();
                  finished.countDown();
                }
              },
              "hbench-load-" + op + "-" + t);
      w.setDaemon(true);
      workers.add(w);
      w.start();
    }
    long startMillis = System.currentTimeMillis();
    long start = System.nanoTime();
    go.countDown();
    try {
      while (!finished.await(1, java.util.concurrent.TimeUnit.SECONDS)) {
        console.progress(progressLine(label, op, done.sum(), total, System.nanoTime() - start));
      }
    } catch (InterruptedException e) {
      workers.forEach(Thread::interrupt);
      throw e;
    }
    long end = start;
    for (long e : endNanos) {
      end = Math.max(end, e);
    }
    console.finishProgress(progressLine(label, op, done.sum(), total, end - start));
    OperationTally merged = new OperationTally();
    for (OperationTally t : tallies) {
      merged.add(t);
    }
    return new Result(merged, startMillis, startMillis + (end - start) / 1_000_000, end - start);
  }

  private static String progressLine(String label, String op, long done, long total, long nanos) {
    double s = nanos / 1e9;
    return String.format(
        Locale.ROOT,
        "[%s] %s: %d/%d calls, %.0f s, %.0f calls/s",
        label,
        op,
        done,
        total,
        s,
        s <= 0 ? 0 : done / s);
  }
}
