package io.hbench.hdfs.datanodes;

import io.hbench.core.LoadScope;
import io.hbench.core.PhaseFigures;
import io.hbench.core.fs.OperationStats;
import io.hbench.core.load.LoadResult;
import io.hbench.core.stats.OutlierRule;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Each target's figures from the load's calls, and the slow ones named by HDFS's own outlier rule
 * ({@link OutlierRule}) on the mean time per file. Alone, a target is a DataNode. In pairs, a
 * node is slow when the median of its pipelines' times (as first or second) is an outlier among
 * the nodes'; a pipeline is a slow link when it is an outlier among the pipelines that hold no
 * slow node. (The rule over all pipelines would not do: a slow node is in half of them on four
 * nodes, and a median among them hides it.)
 */
final class DataNodesVerdict {

  private DataNodesVerdict() {}

  /**
   * What the rule found in one phase's calls.
   *
   * @param msPerFile each target's mean time per file, ms
   * @param verdict the rule over the targets (alone) or over the nodes' medians (pairs)
   * @param links with pairs, the pipelines slow with no slow node in them
   */
  record Outcome(String phase, boolean pairs, Map<String, Double> msPerFile,
      OutlierRule.Verdict verdict, List<String> links) {

    /** One line for the console: the median, the limit, and whom the rule names. */
    String describe() {
      OutlierRule.Verdict v = verdict;
      StringBuilder b = new StringBuilder(String.format(Locale.ROOT,
          "datanodes %s: %d %s, median %.1f ms a file, outlier above %.1f ms (HDFS's rule): ",
          phase, msPerFile.size(), pairs ? "pipelines" : "DataNodes", v.median(),
          v.upperLimitMs()));
      if (v.outliers().isEmpty() && links.isEmpty()) {
        return b.append("none").toString();
      }
      List<String> named = new ArrayList<>();
      v.outliers().forEach((node, ms) -> named.add(String.format(Locale.ROOT, "%s%s (%.1f ms)",
          pairs ? "node " : "", node, ms)));
      links.forEach(l -> named.add("link " + l));
      return b.append(String.join(", ", named)).toString();
    }
  }

  /** The rule over the calls of {@code phase} in {@code r}. */
  static Outcome judge(LoadResult r, String phase, boolean pairs) {
    Map<String, Double> msPerFile = new TreeMap<>();
    r.tally().stats().forEach((op, s) -> {
      if (!r.steps().contains(op) && op.startsWith(phase + " ") && s.calls() > s.failures()) {
        msPerFile.put(op.substring(phase.length() + 1), round(s.totalNanos() / 1e6 / s.calls()));
      }
    });
    List<String> links = new ArrayList<>();
    if (!pairs) {
      return new Outcome(phase, false, msPerFile, OutlierRule.HDFS_PEERS.judge(msPerFile), links);
    }
    OutlierRule.Verdict v = OutlierRule.HDFS_PEERS.judge(byNode(msPerFile));
    Map<String, Double> clear = new TreeMap<>();
    msPerFile.forEach((pair, ms) -> {
      String[] ab = pair.split(">");
      if (!v.outliers().containsKey(ab[0]) && !v.outliers().containsKey(ab[1])) {
        clear.put(pair, ms);
      }
    });
    links.addAll(OutlierRule.HDFS_PEERS.judge(clear).outliers().keySet());
    return new Outcome(phase, true, msPerFile, v, links);
  }

  static void figures(LoadResult r, LoadScope scope, PhaseFigures into) {
    String phase = scope.phase();
    long size = scope.param(DataNodesFields.FILE_SIZE);
    Outcome o = judge(r, phase, DataNodesFields.PAIRS.equals(
        scope.point().get(DataNodesFields.KIND)));
    r.tally().stats().forEach((op, s) -> {
      if (r.steps().contains(op) || !op.startsWith(phase + " ") || s.calls() == s.failures()) {
        return;
      }
      into.metric(DataNodesFields.MS_PER_FILE.value(op, round(s.totalNanos() / 1e6 / s.calls())));
      into.metric(DataNodesFields.MB_PER_S.value(op,
          round(s.bytes() / 1048576.0 / (s.totalNanos() / 1e9))));
      Histogram h = s.histogram();
      if (h != null && h.getTotalCount() > 0 && h.getMinNonZeroValue() > 0) {
        into.metric(DataNodesFields.FASTEST_FILE.value(op,
            round(mbPerS(size, h.getMinNonZeroValue()))));
        into.metric(DataNodesFields.SLOWEST_FILE.value(op, round(mbPerS(size, h.getMaxValue()))));
      }
    });
    OutlierRule.Verdict v = o.verdict();
    if (o.pairs()) {
      into.figure(DataNodesFields.SLOW_NODES, List.copyOf(v.outliers().keySet()));
      into.figure(DataNodesFields.SLOW_LINKS, o.links());
    }
    into.figure(DataNodesFields.MEDIAN_MS, round(v.median()));
    into.figure(DataNodesFields.MAD_MS, round(v.mad()));
    into.figure(DataNodesFields.LIMIT_MS, round(v.upperLimitMs()));
    into.figure(DataNodesFields.OUTLIERS, v.outliers());
  }

  /** Each node's median over the pipelines it is in, first or second. */
  static Map<String, Double> byNode(Map<String, Double> pairs) {
    Map<String, List<Double>> each = new TreeMap<>();
    pairs.forEach((pair, ms) -> {
      for (String node : pair.split(">")) {
        each.computeIfAbsent(node, k -> new ArrayList<>()).add(ms);
      }
    });
    Map<String, Double> out = new TreeMap<>();
    each.forEach((node, list) -> {
      list.sort(null);
      int n = list.size();
      out.put(node, n % 2 == 1 ? list.get(n / 2) : (list.get(n / 2 - 1) + list.get(n / 2)) / 2);
    });
    return out;
  }

  private static double mbPerS(long bytes, long nanos) {
    return bytes / 1048576.0 / (nanos / 1e9);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
