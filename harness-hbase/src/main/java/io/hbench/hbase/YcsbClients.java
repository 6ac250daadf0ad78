package io.hbench.hbase;

import io.hbench.core.LoadScope;
import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.LoadClients;
import io.hbench.core.stats.RefusedCallException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;

/**
 * The clients of one process (or map task) of {@code bench ycsb}: threads sharing one connection,
 * as YCSB's threads share its HBase binding's, each with its own table handle and its own
 * generator seeded by {@code --seed} and its client number. A call is one of YCSB's operations
 * ({@link Ops}) on HBase; every value read or scanned is checked against what hbench wrote, and
 * a wrong or missing one fails the call naming the row. The core times the calls; nothing here
 * reads a clock.
 *
 * <p>Keys are YCSB's: the load's client {@code c} of {@code C} inserts its share of the key
 * numbers, one contiguous range each; a run's client inserts key numbers {@code records + j x C +
 * c} (its j-th insert), so that no two clients, in one process or in different map tasks, insert
 * the same key. Each client reads the loaded keys and its own inserts, as if it were one YCSB
 * client whose inserts the others do not see.
 */
final class YcsbClients implements AutoCloseable {

  /** A read or scan found a value that is not one hbench wrote. */
  static final String WRONG_VALUE = "wrong_value";
  /** A read or scan found no row, or no cell, where hbench wrote one. */
  static final String MISSING_ROW = "missing_row";
  /** A scan returned rows out of order. */
  static final String OUT_OF_ORDER = "out_of_order";
  /** Rows the recorded scans returned. */
  static final String ROWS_RETURNED = "rows_returned";
  /** Rows the run's inserts wrote, warm-up calls included: the server's count must grow by it. */
  static final String INSERTED = "inserted";
  /** The steps of a read-modify-write. */
  static final String RMW_READ = "read_modify_write.read";
  static final String RMW_WRITE = "read_modify_write.write";

  /** The operations, by YCSB's names. */
  enum Ops {
    READ("read"), UPDATE("update"), INSERT("insert"), SCAN("scan"),
    READ_MODIFY_WRITE("read_modify_write");

    final String op;

    Ops(String op) {
      this.op = op;
    }

    static Ops of(String op) {
      for (Ops o : values()) {
        if (o.op.equals(op)) {
          return o;
        }
      }
      throw new IllegalArgumentException("no operation " + op);
    }
  }

  /** Where a client's table handle comes from: the process's connection, or a stand-in. */
  @FunctionalInterface
  interface Tables {
    Table open(TableName name) throws IOException;
  }

  private final AutoCloseable connection;
  private final Client[] clients;

  private YcsbClients(AutoCloseable connection, int threads) {
    this.connection = connection;
    this.clients = new Client[threads];
  }

  /** The clients of one process ({@link YcsbLoad#open}), their connection opened. */
  static LoadClients clients(LoadScope scope) throws IOException {
    Connection conn = ConnectionFactory.createConnection(FailedRpcAttempts.configuration(scope));
    LoadClients clients = over(YcsbWorkload.of(scope.param(YcsbFields.WORKLOAD)),
        scope.options().get(YcsbOptions.SEED),
        scope.point().get(YcsbFields.PHASE) == YcsbOptions.Phase.LOAD, scope.firstClient(),
        scope.threads(), scope.clients(), conn::getTable, conn);
    return FailedRpcAttempts.kept(scope)
        ? clients.counting(FailedRpcAttempts.over(List.of(conn))) : clients;
  }

  /**
   * Clients {@code first} to {@code first + threads - 1} of {@code all}, making workload {@code
   * w}'s load phase ({@code load}) or its run on the tables {@code tables} opens; {@code
   * connection} is closed after the tables.
   */
  static LoadClients over(YcsbWorkload w, long seed, boolean load, int first, int threads,
      int all, Tables tables, AutoCloseable connection) throws IOException {
    YcsbClients c = new YcsbClients(connection, threads);
    long[] calls = new long[threads];
    try {
      for (int t = 0; t < threads; t++) {
        int number = first + t;
        calls[t] = share(load ? w.records() : w.operations(), all, number);
        c.clients[t] = new Client(w, seed, number, all, calls[t], load,
            tables.open(TableName.valueOf(w.table())));
      }
    } catch (IOException | RuntimeException e) {
      c.close();
      throw e;
    }
    return new LoadClients(calls, c.call(load), c);
  }

