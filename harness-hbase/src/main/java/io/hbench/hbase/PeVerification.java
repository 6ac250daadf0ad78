package io.hbench.hbase;

import io.hbench.core.RunContext;
import io.hbench.core.load.LoadResult;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;

/**
 * What a point's calls must have left on the server, checked by asking the server (never the
 * clients' own tally): a write's rows counted by a scan; an increment's or append's cells summed
 * before and after; a delete's rows gone and the others still there; and for every command, no
 * failed call (a read that found a wrong or missing value fails its call, named here).
 */
final class PeVerification {

  private final PeSettings s;
  private final Connection conn;
  private final TableName name;
  private final int clients;
  private final long before;
  private final long deletedTo;

  private PeVerification(PeSettings s, Connection conn, int clients, long before, long deletedTo) {
    this.s = s;
    this.conn = conn;
    this.name = TableName.valueOf(s.table());
    this.clients = clients;
    this.before = before;
    this.deletedTo = deletedTo;
  }

  /** Takes what must be known before the calls: counters, or the rows a delete leaves alone. */
  static PeVerification before(PeSettings s, Connection conn, int clients) throws IOException {
    TableName name = TableName.valueOf(s.table());
    long before = 0;
    // Client c deletes rows c*rows .. (c+1)*rows-1, wrapping: together a prefix of the table.
    long deletedTo = Math.min(s.tableRows(), clients * s.rows());
    switch (s.command()) {
      case INCREMENT -> before = PeTable.sumColumn(conn, name, PeClients.INCREMENT_COLUMN, true);
      case APPEND -> before = PeTable.sumColumn(conn, name, PeClients.APPEND_COLUMN, false);
      case SEQUENTIAL_DELETE, RANDOM_DELETE ->
          before = PeTable.countRows(conn, name, deletedTo, s.tableRows());
      default -> { }
    }
    return new PeVerification(s, conn, clients, before, deletedTo);
  }

  void after(RunContext ctx, LoadResult r, boolean timed) throws IOException {
    String problem = r.firstProblem();
    String op = s.command().op();
    Map<String, Long> failures = r.tally().failures(op);
    long made = r.calls() + r.warmupCalls();
    long expected = expectedCalls();
    boolean countOk = timed ? r.calls() > 0 : made == expected;
    ctx.check("calls", r.failuresOutsideFaults() == 0 && countOk, r.calls() + " calls recorded"
        + (r.warmupCalls() > 0 ? " (+" + r.warmupCalls() + " warm-up)" : "")
        + (timed ? "" : ", expected " + expected) + ", " + r.failures() + " failed"
        + r.faultFailuresNote()
        + (failures.isEmpty() ? "" : " " + failures)
        + (problem != null ? "; first: " + problem : ""));
    switch (s.command().kind) {
      case WRITE -> {
        long rows = PeTable.countRows(conn, name, 0, Long.MAX_VALUE);
        ctx.check("rows_on_server", rows == s.tableRows(), rows + " rows counted by a scan of the"
            + " table, " + s.tableRows() + " written");
      }
      case READ, SCAN -> ctx.check("values", r.failures() == 0, r.failures() == 0
          ? "every value read is the one hbench wrote" + (s.command().kind == PeCommand.Kind.SCAN
              ? ", rows in order and none missing" : "")
          : "reads found wrong or missing values" + (problem != null ? ": " + problem
              : " (rows named in the map tasks' logs)"));
      case MUTATE -> {
        if (s.command() == PeCommand.INCREMENT || s.command() == PeCommand.APPEND) {
          boolean inc = s.command() == PeCommand.INCREMENT;
          long after = PeTable.sumColumn(conn, name,
              inc ? PeClients.INCREMENT_COLUMN : PeClients.APPEND_COLUMN, inc);
          long want = (made - r.failures()) * (inc ? 1 : PeClients.APPEND_BYTES);
          ctx.check("server_sum", after - before == want, (inc ? "counters" : "appended bytes")
              + " grew by " + (after - before) + " on the server, " + want + " expected");
        } else {
          ctx.check("values", r.failures() == 0, r.failures() == 0
              ? "every check found the value hbench wrote"
              : problem != null ? problem : r.failures() + " checks failed");
        }
      }
      case DELETE -> {
        long left = PeTable.countRows(conn, name, 0, deletedTo);
        long others = PeTable.countRows(conn, name, deletedTo, s.tableRows());
        ctx.check("rows_deleted", left == 0 && others == before, left + " of the deleted rows"
            + " 0.." + (deletedTo - 1) + " still on the server; " + others + " other rows, "
            + before + " before");
      }
    }
  }

  /** Calls all clients make in count mode. */
  private long expectedCalls() {
    if (s.command() != PeCommand.SCAN) {
      return clients * s.callsPerClient();
    }
    // A scan ends at the end of the table: a client whose range runs past it makes fewer calls.
    long total = 0;
    for (int c = 0; c < clients; c++) {
      total += Math.min(s.rows(), s.tableRows() - s.firstRow(c));
    }
    return total;
  }
}
