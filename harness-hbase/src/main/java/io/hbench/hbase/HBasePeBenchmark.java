package io.hbench.hbase;

import static io.hbench.hbase.PeOptions.*;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.BenchmarkRunner;
import io.hbench.core.InvalidInputException;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.cluster.Needs;
import io.hbench.core.load.LoadOptions;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadResult;
import io.hbench.core.report.Table;
import io.hbench.core.result.Metric;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.Spread;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.regionserver.BloomType;

/**
 * {@code bench hbase-pe}: HBase PerformanceEvaluation's workloads (sequentialWrite, randomRead,
 * scan, ...) measured by the core: every call timed into an HdrHistogram, rows/s over the
 * clients' common window, every value read checked against what was written, and a table hbench
 * did not create never touched. A point is one command at one setting (rows, clients); a list of
 * commands runs writes first. See docs/hbase-pe.md.
 */
public final class HBasePeBenchmark implements Benchmark {

  static final Point.Param<PeCommand> COMMAND_PARAM =
      Point.Param.of("command", PeCommand.class, c -> c.text);
  static final Point.Param<Integer> CLIENTS_PARAM = Point.Param.of("clients", Integer.class);
  static final Point.Param<Long> ROWS_PARAM = Point.Param.of("rows_per_client", Long.class);

  /** Headline of commands whose calls handle whole rows, and of the range scans. */
  static final String ROWS_PER_S = "rows_per_s";
  static final String SCANS_PER_S = "scans_per_s";
  static final String ROWS_UNIT = "rows/s";

  @Override
  public String name() {
    return "hbase-pe";
  }

  @Override
  public String description() {
    return "HBase PerformanceEvaluation's workloads (sequentialWrite, randomRead, scan, ...) with"
        + " exact latency, checked reads and safe tables.";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return PeOptions.all();
  }

  @Override
  public Needs needs(OptionValues o) {
    return (o.get(MAPS) > 0 ? Needs.jobs() : Needs.fileSystem()).and("hbase");
  }

  @Override
  public Set<String> headlines() {
    return Set.of(ROWS_PER_S, SCANS_PER_S);
  }

  @Override
  public List<Point> points(OptionValues o) {
    List<PeCommand> commands = o.get(COMMAND);
    boolean sized = o.get(SIZE) != null;
    List<Long> rowsList = o.get(ROWS);
    if (sized && !(rowsList.size() == 1 && rowsList.get(0) < 0)) {
      throw new InvalidInputException("give --rows or --size, not both");
    }
    if (rowsList.stream().anyMatch(r -> r < 0) && rowsList.size() > 1) {
      throw new InvalidInputException("--rows auto cannot be part of a list");
    }
    double rate = o.get(SAMPLE_RATE);
    if (rate <= 0 || rate > 1) {
      throw new InvalidInputException("--sample-rate must be above 0 and at most 1, got " + rate);
    }
    if (o.get(MULTI_PUT) > 0 && !o.get(AUTO_FLUSH)) {
      throw new InvalidInputException("--multi-put needs --auto-flush, as in PE: buffered writes"
          + " are already sent in batches");
    }
    try {
      Compression.Algorithm.valueOf(o.get(COMPRESS));
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("invalid value '" + o.get(COMPRESS) + "' for --compress: use "
          + String.join(", ", Arrays.stream(Compression.Algorithm.values()).map(Enum::name).toList()));
    } catch (LinkageError e) {
      // No HBase classes here (bench.jar without 'hbase mapredcp'): said when the run starts.
    }
    try {
      tableName(o.get(TABLE));
    } catch (LinkageError e) {
      // As above.
    }
    if (LoadOptions.timed(o)) {
      for (PeCommand c : commands) {
        if (c.kind == PeCommand.Kind.WRITE || c.kind == PeCommand.Kind.DELETE) {
          throw new InvalidInputException("--duration does not apply to " + c.text + ": a write"
              + " or delete covers its rows once, so the rows on the server can be counted");
        }
      }
    }
    if (o.get(ASYNC)) {
      for (PeCommand c : commands) {
        if (!c.asyncCapable()) {
          throw new InvalidInputException("--async applies to the read, write and scan commands,"
              + " not " + c.text);
        }
      }
    }
    List<Point> points = new ArrayList<>();
    List<Integer> clientsList = o.get(CLIENTS);
    for (long rowsSetting : rowsList) {
      for (int clients : clientsList) {
        long rows = rowsPerClient(o, rowsSetting, clients);
        for (BenchmarkOption<Integer> multi : List.of(MULTI_PUT, MULTI_GET)) {
          int batch = o.get(multi);
          if (batch > 1 && rows % batch != 0) {
            throw new InvalidInputException("--rows " + rows + " is not a multiple of " + multi
                + " " + batch + ": every call handles a whole batch");
          }
        }
        for (PeCommand c : commands) {
          boolean sweep = rowsList.size() > 1 || clientsList.size() > 1;
          String label = c.text + (sweep ? " " + clients + "c " + rows + "r" : "");
          Map<String, Object> p = new LinkedHashMap<>();
          if (o.get(MAPS) > 0) {
            p.put("maps", o.get(MAPS));
          }
          points.add(Point.of(label, p).with(COMMAND_PARAM, c).with(CLIENTS_PARAM, clients)
              .with(ROWS_PARAM, rows));
        }
      }
    }
    return points;
  }