  /** Client {@code c}'s share of {@code total} over {@code clients}: the first ones one more. */
  static long share(long total, int clients, int c) {
    return total / clients + (c < total % clients ? 1 : 0);
  }

  /** The first of client {@code c}'s share of {@code total}: the shares are contiguous, in order. */
  static long firstOf(long total, int clients, int c) {
    return c * (total / clients) + Math.min(c, total % clients);
  }

  /** The key number of a run's client {@code c}'s {@code j}-th insert, over {@code clients}. */
  static long insertKey(YcsbWorkload w, int clients, int c, long j) {
    return w.insertStart() + w.records() + j * clients + c;
  }

  private ConcurrentLoad.SteppedCall call(boolean load) {
    return load ? (t, i, steps) -> clients[t].load(i) : (t, i, steps) -> clients[t].run(steps);
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (Client c : clients) {
      if (c != null) {
        try {
          c.table.close();
        } catch (IOException e) {
          first = first == null ? e : first;
        }
      }
    }
    try {
      if (connection != null) {
        connection.close();
      }
    } catch (IOException e) {
      first = first == null ? e : first;
    } catch (Exception e) {
      first = first == null ? new IOException(e) : first;
    }
    if (first != null) {
      throw first;
    }
  }

  /** One client thread: its table handle, its generator, its choosers and its inserts so far. */
  private static final class Client {
    private final YcsbWorkload w;
    private final long seed;
    private final int number;
    private final int clients;
    private final long first;
    private final Table table;
    private final SplittableRandom random;
    private final Ops[] ops;
    private final double[] cumulative;
    private final YcsbDistributions.Chooser keys;
    private final YcsbDistributions.Chooser scanLength;
    private final YcsbDistributions.Chooser fieldLength;
    private final byte[][] qualifiers;
    /** Whether keys are drawn over the loaded rows and this client's inserts (zipfian, latest). */
    private final boolean withInserts;
    private long inserted;

    Client(YcsbWorkload w, long seed, int number, int clients, long calls, boolean load,
        Table table) {
      this.w = w;
      this.seed = seed;
      this.number = number;
      this.clients = clients;
      this.table = table;
      this.first = firstOf(w.records(), clients, number);
      this.random = new SplittableRandom(seed * 0x9E3779B97F4A7C15L + number);
      List<Map.Entry<String, Double>> mix = w.mix();
      this.ops = new Ops[mix.size()];
      this.cumulative = new double[mix.size()];
      double sum = mix.stream().mapToDouble(Map.Entry::getValue).sum();
      double acc = 0;
      for (int i = 0; i < ops.length; i++) {
        ops[i] = Ops.of(mix.get(i).getKey());
        acc += mix.get(i).getValue() / sum;
        cumulative[i] = acc;
      }
      this.qualifiers = new byte[w.fields()][];
      for (int f = 0; f < w.fields(); f++) {
        qualifiers[f] = YcsbKeys.field(f).getBytes(StandardCharsets.US_ASCII);
      }
      long records = Math.max(1, w.records());
      String dist = w.requestDistribution();
      this.withInserts = dist.equals("zipfian") || dist.equals("latest");
      if (load) {
        keys = null;
      } else if (dist.equals("uniform")) {
        keys = YcsbDistributions.uniform(0, records - 1);
      } else if (dist.equals("hotspot")) {
        keys = YcsbDistributions.hotspot(0, records - 1, w.hotspotDataFraction(),
            w.hotspotOpnFraction());
      } else if (dist.equals("zipfian")) {
        // As YCSB: over the loaded rows and twice the inserts expected, redrawn past the last.
        long expected = (long) (calls * w.insert() * 2);
        keys = YcsbDistributions.scrambledZipfian(0, records + expected - 1);
      } else {
        keys = new YcsbDistributions.SkewedLatest(() -> records + inserted - 1,
            YcsbDistributions.SkewedLatest.base(records));
      }
      scanLength = w.scanLengthDistribution().equals("zipfian")
          ? new YcsbDistributions.Zipfian(w.minScanLength(), w.maxScanLength(),
              YcsbDistributions.ZIPFIAN_CONSTANT)
          : YcsbDistributions.uniform(w.minScanLength(), w.maxScanLength());
      fieldLength = switch (w.fieldLengthDistribution()) {
        case "uniform" -> YcsbDistributions.uniform(w.minFieldLength(), w.fieldLength());
        case "zipfian" -> new YcsbDistributions.Zipfian(w.minFieldLength(), w.fieldLength(),
            YcsbDistributions.ZIPFIAN_CONSTANT);
        default -> r -> w.fieldLength();
      };
    }

