package io.hbench.hbase;

import io.hbench.core.LoadScope;
import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.LoadClients;
import io.hbench.core.stats.RefusedCallException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Append;
import org.apache.hadoop.hbase.client.AsyncBufferedMutator;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.AsyncTable;
import org.apache.hadoop.hbase.client.BufferedMutator;
import org.apache.hadoop.hbase.client.BufferedMutatorParams;
import org.apache.hadoop.hbase.client.CheckAndMutate;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Increment;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.RowMutations;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.PageFilter;
import org.apache.hadoop.hbase.filter.SingleColumnValueFilter;
import org.apache.hadoop.hbase.filter.WhileMatchFilter;

/**
 * The clients of one process (or map task): each with its own connection, as PE's clients have,
 * opened before the clock starts, and the one call every client makes. A call does one of PE's
 * operations and checks what came back: every value read is compared with what hbench wrote, and
 * a wrong or missing one fails the call ({@link #WRONG_VALUE}, {@link #MISSING_ROW}), saying which
 * row. The core times the calls; nothing here reads a clock.
 */
final class PeClients implements AutoCloseable {

  /** A read found a value that is not the one hbench wrote. */
  static final String WRONG_VALUE = "wrong_value";
  /** A read found no row, or no cell, where hbench wrote one. */
  static final String MISSING_ROW = "missing_row";
  /** A scan returned rows out of order. */
  static final String OUT_OF_ORDER = "out_of_order";
  /** A check-and-mutate found the row's value was not hbench's. */
  static final String CHECK_FAILED = "check_failed";

  /** Qualifiers of the mutation commands' own cells, beside the values reads check. */
  static final byte[] INCREMENT_COLUMN = "increment".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  static final byte[] APPEND_COLUMN = "append".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  static final byte[] UNWRITTEN_COLUMN = "never-written".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  /** Bytes one append call adds. */
  static final int APPEND_BYTES = 8;

  private final PeSettings s;
  private final TableName name;
  private final List<AutoCloseable> open = new ArrayList<>();
  /** The clients' synchronous connections, whose failed RPC attempts a disrupted load counts. */
  private final List<Connection> connections = new ArrayList<>();
  private final Client[] clients;
  /** The count of rows the range scans' recorded calls returned (scanRange, randomSeekScan, filterScan). */
  static final String ROWS_RETURNED = "rows_returned";

  private PeClients(PeSettings s) {
    this.s = s;
    this.name = TableName.valueOf(s.table());
    this.clients = new Client[s.threads()];
  }

  /** Opens one connection (and table, mutator) per client; nothing is timed yet. */
  static PeClients open(PeSettings s, Configuration hbase) throws IOException {
    PeClients c = new PeClients(s);
    try {
      for (int t = 0; t < s.threads(); t++) {
        c.clients[t] = c.new Client(s.firstClient() + t, hbase);
      }
    } catch (IOException | RuntimeException e) {
      c.close();
      throw e;
    }
    return c;
  }

  /** The clients of one process ({@link PeLoad#open}), each with its connection, opened. */
  static LoadClients clients(LoadScope scope) throws IOException {
    PeSettings s = PeSettings.of(scope.options(), scope.point(), scope.param(PeFields.TABLE_ROWS),
        scope.threads(), scope.firstClient());
    PeClients clients = open(s, FailedRpcAttempts.configuration(scope));
    LoadClients load = LoadClients.of(s.threads(), s.callsPerClient(), clients.call())
        .closing(clients);
    return FailedRpcAttempts.kept(scope) && !s.async()
        ? load.counting(FailedRpcAttempts.over(clients.connections)) : load;
  }

  /** The call: thread {@code t}'s {@code i}-th. */
  ConcurrentLoad.SteppedCall call() {
    return (t, i, steps) -> clients[t].call(i, steps);
  }

  @Override
  public void close() throws IOException {
    IOException first = null;
    for (int i = open.size() - 1; i >= 0; i--) {
      try {
        open.get(i).close();
      } catch (Exception e) {
        if (first == null) {
          first = e instanceof IOException io ? io : new IOException(e);
        }
      }
    }
    open.clear();
    if (first != null) {
      throw first;
    }
  }

  private <T extends AutoCloseable> T keep(T c) {
    open.add(c);
    return c;
  }

  /** One client: its connection, its row sequence and, for buffered writes, its buffer. */
  private final class Client {
    private final int number;
    private final long first;
    private final long calls;
    private final Table table;
    private final AsyncTable<?> asyncTable;
    private final BufferedMutator mutator;
    private final AsyncBufferedMutator asyncMutator;
    private final List<CompletableFuture<Void>> pending = new ArrayList<>();
    private final PeRows.Permutation order;
    private final SplittableRandom random;
    private final byte[] scratch;
    private ResultScanner scanner;
    private long buffered;

