package io.hbench.hive;

import io.hbench.core.InvalidInputException;
import io.hbench.core.RunContext;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * A scale's database ({@code tpch_sf10_orc}): the only code that creates, completes or drops one.
 * hbench marks what it creates in the database's properties ({@link #CREATED_BY}) and says it is
 * complete only after every table is loaded and analyzed ({@link #COMPLETE}), so a later run reuses
 * exactly the databases it can trust and drops no database it did not make.
 */
final class TpchDatabase {

  static final String CREATED_BY = "hbench.created-by";
  static final String COMPLETE = "hbench.tpch.complete";
  static final String RAW_BYTES = "hbench.tpch.raw-bytes";
  static final String ROWS = "hbench.tpch.rows";

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
  static String name(BigDecimal scale, TpchOptions.Format format, boolean partitioned,
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

  /** What a database of that name holds now. */
  record State(boolean exists, boolean ours, boolean complete, long rawBytes, long rows,
      long refreshSets) {
    static final State ABSENT = new State(false, false, false, 0, 0, 0);
  }

  static State state(Connection c, String db) throws SQLException {
    try (Statement s = c.createStatement()) {
      boolean exists = false;
      try (ResultSet rs = s.executeQuery("SHOW DATABASES LIKE '" + db + "'")) {
        while (rs.next()) {
          exists |= rs.getString(1).equalsIgnoreCase(db);
        }
      }
      if (!exists) {
        return State.ABSENT;
      }
      Map<String, String> props = properties(s, db);
      boolean ours = "hbench".equals(props.get(CREATED_BY));
      boolean complete = ours && "true".equals(props.get(COMPLETE));
      return new State(true, ours, complete, parse(props.get(RAW_BYTES)), parse(props.get(ROWS)),
          parse(props.get(TpchRefresh.SETS)));
    }
  }

  /** Refuses, with one line, a database of hbench's name that hbench did not create. */
  static void checkOwned(State state, String db) {
    if (state.exists() && !state.ours()) {
      throw new InvalidInputException("hive: database " + db + " exists and was not created by"
          + " hbench (no " + CREATED_BY + " property); hbench neither uses nor drops it");
    }
  }

  private static Map<String, String> properties(Statement s, String db) throws SQLException {
    Map<String, String> out = new LinkedHashMap<>();
    try (ResultSet rs = s.executeQuery("DESCRIBE DATABASE EXTENDED " + db)) {
      java.sql.ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        for (int i = 1; i <= md.getColumnCount(); i++) {
          String v = rs.getString(i);
          if (v != null && v.contains(CREATED_BY)) {
            // {k=v, k=v}
            for (String kv : v.replaceAll("^\\{|\\}$", "").split(",\\s*")) {
              int eq = kv.indexOf('=');
              if (eq > 0) {
                out.put(kv.substring(0, eq).trim(), kv.substring(eq + 1).trim());
              }
            }
          }
        }
      }
    }
    return out;
  }

  private static long parse(String v) {
    try {
      return v == null ? 0 : Long.parseLong(v);
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /**
   * Marks {@code db} complete or not, with the count of refresh sets applied: a run that changes
   * the data marks it incomplete first, so a failure half way leaves a database no run reuses.
   */
  static void mark(Connection c, String db, boolean complete, long refreshSets) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute("ALTER DATABASE " + db + " SET DBPROPERTIES ('" + COMPLETE + "'='" + complete
          + "', '" + TpchRefresh.SETS + "'='" + refreshSets + "')");
    }
  }

  /** Drops a database hbench made (and only such a one), with its tables. */
  static void drop(Connection c, String db) throws SQLException {
    State st = state(c, db);
    if (!st.exists()) {
      return;
    }
    checkOwned(st, db);
    try (Statement s = c.createStatement()) {
      s.execute("DROP DATABASE " + db + " CASCADE");
    }
  }

  /**
   * Loads the generated text under {@code raw} into {@code db} as the phase {@code load}: an
   * external text table over each table's files, then {@code CREATE TABLE ... STORED AS format AS
   * SELECT}, then the text table is dropped (its files are the point's, removed with it).
   */
  static void load(RunContext ctx, Connection c, String db, Path raw, TpchOptions.Format format,
      boolean partitioned, boolean transactional, TextTables.Generated gen) throws Exception {
    ctx.phase("load", gen.bytes(), () -> {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE DATABASE " + db + " COMMENT 'TPC-H data made by hbench' WITH DBPROPERTIES ('"
            + CREATED_BY + "'='hbench', '" + COMPLETE + "'='false')");
        for (String t : TpchData.TABLES) {
          String text = db + ".hbench_text_" + t;
          s.execute("CREATE EXTERNAL TABLE " + text + " (" + columns(t, null)
              + ") ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '"
              + new Path(raw, t) + "'");
          String properties = transactional && REFRESHED.contains(t)
              ? " TBLPROPERTIES ('transactional'='true')" : "";
          String by = partitioned ? PARTITION_COLUMNS.get(t) : null;
          if (by == null) {
            s.execute("CREATE TABLE " + db + "." + t + " STORED AS " + format.sql() + properties
                + " AS SELECT * FROM " + text);
          } else {
            s.execute("CREATE TABLE " + db + "." + t + " (" + columns(t, by) + ") PARTITIONED BY ("
                + by + " DATE) STORED AS " + format.sql() + properties);
            s.execute("INSERT OVERWRITE TABLE " + db + "." + t + " PARTITION (" + by + ") SELECT "
                + String.join(", ", names(t, by)) + ", " + by + " FROM " + text);
          }
          s.execute("DROP TABLE " + text);
        }
      }
      return gen.rows();
    });
    // Every row generated must be in its table.
    try (Statement s = c.createStatement()) {
      for (String t : TpchData.TABLES) {
        long want = gen.rowsPerTable().get(t);
        long got;
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + db + "." + t)) {
          rs.next();
          got = rs.getLong(1);
        }
        ctx.check("rows_" + t, got == want, t + ": " + got + " rows loaded, " + want + " generated");
      }
    }
  }

  /**
   * Computes table and column statistics as the phase {@code analyze} (the optimizer's inputs, as
   * a real warehouse would have them), then marks the database complete.
   */
  static void analyze(RunContext ctx, Connection c, String db, boolean partitioned,
      TextTables.Generated gen) throws Exception {
    ctx.phase("analyze", 0, () -> {
      try (Statement s = c.createStatement()) {
        // Statistics that could not be stored fail the load rather than leave the optimizer
        // guessing: Hive otherwise logs the error and ANALYZE succeeds.
        s.execute("SET hive.stats.reliable=true");
        for (String t : TpchData.TABLES) {
          // Every partition's statistics, and the columns' per partition.
          String by = partitioned ? PARTITION_COLUMNS.get(t) : null;
          String target = db + "." + t + (by == null ? "" : " PARTITION (" + by + ")");
          s.execute("ANALYZE TABLE " + target + " COMPUTE STATISTICS");
          s.execute("ANALYZE TABLE " + target + " COMPUTE STATISTICS FOR COLUMNS");
        }
      }
      return null;
    });
    try (Statement s = c.createStatement()) {
      s.execute("ALTER DATABASE " + db + " SET DBPROPERTIES ('" + COMPLETE + "'='true', '"
          + RAW_BYTES + "'='" + gen.bytes() + "', '" + ROWS + "'='" + gen.rows() + "')");
    }
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
