package io.hbench.core.fs;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.LockSupport;

/**
 * Times the calls outside the exact-timing sample the way a sampling profiler does: a daemon
 * thread wakes about every {@link #TICK_NANOS} and credits the time since its last wake-up to
 * the operation each open stream is inside at that moment ({@link CallProbe}). A call then costs
 * two plain stores instead of two clock reads. Where a call starts is unrelated to where the
 * ticks fall, so the sum is unbiased; its standard error is at most {@code sqrt(total x tick)}
 * (0.1 s of writes: about 10 ms; 6 s: about 80 ms).
 */
final class TickSampler {

  /** How often the thread wakes; 1 ms costs the process about 1000 wake-ups a second. */
  static final long TICK_NANOS = 1_000_000L;

  private static final Set<CallProbe> PROBES = ConcurrentHashMap.newKeySet();
  private static volatile boolean started;

  private TickSampler() {}

  static void register(CallProbe probe) {
    start();
    PROBES.add(probe);
  }

  static void unregister(CallProbe probe) {
    PROBES.remove(probe);
  }

  private static void start() {
    if (started) {
      return;
    }
    synchronized (TickSampler.class) {
      if (started) {
        return;
      }
      Thread t = new Thread(TickSampler::run, "hbench-instrument-ticks");
      t.setDaemon(true);
      t.start();
      started = true;
    }
  }

  private static void run() {
    long last = System.nanoTime();
    while (true) {
      LockSupport.parkNanos(TICK_NANOS);
      long now = System.nanoTime();
      long elapsed = now - last;
      last = now;
      for (CallProbe p : PROBES) {
        p.tick(elapsed);
      }
    }
  }

  /** Upper bound of the standard error of a tick-sampled total of {@code nanos}. */
  static double errorBound(double nanos) {
    return Math.sqrt(Math.max(0, nanos) * TICK_NANOS);
  }
}
