package io.hbench.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.CapacityFigures;
import io.hbench.core.stats.SteadyState;
import io.hbench.core.text.Console;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.locks.LockSupport;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** --find-max against a service of known capacity: a token bucket in front of a fixed service time. */
@Tag("integration")
public class CapacitySearchIT {

  private final Console quiet = new Console(new PrintStream(new ByteArrayOutputStream()),
      new PrintStream(new ByteArrayOutputStream()), false, 10_000);

  /**
   * Admits one call every {@code 1/rate} s, then takes {@code serviceNanos} over it: a service of
   * known capacity (also LoadJobTest's, shared by the local runner's map tasks).
   */
  public static final class LimitedService {
    private final long spacing;
    private final long serviceNanos;
    private long next = System.nanoTime();

    public LimitedService(double rate, long serviceNanos) {
      this.spacing = (long) (1e9 / rate);
      this.serviceNanos = serviceNanos;
    }

    private synchronized long admit() {
      long at = Math.max(System.nanoTime(), next);
      next = at + spacing;
      return at;
    }

    public long call() {
      waitUntil(admit());
      waitUntil(System.nanoTime() + serviceNanos);
      return 0;
    }

    private static void waitUntil(long until) {
      long left;
      while ((left = until - System.nanoTime()) > 0) {
        LockSupport.parkNanos(left);
      }
    }
  }

  /** Every step the searches told of as they judged it. */
  private final java.util.List<CapacityFigures.Step> judged = new java.util.ArrayList<>();

  private CapacitySearch.Outcome search(LimitedService service, String slo) throws Exception {
    // 250 ms intervals and a 6-interval window: the 1 s steps, four times faster.
    LoadPlan base = LoadPlan.forDuration(8, Duration.ofSeconds(5))
        .withInterval(Duration.ofMillis(250)).withUntilStable(new SteadyState(10, 6));
    return CapacitySearch.search("call", base, Slo.parse("--slo", slo), 8,
        plan -> ConcurrentLoad.run("call", plan, (t, i) -> service.call(), quiet, "test"),
        judged::add);
  }

  @Test
  void findsTheRateTheServiceSustainsAtItsObjective() throws Exception {
    long t0 = System.nanoTime();
    CapacitySearch.Outcome base = search(new LimitedService(400, 2_000_000), "p99<20ms");
    double took = (System.nanoTime() - t0) / 1e9;
    CapacityFigures f = base.figures();
    assertTrue(f.maxOpsPerSecond() >= 360 && f.maxOpsPerSecond() <= 420, f.toString());
    assertTrue(f.steps().size() <= 8, f.steps().size() + " steps");
    assertTrue(took < 180, took + " s");
    assertNull(f.steps().get(0).met(), "the probe is not judged");
    // The console's line per step is told each step as the record keeps it, in order.
    assertEquals(f.steps(), judged);
    assertEquals(0, f.steps().get(0).askedOpsPerSecond());
    // Every step is recorded: the answer met the objective, and a faster one did not.
    assertTrue(f.steps().stream().anyMatch(s -> Boolean.TRUE.equals(s.met())
        && s.askedOpsPerSecond() == f.maxOpsPerSecond()), f.toString());
    assertTrue(f.steps().stream().anyMatch(s -> Boolean.FALSE.equals(s.met())
        && s.askedOpsPerSecond() > f.maxOpsPerSecond() && s.judgedMillis() >= 20), f.toString());
    assertEquals(f.maxOpsPerSecond(), base.answer().tally().stats("call").calls()
        / (base.answer().wallNanos() / 1e9), f.maxOpsPerSecond() * 0.1);

    // Two searches measure the same rates to within noise (400.083 and 400.074 ops/s where both
    // answers were the probe's): "never higher" holds to the search's resolution.
    CapacitySearch.Outcome tighter = search(new LimitedService(400, 2_000_000), "p99<5ms");
    assertTrue(tighter.figures().maxOpsPerSecond()
            <= f.maxOpsPerSecond() * CapacitySearch.RESOLUTION,
        tighter.figures() + " vs " + f);

    CapacitySearch.Outcome faster = search(new LimitedService(800, 1_000_000), "p99<20ms");
    double ratio = faster.figures().maxOpsPerSecond() / f.maxOpsPerSecond();
    assertEquals(2.0, ratio, 0.2, faster.figures() + " vs " + f);
  }

  @Test
  void badObjectivesAreOneLine() {
    assertEquals(new Slo(99, 20, null), Slo.parse("--slo", "p99<20ms"));
    assertEquals(new Slo(99.9, 0.5, 0.1), Slo.parse("--slo", "p99.9<500us,errors<0.1%"));
    assertEquals("p99<20ms", Slo.parse("--slo", "P99 < 20ms").text());
    for (String bad : new String[] {"99<20ms", "p99<20", "p0<1ms", "p99<20ms,errors<1",
        "p101<1ms", "p99<20ms,errors<0.1%,x", "p99<20ms,errors<0%", "p99<20ms,errors<100%"}) {
      InvalidInputException e = assertThrows(InvalidInputException.class,
          () -> Slo.parse("--slo", bad));
      assertTrue(e.getMessage().startsWith("invalid value '" + bad + "' for --slo"),
          e.getMessage());
    }
  }
}
