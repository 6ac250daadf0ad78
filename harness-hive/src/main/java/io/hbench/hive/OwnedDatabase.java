package io.hbench.hive;

import io.hbench.core.RunContext;
import io.hbench.core.error.InvalidInputException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * A database a decision-support suite made ({@code tpch_sf10_orc}, {@code tpcds_sf1_orc}): the
 * only code that creates, loads, completes or drops one. hbench marks what it creates in the
 * database's properties ({@link #CREATED_BY}) and says it is complete only after every table is
 * loaded, its rows counted and analyzed ({@code hbench.<suite>.complete}), so a later run reuses
 * exactly the databases it can trust and drops no database it did not make.
 */
final class OwnedDatabase {

  static final String CREATED_BY = "hbench.created-by";

  private OwnedDatabase() {}

  /** A benchmark's tables as a load creates them. */
  interface Schema {
    /** The suite's name, in the database's properties: {@code hbench.<suite>.complete}. */
    String suite();

    /** The tables, in the order they are loaded. */
    List<String> tables();

    /** The table's columns with their types ({@code a INT, b DATE}), but for {@code except}. */
    String columns(String table, String except);

    /** The table's column names in order, but for {@code except} (may be null). */
    List<String> names(String table, String except);

    /** The column that partitions {@code table}, or null. */
    default String partitionColumn(String table) {
      return null;
    }

    /** Whether {@code table} is transactional. */
    default boolean transactional(String table) {
      return false;
    }

    /** The generated text's table properties: how it writes a NULL, say; empty for none. */
    default String textProperties() {
      return "";
    }
  }

  static String completeKey(String suite) {
    return "hbench." + suite + ".complete";
  }

  static String rawBytesKey(String suite) {
    return "hbench." + suite + ".raw-bytes";
  }

  static String rowsKey(String suite) {
    return "hbench." + suite + ".rows";
  }

  /** What a database of that name holds now. */
  record State(boolean exists, boolean ours, boolean complete, Map<String, String> properties,
      String suite) {
    static State absent(String suite) {
      return new State(false, false, false, Map.of(), suite);
    }

    long rawBytes() {
      return number(rawBytesKey(suite));
    }

    /** A property as a whole number, 0 when absent or not one. */
    long number(String key) {
      try {
        String v = properties.get(key);
        return v == null ? 0 : Long.parseLong(v);
      } catch (NumberFormatException e) {
        return 0;
      }
    }
  }

