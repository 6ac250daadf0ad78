package io.hbench.hbase;

import static io.hbench.hbase.YcsbOptions.*;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.HbenchVersion;
import io.hbench.core.LoadOptions;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.cluster.Needs;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.load.LoadResult;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * {@code bench ycsb}: YCSB's core workloads (A-F, or a YCSB workload file) on HBase, measured
 * by the core: YCSB's load and run phases as two points, each a load on the core's runner (in
 * this process or as map tasks, open loop from intended start times with {@code
 * --target-rate}), every operation timed into its own histogram, every value read checked, the
 * rows on the server counted after each phase, and a table hbench did not create never touched.
 * See docs/ycsb.md.
 */
public final class YcsbBenchmark implements Benchmark {

  @Override
  public String name() {
    return "ycsb";
  }

  @Override
  public String description() {
    return "YCSB's core workloads A-F on HBase, from one process or many map tasks, with"
        + " checked reads and tables hbench owns.";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return YcsbOptions.all();
  }

  @Override
  public LoadSpec load() {
    return new YcsbLoad();
  }

  @Override
  public Needs needs(OptionValues o) {
    return Needs.fileSystem().and("hbase");
  }

  /** The workload the options name, read here (a file on this machine) and recorded for the tasks. */
  static YcsbWorkload.Read workload(OptionValues o) {
    return YcsbOptions.workload(o.get(WORKLOAD), o.get(PROPERTY), o.get(RECORDS),
        o.get(OPERATIONS));
  }

  /**
   * The workload's file and properties, checked before anything starts: a bad value stops the
   * run; a key hbench does not know is named when the run starts ({@link #run}).
   */
  @Override
  public void checkOptions(OptionValues o) {
    YcsbWorkload w = workload(o).workload();
    if (o.get(PHASE) != Phase.RUN && w.records() < 1) {
      throw new InvalidInputException("the load phase needs recordcount (--records) of at least 1");
    }
    if (o.get(PHASE) != Phase.LOAD && w.operations() < 1 && !LoadOptions.timed(o)) {
      throw new InvalidInputException("the run phase needs operationcount (--operations) of at"
          + " least 1, or --duration");
    }
    try {
      tableName(w.table());
    } catch (LinkageError e) {
      // No HBase classes here (bench.jar without 'hbase mapredcp'): said when the run starts.
    }
  }

  /**
   * YCSB's phases as points, load then run, each named by the workload ({@code a load}, {@code
   * a run}; a file by its name) so that runs of A-F read side by side in one report.
   */
  @Override
  public List<Point> points(OptionValues o) {
    List<Point> points = new ArrayList<>();
    String workload = java.nio.file.Path.of(o.get(WORKLOAD)).getFileName().toString();
    for (Phase p : List.of(Phase.LOAD, Phase.RUN)) {
      if (o.get(PHASE) == Phase.ALL || o.get(PHASE) == p) {
        Point point = Point.of(workload + " " + p.text()).with(YcsbFields.PHASE, p);
        points.add(point);
      }
    }
    return points;
  }

