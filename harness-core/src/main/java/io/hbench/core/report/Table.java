package io.hbench.core.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A table of figures as hbench prints it: the run's own tables, a suite's, {@code bench report}'s
 * and {@code bench compare}'s. Cells are text already formatted; {@link TableFormat} lays the
 * same table out as text, Markdown, CSV or JSON, so there is one piece of table code.
 *
 * <p>A column may belong to a group (a metric, with one column per label under it); the first
 * column names the row. A table may have no columns, only a title and a note (a suite's remark).
 *
 * @param title what the table shows, one line; may be null
 * @param columns the columns, left to right
 * @param rows the rows, each with one cell per column
 * @param note how to read the figures (units, definitions), may be null
 */
public record Table(String title, List<Column> columns, List<List<String>> rows, String note) {

  /**
   * One column.
   *
   * @param group the group it sits under (such as {@code terasort s}), or null
   * @param name its heading
   */
  public record Column(String group, String name) {
    public Column {
      Objects.requireNonNull(name, "name");
    }
  }

  public Table {
    columns = List.copyOf(columns);
    List<List<String>> copy = new ArrayList<>(rows.size());
    for (List<String> row : rows) {
      if (row.size() != columns.size()) {
        throw new IllegalArgumentException(
            "row has " + row.size() + " cells for " + columns.size() + " columns: " + row);
      }
      copy.add(List.copyOf(row));
    }
    rows = List.copyOf(copy);
  }

  /** A table whose columns have no groups. */
  public static Table of(String title, List<String> header, List<List<String>> rows, String note) {
    return new Table(title, header.stream().map(h -> new Column(null, h)).toList(), rows, note);
  }

  /** A remark with no columns: a title and a note. */
  public static Table remark(String title, String note) {
    return new Table(title, List.of(), List.of(), note);
  }

  /** Whether any column sits under a group. */
  public boolean grouped() {
    return columns.stream().anyMatch(c -> c.group() != null);
  }
}