  static State state(Connection c, String db, String suite) throws SQLException {
    try (Statement s = c.createStatement()) {
      boolean exists = false;
      try (ResultSet rs = s.executeQuery("SHOW DATABASES LIKE '" + db + "'")) {
        while (rs.next()) {
          exists |= rs.getString(1).equalsIgnoreCase(db);
        }
      }
      if (!exists) {
        return State.absent(suite);
      }
      Map<String, String> props = properties(s, db);
      boolean ours = "hbench".equals(props.get(CREATED_BY));
      boolean complete = ours && "true".equals(props.get(completeKey(suite)));
      return new State(true, ours, complete, Map.copyOf(props), suite);
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

  /** Sets properties of a database hbench made. */
  static void setProperties(Connection c, String db, Map<String, String> properties)
      throws SQLException {
    StringBuilder b = new StringBuilder();
    properties.forEach((k, v) -> b.append(b.length() == 0 ? "" : ", ").append('\'').append(k)
        .append("'='").append(v).append('\''));
    try (Statement s = c.createStatement()) {
      s.execute("ALTER DATABASE " + db + " SET DBPROPERTIES (" + b + ")");
    }
  }

  /** Drops a database hbench made (and only such a one), with its tables. */
  static void drop(Connection c, String db, String suite) throws SQLException {
    State st = state(c, db, suite);
    if (!st.exists()) {
      return;
    }
    checkOwned(st, db);
    try (Statement s = c.createStatement()) {
      s.execute("DROP DATABASE " + db + " CASCADE");
    }
  }

  /**
   * Loads the generated text into {@code db} as the phase {@code load}: an
   * external text table over each table's files, then {@code CREATE TABLE ... STORED AS format AS
   * SELECT}, then the text table is dropped (its files are the point's, removed with it). Then
   * checks that every row generated is in its table.
   */
  static void load(RunContext ctx, Connection c, String db, Schema schema,
      HiveOptions.Format format, TextTables.Generated gen) throws Exception {
    ctx.phase("load", gen.bytes(), () -> {
      try (Statement s = c.createStatement()) {
        s.execute("CREATE DATABASE " + db + " COMMENT '" + schema.suite() + " data made by hbench'"
            + " WITH DBPROPERTIES ('" + CREATED_BY + "'='hbench', '" + completeKey(schema.suite())
            + "'='false')");
        for (String t : schema.tables()) {
          String text = db + ".hbench_text_" + t;
          String textProperties = schema.textProperties().isEmpty() ? ""
              : " TBLPROPERTIES (" + schema.textProperties() + ")";
          s.execute("CREATE EXTERNAL TABLE " + text + " (" + schema.columns(t, null)
              + ") ROW FORMAT DELIMITED FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '"
              + new Path(gen.raw(), t) + "'" + textProperties);
          String properties = schema.transactional(t)
              ? " TBLPROPERTIES ('transactional'='true')" : "";
          String by = schema.partitionColumn(t);
          if (by == null) {
            s.execute("CREATE TABLE " + db + "." + t + " STORED AS " + format.sql() + properties
                + " AS SELECT * FROM " + text);
          } else {
            s.execute("CREATE TABLE " + db + "." + t + " (" + schema.columns(t, by)
                + ") PARTITIONED BY (" + by + " DATE) STORED AS " + format.sql() + properties);
            s.execute("INSERT OVERWRITE TABLE " + db + "." + t + " PARTITION (" + by + ") SELECT "
                + String.join(", ", schema.names(t, by)) + ", " + by + " FROM " + text);
          }
          s.execute("DROP TABLE " + text);
        }
      }
      return gen.rows();
    });
    // Every row generated must be in its table; a database short of some is never completed.
    List<String> wrong = new java.util.ArrayList<>();
    try (Statement s = c.createStatement()) {
      for (String t : schema.tables()) {
        long want = gen.rowsPerTable().get(t);
        long got;
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + db + "." + t)) {
          rs.next();
          got = rs.getLong(1);
        }
        String line = t + ": " + got + " rows loaded, " + want + " generated";
        ctx.check("rows_" + t, got == want, line);
        if (got != want) {
          wrong.add(line);
        }
      }
    }
    if (!wrong.isEmpty()) {
      throw new IllegalStateException("the load lost or added rows: " + String.join("; ", wrong));
    }
  }

  /**
   * Computes table and column statistics as the phase {@code analyze} (the optimizer's inputs, as
   * a real warehouse would have them), then marks the database complete.
   */
  static void analyze(RunContext ctx, Connection c, String db, Schema schema,
      TextTables.Generated gen) throws Exception {
    ctx.phase("analyze", 0, () -> {
      try (Statement s = c.createStatement()) {
        // Statistics that could not be stored fail the load rather than leave the optimizer
        // guessing: Hive otherwise logs the error and ANALYZE succeeds.
        s.execute("SET hive.stats.reliable=true");
        for (String t : schema.tables()) {
          // Every partition's statistics, and the columns' per partition.
          String by = schema.partitionColumn(t);
          String target = db + "." + t + (by == null ? "" : " PARTITION (" + by + ")");
          s.execute("ANALYZE TABLE " + target + " COMPUTE STATISTICS");
          s.execute("ANALYZE TABLE " + target + " COMPUTE STATISTICS FOR COLUMNS");
        }
      }
      return null;
    });
    setProperties(c, db, Map.of(completeKey(schema.suite()), "true",
        rawBytesKey(schema.suite()), String.valueOf(gen.bytes()),
        rowsKey(schema.suite()), String.valueOf(gen.rows())));
  }
}
