package io.hbench.mapreduce.dfsio;

import io.hbench.core.PhaseFigures;
import io.hbench.core.result.Metric;
import io.hbench.core.stats.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DFSIO's figures, computed once, from the per-file results. The first five are TestDFSIO's, with
 * its definitions (MB is MiB, 2^20 bytes, as in TestDFSIO):
 *
 * <ul>
 *   <li>{@code total_mb}: Σ bytes / 2^20;
 *   <li>{@code throughput_mb_s}: total MB / Σ per-file I/O seconds: the mean speed of one map, not
 *       of the cluster;
 *   <li>{@code average_io_rate_mb_s}: mean over files of (file MB / file I/O seconds);
 *   <li>{@code io_rate_std_dev}: sqrt(|mean(rate²) - mean(rate)²|);
 *   <li>{@code test_exec_time_s}: the job's wall-clock seconds (the phase's seconds).
 * </ul>
 *
 * What TestDFSIO lacks, labelled apart because it measures the cluster rather than one map:
 *
 * <ul>
 *   <li>{@code aggregate_mb_s}: total MB / (last file's I/O end - first file's I/O start);
 *   <li>{@code stonewall_mb_s}: MB moved by all files while every one of them was running (from
 *       the last start to the first end) / that window's seconds; absent when the files never all
 *       ran at once (more files than task slots);
 *   <li>{@code file_seconds}: per-file I/O seconds: min, p50, p90, p99, max;
 *   <li>{@code concurrency}: the most files in I/O at the same moment, and {@code
 *       all_files_together} when that is every file;
 *   <li>{@code start_skew_s}: from the first file's I/O start to the last's (the maps start
 *       together behind the core's start barrier: milliseconds, unless the cluster ran fewer maps
 *       at once than there are files).
 * </ul>
 *
 * Wall-clock start and end times come from the tasks' hosts: across hosts, the aggregate and
 * stonewall figures are as good as the clocks' synchronization (NTP: milliseconds).
 */
record DfsioFigures(
    int files,
    double totalMb,
    double throughput,
    double averageIoRate,
    double ioRateStdDev,
    double execSeconds,
    double aggregate,
    Double stonewall,
    double stonewallSeconds,
    int concurrency,
    double startSkew,
    double[] fileSeconds) {

  static final double MIB = 1024.0 * 1024.0;

  static DfsioFigures of(List<FileResult> results, double execSeconds) {
    if (results.isEmpty()) {
      throw new IllegalArgumentException("no file results");
    }
    long bytes = 0;
    double ioSeconds = 0;
    double rate = 0;
    double sqRate = 0;
    long firstStart = Long.MAX_VALUE;
    long lastStart = Long.MIN_VALUE;
    long lastEnd = Long.MIN_VALUE;
    // The stonewall window: the core's all-running span, each file's I/O a client.
    io.hbench.core.stats.AllRunning everyone = new io.hbench.core.stats.AllRunning();
    double[] seconds = new double[results.size()];
    int i = 0;
    for (FileResult r : results) {
      bytes += r.bytes();
      ioSeconds += r.seconds();
      rate += r.rate();
      sqRate += r.rate() * r.rate();
      firstStart = Math.min(firstStart, r.startMillis());
      lastStart = Math.max(lastStart, r.startMillis());
      lastEnd = Math.max(lastEnd, r.endMillis());
      everyone.client(r.startMillis(), r.endMillis());
      seconds[i++] = r.seconds();
    }
    int n = results.size();
    double totalMb = bytes / MIB;
    double mean = rate / n;
    double wall = (lastEnd - firstStart) / 1000.0;
    Double stonewall = null;
    double window = (everyone.end() - everyone.start()) / 1000.0;
    if (everyone.exists()) {
      double moved = 0;
      for (FileResult r : results) {
        moved += r.bytesAt(everyone.end()) - r.bytesAt(everyone.start());
      }
      stonewall = moved / MIB / window;
    }
    return new DfsioFigures(
        n,
        totalMb,
        ioSeconds <= 0 ? 0 : totalMb / ioSeconds,
        mean,
        Math.sqrt(Math.abs(sqRate / n - mean * mean)),
        execSeconds,
        wall <= 0 ? 0 : totalMb / wall,
        stonewall,
        Math.max(0, window),
        concurrency(results),
        (lastStart - firstStart) / 1000.0,
        seconds);
  }

  /** The most files whose I/O intervals overlap at one moment. */
  private static int concurrency(List<FileResult> results) {
    int best = 0;
    for (FileResult a : results) {
      int running = 0;
      for (FileResult b : results) {
        if (b.startMillis() <= a.startMillis() && b.endMillis() > a.startMillis()) {
          running++;
        }
      }
      best = Math.max(best, running);
    }
    return best;
  }

  /** Whether every file was in I/O at one moment. */
  boolean allTogether() {
    return concurrency == files;
  }

  /** The rates, as the phase's metrics: what reports and comparisons read. */
  List<Metric> metrics() {
    List<Metric> m = new ArrayList<>();
    m.add(DfsioFields.THROUGHPUT.value(round(throughput)));
    m.add(DfsioFields.AVERAGE_IO_RATE.value(round(averageIoRate)));
    m.add(DfsioFields.AGGREGATE.value(round(aggregate)));
    if (stonewall != null) {
      m.add(DfsioFields.STONEWALL.value(round(stonewall)));
    }
    return m;
  }

  /**
   * Adds these figures to their phase: the rates as metrics, the rest as extras (counts and
   * spreads no comparison reads), each by its {@link DfsioFields} name.
   */
  void addTo(PhaseFigures into) {
    metrics().forEach(into::metric);
    into.figure(DfsioFields.FILES, files)
        .figure(DfsioFields.TOTAL_MB, round(totalMb))
        .figure(DfsioFields.IO_RATE_STD_DEV, round(ioRateStdDev))
        .figure(DfsioFields.TEST_EXEC_TIME, round(execSeconds));
    if (stonewall != null) {
      into.figure(DfsioFields.STONEWALL_WINDOW, round(stonewallSeconds));
    }
    into.figure(DfsioFields.CONCURRENCY, concurrency)
        .figure(DfsioFields.ALL_TOGETHER, allTogether())
        .figure(DfsioFields.START_SKEW, round(startSkew));
    double[] sorted = fileSeconds.clone();
    java.util.Arrays.sort(sorted);
    Map<String, Double> pct = new LinkedHashMap<>();
    pct.put("min", round(sorted[0]));
    pct.put("p50", round(Spread.percentile(sorted, 50)));
    pct.put("p90", round(Spread.percentile(sorted, 90)));
    pct.put("p99", round(Spread.percentile(sorted, 99)));
    pct.put("max", round(sorted[sorted.length - 1]));
    into.figure(DfsioFields.FILE_SECONDS, pct);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
