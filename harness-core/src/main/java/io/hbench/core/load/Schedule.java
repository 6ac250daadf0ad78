package io.hbench.core.load;

/**
 * When each call of a load is meant to start, for a load that follows a timetable of its own (a
 * replayed audit log) rather than an even rate: the core waits for that time, measures the
 * call's latency from it, and keeps how late the call started ({@link ConcurrentLoad#LATENESS}).
 * A suite gives the times; it never waits or times a call itself.
 */
@FunctionalInterface
public interface Schedule {

  /**
   * When thread {@code thread}'s {@code index}-th call is meant to start, in nanoseconds after
   * the load's start; never decreasing along one thread's calls.
   */
  long startNanos(int thread, long index);
}