  static TableName tableName(String text) {
    try {
      return TableName.valueOf(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("invalid table name '" + text + "': " + e.getMessage());
    }
  }

  /**
   * The load needs the name free or hbench's; a run alone needs the table a load of the same
   * settings left, and, when the workload inserts, holding just the loaded rows (the run's
   * inserts take the key numbers after them). Checked before anything is created.
   */
  @Override
  public void checkInputs(OptionValues o, Configuration conf) throws IOException {
    YcsbWorkload w = workload(o).workload();
    TableName name = tableName(w.table());
    try (Connection conn = ConnectionFactory.createConnection(HBaseClientConfiguration.of(conf));
        Admin admin = conn.getAdmin()) {
      OwnedTables.Found found = OwnedTables.find(admin, name, YcsbTable.LAYOUT);
      if (found.exists() && !found.ours()) {
        throw new InvalidInputException(OwnedTables.notOurs(name, "table (-p table=NAME)"));
      }
      if (o.get(PHASE) == Phase.RUN) {
        refuseRun(w, o.get(SEED), conn, name, found);
      }
    }
  }

  private static void refuseRun(YcsbWorkload w, long seed, Connection conn, TableName name,
      OwnedTables.Found found) throws IOException {
    if (!found.exists()) {
      throw new InvalidInputException("--phase run needs table " + name + ", which does not"
          + " exist: load it first (--phase load --keep-table)");
    }
    String differs = YcsbTable.difference(YcsbTable.layout(w, seed), found.layout());
    if (!differs.isEmpty()) {
      throw new InvalidInputException("--phase run: table " + name + " was loaded with other"
          + " settings: " + differs);
    }
    if (w.insert() > 0) {
      long rows = YcsbTable.count(conn, name);
      if (rows != w.records()) {
        throw new InvalidInputException("--phase run: table " + name + " holds " + rows
            + " rows, " + w.records() + " loaded: an earlier run inserted some; load it again"
            + " before a workload that inserts");
      }
    }
  }

  /** Whether this run has said which of the workload's keys it does not read. */
  private volatile boolean unknownNamed;

  @Override
  public void run(Point point, OptionValues o, RunContext ctx) throws Exception {
    YcsbWorkload.Read read = workload(o);
    YcsbWorkload w = read.workload();
    if (!read.unknown().isEmpty()) {
      // Accepted as YCSB accepts a file (a binding's own keys, a typing slip): named, not read.
      ctx.param("unknown_properties", read.unknown());
      if (!unknownNamed) {
        unknownNamed = true;
        ctx.console().status("bench: note: " + o.get(WORKLOAD) + ": not read, not being"
            + " properties of YCSB's core workload: " + String.join(", ", read.unknown()));
      }
    }
    if (!read.unused().isEmpty()) {
      ctx.param("properties_left_alone", read.unused());
    }
    TableName name = tableName(w.table());
    boolean load = point.get(YcsbFields.PHASE) == Phase.LOAD;
    long seed = o.get(SEED);
    if (LoadOptions.maps(o) > 0) {
      HBaseJars.ship(ctx.configuration());
    }
    ctx.param(YcsbFields.WORKLOAD, w.properties());
    HBaseClientConfiguration.recordChanges(ctx);
    Configuration hbase = HBaseClientConfiguration.of(ctx.configuration());
    try (Connection conn = ConnectionFactory.createConnection(hbase);
        Admin admin = conn.getAdmin()) {
      if (load) {
        ctx.phase("create_table", 0, () -> {
          YcsbTable.create(admin, name, w, seed, o.get(PRESPLIT), HbenchVersion.get());
          return null;
        });
      } else {
        OwnedTables.Found found = OwnedTables.find(admin, name, YcsbTable.LAYOUT);
        if (!found.ours()
            || !YcsbTable.difference(YcsbTable.layout(w, seed), found.layout()).isEmpty()) {
          throw new IllegalStateException("table " + name + " is not one hbench loaded with these"
              + " settings (it changed since the run began)");
        }
      }
      ctx.param("table", OwnedTables.describe(admin, name));
      ctx.param("regions_before", OwnedTables.regionsByServer(conn, name));
      long before = load ? 0 : YcsbTable.count(conn, name);
      if (!load) {
        ctx.param(YcsbFields.TABLE_ROWS, before);
      }
      LoadResult r = ctx.load(load ? "load" : "run");
      ctx.param("regions_after", OwnedTables.regionsByServer(conn, name));
      check(ctx, r, w, load, before, LoadOptions.timed(o) && !load, conn, name);
    }
  }

  /**
   * What the phase must have left, asked of the server: after the load, the records; after the
   * run, the rows before and every insert the run made. No call may have failed (a read that
   * found a wrong or missing value fails its call, named here).
   */
  private static void check(RunContext ctx, LoadResult r, YcsbWorkload w, boolean load,
      long before, boolean timed, Connection conn, TableName name) throws IOException {
    String problem = r.firstProblem();
    long made = r.calls() + r.warmupCalls();
    long expected = load ? w.records() : w.operations();
    boolean countOk = timed ? r.calls() > 0 : made == expected;
    Map<String, Long> failures = new java.util.TreeMap<>();
    for (String op : r.tally().stats().keySet()) {
      r.tally().failures(op).forEach((type, n) -> failures.merge(op + " " + type, n, Long::sum));
    }
    ctx.check("calls", r.failuresOutsideFaults() == 0 && countOk, r.calls() + " calls recorded"
        + (r.warmupCalls() > 0 ? " (+" + r.warmupCalls() + " warm-up)" : "")
        + (timed ? "" : ", expected " + expected) + ", " + r.failures() + " failed"
        + r.faultFailuresNote()
        + (failures.isEmpty() ? "" : " " + failures)
        + (problem != null ? "; first: " + problem : ""));
    if (!load) {
      ctx.check("values", r.failures() == 0, r.failures() == 0
          ? "every value read or scanned is one hbench wrote, scans' rows in order"
          : "reads found wrong or missing values" + (problem != null ? ": " + problem
              : " (rows named in the map tasks' logs)"));
    }
    long rows = YcsbTable.count(conn, name);
    long inserted = load ? w.records() : r.count(YcsbClients.INSERTED);
    long want = load ? w.records() : before + inserted;
    ctx.check("rows_on_server", rows == want, rows + " rows counted by a scan of the table, "
        + (load ? w.records() + " loaded" : before + " before the run and " + inserted
            + " inserted by it"));
  }

  /** Drops the table this run loaded, unless it is to be kept. */
  @Override
  public void finish(OptionValues o, Configuration conf, boolean keep) throws IOException {
    if (o.get(PHASE) == Phase.RUN || keep || o.get(KEEP_TABLE)) {
      return;
    }
    try (Connection conn = ConnectionFactory.createConnection(HBaseClientConfiguration.of(conf));
        Admin admin = conn.getAdmin()) {
      OwnedTables.drop(admin, tableName(workload(o).workload().table()));
    }
  }
}
