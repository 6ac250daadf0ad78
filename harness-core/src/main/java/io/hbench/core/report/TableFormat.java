package io.hbench.core.report;

import io.hbench.thirdparty.jackson.core.JsonProcessingException;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import io.hbench.thirdparty.jackson.databind.SerializationFeature;
import io.hbench.thirdparty.jackson.databind.node.ArrayNode;
import io.hbench.thirdparty.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * How tables are written out ({@code --format}, as JMH's {@code -rf}): aligned text for a person,
 * Markdown for a wiki or a pull request, CSV for a spreadsheet, JSON for a program. Every table
 * hbench prints goes through here.
 */
public enum TableFormat {
  /** Aligned columns: labels left, figures right; a group line above grouped columns. */
  TEXT,
  /** A GitHub-flavoured Markdown table per table, its title as a heading. */
  MARKDOWN,
  /** RFC 4180 CSV; a table's title is a {@code #} line before it, tables are apart by a blank line. */
  CSV,
  /** One JSON document: {@code {"tables": [{"title", "columns", "rows", "note"}]}}. */
  JSON;

  private static final ObjectMapper MAPPER =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  /** The format named {@code text} (any case), or null. */
  public static TableFormat parse(String text) {
    for (TableFormat f : values()) {
      if (f.text().equalsIgnoreCase(text)) {
        return f;
      }
    }
    return null;
  }

  /** The name on the command line. */
  public String text() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** {@code tables} in this format, ending in a newline; empty for no tables. */
  public String render(List<Table> tables) {
    if (tables.isEmpty()) {
      return "";
    }
    if (this == JSON) {
      return json(tables);
    }
    StringBuilder sb = new StringBuilder();
    for (int i = 0; i < tables.size(); i++) {
      if (i > 0) {
        sb.append('\n');
      }
      switch (this) {
        case TEXT -> text(sb, tables.get(i));
        case MARKDOWN -> markdown(sb, tables.get(i));
        default -> csv(sb, tables.get(i));
      }
    }
    return sb.toString();
  }

  /** One table in this format. */
  public String render(Table table) {
    return render(List.of(table));
  }

  private static void text(StringBuilder sb, Table t) {
    if (t.title() != null) {
      sb.append(t.title()).append('\n');
    }
    if (!t.columns().isEmpty()) {
      sb.append(layout(t));
    }
    if (t.note() != null) {
      sb.append(t.note()).append('\n');
    }
  }

  /** The aligned text of a table's columns and rows. */
  static String layout(Table t) {
    List<Table.Column> cols = t.columns();
    int[] width = new int[cols.size()];
    for (int i = 0; i < width.length; i++) {
      width[i] = cols.get(i).name().length();
      for (List<String> row : t.rows()) {
        width[i] = Math.max(width[i], row.get(i).length());
      }
    }
    StringBuilder sb = new StringBuilder();
    if (t.grouped()) {
      // A group's name spans its columns; a long name widens the group's last column.
      List<String> groupLine = new ArrayList<>();
      int i = 0;
      while (i < cols.size()) {
        String g = cols.get(i).group();
        int j = i;
        while (j + 1 < cols.size() && g != null && g.equals(cols.get(j + 1).group())) {
          j++;
        }
        int span = 0;
        for (int k = i; k <= j; k++) {
          span += width[k] + (k > i ? 2 : 0);
        }
        String name = g == null ? "" : g;
        if (name.length() > span) {
          width[j] += name.length() - span;
          span = name.length();
        }
        groupLine.add(pad(name, span, false));
        i = j + 1;
      }
      sb.append(String.join("  ", groupLine).stripTrailing()).append('\n');
    }
    line(sb, cols.stream().map(Table.Column::name).toList(), width);
    StringBuilder rule = new StringBuilder();
    for (int i = 0; i < width.length; i++) {
      rule.append(i == 0 ? "" : "  ").append("-".repeat(width[i]));
    }
    sb.append(rule).append('\n');
    for (List<String> row : t.rows()) {
      line(sb, row, width);
    }
    return sb.toString();
  }

  private static void line(StringBuilder sb, List<String> cells, int[] width) {
    StringBuilder l = new StringBuilder();
    for (int i = 0; i < cells.size(); i++) {
      if (i > 0) {
        l.append("  ");
      }
      // Labels left-aligned, figures right-aligned, as in a spreadsheet.
      l.append(pad(cells.get(i), width[i], i > 0));
    }
    sb.append(l.toString().stripTrailing()).append('\n');
  }

  private static String pad(String s, int w, boolean right) {
    String fill = " ".repeat(Math.max(0, w - s.length()));
    return right ? fill + s : s + fill;
  }

  private static void markdown(StringBuilder sb, Table t) {
    if (t.title() != null) {
      sb.append("### ").append(escapeMarkdown(t.title())).append("\n\n");
    }
    if (!t.columns().isEmpty()) {
      List<String> head = new ArrayList<>();
      List<String> align = new ArrayList<>();
      for (int i = 0; i < t.columns().size(); i++) {
        head.add(escapeMarkdown(heading(t.columns().get(i))));
        align.add(i == 0 ? "---" : "---:");
      }
      sb.append("| ").append(String.join(" | ", head)).append(" |\n");
      sb.append("| ").append(String.join(" | ", align)).append(" |\n");
      for (List<String> row : t.rows()) {
        sb.append("| ")
            .append(String.join(" | ", row.stream().map(TableFormat::escapeMarkdown).toList()))
            .append(" |\n");
      }
      sb.append('\n');
    }
    if (t.note() != null) {
      sb.append(escapeMarkdown(t.note())).append('\n');
    }
  }

  private static String escapeMarkdown(String s) {
    return s.replace("|", "\\|");
  }

  /** A column's heading on one line: its group, then its name. */
  private static String heading(Table.Column c) {
    return c.group() == null ? c.name() : c.group() + " " + c.name();
  }

  private static void csv(StringBuilder sb, Table t) {
    if (t.title() != null) {
      sb.append("# ").append(t.title()).append("\r\n");
    }
    if (t.columns().isEmpty()) {
      return;
    }
    csvLine(sb, t.columns().stream().map(TableFormat::heading).toList());
    for (List<String> row : t.rows()) {
      csvLine(sb, row);
    }
  }

  private static void csvLine(StringBuilder sb, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      String c = cells.get(i);
      if (i > 0) {
        sb.append(',');
      }
      if (c.contains(",") || c.contains("\"") || c.contains("\n") || c.contains("\r")) {
        sb.append('"').append(c.replace("\"", "\"\"")).append('"');
      } else {
        sb.append(c);
      }
    }
    sb.append("\r\n");
  }

  private static String json(List<Table> tables) {
    ObjectNode root = MAPPER.createObjectNode();
    ArrayNode arr = root.putArray("tables");
    for (Table t : tables) {
      ObjectNode o = arr.addObject();
      o.put("title", t.title());
      ArrayNode cols = o.putArray("columns");
      for (Table.Column c : t.columns()) {
        ObjectNode col = cols.addObject();
        if (c.group() != null) {
          col.put("group", c.group());
        }
        col.put("name", c.name());
      }
      ArrayNode rows = o.putArray("rows");
      for (List<String> row : t.rows()) {
        ArrayNode r = rows.addArray();
        row.forEach(r::add);
      }
      o.put("note", t.note());
    }
    return pretty(root);
  }

  /** A JSON document indented for reading, ending in a newline: every JSON hbench prints. */
  static String pretty(io.hbench.thirdparty.jackson.databind.JsonNode root) {
    try {
      return MAPPER.writeValueAsString(root) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
