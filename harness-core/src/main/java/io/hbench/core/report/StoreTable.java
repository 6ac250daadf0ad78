package io.hbench.core.report;

import io.hbench.core.stats.Spread;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * The object store's requests beside a suite's headline figures, for the points whose data was
 * on one (S3A): per point and phase, a column per label (a cell of {@code --vary fs} among
 * them), the requests by type, per file call, and the cost where prices were given; the median
 * of the repeats. With HDFS, Ozone and S3 varied in one run, only the S3 column has figures.
 */
final class StoreTable {

  private StoreTable() {}

  /** The table of {@code s}'s store figures, or null when no record of it has any. */
  static Table render(RecordIndex.Suite s) {
    List<RecordIndex.Figure> store = s.figures.keySet().stream()
        .filter(f -> f.key().startsWith("store_")).toList();
    if (store.isEmpty()) {
      return null;
    }
    Set<String> phases = new LinkedHashSet<>();
    store.forEach(f -> phases.add(f.phase()));
    List<String> labels = new ArrayList<>();
    for (String label : s.labels) {
      if (s.orderedPoints().stream().anyMatch(p -> store.stream()
          .anyMatch(f -> s.values(label, p, f).length > 0))) {
        labels.add(label);
      }
    }
    boolean named = phases.stream().anyMatch(Objects::nonNull);
    List<Table.Column> cols = new ArrayList<>();
    cols.add(new Table.Column(null, "point"));
    if (named) {
      cols.add(new Table.Column(null, "phase"));
    }
    labels.forEach(l -> cols.add(new Table.Column("store requests", l)));
    List<List<String>> rows = new ArrayList<>();
    for (String point : s.orderedPoints()) {
      for (String phase : phases) {
        List<String> row = new ArrayList<>();
        row.add(point);
        if (named) {
          row.add(phase);
        }
        boolean any = false;
        for (String label : labels) {
          String c = cell(s, store, label, point, phase);
          any |= !c.equals("-");
          row.add(c);
        }
        if (any) {
          rows.add(row);
        }
      }
    }
    return new Table("Object store requests · " + s.name, cols, rows,
        "The requests S3A counted, by type, the median of the repeats: a load's in its timed"
            + " calls, a job's in its tasks; a call: the requests over the load's file calls;"
            + " cost with --request-prices. See docs/object-stores.md.");
  }

  private static String cell(RecordIndex.Suite s, List<RecordIndex.Figure> store, String label,
      String point, String phase) {
    List<String> types = new ArrayList<>();
    double all = 0;
    Double perCall = null;
    String cost = null;
    boolean any = false;
    for (RecordIndex.Figure f : store) {
      if (!Objects.equals(f.phase(), phase)) {
        continue;
      }
      double[] v = s.values(label, point, f);
      if (v.length == 0) {
        continue;
      }
      any = true;
      double median = Spread.of(v).median();
      String key = f.key();
      if (key.equals("store_requests_per_call")) {
        perCall = median;
      } else if (key.equals("store_cost")) {
        cost = NumberText.significant(median, 3) + " " + s.figures.get(f).unit();
      } else if (key.endsWith("_requests")) {
        all += median;
        if (median > 0) {
          types.add(count(median) + " " + key.substring("store_".length(),
              key.length() - "_requests".length()).replace('_', ' ').toUpperCase(Locale.ROOT));
        }
      }
    }
    if (!any) {
      return "-";
    }
    return count(all) + (perCall == null ? "" : " (" + NumberText.whole(perCall)
        + " a call)") + (types.isEmpty() ? "" : ": " + String.join(", ", types))
        + (cost == null ? "" : "; " + cost);
  }

  /** A count as counted ({@code 8}), or a median between two repeats' ({@code 8.5}). */
  private static String count(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : NumberText.fixed(v, 1);
  }
}
