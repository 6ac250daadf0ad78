package io.hbench.hbase;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
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

/**
 * The tables hbench owns, and the only code that creates or drops one (hbase-pe's, ycsb's). A
 * table hbench creates carries a marker in its descriptor ({@link #MARKER}) and the layout its
 * values were written with, under the suite's own key; hbench never disables, drops, truncates
 * or recreates a table without the marker, and a suite refuses to read a table whose layout
 * differs from its own.
 */
final class OwnedTables {

  /** Descriptor key present on every table hbench created. */
  static final String MARKER = "hbench.created-by";

  /**
   * What is there under a table's name.
   *
   * @param layout the descriptor's value under the suite's layout key, or null
   */
  record Found(boolean exists, boolean ours, String layout) {
    static final Found MISSING = new Found(false, false, null);
  }

  private OwnedTables() {}

  static Found find(Admin admin, TableName name, String layoutKey) throws IOException {
    if (!admin.tableExists(name)) {
      return Found.MISSING;
    }
    TableDescriptor d = admin.getDescriptor(name);
    return new Found(true, d.getValue(MARKER) != null, d.getValue(layoutKey));
  }

  /** A layout's settings, {@code key=value} words as a suite writes them, in their order. */
  static Map<String, String> layoutFields(String text) {
    Map<String, String> kv = new LinkedHashMap<>();
    for (String part : text.trim().split("\\s+")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        kv.put(part.substring(0, eq), part.substring(eq + 1));
      }
    }
    return kv;
  }

  /** The line that refuses a table hbench did not create: choose another with {@code option}. */
  static String notOurs(TableName name, String option) {
    return "table " + name + " was not created by hbench (its descriptor has no " + MARKER
        + "); hbench reads and writes only its own tables: choose another " + option;
  }

  /**
   * Creates table {@code name} with its marker and {@code layout} under {@code layoutKey}, first
   * dropping the one of that name if hbench made it. Refuses (IllegalStateException) a table
   * hbench did not make: checked again here, just before anything is changed.
   *
   * @param splits the split points; none for one region
   */
  static void create(Admin admin, TableName name, String layoutKey, String layout,
      List<ColumnFamilyDescriptor> families, int replicas, byte[][] splits, String version)
      throws IOException {
    Found now = find(admin, name, layoutKey);
    if (now.exists() && !now.ours()) {
      throw new IllegalStateException("table " + name + " was not created by hbench; it is left as it is");
    }
    if (now.exists()) {
      drop(admin, name);
    }
    TableDescriptorBuilder t = TableDescriptorBuilder.newBuilder(name)
        .setValue(MARKER, "hbench " + version)
        .setValue(layoutKey, layout)
        .setRegionReplication(replicas);
    families.forEach(t::setColumnFamily);
    if (splits.length == 0) {
      admin.createTable(t.build());
    } else {
      admin.createTable(t.build(), splits);
    }
  }

  /** Drops the table if, and only if, hbench created it. Returns whether it did. */
  static boolean drop(Admin admin, TableName name) throws IOException {
    if (!admin.tableExists(name) || admin.getDescriptor(name).getValue(MARKER) == null) {
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
   * Rows from {@code from} (inclusive) to {@code to} (exclusive; null: the table's end) as the
   * RegionServers return them to a key-only scan: what the server holds, not what the clients
   * think they wrote.
   */
  static long countRows(Connection conn, TableName name, byte[] from, byte[] to)
      throws IOException {
    Scan scan = new Scan().setCaching(10_000)
        .setFilter(new FilterList(new FirstKeyOnlyFilter(), new KeyOnlyFilter()));
    if (from != null) {
      scan.withStartRow(from);
    }
    if (to != null) {
      scan.withStopRow(to);
    }
    long n = 0;
    try (Table t = conn.getTable(name); ResultScanner rs = t.getScanner(scan)) {
      for (Result r = rs.next(); r != null; r = rs.next()) {
        n++;
      }
    }
    return n;
  }
}