    Client(int number, Configuration hbase) throws IOException {
      this.number = number;
      this.first = s.firstRow(number);
      this.calls = s.callsPerClient();
      this.scratch = new byte[s.valueSize()];
      this.order = new PeRows.Permutation(Math.max(1, s.rows()), s.seed() * 31 + number);
      this.random = PeRows.draws(s.seed(), number);
      // The client's own buffer is flushed by hbench (see put); HBase's never fills first.
      long hbaseBuffer = s.writeBuffer() * 2 + (1 << 20);
      if (s.async()) {
        AsyncConnection conn;
        try {
          conn = ConnectionFactory.createAsyncConnection(hbase).get();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IOException("interrupted while connecting", e);
        } catch (ExecutionException e) {
          throw new IOException("connecting: " + e.getCause(), e.getCause());
        }
        keep(conn);
        table = null;
        mutator = null;
        asyncTable = conn.getTable(name);
        asyncMutator = s.buffered()
            ? keep(conn.getBufferedMutatorBuilder(name).setWriteBufferSize(hbaseBuffer)
                .setWriteBufferPeriodicFlush(0, java.util.concurrent.TimeUnit.MILLISECONDS).build())
            : null;
      } else {
        Connection conn = keep(ConnectionFactory.createConnection(hbase));
        connections.add(conn);
        asyncTable = null;
        asyncMutator = null;
        table = keep(conn.getTable(name));
        mutator = s.buffered()
            ? keep(conn.getBufferedMutator(new BufferedMutatorParams(name)
                .writeBufferSize(hbaseBuffer).setWriteBufferPeriodicFlushTimeoutMs(0)))
            : null;
      }
    }

    long call(long i, ConcurrentLoad.Steps steps) throws Exception {
      return switch (s.command()) {
        case SEQUENTIAL_WRITE, RANDOM_WRITE -> write(i, steps);
        case SEQUENTIAL_READ, RANDOM_READ -> read(i);
        case SCAN -> next(i);
        case SCAN_RANGE_10, SCAN_RANGE_100, SCAN_RANGE_1000, SCAN_RANGE_10000, RANDOM_SEEK_SCAN ->
            rangeScan(steps);
        case FILTER_SCAN -> filterScan(steps);
        case INCREMENT -> {
          table.increment(new Increment(PeRows.key(sequential(i)))
              .addColumn(PeRows.family(0), INCREMENT_COLUMN, 1).setDurability(s.wal()));
          yield PeRows.KEY_LENGTH + 8;
        }
        case APPEND -> {
          table.append(new Append(PeRows.key(sequential(i)))
              .addColumn(PeRows.family(0), APPEND_COLUMN, new byte[APPEND_BYTES])
              .setDurability(s.wal()));
          yield PeRows.KEY_LENGTH + APPEND_BYTES;
        }
        case CHECK_AND_PUT, CHECK_AND_MUTATE, CHECK_AND_DELETE -> checkAnd(sequential(i));
        case SEQUENTIAL_DELETE, RANDOM_DELETE -> {
          long row = s.command() == PeCommand.RANDOM_DELETE ? permuted(i) : sequential(i);
          table.delete(new Delete(PeRows.key(row)).setDurability(s.wal()));
          yield PeRows.KEY_LENGTH;
        }
      };
    }

    /** The i-th row of this client's range, wrapping round the table. */
    private long sequential(long i) {
      return (first + i) % s.tableRows();
    }

    /** The i-th row of this client's range in its random order (each row once). */
    private long permuted(long i) {
      return (first + order.apply(i % Math.max(1, s.rows()))) % s.tableRows();
    }

    private Put put(long row) {
      Put p = new Put(PeRows.key(row));
      for (int f = 0; f < s.families(); f++) {
        for (int c = 0; c < s.columns(); c++) {
          p.addColumn(PeRows.family(f), PeRows.qualifier(c),
              PeRows.value(s.seed(), row, f, c, s.valueSize()));
        }
      }
      p.setDurability(s.wal());
      return p;
    }

    /** Bytes a row's cells carry: key, family, qualifier and value of each (no RPC framing). */
    private long rowBytes() {
      long b = 0;
      for (int f = 0; f < s.families(); f++) {
        for (int c = 0; c < s.columns(); c++) {
          b += PeRows.KEY_LENGTH + PeRows.family(f).length + PeRows.qualifier(c).length + s.valueSize();
        }
      }
      return b;
    }