  private static long rowsPerClient(OptionValues o, long rowsSetting, int clients) {
    if (rowsSetting > 0) {
      return rowsSetting;
    }
    if (o.get(SIZE) == null) {
      return PE_DEFAULT_ROWS;
    }
    long rowBytes = (long) o.get(VALUE_SIZE) * o.get(COLUMNS) * o.get(FAMILIES);
    long total = o.get(SIZE).bytes() / rowBytes;
    int all = clients * Math.max(1, o.get(MAPS));
    if (total < all) {
      throw new InvalidInputException("--size " + o.get(SIZE) + " holds fewer rows than there are"
          + " clients (" + all + ")");
    }
    return total / all;
  }

  static PeTable.Layout layout(OptionValues o) {
    return new PeTable.Layout(o.get(FAMILIES), o.get(COLUMNS), o.get(VALUE_SIZE), o.get(SEED));
  }

  /**
   * Read, scan, mutation and delete commands need a table hbench wrote with the same layout;
   * a write needs the name to be free or hbench's. Checked before anything is created: a refusal
   * is one line and exit code 2, and the table is not touched.
   */
  @Override
  public void checkInputs(OptionValues o, Configuration conf) throws IOException {
    List<PeCommand> commands = o.get(COMMAND);
    TableName name = tableName(o.get(TABLE));
    try (Connection conn = ConnectionFactory.createConnection(HBaseClientConfiguration.of(conf));
        Admin admin = conn.getAdmin()) {
      PeTable.State st = PeTable.state(admin, name);
      if (st.exists() && !st.ours()) {
        throw new InvalidInputException("table " + name + " was not created by hbench (its"
            + " descriptor has no " + PeTable.MARKER + "); hbench reads and writes only its own"
            + " tables: choose another --table");
      }
      PeCommand first = commands.get(0);
      if (first.needsRows()) {
        if (!st.exists()) {
          throw new InvalidInputException(first.text + " needs table " + name + ", which does not"
              + " exist: write it first (sequentialWrite --keep-table) or list a write before it");
        }
        String differs = st.layout() == null ? "its layout is not recorded"
            : layout(o).difference(st.layout());
        if (!differs.isEmpty()) {
          throw new InvalidInputException(first.text + ": table " + name + " was written with other"
              + " settings: " + differs);
        }
      }
    }
  }

