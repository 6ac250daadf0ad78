package io.hbench.hdfs.datanodes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hbench.core.stats.OutlierRule;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.hadoop.hdfs.server.datanode.metrics.OutlierDetector;
import org.junit.jupiter.api.Test;

/**
 * hbench's outlier rule against HDFS's own ({@code OutlierDetector}, from the Hadoop on the
 * class path) on the same latencies: the same resources named, the same median and MAD, on
 * random sets of 1 to 30 resources with and without slow ones, and on HDFS's own test's cases.
 */
class OutlierRuleTest {

  @Test
  void namesWhatHdfsNamesOnRandomLatencies() {
    SplittableRandom rnd = new SplittableRandom(42);
    for (int round = 0; round < 2000; round++) {
      int n = 1 + rnd.nextInt(30);
      Map<String, Double> latencies = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        // Log-normal around 20 ms; now and then one 2 to 20 times slower; now and then ties.
        double v = Math.exp(Math.log(20) + 0.4 * gaussian(rnd));
        if (rnd.nextInt(8) == 0) {
          v *= 2 + rnd.nextInt(19);
        }
        latencies.put("dn" + i, rnd.nextInt(10) == 0 ? 20.0 : v);
      }
      assertSame(latencies);
    }
  }

  @Test
  void namesWhatHdfsNamesOnItsOwnTestCases() {
    // TestSlowNodeDetector's shapes: one slow among equals; all equal; two slow; below the floor.
    assertSame(Map.of("a", 1.0, "b", 1.0, "c", 1.0, "d", 5.0));
    assertSame(Map.of("a", 100.0, "b", 100.0, "c", 100.0, "d", 1000.0));
    assertSame(Map.of("a", 100.0, "b", 100.0, "c", 100.0, "d", 100.0));
    assertSame(Map.of("a", 100.0, "b", 110.0, "c", 90.0, "d", 1000.0, "e", 1100.0, "f", 95.0,
        "g", 105.0));
    assertSame(Map.of("a", 1.0, "b", 1.0, "c", 4.9));
  }

  private static void assertSame(Map<String, Double> latencies) {
    OutlierDetector hdfs = new OutlierDetector(0, (long) OutlierRule.PEER_FLOOR_MS);
    OutlierRule.Verdict ours = OutlierRule.HDFS_PEERS.judge(latencies);
    assertEquals(hdfs.getOutliers(latencies), ours.outliers(), latencies.toString());
    List<Double> sorted = latencies.values().stream().sorted().toList();
    assertEquals(OutlierDetector.computeMedian(sorted), ours.median(), 1e-9);
    assertEquals(OutlierDetector.computeMad(sorted), ours.mad(), 1e-9);
  }

  private static double gaussian(SplittableRandom rnd) {
    return Math.sqrt(-2 * Math.log(1 - rnd.nextDouble()))
        * Math.cos(2 * Math.PI * rnd.nextDouble());
  }
}
