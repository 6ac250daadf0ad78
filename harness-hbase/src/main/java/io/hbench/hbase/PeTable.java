package io.hbench.hbase;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * hbase-pe's table: the layout its values are written with ({@link #LAYOUT}, what a read must
 * know to check them), its families and PE's split points. Created and dropped by {@link
 * OwnedTables}, which owns every table hbench makes.
 */
final class PeTable {

  /** Descriptor key holding the layout the rows were written with. */
  static final String LAYOUT = "hbench.hbase-pe.layout";

  /** How values are laid out: what a read must know to check them. */
  record Layout(int families, int columns, int valueSize, long seed) {
    String text(long rows) {
      return "families=" + families + " columns=" + columns + " value_size=" + valueSize
          + " seed=" + seed + " rows=" + rows;
    }

    /** The layout of {@code text}; null when it is not one. */
    static Layout parse(String text) {
      Map<String, String> kv = OwnedTables.layoutFields(text);
      try {
        return new Layout(Integer.parseInt(kv.get("families")), Integer.parseInt(kv.get("columns")),
            Integer.parseInt(kv.get("value_size")), Long.parseLong(kv.get("seed")));
      } catch (RuntimeException e) {
        return null;
      }
    }

    static long rows(String text) {
      return Long.parseLong(OwnedTables.layoutFields(text).getOrDefault("rows", "0"));
    }

    /** What differs from {@code other}, for the message that refuses a read. */
    String difference(Layout other) {
      List<String> d = new ArrayList<>();
      if (families != other.families) {
        d.add("--families " + families + " (the table has " + other.families + ")");
      }
      if (columns != other.columns) {
        d.add("--columns " + columns + " (the table has " + other.columns + ")");
      }
      if (valueSize != other.valueSize) {
        d.add("--value-size " + valueSize + " (the table has " + other.valueSize + ")");
      }
      if (seed != other.seed) {
        d.add("--seed " + seed + " (the table has " + other.seed + ")");
      }
      return String.join(", ", d);
    }
  }

  /** Settings a table is created with and that reads do not depend on. */
  record Shape(Compression.Algorithm compression, DataBlockEncoding encoding, BloomType bloom,
      boolean inMemory, int replicas, int presplit) {}

  /** What is there under the table's name. */
  record State(boolean exists, boolean ours, Layout layout, long rows) {
    static final State MISSING = new State(false, false, null, 0);
  }

  private PeTable() {}

  static State state(Admin admin, TableName name) throws IOException {
    OwnedTables.Found f = OwnedTables.find(admin, name, LAYOUT);
    if (!f.exists()) {
      return State.MISSING;
    }
    if (!f.ours()) {
      return new State(true, false, null, 0);
    }
    String layout = f.layout();
    return new State(true, true, layout == null ? null : Layout.parse(layout),
        layout == null ? 0 : Layout.rows(layout));
  }

  /** Creates the table for {@code rows} rows ({@link OwnedTables#create}). */
  static void create(Admin admin, TableName name, Layout layout, long rows, Shape shape,
      String version) throws IOException {
    List<ColumnFamilyDescriptor> families = new ArrayList<>();
    for (int f = 0; f < layout.families(); f++) {
      families.add(ColumnFamilyDescriptorBuilder.newBuilder(PeRows.family(f))
          .setCompressionType(shape.compression())
          .setDataBlockEncoding(shape.encoding())
          .setBloomFilterType(shape.bloom())
          .setInMemory(shape.inMemory())
          .build());
    }
    OwnedTables.create(admin, name, LAYOUT, layout.text(rows), families, shape.replicas(),
        splits(rows, shape.presplit()), version);
  }

  /** PE's split points: {@code key(k * rows / regions)} for k = 1 .. regions-1. */
  static byte[][] splits(long rows, int regions) {
    if (regions < 2) {
      return new byte[0][];
    }
    List<byte[]> keys = new ArrayList<>();
    for (int k = 1; k < regions; k++) {
      long row = (long) ((double) k * rows / regions);
      if (row > 0 && (keys.isEmpty() || PeRows.row(keys.get(keys.size() - 1)) < row)) {
        keys.add(PeRows.key(row));
      }
    }
    return keys.toArray(new byte[0][]);
  }

  /** Rows {@code from} to {@code to - 1} on the server ({@link OwnedTables#countRows}). */
  static long countRows(Connection conn, TableName name, long from, long to) throws IOException {
    return OwnedTables.countRows(conn, name, PeRows.key(from),
        to < Long.MAX_VALUE ? PeRows.key(to) : null);
  }

  /**
   * The sum over the table of info0:{@code column}: counters' values ({@code asLong}), or the
   * cells' lengths.
   */
  static long sumColumn(Connection conn, TableName name, byte[] column, boolean asLong)
      throws IOException {
    Scan scan = new Scan().addColumn(PeRows.family(0), column).setCaching(10_000);
    long sum = 0;
    try (Table t = conn.getTable(name); ResultScanner rs = t.getScanner(scan)) {
      for (Result r = rs.next(); r != null; r = rs.next()) {
        byte[] v = r.getValue(PeRows.family(0), column);
        sum += asLong ? Bytes.toLong(v) : v.length;
      }
    }
    return sum;
  }
}
