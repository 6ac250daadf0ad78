package io.hbench.core.stats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * HDFS's rule for a node or a disk much slower than its peers, as Hadoop's {@code
 * OutlierDetector} applies it to the DataNodes' slow-peer and slow-disk reports: a resource is an
 * outlier when its latency is above max(floor, 3 x median, median + 3 x MAD), the MAD (median
 * absolute deviation) scaled by 1.4826 (Leys et al.). HDFS judges only when it has latencies of
 * at least {@code dfs.datanode.min.outlier.detection.nodes} peers (10) or {@code ...disks} disks
 * (5); this rule judges any number of them, and says how many it had.
 *
 * @param floorMs a latency at or below which nothing is an outlier, ms
 */
public record OutlierRule(double floorMs) {

  /** HDFS's floor for peers: {@code dfs.datanode.slowpeer.low.threshold.ms}'s default. */
  public static final double PEER_FLOOR_MS = 5;

  /** An outlier is more than this many times the median. */
  public static final double MEDIAN_MULTIPLIER = 3;

  /** And more than this many scaled MADs above the median. */
  public static final double DEVIATION_MULTIPLIER = 3;

  /** The MAD's scale, which makes it estimate a normal distribution's standard deviation. */
  public static final double MAD_MULTIPLIER = 1.4826;

  /** HDFS's rule as its slow-peer report uses it. */
  public static final OutlierRule HDFS_PEERS = new OutlierRule(PEER_FLOOR_MS);

  /**
   * What the rule found.
   *
   * @param median the latencies' median, ms
   * @param mad their median absolute deviation, scaled, ms
   * @param upperLimitMs the latency above which a resource is an outlier, ms
   * @param outliers the resources above it, with their latencies, by name
   */
  public record Verdict(double median, double mad, double upperLimitMs,
      Map<String, Double> outliers) {

    public Verdict {
      outliers = Collections.unmodifiableMap(new TreeMap<>(outliers));
    }
  }

  /** Judges {@code latencies} (ms, by resource); none is an outlier when there are none. */
  public Verdict judge(Map<String, Double> latencies) {
    if (latencies.isEmpty()) {
      return new Verdict(0, 0, floorMs, Map.of());
    }
    List<Double> sorted = new ArrayList<>(latencies.values());
    Collections.sort(sorted);
    double median = median(sorted);
    List<Double> deviations = new ArrayList<>();
    for (double v : sorted) {
      deviations.add(Math.abs(v - median));
    }
    Collections.sort(deviations);
    double mad = median(deviations) * MAD_MULTIPLIER;
    double limit = Math.max(Math.max(floorMs, median * MEDIAN_MULTIPLIER),
        median + DEVIATION_MULTIPLIER * mad);
    Map<String, Double> out = new TreeMap<>();
    latencies.forEach((name, v) -> {
      if (v > limit) {
        out.put(name, v);
      }
    });
    return new Verdict(median, mad, limit, out);
  }

  /** The median of sorted values, as Hadoop's: the middle one, or the mean of the middle two. */
  private static double median(List<Double> sorted) {
    int n = sorted.size();
    double m = sorted.get(n / 2);
    return n % 2 == 0 ? (m + sorted.get(n / 2 - 1)) / 2 : m;
  }
}