    private long write(long i, ConcurrentLoad.Steps steps) throws Exception {
      int n = s.batch();
      long bytes = 0;
      if (!s.buffered()) {
        List<Put> puts = new ArrayList<>(n);
        for (int k = 0; k < n; k++) {
          long index = i * n + k;
          puts.add(put(s.command() == PeCommand.RANDOM_WRITE ? permutedRow(index) : sequential(index)));
          bytes += rowBytes();
        }
        if (s.async()) {
          CompletableFuture.allOf(asyncTable.put(puts).toArray(new CompletableFuture[0])).get();
        } else if (n == 1) {
          table.put(puts.get(0));
        } else {
          table.put(puts);
        }
        return bytes;
      }
      // Buffered: the call is the copy into the client's buffer ("put.enqueue"); when the buffer
      // is full, and at the client's last row, the call also sends it ("put.flush"), so the
      // figures show both and the window ends when the last row is on the server.
      long row = s.command() == PeCommand.RANDOM_WRITE ? permutedRow(i) : sequential(i);
      Put p = put(row);
      if (s.async()) {
        pending.add(asyncMutator.mutate(p));
      } else {
        mutator.mutate(p);
      }
      buffered += p.heapSize();
      steps.mark("put.enqueue");
      if (buffered >= s.writeBuffer() || i == calls - 1) {
        if (s.async()) {
          asyncMutator.flush();
          CompletableFuture.allOf(pending.toArray(new CompletableFuture[0])).get();
          pending.clear();
        } else {
          mutator.flush();
        }
        buffered = 0;
        steps.mark("put.flush");
      }
      return rowBytes();
    }

    /** Random writes: each of the client's rows once, in a random order. */
    private long permutedRow(long index) {
      return (first + order.apply(index)) % s.tableRows();
    }

    private Get get(long row) {
      Get g = new Get(PeRows.key(row));
      for (int f = 0; f < s.families(); f++) {
        for (int c = 0; c < s.columns(); c++) {
          g.addColumn(PeRows.family(f), PeRows.qualifier(c));
        }
      }
      return g;
    }

    private long readRow(long k) {
      if (s.command() == PeCommand.RANDOM_READ) {
        return random.nextLong(s.tableRows());
      }
      // sequentialRead with --sample-rate reads every (1/rate)-th row of the client's range.
      return (first + (long) (k / s.sampleRate())) % s.tableRows();
    }

    private long read(long i) throws Exception {
      int n = s.batch();
      List<Get> gets = new ArrayList<>(n);
      long[] rows = new long[n];
      for (int k = 0; k < n; k++) {
        rows[k] = readRow(i * n + k);
        gets.add(get(rows[k]));
      }
      Result[] results;
      if (s.async()) {
        results = new Result[n];
        List<CompletableFuture<Result>> fs = asyncTable.get(gets);
        for (int k = 0; k < n; k++) {
          results[k] = fs.get(k).get();
        }
      } else if (n == 1) {
        results = new Result[] {table.get(gets.get(0))};
      } else {
        results = table.get(gets);
      }
      long bytes = 0;
      for (int k = 0; k < n; k++) {
        bytes += check(rows[k], results[k]);
      }
      return bytes;
    }

    /** PE's scan: one scanner over the client's range, each call one row from it. */
    private long next(long i) throws Exception {
      if (scanner == null) {
        Scan scan = new Scan().withStartRow(PeRows.key(first)).setCaching(s.caching());
        addColumns(scan);
        scanner = s.async() ? asyncTable.getScanner(scan) : table.getScanner(scan);
        keep(scanner);
      }
      Result r = scanner.next();
      long expected = first + i;
      if (r == null) {
        if (expected >= s.tableRows()) {
          throw ConcurrentLoad.EXHAUSTED;
        }
        throw problem(MISSING_ROW, "the scan ended before row " + expected);
      }
      long got = PeRows.row(r.getRow());
      if (got != expected) {
        throw problem(got > expected ? MISSING_ROW : OUT_OF_ORDER,
            "the scan returned row " + got + " where row " + expected + " was due");
      }
      return check(expected, r);
    }

    /** scanRange N and randomSeekScan: a scan from a random row, checked for order and count. */
    private long rangeScan(ConcurrentLoad.Steps steps) throws Exception {
      long start = random.nextLong(s.tableRows());
      int want = s.command().range;
      Scan scan = new Scan().withStartRow(PeRows.key(start)).setCaching(Math.min(want, s.caching()));
      if (s.command() == PeCommand.RANDOM_SEEK_SCAN) {
        scan.setFilter(new WhileMatchFilter(new PageFilter(want)));
      } else {
        scan.withStopRow(PeRows.key(start + want));
      }
      addColumns(scan);
      long expectedRows = Math.min(want, s.tableRows() - start);
      long bytes = 0;
      long row = start;
      try (ResultScanner rs = s.async() ? asyncTable.getScanner(scan) : table.getScanner(scan)) {
        for (Result r = rs.next(); r != null; r = rs.next()) {
          long got = PeRows.row(r.getRow());
          if (got != row) {
            throw problem(got > row ? MISSING_ROW : OUT_OF_ORDER,
                "a scan from row " + start + " returned row " + got + " where row " + row + " was due");
          }
          bytes += check(row, r);
          row++;
        }
      }
      // A page filter works per region, so randomSeekScan may return more than its page.
      long got = row - start;
      boolean countOk = s.command() == PeCommand.RANDOM_SEEK_SCAN ? got >= expectedRows : got == expectedRows;
      if (!countOk) {
        throw problem(MISSING_ROW, "a scan from row " + start + " returned " + got + " rows, expected "
            + expectedRows);
      }
      steps.count(ROWS_RETURNED, got);
      return bytes;
    }

