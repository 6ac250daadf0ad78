package io.hbench.hive;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Map;

/**
 * What TPC-H's databases are ({@link OwnedDatabase} makes, completes and drops them): a scale's
 * name ({@code tpch_sf10_orc}), its tables' columns with the spec's types, and the layouts of
 * {@code --partitioned} and {@code --refresh}.
 */
final class TpchDatabase {

  /** The suite's name in its databases' properties ({@code hbench.tpch.complete}). */
  static final String SUITE = "tpch";

  private TpchDatabase() {}

  /**
   * The tables the refresh functions change, transactional in a database for {@code --refresh}.
   */
  static final java.util.List<String> REFRESHED = java.util.List.of("orders", "lineitem");

  /**
   * The tables {@code --partitioned} partitions, by the column: a partition a day, as
   * hive-testbench does, so that the queries' date ranges prune partitions.
   */
  static final Map<String, String> PARTITION_COLUMNS =
      Map.of("lineitem", "l_shipdate", "orders", "o_orderdate");

  /**
   * The database of a scale, format and layout: {@code tpch_sf0_01_orc}; {@code _part} when
   * {@link #PARTITION_COLUMNS} partition its tables, {@code _txn} when its {@link #REFRESHED}
   * tables are transactional.
   */
  static String name(BigDecimal scale, HiveOptions.Format format, boolean partitioned,
      boolean transactional) {
    return "tpch_sf" + scale.toPlainString().replace('.', '_') + "_" + format.label()
        + (partitioned ? "_part" : "") + (transactional ? "_txn" : "");
  }

  /**
   * The session settings a partitioned load needs: a partition
   * a day is ~2,500 per table, over Hive's default limits (1000, 100 a node); sorted by partition,
   * a task keeps one file open at a time instead of 2,500.
   */
  static final Map<String, String> DYNAMIC_PARTITIONS = Map.of(
      "hive.exec.dynamic.partition", "true",
      "hive.exec.dynamic.partition.mode", "nonstrict",
      "hive.exec.max.dynamic.partitions", "100000",
      "hive.exec.max.dynamic.partitions.pernode", "100000",
      "hive.optimize.sort.dynamic.partition.threshold", "1");

  /**
   * Marks {@code db} complete or not, with the count of refresh sets applied: a run that changes
   * the data marks it incomplete first, so a failure half way leaves a database no run reuses.
   */
  static void mark(Connection c, String db, boolean complete, long refreshSets) throws SQLException {
    OwnedDatabase.setProperties(c, db, Map.of(OwnedDatabase.completeKey(SUITE),
        String.valueOf(complete), TpchRefresh.SETS, String.valueOf(refreshSets)));
  }

  /** The tables as a load creates them: partitioned by day and transactional as asked. */
  static OwnedDatabase.Schema schema(boolean partitioned, boolean transactional) {
    return new OwnedDatabase.Schema() {
      @Override
      public String suite() {
        return SUITE;
      }

      @Override
      public java.util.List<String> tables() {
        return TpchData.TABLES;
      }

      @Override
      public String columns(String table, String except) {
        return TpchDatabase.columns(table, except);
      }

      @Override
      public java.util.List<String> names(String table, String except) {
        return TpchDatabase.names(table, except);
      }

      @Override
      public String partitionColumn(String table) {
        return partitioned ? PARTITION_COLUMNS.get(table) : null;
      }

      @Override
      public boolean transactional(String table) {
        return transactional && REFRESHED.contains(table);
      }
    };
  }

  /** The table's column names in the generator's order, but for {@code except} (may be null). */
  static java.util.List<String> names(String table, String except) {
    return TpchData.table(table).getColumns().stream()
        .map(col -> col.getColumnName().toLowerCase(Locale.ROOT))
        .filter(n -> !n.equals(except)).toList();
  }

  /**
   * The table's columns with the spec's types (keys BIGINT, money DECIMAL(15,2), dates DATE), but
   * for {@code except} (a partition column; may be null).
   */
  static String columns(String table, String except) {
    StringBuilder b = new StringBuilder();
    TpchTable<?> t = TpchData.table(table);
    for (TpchColumn<?> col : t.getColumns()) {
      String name = col.getColumnName().toLowerCase(Locale.ROOT);
      if (name.equals(except)) {
        continue;
      }
      if (b.length() > 0) {
        b.append(", ");
      }
      b.append(name).append(' ').append(switch (col.getType().getBase()) {
        case IDENTIFIER -> "BIGINT";
        case INTEGER -> "INT";
        case DATE -> "DATE";
        case DOUBLE -> "DECIMAL(15,2)";
        case VARCHAR -> "VARCHAR(" + col.getType().getPrecision().orElse(255L) + ")";
      });
    }
    return b.toString();
  }
}
