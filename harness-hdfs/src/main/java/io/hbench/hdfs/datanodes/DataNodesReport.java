package io.hbench.hdfs.datanodes;

import io.hbench.core.report.Chart;
import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.Metric;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * How the datanodes suite's records are read: a row per DataNode and phase (MB/s, time per file,
 * the slowest and fastest file, whether HDFS's rule names it), and with {@code --pairs} the
 * pipelines' MB/s as a matrix, first DataNode by second. Every target's MB/s is a headline, so
 * that {@code compare} goes node by node.
 */
public final class DataNodesReport implements SuiteReport {

  @Override
  public String suite() {
    return "datanodes";
  }

  @Override
  public Set<String> headlines() {
    return Set.of(DataNodesFields.MB_PER_S.ofEveryOperation());
  }

  @Override
  public List<Table> tables(List<ResultRecord> records) {
    List<Table> out = new ArrayList<>();
    List<List<String>> rows = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Judged j : judged(records)) {
      PhaseResult p = j.phase();
      if (j.pairs()) {
        out.add(matrix(j.record(), p));
        continue;
      }
      notes.add(p.name() + ": median " + NumberText.fixed(p.figure(DataNodesFields.MEDIAN_MS), 1)
          + " ms a file, outlier above " + NumberText.fixed(j.limit(), 1) + " ms");
      for (String target : targets(p)) {
        String op = p.name() + " " + target;
        rows.add(List.of(j.record().pointAndRepeat(), p.name(), target,
            value(p, op, DataNodesFields.MB_PER_S), value(p, op, DataNodesFields.MS_PER_FILE),
            value(p, op, DataNodesFields.SLOWEST_FILE),
            value(p, op, DataNodesFields.FASTEST_FILE),
            j.outliers().containsKey(target) ? "OUTLIER" : ""));
      }
    }
    if (!rows.isEmpty()) {
      out.add(0, Table.of("DataNodes alone", List.of("point", "phase", "datanode", "MB/s",
          "ms a file", "slowest file MB/s", "fastest file MB/s", "HDFS's rule"), rows,
          "One file at a time, each with its DataNode as its only replica. " + DataNodesFields.RULE
              + ": " + String.join("; ", notes) + ". See docs/datanodes.md."));
    }
    return out;
  }

  /**
   * For {@code report --html}: per record and phase, a bar per DataNode (its MB/s, a named
   * outlier in red) and, with {@code --pairs}, the pipelines' MB/s as a heat map, the slow
   * nodes marked.
   */
  @Override
  public List<Chart> charts(List<ResultRecord> records) {
    List<Chart> out = new ArrayList<>();
    for (Judged j : judged(records)) {
      PhaseResult p = j.phase();
      String title = j.record().pointAndRepeat() + " · " + p.name() + ": ";
      if (j.pairs()) {
        out.add(heatMap(title, p));
        continue;
      }
      List<String> targets = targets(p);
      Map<String, String> marked = new TreeMap<>();
      j.outliers().forEach((t, ms) -> marked.put(t, "outlier: " + NumberText.fixed(ms, 1)
          + " ms a file, above " + NumberText.fixed(j.limit(), 1) + " ms"));
      out.add(new Chart.Bars(title + "MB/s per DataNode, one file at a time", "MB/s", targets,
          targets.stream().map(t -> number(p, p.name() + " " + t, DataNodesFields.MB_PER_S))
              .toList(), marked, "Red: named by " + DataNodesFields.RULE + "."));
    }
    return out;
  }

  /** A phase the verdict judged, of an ok record: its outliers and the rule's limit. */
  private record Judged(ResultRecord record, PhaseResult phase, boolean pairs,
      Map<String, Double> outliers, double limit) {}

  private static List<Judged> judged(List<ResultRecord> records) {
    List<Judged> out = new ArrayList<>();
    for (ResultRecord r : records) {
      if (!r.ok()) {
        continue;
      }
      for (PhaseResult p : r.phases()) {
        Map<String, Double> outliers = p.figure(DataNodesFields.OUTLIERS);
        Double limit = p.figure(DataNodesFields.LIMIT_MS);
        if (outliers != null && limit != null) {
          out.add(new Judged(r, p, DataNodesFields.PAIRS.equals(r.point()), outliers, limit));
        }
      }
    }
    return out;
  }

  private static Chart.HeatMap heatMap(String title, PhaseResult p) {
    List<String> pairs = targets(p);
    TreeSet<String> nodes = new TreeSet<>();
    for (String pair : pairs) {
      nodes.addAll(List.of(pair.split(">")));
    }
    List<List<Double>> cells = new ArrayList<>();
    for (String a : nodes) {
      List<Double> row = new ArrayList<>();
      for (String b : nodes) {
        row.add(pairs.contains(a + ">" + b)
            ? number(p, p.name() + " " + a + ">" + b, DataNodesFields.MB_PER_S) : null);
      }
      cells.add(row);
    }
    List<String> slowNodes = p.figure(DataNodesFields.SLOW_NODES);
    List<String> slowLinks = p.figure(DataNodesFields.SLOW_LINKS);
    return new Chart.HeatMap(title + "pipeline MB/s, first DataNode by row, second by column",
        "MB/s", Metric.Better.HIGHER, List.copyOf(nodes), List.copyOf(nodes), cells,
        Set.copyOf(slowNodes == null ? List.of() : slowNodes),
        "Each cell coloured by its share of the fastest pipeline's MB/s: green at the fastest,"
            + " yellow at half, red near none; a slow node's name marked. "
            + verdict(slowNodes, slowLinks));
  }

  private static String verdict(List<String> slowNodes, List<String> slowLinks) {
    return "Slow nodes (the median of their pipelines an outlier by HDFS's rule): "
        + (slowNodes == null || slowNodes.isEmpty() ? "none" : slowNodes)
        + "; slow links (an outlier among the pipelines without a slow node): "
        + (slowLinks == null || slowLinks.isEmpty() ? "none" : slowLinks) + ".";
  }

  /** The pipelines' MB/s, first DataNode by row, second by column; the verdict in the note. */
  private static Table matrix(ResultRecord r, PhaseResult p) {
    Map<String, Map<String, String>> cells = new TreeMap<>();
    TreeSet<String> nodes = new TreeSet<>();
    for (String pair : targets(p)) {
      String[] ab = pair.split(">");
      nodes.add(ab[0]);
      nodes.add(ab[1]);
      cells.computeIfAbsent(ab[0], k -> new TreeMap<>())
          .put(ab[1], value(p, p.name() + " " + pair, DataNodesFields.MB_PER_S));
    }
    List<String> header = new ArrayList<>(List.of("first \\ second"));
    header.addAll(nodes);
    List<List<String>> rows = new ArrayList<>();
    for (String a : nodes) {
      List<String> row = new ArrayList<>(List.of(a));
      for (String b : nodes) {
        row.add(a.equals(b) ? "" : cells.getOrDefault(a, Map.of()).getOrDefault(b, "-"));
      }
      rows.add(row);
    }
    return Table.of("DataNode pipelines, MB/s (" + r.pointAndRepeat() + ")", header, rows,
        "Two-replica files pinned to each ordered pair, one at a time. " + verdict(
            p.figure(DataNodesFields.SLOW_NODES), p.figure(DataNodesFields.SLOW_LINKS)));
  }

  /** The targets of a phase, from its per-target metrics. */
  private static List<String> targets(PhaseResult p) {
    TreeSet<String> out = new TreeSet<>();
    if (p.metrics() != null) {
      for (Metric m : p.metrics()) {
        if (DataNodesFields.MB_PER_S.name().equals(m.name()) && m.op() != null
            && m.op().startsWith(p.name() + " ")) {
          out.add(m.op().substring(p.name().length() + 1));
        }
      }
    }
    return new ArrayList<>(out);
  }

  private static String value(PhaseResult p, String op, io.hbench.core.result.MetricKey key) {
    Double v = number(p, op, key);
    return v == null ? "-" : NumberText.fixed(v, 2);
  }

  private static Double number(PhaseResult p, String op, io.hbench.core.result.MetricKey key) {
    Metric m = p.metric(op, key);
    return m == null ? null : m.value();
  }
}
