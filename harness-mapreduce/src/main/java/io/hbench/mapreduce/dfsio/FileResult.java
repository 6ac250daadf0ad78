package io.hbench.mapreduce.dfsio;

import java.util.ArrayList;
import java.util.List;

/**
 * What one map did to its file, as it sends it to the reduce and the reduce writes it to the
 * job's output: one line of space-separated fields.
 *
 * @param file the file's number
 * @param offset the file offset the I/O started at (the old length, for append)
 * @param bytes bytes written or read
 * @param startMillis wall-clock time of the first I/O call, ms since the epoch
 * @param endMillis wall-clock time after the stream was closed
 * @param ioNanos I/O time, from the first call to the end of {@code close} (opening or creating
 *     the file excluded, as in TestDFSIO), by the monotonic clock
 * @param firstMismatch for reads, the file offset of the first byte that did not match the
 *     writer's pattern; -1 when all matched or nothing was checked
 * @param progress (ms since {@code startMillis}, bytes done) samples, about 64 per file, for the
 *     stonewall figure
 */
record FileResult(
    long file,
    long offset,
    long bytes,
    long startMillis,
    long endMillis,
    long ioNanos,
    long firstMismatch,
    List<long[]> progress) {

  String line() {
    StringBuilder sb = new StringBuilder();
    sb.append(file).append(' ').append(offset).append(' ').append(bytes).append(' ')
        .append(startMillis).append(' ').append(endMillis).append(' ').append(ioNanos).append(' ')
        .append(firstMismatch).append(' ');
    if (progress.isEmpty()) {
      sb.append('-');
    }
    for (int i = 0; i < progress.size(); i++) {
      sb.append(i == 0 ? "" : ",").append(progress.get(i)[0]).append(':').append(progress.get(i)[1]);
    }
    return sb.toString();
  }

  static FileResult parse(String line) {
    String[] f = line.trim().split(" ");
    if (f.length != 8) {
      throw new IllegalArgumentException("malformed DFSIO result line: " + line);
    }
    List<long[]> progress = new ArrayList<>();
    if (!f[7].equals("-")) {
      for (String s : f[7].split(",")) {
        int c = s.indexOf(':');
        progress.add(new long[] {Long.parseLong(s.substring(0, c)), Long.parseLong(s.substring(c + 1))});
      }
    }
    return new FileResult(
        Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]), Long.parseLong(f[3]),
        Long.parseLong(f[4]), Long.parseLong(f[5]), Long.parseLong(f[6]), progress);
  }

  /** I/O seconds. */
  double seconds() {
    return ioNanos / 1e9;
  }

  /** This file's rate, MiB per I/O second: TestDFSIO's per-map rate. */
  double rate() {
    return ioNanos <= 0 ? 0 : bytes / DfsioFigures.MIB / seconds();
  }

  /**
   * Bytes done by wall-clock time {@code millis}, interpolated linearly between progress
   * samples; 0 before the start, all after the end.
   */
  double bytesAt(double millis) {
    double t = millis - startMillis;
    if (t <= 0) {
      return 0;
    }
    double prevT = 0;
    double prevB = 0;
    for (long[] p : progress) {
      if (t <= p[0]) {
        return p[0] == prevT ? p[1] : prevB + (p[1] - prevB) * (t - prevT) / (p[0] - prevT);
      }
      prevT = p[0];
      prevB = p[1];
    }
    double end = endMillis - startMillis;
    if (t >= end || end <= prevT) {
      return bytes;
    }
    return prevB + (bytes - prevB) * (t - prevT) / (end - prevT);
  }
}
