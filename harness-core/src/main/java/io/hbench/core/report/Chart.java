package io.hbench.core.report;

import io.hbench.core.result.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A chart a suite draws of its own records in {@code report --html} ({@link
 * SuiteReport#charts}), where its figures are not a line over sizes: a bar per target, or a
 * matrix of targets. The page draws it as HTML (no script), so it reads the same offline and in
 * print; the numbers are also in the suite's tables, which every format prints.
 */
public sealed interface Chart {

  /** What the chart shows, one line. */
  String title();

  /**
   * One bar per target, its length its value against the largest.
   *
   * @param title what the bars show
   * @param unit the values' unit, as tables state it ({@code MB/s})
   * @param labels the targets, top to bottom
   * @param values one value per label; null where it has none
   * @param marked the labels drawn as standing out (a named outlier), with why, the page's
   *     tooltip
   * @param note how to read it, or null
   */
  record Bars(String title, String unit, List<String> labels, List<Double> values,
      java.util.Map<String, String> marked, String note) implements Chart {
    public Bars {
      Objects.requireNonNull(title, "title");
      labels = List.copyOf(labels);
      values = java.util.Collections.unmodifiableList(new ArrayList<>(values));
      marked = java.util.Map.copyOf(marked);
      if (labels.size() != values.size()) {
        throw new IllegalArgumentException(labels.size() + " labels for " + values.size()
            + " values");
      }
    }
  }

  /**
   * A matrix of values, each cell coloured by its share of the matrix's best: green at the best,
   * yellow at half of it, red near none.
   *
   * @param title what the cells show
   * @param unit the values' unit
   * @param better which way is better (the best is the largest value, or the smallest)
   * @param rows the rows' names, top to bottom
   * @param columns the columns' names, left to right
   * @param cells a row of values per row name, one per column; null where there is no cell
   * @param marked the row and column names drawn as standing out (a named slow node)
   * @param note how to read it, or null
   */
  record HeatMap(String title, String unit, Metric.Better better, List<String> rows,
      List<String> columns, List<List<Double>> cells, Set<String> marked, String note)
      implements Chart {
    public HeatMap {
      Objects.requireNonNull(title, "title");
      Objects.requireNonNull(better, "better");
      rows = List.copyOf(rows);
      columns = List.copyOf(columns);
      marked = Set.copyOf(marked);
      List<List<Double>> copy = new ArrayList<>(cells.size());
      for (List<Double> row : cells) {
        if (row.size() != columns.size()) {
          throw new IllegalArgumentException("row has " + row.size() + " cells for "
              + columns.size() + " columns");
        }
        // Collections.unmodifiableList: List.copyOf refuses the nulls of missing cells.
        copy.add(java.util.Collections.unmodifiableList(new ArrayList<>(row)));
      }
      if (copy.size() != rows.size()) {
        throw new IllegalArgumentException(copy.size() + " rows of cells for " + rows.size()
            + " row names");
      }
      cells = List.copyOf(copy);
    }
  }
}
