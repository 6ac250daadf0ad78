package io.hbench.hbase;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.filter.FilterList;
import org.apache.hadoop.hbase.filter.FirstKeyOnlyFilter;
import org.apache.hadoop.hbase.filter.KeyOnlyFilter;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * The benchmark's table, and the only code that creates or drops one. A table hbench creates
 * carries a marker in its descriptor ({@link #MARKER}) and the layout its values were written
 * with ({@link #LAYOUT}); hbench never disables, drops, truncates or recreates a table without
 * the marker, and reads refuse a table whose layout differs from theirs.
 */
final class PeTable {

  /** Descriptor key present on every table hbench created. */
  static final String MARKER = "hbench.created-by";
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
      Map<String, String> kv = fields(text);
      try {
        return new Layout(Integer.parseInt(kv.get("families")), Integer.parseInt(kv.get("columns")),
            Integer.parseInt(kv.get("value_size")), Long.parseLong(kv.get("seed")));
      } catch (RuntimeException e) {
        return null;
      }
    }

    static long rows(String text) {
      return Long.parseLong(fields(text).getOrDefault("rows", "0"));
    }

    private static Map<String, String> fields(String text) {
      Map<String, String> kv = new LinkedHashMap<>();
      for (String part : text.trim().split("\\s+")) {
        int eq = part.indexOf('=');
        if (eq > 0) {
          kv.put(part.substring(0, eq), part.substring(eq + 1));
        }
      }
      return kv;
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
    if (!admin.tableExists(name)) {
      return State.MISSING;
    }
    TableDescriptor d = admin.getDescriptor(name);
    if (d.getValue(MARKER) == null) {
      return new State(true, false, null, 0);
    }
    String layout = d.getValue(LAYOUT);
    return new State(true, true, layout == null ? null : Layout.parse(layout),
        layout == null ? 0 : Layout.rows(layout));
  }

  /**
   * Creates the table for {@code rows} rows, first dropping the one of that name if hbench made
   * it. Refuses (IllegalStateException) a table hbench did not make: checked again here, just
   * before anything is changed.
   */
  static void create(Admin admin, TableName name, Layout layout, long rows, Shape shape,
      String version) throws IOException {
    State now = state(admin, name);
    if (now.exists() && !now.ours()) {
      throw new IllegalStateException("table " + name + " was not created by hbench; it is left as it is");
    }
    if (now.exists()) {
      drop(admin, name);
    }
    TableDescriptorBuilder t = TableDescriptorBuilder.newBuilder(name)
        .setValue(MARKER, "hbench " + version)
        .setValue(LAYOUT, layout.text(rows))
        .setRegionReplication(shape.replicas());
    for (int f = 0; f < layout.families(); f++) {
      t.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(PeRows.family(f))
          .setCompressionType(shape.compression())
          .setDataBlockEncoding(shape.encoding())
          .setBloomFilterType(shape.bloom())
          .setInMemory(shape.inMemory())
          .build());
    }
    byte[][] splits = splits(rows, shape.presplit());
    if (splits.length == 0) {
      admin.createTable(t.build());
    } else {
      admin.createTable(t.build(), splits);
    }
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

  /** Drops the table if, and only if, hbench created it. Returns whether it did. */
  static boolean drop(Admin admin, TableName name) throws IOException {
    State now = state(admin, name);
    if (!now.exists() || !now.ours()) {
      return false;
    }
    if (admin.isTableEnabled(name)) {
      admin.disableTable(name);
    }
    admin.deleteTable(name);
    return true;
  }

  /** Regions of the table by RegionServer ({@code host:port}), as the cluster places them now. */
  static Map<String, Integer> regionsByServer(Connection conn, TableName name) throws IOException {
    Map<String, Integer> by = new TreeMap<>();
    try (RegionLocator locator = conn.getRegionLocator(name)) {
      for (HRegionLocation l : locator.getAllRegionLocations()) {
        if (l.getRegion().getReplicaId() != 0) {
          continue;
        }
        String server = l.getServerName() == null ? "unassigned"
            : l.getServerName().getHostname() + ":" + l.getServerName().getPort();
        by.merge(server, 1, Integer::sum);
      }
    }
    return by;
  }

  /** The descriptor as the cluster holds it: what the record says was measured. */
  static Map<String, Object> describe(Admin admin, TableName name) throws IOException {
    TableDescriptor d = admin.getDescriptor(name);
    ColumnFamilyDescriptor f = d.getColumnFamilies()[0];
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("name", name.getNameAsString());
    m.put("families", d.getColumnFamilyCount());
    m.put("compression", f.getCompressionType().getName());
    m.put("block_encoding", f.getDataBlockEncoding().name());
    m.put("bloom", f.getBloomFilterType().name());
    m.put("block_size", f.getBlocksize());
    m.put("in_memory", f.isInMemory());
    m.put("region_replication", d.getRegionReplication());
    m.put("created_by", d.getValue(MARKER));
    return m;
  }

  /**
   * Rows in {@code [from, to)} as the RegionServers return them to a key-only scan: what the
   * server holds, not what the clients think they wrote.
   */
  static long countRows(Connection conn, TableName name, long from, long to) throws IOException {
    Scan scan = new Scan().withStartRow(PeRows.key(from)).setCaching(10_000)
        .setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
    if (to < Long.MAX_VALUE) {
      scan.withStopRow(PeRows.key(to));
    }
    long n = 0;
    try (Table t = conn.getTable(name); ResultScanner rs = t.getScanner(scan)) {
      for (Result r = rs.next(); r != null; r = rs.next()) {
        n++;
      }
    }
    return n;
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
