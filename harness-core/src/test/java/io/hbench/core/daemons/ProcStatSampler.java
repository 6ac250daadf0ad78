package io.hbench.core.daemons;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The host's CPU as the kernel counts it ({@code /proc/stat}'s first line), read every 200 ms
 * while open: what a test holds the CPU {@code --metrics} records against.
 */
public final class ProcStatSampler implements AutoCloseable {

  /** Samples: time (ms), all jiffies, idle and iowait jiffies. */
  private final List<long[]> samples = new ArrayList<>();
  private final Thread thread;
  private volatile boolean done;

  public ProcStatSampler() {
    thread = new Thread(() -> {
      while (!done) {
        try {
          String[] cpu = Files.readAllLines(Path.of("/proc/stat")).get(0).trim().split("\\s+");
          long total = 0;
          for (int i = 1; i < cpu.length; i++) {
            total += Long.parseLong(cpu[i]);
          }
          long idle = Long.parseLong(cpu[4]) + Long.parseLong(cpu[5]);
          synchronized (samples) {
            samples.add(new long[] {System.currentTimeMillis(), total, idle});
          }
          Thread.sleep(200);
        } catch (IOException | InterruptedException e) {
          return;
        }
      }
    }, "proc-stat");
    thread.setDaemon(true);
    thread.start();
  }

  /** The host's busy share between two times (ms), from the first and last samples within. */
  public double busy(long from, long to) {
    long[] a = null;
    long[] b = null;
    synchronized (samples) {
      for (long[] x : samples) {
        if (a == null && x[0] >= from) {
          a = x;
        }
        if (x[0] <= to) {
          b = x;
        }
      }
    }
    assertTrue(a != null && b != null && b[1] > a[1], "no /proc/stat samples in the phase");
    return 1 - (double) (b[2] - a[2]) / (b[1] - a[1]);
  }

  /**
   * Waits, up to {@code maxMillis}, until the host was less than {@code share} busy over the last
   * {@code windowMillis}: a cluster just started settles (its daemons compiling, reporting).
   * Returns the last window's share.
   */
  public double awaitQuiet(double share, long windowMillis, long maxMillis)
      throws InterruptedException {
    long deadline = System.currentTimeMillis() + maxMillis;
    double last;
    do {
      long from = System.currentTimeMillis();
      Thread.sleep(windowMillis);
      last = busy(from, System.currentTimeMillis());
    } while (last >= share && System.currentTimeMillis() < deadline);
    return last;
  }

  @Override
  public void close() throws InterruptedException {
    done = true;
    thread.join();
  }
}
