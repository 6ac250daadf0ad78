package io.hbench.hbase;

import static io.hbench.hbase.PeOptions.*;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.HbenchVersion;
import io.hbench.core.LoadFacts;
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
import java.util.Arrays;
import java.util.List;
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
  public LoadSpec load() {
    return new PeLoad();
  }

  /** The file system and HBase; the core adds YARN for {@code --maps}. */
  @Override
  public Needs needs(OptionValues o) {
    return Needs.fileSystem().and("hbase");
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
    if (LoadOptions.timed(o) && commands.stream().noneMatch(PeLoad::counted)) {
      throw new InvalidInputException("--duration does not apply to " + commands.get(0).text
          + ": a write or delete covers its rows once, so the rows on the server can be counted;"
          + " it drives the reads and scans of a list (sequentialWrite,randomRead)");
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
          points.add(Point.of(label).with(PeFields.COMMAND, c).with(LoadFacts.THREADS, clients)
              .with(PeFields.ROWS_PER_CLIENT, rows));
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
    int all = LoadOptions.clients(o, clients);
    if (total < all) {
      throw new InvalidInputException("--size " + o.get(SIZE) + " holds fewer rows than there are"
          + " clients (" + all + ")");
    }
    return total / all;
  }

  /** How a write creates its table: compression, encoding, bloom filter, regions. */
  static PeTable.Shape shape(OptionValues o) {
    return new PeTable.Shape(Compression.Algorithm.valueOf(o.get(COMPRESS)),
        DataBlockEncoding.valueOf(o.get(BLOCK_ENCODING)), BloomType.valueOf(o.get(BLOOM)),
        o.get(IN_MEMORY), o.get(REPLICAS), o.get(PRESPLIT));
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
        throw new InvalidInputException(OwnedTables.notOurs(name, "--table"));
      }
      PeCommand first = commands.get(0);
      if (first.needsRows()) {
        if (!st.exists() && writesFirst(conf, o)) {
          return; // written by the first point (run)
        }
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

  /**
   * Whether a read of a missing table writes it first: on the embedded cluster of this process,
   * made for this run and so never holding the table, with the clients in this process. On any
   * other cluster a missing table is refused: writing a table there is the user's to ask for.
   */
  static boolean writesFirst(Configuration conf, OptionValues o) {
    return io.hbench.core.cluster.EmbeddedCluster.inThisProcess(conf) && LoadOptions.maps(o) == 0;
  }

  /** Whether a point of this run wrote the table for a read ({@link #writesFirst}): dropped at the end. */
  private volatile boolean wroteForRead;

  static TableName tableName(String text) {
    try {
      return TableName.valueOf(text);
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException("invalid value '" + text + "' for --table: " + e.getMessage());
    }
  }

  @Override
  public void run(Point point, OptionValues o, RunContext ctx) throws Exception {
    PeCommand cmd = point.get(PeFields.COMMAND);
    int maps = LoadOptions.maps(o);
    int clients = LoadOptions.clients(o, point.get(LoadFacts.THREADS));
    Configuration hbase = HBaseClientConfiguration.of(ctx.configuration());
    TableName name = tableName(o.get(TABLE));
    PeTable.Layout layout = layout(o);
    if (maps > 0) {
      HBaseJars.ship(ctx.configuration());
    }
    HBaseClientConfiguration.recordChanges(ctx);
    try (Connection conn = ConnectionFactory.createConnection(hbase);
        Admin admin = conn.getAdmin()) {
      long tableRows;
      if (cmd.kind == PeCommand.Kind.WRITE) {
        tableRows = point.get(PeFields.ROWS_PER_CLIENT) * clients;
        PeTable.Shape shape = shape(o);
        ctx.phase("create_table", 0, () -> {
          PeTable.create(admin, name, layout, tableRows, shape, HbenchVersion.get());
          return null;
        });
      } else {
        PeTable.State st = PeTable.state(admin, name);
        if (!st.exists() && writesFirst(ctx.configuration(), o)) {
          st = writeForRead(ctx, o, point, admin, name, clients);
        }
        if (!st.exists() || !st.ours() || st.layout() == null
            || !layout(o).difference(st.layout()).isEmpty()) {
          throw new IllegalStateException("table " + name + " is not one hbench wrote with these"
              + " settings (it changed since the run began)");
        }
        tableRows = st.rows();
      }
      ctx.param("table", OwnedTables.describe(admin, name));
      ctx.param(PeFields.TABLE_ROWS, tableRows);
      ctx.param("regions_before", OwnedTables.regionsByServer(conn, name));
      int batch = PeSettings.batch(o, cmd);
      if (batch > 1) {
        ctx.param("rows_per_call", batch);
      }
      PeVerification verify = PeVerification.before(
          PeSettings.of(o, point, tableRows, clients, 0), conn, clients);
      LoadResult r = ctx.load(cmd.text);
      ctx.param("regions_after", OwnedTables.regionsByServer(conn, name));
      verify.after(ctx, r, LoadOptions.timed(o) && PeLoad.counted(cmd));
    }
  }

  /**
   * Writes the table a read needs on a fresh embedded cluster, as {@code sequentialWrite} of the
   * read's clients and rows would, in phases of the read's point ({@code create_table}, {@code
   * write_table}) that the record keeps beside the read's: the write is the core's declared
   * load, for a write point of the suite's making.
   */
  private PeTable.State writeForRead(RunContext ctx, OptionValues o, Point read, Admin admin,
      TableName name, int clients) throws Exception {
    long rows = read.get(PeFields.ROWS_PER_CLIENT) * clients;
    PeTable.Shape shape = shape(o);
    ctx.phase("create_table", 0, () -> {
      PeTable.create(admin, name, layout(o), rows, shape, HbenchVersion.get());
      return null;
    });
    wroteForRead = true;
    ctx.param("table_written_for", read.label() + ": the embedded cluster had no table; "
        + PeCommand.SEQUENTIAL_WRITE.text + " of " + rows + " rows wrote it first");
    ctx.param(PeFields.TABLE_ROWS, rows);
    ctx.loadAs("write_table", Point.of(PeCommand.SEQUENTIAL_WRITE.text)
        .with(PeFields.COMMAND, PeCommand.SEQUENTIAL_WRITE)
        .with(LoadFacts.THREADS, read.get(LoadFacts.THREADS))
        .with(PeFields.ROWS_PER_CLIENT, read.get(PeFields.ROWS_PER_CLIENT)));
    return PeTable.state(admin, name);
  }

  /** Drops the table this run's writes created, unless it is to be kept. */
  @Override
  public void finish(OptionValues o, Configuration conf, boolean keep) throws IOException {
    boolean wrote = wroteForRead
        || o.get(COMMAND).stream().anyMatch(c -> c.kind == PeCommand.Kind.WRITE);
    wroteForRead = false;
    if (!wrote || keep || o.get(KEEP_TABLE)) {
      return;
    }
    try (Connection conn = ConnectionFactory.createConnection(HBaseClientConfiguration.of(conf));
        Admin admin = conn.getAdmin()) {
      OwnedTables.drop(admin, tableName(o.get(TABLE)));
    }
  }
}
