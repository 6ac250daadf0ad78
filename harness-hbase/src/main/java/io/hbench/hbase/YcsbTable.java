package io.hbench.hbase;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;

/**
 * {@code bench ycsb}'s table: one family ({@link #FAMILY}, the name YCSB's HBase instructions
 * use), split where YCSB's instructions split it, and the settings its rows were loaded with
 * ({@link #LAYOUT}), which a later run must share to check what it reads. Created and dropped by
 * {@link OwnedTables}.
 */
final class YcsbTable {

  /** Descriptor key holding the settings the rows were loaded with. */
  static final String LAYOUT = "hbench.ycsb.layout";
  /** The column family: YCSB's HBase binding is told it with {@code -p columnfamily=family}. */
  static final byte[] FAMILY = "family".getBytes(StandardCharsets.US_ASCII);

  private YcsbTable() {}

  /** The workload's settings a table's rows depend on, and the values' seed, as text. */
  static String layout(YcsbWorkload w, long seed) {
    Map<String, String> kv = new TreeMap<>();
    kv.put("recordcount", Long.toString(w.records()));
    kv.put("insertstart", Long.toString(w.insertStart()));
    kv.put("fieldcount", Integer.toString(w.fields()));
    kv.put("fieldlength", Integer.toString(w.fieldLength()));
    kv.put("minfieldlength", Integer.toString(w.minFieldLength()));
    kv.put("fieldlengthdistribution", w.fieldLengthDistribution());
    kv.put("insertorder", w.orderedInserts() ? "ordered" : "hashed");
    kv.put("zeropadding", Integer.toString(w.zeroPadding()));
    kv.put("seed", Long.toString(seed));
    StringBuilder b = new StringBuilder();
    kv.forEach((k, v) -> b.append(b.length() == 0 ? "" : " ").append(k).append('=').append(v));
    return b.toString();
  }

  /** What differs between a run's layout and the table's, for the line that refuses the run. */
  static String difference(String wanted, String table) {
    Map<String, String> want = OwnedTables.layoutFields(wanted);
    Map<String, String> have = OwnedTables.layoutFields(table == null ? "" : table);
    List<String> d = new ArrayList<>();
    want.forEach((k, v) -> {
      if (!v.equals(have.get(k))) {
        d.add(k + " " + v + " (the table has " + have.getOrDefault(k, "none") + ")");
      }
    });
    return String.join(", ", d);
  }

  /**
   * The split points of {@code regions} regions. Hashed keys ({@code user} and 1 to 19 digits)
   * are split as YCSB's HBase instructions split them, at {@code user} + {@code 1000 + i x
   * (9999 - 1000) / regions}; ordered keys at every {@code regions}-th part of the key numbers.
   */
  static byte[][] splits(YcsbWorkload w, int regions) {
    List<byte[]> out = new ArrayList<>();
    for (int i = 1; i < regions; i++) {
      String key = w.orderedInserts()
          ? YcsbKeys.key(w.insertStart() + (long) ((double) i * w.records() / regions), true,
              w.zeroPadding())
          : "user" + (1000 + i * (9999 - 1000) / regions);
      byte[] k = key.getBytes(StandardCharsets.UTF_8);
      if (out.isEmpty() || java.util.Arrays.compare(out.get(out.size() - 1), k) < 0) {
        out.add(k);
      }
    }
    return out.toArray(new byte[0][]);
  }

  /** Creates the table for workload {@code w} ({@link OwnedTables#create}). */
  static void create(Admin admin, TableName name, YcsbWorkload w, long seed, int regions,
      String version) throws IOException {
    OwnedTables.create(admin, name, LAYOUT, layout(w, seed),
        List.of(ColumnFamilyDescriptorBuilder.of(FAMILY)), 1, splits(w, regions), version);
  }

  /** Rows on the server, counted by a key-only scan of the whole table. */
  static long count(Connection conn, TableName name) throws IOException {
    return OwnedTables.countRows(conn, name, null, null);
  }
}
