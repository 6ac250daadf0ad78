package io.hbench.hdfs.datanodes;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hbench.core.fs.OperationTally;
import io.hbench.core.load.LoadResult;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The verdict on known times per file: a slow DataNode alone; in pairs a slow node (its whole
 * row and column of pipelines slow) named as the node and no link, a slow link (one pipeline)
 * named as the link and no node; and a healthy cluster with nothing named.
 */
class DataNodesVerdictTest {

  static final List<String> NODES = List.of("a:1", "b:1", "c:1", "d:1");

  @Test
  void aSlowDataNodeAloneIsTheOneOutlier() {
    DataNodesVerdict.Outcome o = DataNodesVerdict.judge(result("write", Map.of(
        "a:1", 40.0, "b:1", 44.0, "c:1", 400.0, "d:1", 41.0)), "write", false);
    assertEquals(Set.of("c:1"), o.verdict().outliers().keySet());
    assertEquals(42.5, o.verdict().median(), 1e-9);
    assertEquals("datanodes write: 4 DataNodes, median 42.5 ms a file, outlier above 127.5 ms"
        + " (HDFS's rule): c:1 (400.0 ms)", o.describe());
  }

  @Test
  void aHealthyClusterHasNoOutlierThoughItsNodesDiffer() {
    DataNodesVerdict.Outcome o = DataNodesVerdict.judge(result("read", Map.of(
        "a:1", 20.0, "b:1", 33.0, "c:1", 25.0, "d:1", 18.0)), "read", false);
    assertEquals(Map.of(), o.verdict().outliers());
    assertEquals(List.of(), o.links());
  }

  @Test
  void inPairsASlowNodeIsNamedAsTheNodeAndNotAsItsLinks() {
    // c's row and column are slow: half of the 12 pipelines.
    DataNodesVerdict.Outcome o = DataNodesVerdict.judge(pairs("c:1", null), "write", true);
    assertEquals(Set.of("c:1"), o.verdict().outliers().keySet());
    assertEquals(List.of(), o.links());
  }

  @Test
  void inPairsASlowLinkIsNamedAsTheLinkAndNoNodeIs() {
    DataNodesVerdict.Outcome o = DataNodesVerdict.judge(pairs(null, "a:1>b:1"), "write", true);
    assertEquals(Map.of(), o.verdict().outliers());
    assertEquals(List.of("a:1>b:1"), o.links());
    assertEquals("datanodes write: 12 pipelines, median 50.0 ms a file, outlier above 150.0 ms"
        + " (HDFS's rule): link a:1>b:1", o.describe());
  }

  /** Each ordered pair at 50 ms a file; 500 with {@code slowNode} in it, or as {@code slowLink}. */
  private static LoadResult pairs(String slowNode, String slowLink) {
    Map<String, Double> ms = new java.util.TreeMap<>();
    for (String a : NODES) {
      for (String b : NODES) {
        String pair = a + ">" + b;
        if (!a.equals(b)) {
          ms.put(pair, a.equals(slowNode) || b.equals(slowNode) || pair.equals(slowLink)
              ? 500.0 : 50.0);
        }
      }
    }
    return result("write", ms);
  }

  /** A load whose calls on each target took the given ms, two files each. */
  private static LoadResult result(String phase, Map<String, Double> ms) {
    OperationTally t = new OperationTally();
    ms.forEach((target, m) -> {
      for (int i = 0; i < 2; i++) {
        t.record(phase + " " + target, (long) (m * 1e6), 1 << 20, null);
      }
    });
    return new LoadResult(t, Set.of(), 0, 1000, 1_000_000_000L, 0, 1, List.of(), Map.of(), null,
        null, null);
  }
}
