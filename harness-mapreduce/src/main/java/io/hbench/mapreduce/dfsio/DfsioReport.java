package io.hbench.mapreduce.dfsio;

import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.Spread;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How DFSIO's records are read: TestDFSIO's Throughput (one map's view) and the aggregate rate
 * (the cluster's) lead; its table has TestDFSIO's figures (per-map view) on the left, the
 * cluster view TestDFSIO lacks on the right, one row per ok run, and with repeats a mean ±
 * standard deviation row per point.
 */
public final class DfsioReport implements SuiteReport {

  /** The rates a row shows, left of the | then right of it. */
  private static final List<MetricKey> LEFT =
      List.of(DfsioFields.THROUGHPUT, DfsioFields.AVERAGE_IO_RATE);
  private static final List<MetricKey> RIGHT = List.of(DfsioFields.AGGREGATE, DfsioFields.STONEWALL);

  @Override
  public String suite() {
    return "dfsio";
  }

  @Override
  public Set<String> headlines() {
    return MetricKey.names(DfsioFields.THROUGHPUT, DfsioFields.AGGREGATE);
  }

  /** One run's figures, in the table's order; null when it has none. */
  private static List<Double> values(ResultRecord r) {
    PhaseResult p = phase(r);
    if (p == null) {
      return null;
    }
    List<Double> v = new ArrayList<>();
    LEFT.forEach(key -> v.add(metric(p, key)));
    v.add(p.figure(DfsioFields.IO_RATE_STD_DEV));
    v.add(p.figure(DfsioFields.TEST_EXEC_TIME));
    RIGHT.forEach(key -> v.add(metric(p, key)));
    return v;
  }

  @Override
  public Table table(List<ResultRecord> records) {
    List<String> header =
        List.of("point", "files", "total MB", "Throughput mb/s", "Avg IO rate mb/s",
            "IO rate std dev", "exec s", "|", "aggregate MB/s", "stonewall MB/s", "file s p50",
            "file s max");
    List<List<String>> rows = new ArrayList<>();
    boolean repeats = records.stream().anyMatch(r -> r.repeat() > 1);
    for (int i = 0; i < records.size(); i++) {
      ResultRecord r = records.get(i);
      List<Double> v = values(r);
      if (v != null) {
        PhaseResult p = phase(r);
        Map<String, Double> fileSeconds = p.figure(DfsioFields.FILE_SECONDS);
        List<String> row = new ArrayList<>();
        row.add(repeats ? r.point() + " #" + r.repeat() : r.point());
        row.add(String.valueOf(p.figure(DfsioFields.FILES)));
        row.add(fmt(p.figure(DfsioFields.TOTAL_MB)));
        for (int k = 0; k < v.size(); k++) {
          if (k == 4) {
            row.add("|");
          }
          row.add(fmt(v.get(k)));
        }
        row.add(fmt(fileSeconds == null ? null : fileSeconds.get("p50")));
        row.add(fmt(fileSeconds == null ? null : fileSeconds.get("max")));
        rows.add(row);
      }
      boolean last = i + 1 == records.size() || !records.get(i + 1).point().equals(r.point());
      if (repeats && last) {
        List<List<Double>> ok =
            records.stream().filter(x -> x.point().equals(r.point()) && !x.isWarmup())
                .map(DfsioReport::values)
                .filter(x -> x != null).toList();
        if (ok.size() > 1) {
          List<String> row = new ArrayList<>(List.of(r.point() + " mean", "-", "-"));
          for (int k = 0; k < ok.get(0).size(); k++) {
            int column = k;
            List<Double> col = ok.stream().map(x -> x.get(column)).filter(x -> x != null).toList();
            Spread s = col.isEmpty() ? null : Spread.of(col);
            if (k == 4) {
              row.add("|");
            }
            row.add(s == null ? "-" : fmt(s.mean()) + " ±" + fmt(s.stddev()));
          }
          row.add("-");
          row.add("-");
          rows.add(row);
        }
      }
    }
    if (rows.isEmpty()) {
      return null;
    }
    return Table.of("DFSIO", header, rows,
        "Left of |, TestDFSIO's figures (MB = MiB): Throughput = total MB / sum of per-file I/O"
        + " seconds; Avg IO rate = mean of per-file MB/s; exec s = the job's wall time. These"
        + " describe one map, not the cluster. Right of |: aggregate = total MB / (last file's"
        + " I/O end - first file's I/O start); stonewall = MB/s while every file was in I/O"
        + " (- when they never all ran at once); file s = per-file I/O seconds.");
  }

  /** The run's DFSIO phase (its last), when it has TestDFSIO's figures. */
  private static PhaseResult phase(ResultRecord r) {
    if (!r.ok() || r.phases().isEmpty()) {
      return null;
    }
    PhaseResult p = r.phases().get(r.phases().size() - 1);
    return p.metric(DfsioFields.THROUGHPUT) == null ? null : p;
  }

  private static Double metric(PhaseResult p, MetricKey key) {
    Metric m = p.metric(key);
    return m == null ? null : m.value();
  }

  private static String fmt(Double v) {
    return v == null ? "-" : NumberText.fixed(v, 2);
  }
}
