package io.hbench.perf;

import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadResult;
import io.hbench.core.text.Console;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What the load runner adds to each call: {@link ConcurrentLoad} driving a no-op call (timed,
 * counted, its latency recorded in the thread's HdrHistogram) against a bare loop on as many
 * threads calling the same no-op. Both are per call and per thread: a thread makes {@link
 * #CALLS} calls per invocation, released together by a latch in both. The difference is the
 * runner's cost per call, series included (every call also goes into its interval's
 * histogram); the target is at most 100 ns. Run with {@code java -jar
 * perf/jmh/target/benchmarks.jar LoadRunnerOverheadBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xmx1g"})
public class LoadRunnerOverheadBenchmark {

  /** Calls per thread per invocation. */
  static final int CALLS = 1_000_000;

  @Param({"1", "2"})
  public int threads;

  /**
   * The series' intervals, ms: 1000 is the default; at 10 each invocation closes several
   * intervals per thread, so the cost of compressing a finished interval shows too.
   */
  @Param({"1000", "10"})
  public int intervalMillis;

  private final Console quiet = new Console(
      new PrintStream(OutputStream.nullOutputStream()), new PrintStream(OutputStream.nullOutputStream()),
      false, 1_000_000);

  /** The call both sides make: nothing the JIT can remove. */
  private static long noop(Blackhole bh, int thread, long index) {
    bh.consume(index);
    return 0;
  }

  @Benchmark
  @OperationsPerInvocation(CALLS)
  public long loadRunner(Blackhole bh) throws InterruptedException {
    long[] perThread = new long[threads];
    java.util.Arrays.fill(perThread, CALLS);
    LoadResult r = ConcurrentLoad.run("noop", LoadPlan.calls(perThread)
        .withInterval(java.time.Duration.ofMillis(intervalMillis)),
        (t, i) -> noop(bh, t, i), quiet, "jmh");
    return r.calls();
  }

  @Benchmark
  @OperationsPerInvocation(CALLS)
  public long bareLoop(Blackhole bh) throws InterruptedException {
    CountDownLatch go = new CountDownLatch(1);
    CountDownLatch done = new CountDownLatch(threads);
    long[] sums = new long[threads];
    for (int t = 0; t < threads; t++) {
      int thread = t;
      Thread w = new Thread(() -> {
        try {
          go.await();
          long s = 0;
          for (long i = 0; i < CALLS; i++) {
            s += noop(bh, thread, i);
          }
          sums[thread] = s;
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        } finally {
          done.countDown();
        }
      });
      w.setDaemon(true);
      w.start();
    }
    go.countDown();
    done.await();
    return sums[0];
  }
}