    /** The load's i-th insert: the next key number of this client's range, every field. */
    long load(long i) throws IOException {
      return insert(w.insertStart() + first + i);
    }

    long run(ConcurrentLoad.Steps steps) throws IOException, RefusedCallException {
      Ops op = choose();
      steps.operation(op.op);
      switch (op) {
        case READ:
          return read(key());
        case UPDATE:
          return update(YcsbKeys.key(key(), w.orderedInserts(), w.zeroPadding()),
              1 + random.nextInt(Integer.MAX_VALUE), -1);
        case INSERT: {
          long bytes = insert(insertKey(w, clients, number, inserted));
          inserted++;
          steps.countAll(INSERTED, 1);
          return bytes;
        }
        case SCAN:
          return scan(key(), steps);
        default:
          return readModifyWrite(key(), steps);
      }
    }

    private Ops choose() {
      if (ops.length == 1) {
        return ops[0];
      }
      double u = random.nextDouble();
      for (int i = 0; i < ops.length - 1; i++) {
        if (u < cumulative[i]) {
          return ops[i];
        }
      }
      return ops[ops.length - 1];
    }

    /**
     * A key number to operate on: one of the loaded rows or, for zipfian and latest, of this
     * client's inserts too (YCSB draws again past the last acknowledged insert).
     */
    private long key() {
      long x = keys.next(random);
      if (withInserts) {
        long known = w.records() + inserted;
        for (int tries = 0; x >= known && tries < 100; tries++) {
          x = keys.next(random);
        }
        x = Math.floorMod(x, Math.max(1, known));
        if (x >= w.records()) {
          return insertKey(w, clients, number, x - w.records());
        }
      }
      return w.insertStart() + x;
    }

    /** Writes every field of key number {@code keynum}, version 0. */
    private long insert(long keynum) throws IOException {
      String key = YcsbKeys.key(keynum, w.orderedInserts(), w.zeroPadding());
      byte[] row = key.getBytes(StandardCharsets.UTF_8);
      Put p = new Put(row);
      long bytes = 0;
      for (int f = 0; f < w.fields(); f++) {
        byte[] v = YcsbValues.value(seed, key, f, 0, (int) fieldLength.next(random));
        p.addColumn(YcsbTable.FAMILY, qualifiers[f], v);
        bytes += v.length;
      }
      table.put(p);
      return bytes;
    }

    /**
     * Writes version {@code version} of {@code key}'s fields: field {@code only} when it is 0 or
     * more, else every field with {@code writeallfields}, else one drawn.
     */
    private long update(String key, long version, int only) throws IOException {
      Put p = new Put(key.getBytes(StandardCharsets.UTF_8));
      int from = only >= 0 ? only : w.writeAllFields() ? 0 : random.nextInt(w.fields());
      int to = only >= 0 || !w.writeAllFields() ? from + 1 : w.fields();
      long bytes = 0;
      for (int f = from; f < to; f++) {
        byte[] v = YcsbValues.value(seed, key, f, version, (int) fieldLength.next(random));
        p.addColumn(YcsbTable.FAMILY, qualifiers[f], v);
        bytes += v.length;
      }
      table.put(p);
      return bytes;
    }

    private long read(long keynum) throws IOException, RefusedCallException {
      String key = YcsbKeys.key(keynum, w.orderedInserts(), w.zeroPadding());
      int field = w.readAllFields() ? -1 : random.nextInt(w.fields());
      return check(key, field, get(key, field));
    }

