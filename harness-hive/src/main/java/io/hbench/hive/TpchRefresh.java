package io.hbench.hive;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Collectors;

/**
 * TPC-H's refresh functions (clause 2.5) on a database whose {@code orders} and {@code lineitem}
 * are transactional. Update set u names a window of SF x 1500 orders: RF1 inserts them, with their
 * line items, under new keys; RF2 deletes the same orders under their old keys. The keys come from
 * the spec's sparse key space (dbgen's {@code mk_sparse}): bits 3-4 of an order key are free in the
 * generated data, so a window's orders move from one value of those bits to the next. The rows RF1
 * inserts are staged beforehand ({@link #stage}), as dbgen writes its update files beforehand, so
 * RF1's time is the inserts only. The count of sets applied is a database property.
 */
final class TpchRefresh {

  /** Database property: how many update sets were applied. */
  static final String SETS = "hbench.tpch.refresh-sets";

  private TpchRefresh() {}

  /** Update set {@code number} (from 1) at a scale. */
  record UpdateSet(int number, long firstIndex, long lastIndex, int insertBits, int deleteBits) {

    /** The orders of the window under the key bits {@code bits}, as a predicate on {@code column}. */
    String window(String column, int bits) {
      return column + " BETWEEN " + key(firstIndex, bits) + " AND " + key(lastIndex, bits)
          + " AND pmod(" + column + " DIV 8, 4) = " + bits;
    }

    long orders() {
      return lastIndex - firstIndex + 1;
    }

    String staged(String table) {
      return "hbench_rf" + number + "_" + table;
    }
  }

  /** The orders one refresh function inserts or deletes: SF x 1500, at least one. */
  static long ordersPerSet(double scale) {
    return Math.max(1, Math.round(scale * 1500));
  }

  static UpdateSet set(int number, double scale) {
    long n = ordersPerSet(scale);
    long windows = Math.max(1, Math.round(scale * 1_500_000) / n);
    long window = (number - 1) % windows;
    int cycle = (int) ((number - 1) / windows);
    return new UpdateSet(number, window * n + 1, (window + 1) * n, (cycle + 1) % 4, cycle % 4);
  }

  /** The key of the order with index {@code index} (from 1) under key bits {@code bits}. */
  static long key(long index, int bits) {
    return ((index >> 3) << 5) + ((long) bits << 3) + (index & 7);
  }

  /**
   * Before a run's refresh functions, and before any clock: marks {@code db} incomplete (a
   * failure half way leaves a database no run reuses) and stages the {@code count} sets after the
   * {@code applied} ones.
   */
  static void begin(Connection c, String db, long applied, int count, double scale)
      throws SQLException {
    TpchDatabase.mark(c, db, false, applied);
    for (long u = applied + 1; u <= applied + count; u++) {
      stage(c, set((int) u, scale));
    }
  }

  /**
   * After them: checks each set's window moved to its new keys with its line items (checks
   * {@code refresh_set_N}), drops the staged rows, and marks {@code db} complete again, with the
   * sets applied, only when every set checked out.
   */
  static void finish(io.hbench.core.RunContext ctx, Connection c, String db, long applied,
      int count, double scale) throws SQLException {
    boolean moved = true;
    for (long u = applied + 1; u <= applied + count; u++) {
      UpdateSet set = set((int) u, scale);
      String wrong = verify(c, set);
      ctx.check("refresh_set_" + u, wrong == null, wrong == null ? "update set " + u + ": "
          + set.orders() + " orders moved to new keys with their line items" : wrong);
      moved &= wrong == null;
      unstage(c, set);
    }
    if (moved) {
      TpchDatabase.mark(c, db, true, applied + count);
    }
  }

  /** Stages the rows RF1 of {@code set} inserts, copies of the window's rows under new keys. */
  static void stage(Connection c, UpdateSet set) throws SQLException {
    long shift = 8L * (set.insertBits() - set.deleteBits());
    try (Statement s = c.createStatement()) {
      for (String[] t : new String[][] {{"orders", "o_orderkey"}, {"lineitem", "l_orderkey"}}) {
        s.execute("DROP TABLE IF EXISTS " + set.staged(t[0]));
        String columns = TpchDatabase.names(t[0], null).stream()
            .map(n -> n.equals(t[1]) ? n + " + " + shift + " AS " + n : n)
            .collect(Collectors.joining(", "));
        s.execute("CREATE TABLE " + set.staged(t[0]) + " STORED AS ORC AS SELECT " + columns
            + " FROM " + t[0] + " WHERE " + set.window(t[1], set.deleteBits()));
      }
    }
  }

  /**
   * Runs refresh function {@code function} ({@code rf1} or {@code rf2}) of {@code set}. RF1: the
   * staged orders and their line items into the tables. RF2: the window's orders under their old
   * keys, and their line items, out of the tables.
   */
  static void run(String function, Connection c, UpdateSet set) throws SQLException {
    try (Statement s = c.createStatement()) {
      switch (function) {
        case "rf1" -> {
          s.execute("INSERT INTO orders SELECT * FROM " + set.staged("orders"));
          s.execute("INSERT INTO lineitem SELECT * FROM " + set.staged("lineitem"));
        }
        case "rf2" -> {
          s.execute("DELETE FROM lineitem WHERE " + set.window("l_orderkey", set.deleteBits()));
          s.execute("DELETE FROM orders WHERE " + set.window("o_orderkey", set.deleteBits()));
        }
        default -> throw new IllegalArgumentException("no refresh function " + function);
      }
    }
  }

  /**
   * What the tables hold of the set's window after RF1 and RF2: null when the window's orders
   * are all under the new keys, with as many line items as were staged, and none under the old.
   */
  static String verify(Connection c, UpdateSet set) throws SQLException {
    long staged = count(c, set.staged("lineitem"), null);
    long oldOrders = count(c, "orders", set.window("o_orderkey", set.deleteBits()));
    long newOrders = count(c, "orders", set.window("o_orderkey", set.insertBits()));
    long oldItems = count(c, "lineitem", set.window("l_orderkey", set.deleteBits()));
    long newItems = count(c, "lineitem", set.window("l_orderkey", set.insertBits()));
    if (oldOrders == 0 && oldItems == 0 && newOrders == set.orders() && newItems == staged) {
      return null;
    }
    return "update set " + set.number() + ": orders " + newOrders + " new (want " + set.orders()
        + "), " + oldOrders + " old (want 0); line items " + newItems + " new (want " + staged
        + "), " + oldItems + " old (want 0)";
  }

  /** Drops the set's staged tables. */
  static void unstage(Connection c, UpdateSet set) throws SQLException {
    try (Statement s = c.createStatement()) {
      for (String t : List.of("orders", "lineitem")) {
        s.execute("DROP TABLE IF EXISTS " + set.staged(t));
      }
    }
  }

  private static long count(Connection c, String table, String where) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table
            + (where == null ? "" : " WHERE " + where))) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