  static TableName tableName(String text) {
    try {
      return TableName.valueOf(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("invalid value '" + text + "' for --table: " + e.getMessage());
    }
  }

  @Override
  public void run(Point point, OptionValues o, RunContext ctx) throws Exception {
    PeCommand cmd = point.get(COMMAND_PARAM);
    int threads = point.get(CLIENTS_PARAM);
    long rows = point.get(ROWS_PARAM);
    int maps = o.get(MAPS);
    int clients = threads * Math.max(1, maps);
    Configuration hbase = HBaseClientConfiguration.of(ctx.configuration());
    TableName name = tableName(o.get(TABLE));
    PeTable.Layout layout = layout(o);
    if (maps > 0) {
      ctx.param("clients_total", clients);
    }
    if (ctx.configuration().getBoolean(HBaseClientConfiguration.WAL_PROVIDER_CHANGED, false)) {
      ctx.param("wal_provider", "filesystem (set by hbench's embedded HBase: AsyncFSWAL fails"
          + " on Hadoop 3.4; writes are slower than with asyncfs)");
    }
    try (Connection conn = ConnectionFactory.createConnection(hbase);
        Admin admin = conn.getAdmin()) {
      long tableRows;
      if (cmd.kind == PeCommand.Kind.WRITE) {
        tableRows = rows * clients;
        PeTable.Shape shape = new PeTable.Shape(Compression.Algorithm.valueOf(o.get(COMPRESS)),
            DataBlockEncoding.valueOf(o.get(BLOCK_ENCODING)), BloomType.valueOf(o.get(BLOOM)),
            o.get(IN_MEMORY), o.get(REPLICAS), o.get(PRESPLIT));
        ctx.phase("create_table", 0, () -> {
          PeTable.create(admin, name, layout, tableRows, shape, BenchmarkRunner.version());
          return null;
        });
      } else {
        PeTable.State st = PeTable.state(admin, name);
        if (!st.exists() || !st.ours() || st.layout() == null
            || !layout(o).difference(st.layout()).isEmpty()) {
          throw new IllegalStateException("table " + name + " is not one hbench wrote with these"
              + " settings (it changed since the run began)");
        }
        tableRows = st.rows();
      }
      ctx.param("table", PeTable.describe(admin, name));
      ctx.param("table_rows", tableRows);
      ctx.param("regions_before", PeTable.regionsByServer(conn, name));
      int batch = cmd.kind == PeCommand.Kind.WRITE ? Math.max(1, o.get(MULTI_PUT))
          : cmd.kind == PeCommand.Kind.READ ? Math.max(1, o.get(MULTI_GET)) : 1;
      if (batch > 1) {
        ctx.param("rows_per_call", batch);
      }
      PeSettings s = new PeSettings(cmd, name.getNameAsString(), rows, tableRows,
          layout.families(), layout.columns(), layout.valueSize(), layout.seed(), batch,
          o.get(AUTO_FLUSH), o.get(WRITE_BUFFER).bytes(), o.get(CACHING),
          org.apache.hadoop.hbase.client.Durability.valueOf(o.get(WAL).durability),
          o.get(ASYNC), cmd.kind == PeCommand.Kind.READ ? o.get(SAMPLE_RATE) : 1, threads, 0);
      PeVerification verify = PeVerification.before(s, conn, clients);
      long[] perThread = new long[threads];
      Arrays.fill(perThread, s.callsPerClient());
      LoadPlan plan = LoadOptions.plan(o, perThread);
      LoadResult r;
      String problem = null;
      long scanned = -1;
      if (maps > 0) {
        Configuration job = new Configuration(ctx.configuration());
        s.store(job);
        plan.storeForTasks(job, maps);
        PeLoadTask.shipHBase(job);
        r = ctx.distributedLoad(cmd.text, PeLoadTask.class, job, maps);
      } else {
        try (PeClients pc = PeClients.open(s, hbase)) {
          r = ctx.load(cmd.text, cmd.op(), plan, pc.call());
          problem = pc.firstProblem.get();
          scanned = pc.scannedRows.get();
        }
      }
      figures(ctx, cmd, batch, r, scanned);
      ctx.param("regions_after", PeTable.regionsByServer(conn, name));
      verify.after(ctx, r, problem, LoadOptions.timed(o));
    }
  }

  /** The headline rate over the clients' common window, and the spread of each client's own. */
  private static void figures(RunContext ctx, PeCommand cmd, int batch, LoadResult r, long scanned) {
    boolean rangeScan = cmd.range > 0 || cmd == PeCommand.FILTER_SCAN;
    double window = r.wallNanos() / 1e9;
    String headline = rangeScan ? SCANS_PER_S : ROWS_PER_S;
    String unit = rangeScan ? "scans/s" : ROWS_UNIT;
    double perCall = rangeScan ? 1 : batch;
    ctx.metric(cmd.text, Metric.of(headline, unit, window <= 0 ? 0 : r.calls() * perCall / window,
        Metric.Better.HIGHER));
    Spread clients = r.clientSpread(perCall);
    if (clients != null && clients.n() > 1) {
      ctx.metric(cmd.text, Metric.of("client_" + headline + "_min", unit, clients.min(), Metric.Better.HIGHER));
      ctx.metric(cmd.text, Metric.of("client_" + headline + "_median", unit, clients.median(), Metric.Better.HIGHER));
      ctx.metric(cmd.text, Metric.of("client_" + headline + "_max", unit, clients.max(), Metric.Better.HIGHER));
    }
    if (scanned >= 0 && rangeScan) {
      ctx.metric(cmd.text, Metric.of("rows_returned", Metric.COUNT, scanned, Metric.Better.NONE));
    }
  }

  /** Drops the table this run's writes created, unless it is to be kept. */
  @Override
  public void finish(OptionValues o, Configuration conf, boolean keep) throws IOException {
    boolean wrote = o.get(COMMAND).stream().anyMatch(c -> c.kind == PeCommand.Kind.WRITE);
    if (!wrote || keep || o.get(KEEP_TABLE)) {
      return;
    }
    try (Connection conn = ConnectionFactory.createConnection(HBaseClientConfiguration.of(conf));
        Admin admin = conn.getAdmin()) {
      PeTable.drop(admin, tableName(o.get(TABLE)));
    }
  }

  @Override
  public Table report(List<ResultRecord> records) {
    return PeReport.table(records);
  }

  @Override
  public boolean commonTable() {
    return false;
  }
}
