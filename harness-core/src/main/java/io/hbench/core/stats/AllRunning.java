package io.hbench.core.stats;

/**
 * The span in which every client of a load was running: from the latest client's start to the
 * earliest client's end, as MinIO warp analyses its runs. The one definition behind a load's
 * all-running band (a client of many calls runs from its first call's end to its last call's
 * start, so that its first and last calls, which straddle the others' start and end, are left
 * out) and DFSIO's stonewall window (a file's client runs from its I/O's start to its end).
 * Times are in any one unit; add each client once.
 */
public final class AllRunning {

  private long start = Long.MIN_VALUE;
  private long end = Long.MAX_VALUE;
  private int clients;

  /** Adds a client that was running from {@code from} to {@code to}. */
  public AllRunning client(long from, long to) {
    start = Math.max(start, from);
    end = Math.min(end, to);
    clients++;
    return this;
  }

  /** Whether every client added was running at once for some time. */
  public boolean exists() {
    return clients > 0 && start < end;
  }

  /** The span's start: the latest client's start. */
  public long start() {
    return start;
  }

  /** The span's end: the earliest client's end. */
  public long end() {
    return end;
  }
}