    private Result get(String key, int field) throws IOException {
      Get g = new Get(key.getBytes(StandardCharsets.UTF_8));
      if (field < 0) {
        g.addFamily(YcsbTable.FAMILY);
      } else {
        g.addColumn(YcsbTable.FAMILY, qualifiers[field]);
      }
      return table.get(g);
    }

    /** Reads a row, then writes the next version of what it read: YCSB's workload F. */
    private long readModifyWrite(long keynum, ConcurrentLoad.Steps steps)
        throws IOException, RefusedCallException {
      String key = YcsbKeys.key(keynum, w.orderedInserts(), w.zeroPadding());
      int field = w.readAllFields() ? -1 : random.nextInt(w.fields());
      Result r = get(key, field);
      long bytes = check(key, field, r);
      steps.mark(RMW_READ);
      // The field written: the one read, or with every field read, the first (every field with
      // writeallfields); its next version.
      int written = field >= 0 ? field : 0;
      Cell c = r.getColumnLatestCell(YcsbTable.FAMILY, qualifiers[written]);
      long version = YcsbValues.version(CellUtil.cloneValue(c)) + 1;
      bytes += update(key, version, w.writeAllFields() ? -1 : written);
      steps.mark(RMW_WRITE);
      return bytes;
    }

    private long scan(long keynum, ConcurrentLoad.Steps steps)
        throws IOException, RefusedCallException {
      String key = YcsbKeys.key(keynum, w.orderedInserts(), w.zeroPadding());
      int length = (int) scanLength.next(random);
      int field = w.readAllFields() ? -1 : random.nextInt(w.fields());
      Scan s = new Scan().withStartRow(key.getBytes(StandardCharsets.UTF_8)).setLimit(length)
          .setCaching(length);
      if (field < 0) {
        s.addFamily(YcsbTable.FAMILY);
      } else {
        s.addColumn(YcsbTable.FAMILY, qualifiers[field]);
      }
      long bytes = 0;
      long rows = 0;
      byte[] previous = null;
      try (ResultScanner rs = table.getScanner(s)) {
        for (Result r = rs.next(); r != null; r = rs.next()) {
          byte[] row = r.getRow();
          if (previous == null && !Arrays.equals(row, key.getBytes(StandardCharsets.UTF_8))) {
            throw problem(MISSING_ROW, "a scan from " + key + " began at "
                + new String(row, StandardCharsets.UTF_8));
          }
          if (previous != null && Arrays.compare(previous, row) >= 0) {
            throw problem(OUT_OF_ORDER, "a scan from " + key + " returned "
                + new String(row, StandardCharsets.UTF_8) + " after "
                + new String(previous, StandardCharsets.UTF_8));
          }
          bytes += check(new String(row, StandardCharsets.UTF_8), field, r);
          previous = row;
          rows++;
        }
      }
      if (rows == 0) {
        throw problem(MISSING_ROW, "a scan from " + key + " returned no row");
      }
      steps.count(ROWS_RETURNED, rows);
      return bytes;
    }

    /** Checks {@code key}'s fields in {@code r} (every field, or {@code field}); their bytes. */
    private long check(String key, int field, Result r) throws RefusedCallException {
      if (r == null || r.isEmpty()) {
        throw problem(MISSING_ROW, "row " + key + " is missing");
      }
      long bytes = 0;
      for (int f = field < 0 ? 0 : field; f < (field < 0 ? w.fields() : field + 1); f++) {
        Cell c = r.getColumnLatestCell(YcsbTable.FAMILY, qualifiers[f]);
        if (c == null) {
          throw problem(MISSING_ROW, "row " + key + " has no " + YcsbKeys.field(f));
        }
        byte[] v = CellUtil.cloneValue(c);
        if (!YcsbValues.matches(seed, key, f, v)) {
          throw problem(WRONG_VALUE, "row " + key + " " + YcsbKeys.field(f)
              + " does not hold a value hbench wrote");
        }
        bytes += v.length;
      }
      return bytes;
    }

    private RefusedCallException problem(String type, String detail) {
      return new RefusedCallException(type, detail + " (client " + number + ")");
    }
  }
}
