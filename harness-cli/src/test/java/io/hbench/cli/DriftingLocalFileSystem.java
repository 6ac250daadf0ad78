package io.hbench.cli;

import java.io.IOException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The local file system with a known cost per status call, for testing experiments: each {@code
 * getFileStatus} of a file takes {@code hbench.test.call.ms} milliseconds more, times a drift that grows by
 * {@code hbench.test.drift.per.second} for every second since {@link #restartDrift} (as a cache
 * warming or a disk filling would). Directories cost what they cost on the local disk, so that
 * the work around a measurement (directories made and checked) stays short and the cells of a
 * block close together in time.
 */
public class DriftingLocalFileSystem extends LocalFileSystem {

  static final String CALL_MS = "hbench.test.call.ms";
  static final String DRIFT = "hbench.test.drift.per.second";
  private static volatile long start = System.nanoTime();

  /** Starts the drift again from 1. */
  static void restartDrift() {
    start = System.nanoTime();
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    FileStatus status = super.getFileStatus(f);
    double ms = getConf().getDouble(CALL_MS, 0);
    if (ms > 0 && status.isFile()) {
      double seconds = (System.nanoTime() - start) / 1e9;
      long end = System.nanoTime()
          + (long) (ms * 1e6 * (1 + getConf().getDouble(DRIFT, 0) * seconds));
      // Parked, then spun for the last 0.1 ms only: a call spun throughout takes its share of a
      // CPU, which CI's other test class takes in bursts (a level's 20% once measured as none);
      // a call parked to its end wakes up to 0.2 ms late, which narrows every ratio.
      for (long left = end - System.nanoTime(); left > 100_000; left = end - System.nanoTime()) {
        java.util.concurrent.locks.LockSupport.parkNanos(left - 100_000);
      }
      while (System.nanoTime() < end) {
        Thread.onSpinWait();
      }
    }
    return status;
  }
}