    /** PE's filterScan: a full scan for the rows whose first value equals a random row's. */
    private long filterScan(ConcurrentLoad.Steps steps) throws Exception {
      long target = random.nextLong(s.tableRows());
      byte[] value = PeRows.value(s.seed(), target, 0, 0, s.valueSize());
      Scan scan = new Scan().setCaching(s.caching());
      SingleColumnValueFilter filter = new SingleColumnValueFilter(PeRows.family(0),
          PeRows.qualifier(0), org.apache.hadoop.hbase.CompareOperator.EQUAL,
          new BinaryComparator(value));
      filter.setFilterIfMissing(true);
      scan.setFilter(filter);
      addColumns(scan);
      long bytes = 0;
      long found = 0;
      boolean sawTarget = false;
      try (ResultScanner rs = s.async() ? asyncTable.getScanner(scan) : table.getScanner(scan)) {
        for (Result r = rs.next(); r != null; r = rs.next()) {
          long row = PeRows.row(r.getRow());
          bytes += check(row, r);
          sawTarget |= row == target;
          found++;
        }
      }
      if (!sawTarget) {
        throw problem(MISSING_ROW, "a filtered scan for row " + target + "'s value did not find it");
      }
      steps.count(ROWS_RETURNED, found);
      return bytes;
    }

    private long checkAnd(long row) throws Exception {
      byte[] key = PeRows.key(row);
      byte[] value = PeRows.value(s.seed(), row, 0, 0, s.valueSize());
      CheckAndMutate.Builder when = CheckAndMutate.newBuilder(key)
          .ifEquals(PeRows.family(0), PeRows.qualifier(0), value);
      // The action leaves the row's values as hbench wrote them: later reads still check.
      Put same = new Put(key).addColumn(PeRows.family(0), PeRows.qualifier(0), value);
      same.setDurability(s.wal());
      CheckAndMutate cam;
      switch (s.command()) {
        case CHECK_AND_PUT -> cam = when.build(same);
        case CHECK_AND_MUTATE -> {
          RowMutations m = new RowMutations(key);
          m.add(same);
          cam = when.build(m);
        }
        default -> {
          Delete d = new Delete(key).addColumns(PeRows.family(0), UNWRITTEN_COLUMN);
          d.setDurability(s.wal());
          cam = when.build(d);
        }
      }
      if (!table.checkAndMutate(cam).isSuccess()) {
        throw problem(CHECK_FAILED, "row " + row + " family info0 column 0 does not hold the value"
            + " hbench wrote (check-and-mutate failed)");
      }
      return PeRows.KEY_LENGTH + s.valueSize();
    }

    private void addColumns(Scan scan) {
      for (int f = 0; f < s.families(); f++) {
        for (int c = 0; c < s.columns(); c++) {
          scan.addColumn(PeRows.family(f), PeRows.qualifier(c));
        }
      }
    }

    /** Checks every value of {@code row} in {@code r}; returns the bytes received. */
    private long check(long row, Result r) throws RefusedCallException {
      if (r == null || r.isEmpty()) {
        throw problem(MISSING_ROW, "row " + row + " is missing");
      }
      long bytes = 0;
      for (int f = 0; f < s.families(); f++) {
        byte[] family = PeRows.family(f);
        for (int c = 0; c < s.columns(); c++) {
          Cell cell = r.getColumnLatestCell(family, PeRows.qualifier(c));
          if (cell == null) {
            throw problem(MISSING_ROW, "row " + row + " has no cell info" + f + ":" + c);
          }
          if (!PeRows.matches(s.seed(), row, f, c, s.valueSize(), cell.getValueArray(),
              cell.getValueOffset(), cell.getValueLength(), scratch)) {
            throw problem(WRONG_VALUE, "row " + row + " cell info" + f + ":" + c
                + " does not hold the value hbench wrote");
          }
          bytes += cell.getRowLength() + cell.getFamilyLength() + cell.getQualifierLength()
              + cell.getValueLength();
        }
      }
      return bytes;
    }

    private RefusedCallException problem(String type, String detail) {
      return new RefusedCallException(type, detail + " (client " + number + ")");
    }
  }
}
