package io.hbench.mapreduce.dfsio;

import io.hbench.core.report.Table;
import io.hbench.core.result.Metric;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.Spread;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * DFSIO's table: TestDFSIO's figures (per-map view) on the left, the cluster view TestDFSIO lacks
 * on the right, one row per ok run, and with repeats a mean ± standard deviation row per point.
 */
final class DfsioReport {

  private static final String[] KEYS = {
    "throughput_mb_s", "average_io_rate_mb_s", "io_rate_std_dev", "test_exec_time_s",
    "aggregate_mb_s", "stonewall_mb_s"
  };

  private DfsioReport() {}

  static Table render(List<ResultRecord> records) {
    List<String> header =
        List.of("point", "files", "total MB", "Throughput mb/s", "Avg IO rate mb/s",
            "IO rate std dev", "exec s", "|", "aggregate MB/s", "stonewall MB/s", "file s p50",
            "file s max");
    List<List<String>> rows = new ArrayList<>();
    boolean repeats = records.stream().anyMatch(r -> r.repeat() > 1);
    for (int i = 0; i < records.size(); i++) {
      ResultRecord r = records.get(i);
      Map<String, Object> f = figures(r);
      if (f != null) {
        @SuppressWarnings("unchecked")
        Map<String, Object> fileSeconds = (Map<String, Object>) f.get("file_seconds");
        List<String> row = new ArrayList<>();
        row.add(repeats ? r.point() + " #" + r.repeat() : r.point());
        row.add(String.valueOf(f.get("files")));
        row.add(fmt(f.get("total_mb")));
        for (String k : KEYS) {
          if (k.startsWith("aggregate")) {
            row.add("|");
          }
          row.add(fmt(f.get(k)));
        }
        row.add(fmt(fileSeconds.get("p50")));
        row.add(fmt(fileSeconds.get("max")));
        rows.add(row);
      }
      boolean last = i + 1 == records.size() || !records.get(i + 1).point().equals(r.point());
      if (repeats && last) {
        List<Map<String, Object>> ok =
            records.stream().filter(x -> x.point().equals(r.point()) && !x.isWarmup())
                .map(DfsioReport::figures)
                .filter(x -> x != null).toList();
        if (ok.size() > 1) {
          List<String> row = new ArrayList<>(List.of(r.point() + " mean", "-", "-"));
          for (String k : KEYS) {
            List<Double> v =
                ok.stream().map(m -> m.get(k)).filter(x -> x != null)
                    .map(x -> ((Number) x).doubleValue()).toList();
            Spread s = v.isEmpty() ? null : Spread.of(v);
            if (k.startsWith("aggregate")) {
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

  /** The DFSIO phase's extras and rates in one map, as the table reads them. */
  private static Map<String, Object> figures(ResultRecord r) {
    if (!r.ok() || r.phases().isEmpty()) {
      return null;
    }
    PhaseResult p = r.phases().get(r.phases().size() - 1);
    if (p.figures() == null || p.metric("throughput_mb_s") == null) {
      return null;
    }
    Map<String, Object> all = new java.util.HashMap<>(p.figures());
    for (Metric m : p.metrics()) {
      if (m.op() == null) {
        all.put(m.name(), m.value());
      }
    }
    return all;
  }

  private static String fmt(Object v) {
    return v == null ? "-" : String.format(Locale.ROOT, "%.2f", ((Number) v).doubleValue());
  }
}
