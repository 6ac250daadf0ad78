package io.hbench.hive;

import io.hbench.core.RunContext;
import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import java.math.BigDecimal;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

/**
 * TPC-DS's data as {@code |}-delimited text, made by map tasks with the tpcds library's generator
 * ({@link TextTables}): the 24 tables of the spec, a NULL written as nothing (the load reads an
 * empty field as NULL), each table of a million generator rows or more in as many pieces as maps
 * and the smaller ones whole, as the library splits them.
 */
final class TpcdsData {

  /** The suite's name in its databases' properties and records. */
  static final String SUITE = "tpcds";

  /** The 24 tables, dimensions first; not the generator's dbgen_version (a run's timestamp). */
  static final List<String> TABLES = List.of("call_center", "catalog_page", "customer",
      "customer_address", "customer_demographics", "date_dim", "household_demographics",
      "income_band", "item", "promotion", "reason", "ship_mode", "store", "time_dim", "warehouse",
      "web_page", "web_site", "inventory", "store_sales", "store_returns", "catalog_sales",
      "catalog_returns", "web_sales", "web_returns");

  /** Raw bytes per unit of scale, roughly (SF 1: about 1.1 GB of text); for splits and defaults. */
  static final long BYTES_PER_SCALE = 1_150_000_000L;

  /** The library cuts only tables of this many generator rows or more into chunks. */
  private static final long SPLIT_ROWS = 1_000_000;

  private TpcdsData() {}

  static Table table(String name) {
    return Table.getTable(name);
  }

  private static Session session(String table, double scale, int piece, int pieces) {
    return Session.getDefaultSession().withScale(scale).withParallelism(pieces)
        .withChunkNumber(piece).withTable(table(table));
  }

  /** The tpcds library's tables, each row its values joined by {@code |}, NULL as nothing. */
  static final TextTables.Generator GENERATOR = new TextTables.Generator() {
    @Override
    public List<String> tables() {
      return TABLES;
    }

    @Override
    public boolean whole(String table, double scale) {
      return session(table, scale, 1, 1).getScaling().getRowCount(table(table)) < SPLIT_ROWS;
    }

    @Override
    public Iterable<String> lines(String table, double scale, int piece, int pieces) {
      Table t = table(table);
      // With a table set, each result is that table's row alone (no child rows beside it).
      Results rows = Results.constructResults(t, session(table, scale, piece, pieces));
      return () -> {
        Iterator<List<List<String>>> it = rows.iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return it.hasNext();
          }

          @Override
          public String next() {
            List<String> values = it.next().get(0);
            StringBuilder b = new StringBuilder(256);
            for (int i = 0; i < values.size(); i++) {
              if (i > 0) {
                b.append('|');
              }
              String v = values.get(i);
              if (v != null) {
                b.append(v);
              }
            }
            return b.toString();
          }
        };
      };
    }
  };

  /**
   * Runs the generation as the phase {@code generate} into {@link TextTables#raw}: {@code maps}
   * pieces of each large table, one per map task.
   */
  static TextTables.Generated generate(RunContext ctx, BigDecimal scale, int maps) throws Exception {
    int parts = Math.max(1, maps);
    ctx.param(TpchFields.GEN_MAPS, parts);
    return TextTables.generate(ctx, "hbench tpcds generate sf" + scale.toPlainString(), GENERATOR,
        parts, Math.max(1, scale.multiply(BigDecimal.valueOf(BYTES_PER_SCALE)).longValue()),
        GenerateMapper.class);
  }

  /** The tables as a load creates them, with the spec's column types. */
  static final OwnedDatabase.Schema SCHEMA = new OwnedDatabase.Schema() {
    @Override
    public String suite() {
      return SUITE;
    }

    @Override
    public List<String> tables() {
      return TABLES;
    }

    @Override
    public String columns(String table, String except) {
      StringBuilder b = new StringBuilder();
      for (Column col : table(table).getColumns()) {
        String name = col.getName().toLowerCase(Locale.ROOT);
        if (name.equals(except)) {
          continue;
        }
        if (b.length() > 0) {
          b.append(", ");
        }
        b.append(name).append(' ').append(type(col));
      }
      return b.toString();
    }

    @Override
    public List<String> names(String table, String except) {
      return java.util.Arrays.stream(table(table).getColumns()).map(c -> c.getName().toLowerCase(Locale.ROOT))
          .filter(n -> !n.equals(except)).toList();
    }

    @Override
    public String textProperties() {
      return "'serialization.null.format'=''";
    }
  };

  /**
   * A column's type as the spec defines it (clause 2.2.2): identifiers BIGINT (the spec asks
   * only that they hold every key generated, and the ticket and order numbers outgrow INT at
   * large scales), integers INT, decimal(p,s), char(n), varchar(n), dates DATE.
   */
  static String type(Column col) {
    return switch (col.getType().getBase()) {
      case IDENTIFIER -> "BIGINT";
      case INTEGER -> "INT";
      case DATE -> "DATE";
      case DECIMAL -> "DECIMAL(" + col.getType().getPrecision().orElseThrow() + ","
          + col.getType().getScale().orElseThrow() + ")";
      case CHAR -> "CHAR(" + col.getType().getPrecision().orElseThrow() + ")";
      case VARCHAR -> "VARCHAR(" + col.getType().getPrecision().orElseThrow() + ")";
      // Only dbgen_version, which is not loaded, has one; Hive has no TIME type.
      case TIME -> "STRING";
    };
  }

  /** Writes piece k of every table. */
  public static final class GenerateMapper extends TextTables.PieceMapper {
    @Override
    TextTables.Generator generator() {
      return GENERATOR;
    }
  }
}
