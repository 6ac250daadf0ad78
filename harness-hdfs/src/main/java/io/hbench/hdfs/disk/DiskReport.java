package io.hbench.hdfs.disk;

import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.Spread;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How disk's records are read: the common table's seconds and MB/s, then dd's own figure (MB/s
 * in 10^6 bytes) of each run, and what the reads and writes could have measured (the page cache
 * or the disk).
 */
public final class DiskReport implements SuiteReport {

  @Override
  public String suite() {
    return "disk";
  }

  @Override
  public List<Table> tables(List<ResultRecord> records) {
    // Only the runs that have dd's figure of both phases (a record may have fewer phases).
    List<ResultRecord> ok = records.stream()
        .filter(x -> x.ok() && decimal(x.phase("write")) != null && decimal(x.phase("read")) != null)
        .toList();
    if (ok.isEmpty()) {
      return List.of();
    }
    StringBuilder out = new StringBuilder();
    List<Double> w = new ArrayList<>();
    List<Double> r = new ArrayList<>();
    for (ResultRecord rec : ok) {
      w.add(decimal(rec.phase("write")));
      r.add(decimal(rec.phase("read")));
    }
    out.append("dd-style MB/s (10^6 bytes): write ").append(list(w)).append(", mean ")
        .append(NumberText.fixed(Spread.of(w).mean(), 1)).append("; read ").append(list(r))
        .append(", mean ").append(NumberText.fixed(Spread.of(r).mean(), 1)).append('\n');
    ResultRecord p = ok.get(0);
    boolean direct = Boolean.TRUE.equals(p.param(DiskFields.DIRECT));
    if (Boolean.TRUE.equals(p.param(DiskFields.PAGE_CACHE_COULD_SERVE_READS))) {
      out.append(String.format(Locale.ROOT,
          "reads: the page cache could have served them: the file (%s) is smaller than this"
              + " machine's memory (%s), so they may measure memory, not the disk. For the disk,"
              + " use --direct, or a --size above memory.%n",
          p.param(DiskFields.SIZE),
          p.param(DiskFields.PHYSICAL_MEMORY) == null ? "unknown" : String.format(Locale.ROOT,
              "%.1f GiB", p.param(DiskFields.PHYSICAL_MEMORY) / (double) (1L << 30))));
    } else if (direct) {
      out.append("reads: O_DIRECT, not served by the page cache.\n");
    } else {
      out.append("reads: the file is larger than memory: most reads came from the disk.\n");
    }
    if (!Boolean.TRUE.equals(p.param(DiskFields.FSYNC)) && !direct) {
      out.append(
          "writes: without --fsync or --direct the clock stops when the data is in the page"
              + " cache, as with dd without conv=fdatasync.\n");
    }
    return List.of(Table.remark("Disk (dd-style)", out.toString().stripTrailing()));
  }

  /** dd's MB/s of {@code phase}, or null when the phase or its figure is absent. */
  private static Double decimal(PhaseResult phase) {
    return phase == null ? null : phase.figure(DiskFields.MB_S_DECIMAL);
  }

  private static String list(List<Double> v) {
    return String.join(" / ", v.stream().map(d -> NumberText.fixed(d, 1)).toList());
  }
}
