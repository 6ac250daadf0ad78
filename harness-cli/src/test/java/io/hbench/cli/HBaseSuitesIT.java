package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.daemons.CallTimes;
import io.hbench.core.report.ResultReader;
import io.hbench.core.result.Check;
import io.hbench.core.result.FaultRecord;
import io.hbench.core.result.Metric;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultSchema;
import io.hbench.core.result.ServerCalls;
import io.hbench.core.stats.LatencyHistogram;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * bench hbase-pe and bench ycsb on one real HBase mini cluster (with HDFS, in this JVM), reached
 * as a configured cluster through the configuration files the embedded cluster writes: every
 * command, checked reads that catch a changed cell, tables hbench did not create left alone,
 * clients as map tasks, and open-loop latency; YCSB's workloads A, D, E and F.
 */
@Tag("integration")
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class HBaseSuitesIT extends OnEmbeddedCluster {

  Connection hbase;

  @Override
  protected String[] services() {
    // No YARN: --maps runs in MapReduce's local runner here (the load's map tasks on YARN are
    // FsOpsIT's and, for hbase-pe on a kerberized HBase, KerberizedYarnIT's).
    return new String[] {"hdfs", "hbase"};
  }

  @BeforeAll
  void connect() throws Exception {
    hbase = ConnectionFactory.createConnection(HBaseConfiguration.create(cluster.configuration()));
  }

  @AfterAll
  void disconnect() throws Exception {
    if (hbase != null) {
      hbase.close();
    }
  }

  record Run(BenchProcess process, List<ResultRecord> records) {}

  Run bench(String out, String... args) throws Exception {
    return suite("hbase-pe", out, args);
  }

  Run suite(String suite, String out, String... args) throws Exception {
    Path file = tmp.resolve(out + ".jsonl");
    List<String> all = new ArrayList<>(List.of(suite));
    all.addAll(List.of(args));
    all.addAll(List.of("--cluster", "conf", "--out", file.toString()));
    BenchProcess p = BenchProcess.run(confDir.toString(), all.toArray(new String[0]));
    List<ResultRecord> records = Files.exists(file) ? ResultReader.read(file) : List.of();
    if (Files.exists(file)) {
      ResultSchema.assertValid(file);
    }
    return new Run(p, records);
  }

  static PhaseResult phase(ResultRecord r) {
    PhaseResult p = r.phase(String.valueOf(r.params().get("command")));
    assertNotNull(p, "no phase in " + r.point());
    return p;
  }

  static OperationLoad mainLoad(ResultRecord r) {
    return phase(r).loads().stream().filter(l -> !l.isStep()).findFirst().orElseThrow();
  }

  static double metric(ResultRecord r, String name) {
    Metric m = phase(r).metric(null, name);
    assertNotNull(m, name + " in " + r.point());
    return m.value();
  }

  @Test
  void everyCommandCountsExactlyChecksEveryValueAndLeavesNoTable() throws Exception {
    Run run = bench("all", "all", "--rows", "200", "--clients", "2", "--table", "it_all",
        "--base-dir", "/it-hbase-pe");
    assertEquals(0, run.process().exitCode, run.process().toString());
    assertEquals(18, run.records().size());
    for (ResultRecord r : run.records()) {
      assertTrue(r.ok(), r.point() + ": " + r.failure() + " " + r.validation());
      String command = String.valueOf(r.params().get("command"));
      OperationLoad l = mainLoad(r);
      // 2 clients x 200 calls; a scan's clients each read to their range's end.
      assertEquals(400, l.calls(), command);
      assertEquals(0, l.failures(), command);
      assertNotNull(l.latencyMs(), command);
      assertTrue(l.latencyMs().p99() >= l.latencyMs().p50() && l.latencyMs().max() > 0, command);
      assertEquals(l.calls(), LatencyHistogram.decode(l.histogram()).count(), command);
      boolean rangeScan = command.startsWith("scanRange") || command.equals("randomSeekScan")
          || command.equals("filterScan");
      assertTrue(metric(r, rangeScan ? "scans_per_s" : "rows_per_s") > 0, command);
      assertEquals("passed", r.validation().status(), command);
      assertEquals(2, r.environment().services().size(), "hdfs and hbase: " + command);
    }
    ResultRecord write = run.records().get(0);
    assertEquals("sequentialWrite", write.params().get("command"));
    Check rows = check(write, "rows_on_server");
    assertTrue(rows.detail().startsWith("400 rows counted"), rows.detail());
    // Buffered writes: the copy into the buffer and the flush, each with its own latency.
    assertNotNull(phase(write).load("put.enqueue"));
    assertNotNull(phase(write).load("put.flush"));
    assertTrue(run.process().out.contains("sequentialWrite") && run.process().out.contains("rows/s"),
        run.process().out);
    // The table the run's writes made is gone; nothing else was asked for.
    assertNothingLeft("it_all", "/it-hbase-pe");
  }

  /**
   * After a run: its table is gone, its base directory holds nothing, and none of its threads
   * (the load's clients, the samplers) is still alive.
   */
  void assertNothingLeft(String table, String baseDir) throws Exception {
    try (Admin admin = hbase.getAdmin()) {
      assertFalse(admin.tableExists(TableName.valueOf(table)), "table " + table + " is left");
    }
    org.apache.hadoop.fs.FileSystem fs = org.apache.hadoop.fs.FileSystem.get(cluster.configuration());
    org.apache.hadoop.fs.Path base = new org.apache.hadoop.fs.Path(baseDir);
    assertTrue(!fs.exists(base) || fs.listStatus(base).length == 0,
        "left under " + baseDir + ": " + (fs.exists(base) ? List.of(fs.listStatus(base)) : ""));
    long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    List<String> alive;
    do {
      alive = Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
          .filter(n -> n.startsWith("hbench-")).toList();
      if (!alive.isEmpty()) {
        Thread.sleep(100);
      }
    } while (!alive.isEmpty() && System.nanoTime() < until);
    assertEquals(List.of(), alive, "hbench's threads still alive");
  }

  @Test
  void withMetricsTheRegionServerCountsEveryWrite() throws Exception {
    // The last read waits 2 s after the phase: with two test classes at once (CI), half a
    // second once read the region server's figures before it had counted the phase's writes.
    Run run = bench("metrics", "sequentialWrite", "--rows", "500", "--table", "it_metrics",
        "--metrics", "-D", "hbench.metrics.period=2");
    assertEquals(0, run.process().exitCode, run.process().toString());
    ResultRecord r = run.records().get(0);
    assertTrue(r.ok(), r.failure());
    List<io.hbench.core.result.DaemonFigures> daemons = phase(r).daemons();
    assertNotNull(daemons, "no daemons in " + r.point());
    io.hbench.core.result.DaemonFigures rs = daemons.stream()
        .filter(d -> d.role().equals("regionserver")).findFirst()
        .orElseThrow(() -> new AssertionError("no regionserver in " + daemons));
    assertNull(rs.unreachable(), rs.toString());
    // Every row is a write request on the one region server (hbase:meta's own writes may add).
    assertTrue(rs.metric("write_requests").value() >= 500, rs.toString());
    assertTrue(daemons.stream().anyMatch(d -> d.role().equals("hbase_master") && d.unreachable() == null),
        daemons.toString());
  }

  static Check check(ResultRecord r, String name) {
    return r.validation().checks().stream().filter(c -> c.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no check " + name + " in " + r.validation()));
  }

  // The server stopped may be the first, whose /jmx withMetricsTheRegionServerCountsEveryWrite
  // and ycsbWorkloadA... read: this runs after them in JUnit's default order (by the name's hash),
  // which a new name must keep.
  @Test
  void aRegionServerStoppedDuringAWriteIsNamedBesideAPassedCheckAndNoRowIsLost()
      throws Exception {
    // A second RegionServer in this process, the one stopped: its regions move to the first.
    org.apache.hadoop.hbase.util.JVMClusterUtil.RegionServerThread second =
        secondRegionServer(1);
    TableName table = TableName.valueOf("it_rs_stopped");
    org.apache.hadoop.hbase.ServerName stopped = null;
    try (Admin admin = hbase.getAdmin()) {
      java.util.concurrent.CompletableFuture<Run> run =
          java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            try {
              // Paced (12 s at 10,000 rows/s) so that the write outlasts the regions' move on
              // any machine: unpaced it took 8 s here and ended before the move in CI.
              return bench("rs-stopped", "sequentialWrite", "--rows", "60000", "--clients", "2",
                  "--target-rate", "10000", "--presplit", "4", "--table", table.getNameAsString());
            } catch (Exception e) {
              throw new java.util.concurrent.CompletionException(e);
            }
          });
      // The server that holds the table's first region is stopped once it has taken writes;
      // its regions then move to the other. (Which one it is was not the same from run to run:
      // moving regions onto the second server before the write did not always hold.)
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      while (!admin.tableExists(table) || admin.getRegions(table).size() < 4) {
        assertFalse(run.isDone(), "the write ended before its table was seen");
        assertTrue(System.nanoTime() < deadline, "the table never appeared");
        Thread.sleep(20);
      }
      org.apache.hadoop.hbase.ServerName target = null;
      try (org.apache.hadoop.hbase.client.RegionLocator locator = hbase.getRegionLocator(table)) {
        while (target == null) {
          // Null until the region is open somewhere.
          target = locator.getRegionLocation(org.apache.hadoop.hbase.HConstants.EMPTY_START_ROW,
              true).getServerName();
          assertTrue(System.nanoTime() < deadline, "the table's first region never opened");
          Thread.sleep(target == null ? 20 : 0);
        }
      }
      while (!writing(admin, target, table)) {
        if (run.isDone()) {
          throw new AssertionError("the write ended before the RegionServer was stopped: "
              + run.get().process());
        }
        assertTrue(System.nanoTime() < deadline, "the write never reached " + target);
        Thread.sleep(50);
      }
      stopped = target;
      admin.stopRegionServer(target.getAddress().toString());
      Run r = run.get(5, TimeUnit.MINUTES);
      assertEquals(1, r.records().size(), r.process().toString());
      ResultRecord rec = r.records().get(0);
      // The client's retries outlast the regions' move: the point completes, every row counted,
      // and the record names the server lost during it and where its regions went.
      assertTrue(rec.ok(), rec.toString());
      io.hbench.core.result.ServiceInfo service = rec.environment().services().stream()
          .filter(s -> s.name().equals("hbase")).findFirst().orElseThrow();
      String address = target.getAddress().toString();
      assertEquals(List.of(address), service.nodesLost(), rec.toString());
      assertEquals("passed", rec.validation().status(), rec.toString());
      assertTrue(check(rec, "rows_on_server").detail().startsWith("120000 rows counted"),
          rec.validation().toString());
      Map<?, ?> before = (Map<?, ?>) rec.params().get("regions_before");
      Map<?, ?> after = (Map<?, ?>) rec.params().get("regions_after");
      assertTrue(before.containsKey(address), "regions before: " + before);
      assertFalse(after.containsKey(address), "regions after: " + after);
      assertEquals(4, after.values().stream().mapToInt(v -> ((Number) v).intValue()).sum(),
          "regions after: " + after);
      System.out.println("HBaseSuitesIT RegionServer stopped: status " + rec.status() + ", failure "
          + rec.failure() + ", services " + rec.environment().services());
    } finally {
      // Whichever server was stopped, the other serves the remaining tests; had none been
      // stopped, the cluster goes back to its one server.
      if (stopped == null) {
        second.getRegionServer().stop("the test is over");
        second.join(TimeUnit.MINUTES.toMillis(1));
      }
    }
  }

  /**
   * docs/disrupt.md's RegionServer stop: ycsb c at a fixed rate while a second RegionServer,
   * holding every region of the table, is stopped through hbench's --disrupt; reads stall until
   * the Master reassigns the regions to the first, and the fault is measured: unavailability,
   * recovery, the Master's dead server and regions in transition stamped. Before it, the same
   * load under move-regions, measured and recovered.
   */
  @Test
  void ycsbUnderAStoppedRegionServerIsUnavailableUntilItsRegionsAreReassigned()
      throws Exception {
    org.apache.hadoop.hbase.util.JVMClusterUtil.RegionServerThread second =
        secondRegionServer(2);
    org.apache.hadoop.hbase.ServerName name = second.getRegionServer().getServerName();
    TableName table = TableName.valueOf("it_ycsb_disrupt");
    boolean stopped = false;
    try (Admin admin = hbase.getAdmin()) {
      Run loaded = suite("ycsb", "ycsb-disrupt-load", "c", "--phase", "load", "--records",
          "2000", "--presplit", "2", "--keep-table", "-p", "table=" + table.getNameAsString(),
          "--base-dir", "/it-ycsb-disrupt");
      assertEquals(0, loaded.process().exitCode, loaded.process().toString());
      // move-regions first, on the same table and servers: every region of hbench's tables
      // moved mid-load, each where the Master puts it; the client follows them, and the fault
      // is measured like any other. 9 s after the action: the move takes seconds to be
      // acknowledged, and recovery is 3 whole intervals back at 90% (a CI machine once left
      // 10 s too short for it).
      int regions = admin.getRegions(table).size();
      Run moving = suite("ycsb", "ycsb-move", "c", "--phase", "run", "--records", "2000",
          "--threads", "4", "--target-rate", "200", "--duration", "14s", "--disrupt",
          "move-regions@5s", "-p", "table=" + table.getNameAsString(),
          "--base-dir", "/it-ycsb-disrupt");
      assertEquals(0, moving.process().exitCode, moving.process().toString());
      ResultRecord m = moving.records().get(0);
      assertTrue(m.ok(), m.failure());
      FaultRecord.Fault move = m.phases().stream().map(p -> p.figure(FaultRecord.FIELD))
          .filter(java.util.Objects::nonNull).findFirst().orElseThrow(
              () -> new AssertionError(moving.process().toString())).faults().get(0);
      assertEquals("move-regions", move.action());
      // Every region of every table hbench made here: this one's and any other test kept.
      java.util.regex.Matcher movedRegions = java.util.regex.Pattern
          .compile("(\\d+) regions of hbench's tables").matcher(move.target());
      assertTrue(movedRegions.matches(), move.toString());
      assertTrue(Integer.parseInt(movedRegions.group(1)) >= regions, move.toString());
      assertNotNull(move.figures(), move.toString());
      assertTrue(move.figures().recovered(), "reads go on after a move: " + move.figures());
      assertTrue(move.figures().clientCounts().containsKey("rpc_attempts_failed"),
          move.figures().toString());
      for (org.apache.hadoop.hbase.client.RegionInfo region : admin.getRegions(table)) {
        admin.move(region.getEncodedNameAsBytes(), name);
      }
      List<String> live = admin.getClusterMetrics().getLiveServerMetrics().keySet().stream()
          .map(s -> s.getAddress().toString()).sorted().toList();
      int index = live.indexOf(name.getAddress().toString());
      Run run = suite("ycsb", "ycsb-disrupt", "c", "--phase", "run", "--records", "2000",
          "--threads", "4", "--target-rate", "200", "--duration", "14s", "--disrupt",
          "stop-regionserver:" + index + "@5s", "-p", "table=" + table.getNameAsString(),
          "--base-dir", "/it-ycsb-disrupt");
      stopped = true;
      System.out.println("HBaseSuitesIT ycsb disrupt:\n" + run.process().err);
      ResultRecord r = run.records().get(0);
      FaultRecord d = r.phases().stream().map(p -> p.figure(FaultRecord.FIELD))
          .filter(java.util.Objects::nonNull).findFirst().orElseThrow(
              () -> new AssertionError(run.process().toString()));
      FaultRecord.Fault f = d.faults().get(0);
      assertEquals("stop-regionserver" + (index == 0 ? "" : ":" + index), f.action());
      assertEquals(name.getAddress().toString(), f.target(), f.toString());
      FaultRecord.Figures g = f.figures();
      assertNotNull(g, f.toString());
      // Every region was on the stopped server: no read succeeded until they were reassigned.
      assertTrue(g.unavailableSeconds() > 0, g.toString());
      assertTrue(g.recovered(), "back after reassignment: " + g);
      assertTrue(g.timeTo90Seconds() >= g.unavailableSeconds() - 1, g.toString());
      // The stalled reads were the client's retries against the stopped server and the moving
      // regions: it counted its failed attempts in the window, and the phase keeps the worst.
      Long attempts = g.clientCounts() == null ? null : g.clientCounts().get("rpc_attempts_failed");
      assertTrue(attempts != null && attempts > 0, g.toString());
      assertTrue(d.clientCounts().get("rpc_attempts_failed") >= attempts, d.toString());
      assertTrue(run.process().err.contains("the client counted rpc_attempts_failed " + attempts),
          run.process().err);
      assertTrue(f.stamps().stream().anyMatch(st -> st.what().equals("live_regionservers")
          && st.value().equals("1")), f.stamps().toString());
      assertTrue(run.process().err.contains("RegionServer " + name.getAddress()
          + " was stopped by --disrupt and is left down"), run.process().err);
    } finally {
      if (!stopped) {
        second.getRegionServer().stop("the test is over");
        second.join(TimeUnit.MINUTES.toMillis(1));
      }
      try (Admin admin = hbase.getAdmin()) {
        if (admin.tableExists(table)) {
          admin.disableTable(table);
          admin.deleteTable(table);
        }
      }
    }
  }

  /**
   * Starts a second RegionServer in this process (number {@code index} of the threads started
   * here) and waits until the Master lists both: the one a test stops.
   */
  private org.apache.hadoop.hbase.util.JVMClusterUtil.RegionServerThread secondRegionServer(
      int index) throws Exception {
    Configuration c = HBaseConfiguration.create(cluster.configuration());
    c.setInt("hbase.regionserver.port", 0);
    c.setInt("hbase.regionserver.info.port", -1);
    org.apache.hadoop.hbase.util.JVMClusterUtil.RegionServerThread second =
        org.apache.hadoop.hbase.util.JVMClusterUtil.createRegionServerThread(
            c, org.apache.hadoop.hbase.regionserver.HRegionServer.class, index);
    second.start();
    second.waitForServerOnline();
    try (Admin admin = hbase.getAdmin()) {
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
      while (admin.getClusterMetrics().getLiveServerMetrics().size() < 2) {
        assertTrue(System.nanoTime() < deadline, "the second RegionServer never registered");
        Thread.sleep(100);
      }
    }
    return second;
  }

  /** Whether {@code server} holds regions of {@code table} that have taken writes. */
  private static boolean writing(Admin admin, org.apache.hadoop.hbase.ServerName server,
      TableName table) {
    try {
      return admin.tableExists(table) && admin.getRegionMetrics(server, table).stream()
          .anyMatch(m -> m.getWriteRequestCount() > 0);
    } catch (java.io.IOException | RuntimeException e) {
      return false;
    }
  }

  @Test
  void aChangedCellFailsTheReadNamingTheRow() throws Exception {
    Run write = bench("kept", "sequentialWrite", "--rows", "300", "--table", "it_kept", "--keep-table");
    assertEquals(0, write.process().exitCode, write.process().toString());
    Run clean = bench("clean-read", "sequentialRead,scan", "--rows", "300", "--table", "it_kept");
    assertEquals(0, clean.process().exitCode, clean.process().toString());
    try (Table t = hbase.getTable(TableName.valueOf("it_kept"))) {
      t.put(new Put(Bytes.toBytes(String.format("%026d", 123))).addColumn(
          Bytes.toBytes("info0"), Bytes.toBytes("0"), Bytes.toBytes("not what hbench wrote")));
    }
    Run bad = bench("bad-read", "sequentialRead", "--rows", "300", "--table", "it_kept");
    assertEquals(1, bad.process().exitCode, bad.process().toString());
    ResultRecord r = bad.records().get(0);
    assertFalse(r.ok());
    assertEquals(1, mainLoad(r).failures());
    assertTrue(check(r, "values").detail().contains("row 123"), r.validation().toString());
    // A read run leaves the kept table; hbench drops it only when asked by a write run.
    try (Admin admin = hbase.getAdmin()) {
      assertTrue(admin.tableExists(TableName.valueOf("it_kept")));
    }
  }

  @Test
  void aTableHbenchDidNotCreateIsNeverTouched() throws Exception {
    TableName theirs = TableName.valueOf("it_theirs");
    try (Admin admin = hbase.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(theirs)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of("info0")).build());
    }
    try (Table t = hbase.getTable(theirs)) {
      for (int i = 0; i < 50; i++) {
        t.put(new Put(Bytes.toBytes(String.format("%026d", i)))
            .addColumn(Bytes.toBytes("info0"), Bytes.toBytes("0"), Bytes.toBytes("v" + i)));
      }
    }
    TableDescriptor before;
    try (Admin admin = hbase.getAdmin()) {
      before = admin.getDescriptor(theirs);
    }
    for (String command : List.of("randomRead", "sequentialWrite", "sequentialDelete")) {
      Run run = bench("theirs-" + command, command, "--rows", "50", "--table", "it_theirs");
      assertEquals(2, run.process().exitCode, command + ": " + run.process());
      assertTrue(run.process().err.contains("not created by hbench"), run.process().err);
      assertTrue(run.records().isEmpty(), command);
    }
    try (Admin admin = hbase.getAdmin()) {
      assertEquals(before, admin.getDescriptor(theirs));
      assertTrue(admin.isTableEnabled(theirs));
    }
    assertEquals(50, rows(theirs));

    Run missing = bench("missing", "randomRead", "--rows", "10", "--table", "it_missing");
    assertEquals(2, missing.process().exitCode, missing.process().toString());
    assertTrue(missing.process().err.contains("does not exist"), missing.process().err);
    try (Admin admin = hbase.getAdmin()) {
      assertFalse(admin.tableExists(TableName.valueOf("it_missing")));
    }
    // A kept table of other settings: refused before anything is read.
    Run write = bench("layout", "sequentialWrite", "--rows", "20", "--table", "it_layout",
        "--value-size", "100", "--keep-table");
    assertEquals(0, write.process().exitCode, write.process().toString());
    Run other = bench("layout-read", "randomRead", "--rows", "20", "--table", "it_layout");
    assertEquals(2, other.process().exitCode, other.process().toString());
    assertTrue(other.process().err.contains("--value-size 1000 (the table has 100)"), other.process().err);
  }

  private long rows(TableName t) throws Exception {
    long n = 0;
    try (Table table = hbase.getTable(t); ResultScanner rs = table.getScanner(new Scan())) {
      for (Result r = rs.next(); r != null; r = rs.next()) {
        n++;
      }
    }
    return n;
  }

  @Test
  void clientsAsMapTasksAddUpAndMergeTheirHistograms() throws Exception {
    Run run = bench("maps", "sequentialWrite,randomRead", "--rows", "250", "--clients", "2",
        "--maps", "2", "--table", "it_maps");
    assertEquals(0, run.process().exitCode, run.process().toString());
    for (ResultRecord r : run.records()) {
      assertTrue(r.ok(), r.point() + ": " + r.failure() + " " + r.validation());
      // The core's facts of the load: two threads in each of two tasks.
      assertEquals(2, r.params().get("maps"));
      assertEquals(2, r.params().get("threads"));
      assertEquals(4, r.params().get("clients"));
      OperationLoad l = mainLoad(r);
      assertEquals(1000, l.calls(), r.point());
      assertEquals(1000, LatencyHistogram.decode(l.histogram()).count(), r.point());
      assertTrue(metric(r, "rows_per_s") > 0);
      // Four clients' own rates, around the aggregate.
      assertTrue(metric(r, "client_rows_per_s_min") <= metric(r, "client_rows_per_s_max"));
    }
    assertTrue(check(run.records().get(0), "rows_on_server").detail().startsWith("1000 rows"));
  }

  @Test
  void openLoopLatencyMatchesServiceTimeBelowCapacityAndGrowsAboveIt() throws Exception {
    Run write = bench("rate-write", "sequentialWrite", "--rows", "2000", "--table", "it_rate",
        "--keep-table");
    assertEquals(0, write.process().exitCode, write.process().toString());
    Run below = bench("below", "randomRead", "--table", "it_rate", "--target-rate", "50",
        "--duration", "3s");
    Run above = bench("above", "randomRead", "--table", "it_rate", "--target-rate", "50000",
        "--duration", "3s");
    for (Run r : List.of(below, above)) {
      assertEquals(0, r.process().exitCode, r.process().toString());
    }
    OperationLoad.Latency intended = phase(below.records().get(0)).load("get").latencyMs();
    OperationLoad.Latency service = phase(below.records().get(0)).load("get.service").latencyMs();
    // Below capacity each call starts on time: its latency is its service time.
    assertTrue(intended.p50() <= service.p50() * 1.5 + 0.5, intended + " vs " + service);
    OperationLoad.Latency late = phase(above.records().get(0)).load("get").latencyMs();
    OperationLoad.Latency serviceAbove = phase(above.records().get(0)).load("get.service").latencyMs();
    // Above it, calls queue behind their intended start: latency grows past the service time.
    assertTrue(late.p50() > serviceAbove.p50() * 10, late + " vs " + serviceAbove);
  }

  @Test
  void theAsyncClientRunsWritesReadsAndScans() throws Exception {
    Run run = bench("async", "sequentialWrite,randomRead,scan", "--rows", "300", "--clients", "2",
        "--async", "--table", "it_async");
    assertEquals(0, run.process().exitCode, run.process().toString());
    assertEquals(3, run.records().size());
    for (ResultRecord r : run.records()) {
      assertTrue(r.ok(), r.point() + ": " + r.failure() + " " + r.validation());
      assertEquals(600, mainLoad(r).calls());
    }
    Map<String, String> options = run.records().get(0).options();
    assertEquals("true", options.get("async"));
  }

  @Test
  void anUnreachableHBaseIsOneLineWithinSeconds() {
    long t0 = System.nanoTime();
    BenchProcess p = BenchProcess.run(confDir.toString(), "hbase-pe", "randomRead", "--cluster",
        "conf", "-D", "hbase.zookeeper.quorum=127.0.0.1", "-D",
        "hbase.zookeeper.property.clientPort=9", "--out", tmp.resolve("none.jsonl").toString());
    double seconds = (System.nanoTime() - t0) / 1e9;
    assertEquals(2, p.exitCode, p.toString());
    assertTrue(seconds < 40, seconds + " s");
    List<String> bench = p.errLines().stream().filter(l -> l.startsWith("bench:")).toList();
    assertEquals(1, bench.size(), p.toString());
    assertTrue(bench.get(0).contains("127.0.0.1:9"), bench.get(0));
    assertFalse(Files.exists(tmp.resolve("none.jsonl")));
  }

  // bench ycsb

  static OperationLoad load(ResultRecord r, String phase, String op) {
    OperationLoad l = r.phase(phase).load(op);
    assertNotNull(l, op + " in " + r.point() + ": " + r.phase(phase).loads());
    return l;
  }

  static double ycsbMetric(ResultRecord r, String phase, String name) {
    Metric m = r.phase(phase).metric(null, name);
    assertNotNull(m, name + " in " + r.point());
    return m.value();
  }

  @Test
  void ycsbWorkloadAReadsAndUpdatesHalfEachChecksEveryValueAndLeavesNoTable() throws Exception {
    Run run = suite("ycsb", "ycsb-a", "a", "--records", "2000", "--operations", "20000",
        "--threads", "4", "--presplit", "4", "-p", "table=it_ycsb_a", "--base-dir", "/it-ycsb",
        "--metrics", "--metrics-interval", "500ms", "-D", "hbench.metrics.period=0.5");
    assertEquals(0, run.process().exitCode, run.process().toString());
    assertEquals(List.of("a load", "a run"), run.records().stream().map(ResultRecord::point).toList());
    for (ResultRecord r : run.records()) {
      assertTrue(r.ok(), r.point() + ": " + r.failure() + " " + r.validation());
      assertEquals("passed", r.validation().status(), r.point());
    }
    ResultRecord loaded = run.records().get(0);
    assertEquals(2000, load(loaded, "load", "insert").calls());
    assertTrue(ycsbMetric(loaded, "load", "rows_per_s") > 0);
    assertTrue(check(loaded, "rows_on_server").detail().startsWith("2000 rows counted"),
        check(loaded, "rows_on_server").detail());
    ResultRecord r = run.records().get(1);
    OperationLoad read = load(r, "run", "read");
    OperationLoad update = load(r, "run", "update");
    assertEquals(20_000, read.calls() + update.calls());
    double readShare = read.calls() / 20_000.0;
    assertTrue(Math.abs(readShare - 0.5) <= 0.01, "read share " + readShare);
    for (OperationLoad l : List.of(read, update)) {
      assertEquals(0, l.failures(), l.op());
      assertTrue(l.opsPerSecond() > 0 && l.latencyMs().p99() >= l.latencyMs().p50(), l.op());
      assertEquals(l.calls(), LatencyHistogram.decode(l.histogram()).count(), l.op());
    }
    assertTrue(ycsbMetric(r, "run", "ops_per_s") > 0);
    // Each read is one get and each update one put on the region server: their times, taken
    // apart with its own, add up to the client's mean. That needs a read of the server inside
    // the phase (its means are of its last period), hence an interval under the run's 2-6 s.
    assertTrue(r.phase("run").daemons().stream().filter(d -> d.role().equals("regionserver"))
        .allMatch(d -> d.samples() > 2), r.phase("run").daemons().toString());
    assertEquals(List.of("put"), r.phase("run").figure(ServerCalls.FIELD).regionServer().get("update"));
    Map<String, CallTimes.Breakdown> parts = new java.util.HashMap<>();
    CallTimes.of(r.phase("run")).forEach(b -> parts.put(b.op(), b));
    double serverMs = 0;
    for (OperationLoad l : List.of(read, update)) {
      CallTimes.Breakdown b = parts.get(l.op());
      assertNotNull(b, l.op() + " not taken apart: " + parts);
      assertTrue(b.server().startsWith("regionserver "), b.text());
      assertEquals(l.latencyMs().mean(), b.clientMeanMs(), b.text());
      assertNotNull(b.elsewhereMs(), b.text());
      assertEquals(b.clientMeanMs(), b.queueMs() + b.processingMs() + b.elsewhereMs(), 0.01, b.text());
      serverMs += b.processingMs();
    }
    // The server's times are whole milliseconds, rounded down: sub-millisecond gets and puts
    // read 0 on an idle machine. That its figures are this phase's own: it counted every get.
    double gets = r.phase("run").daemons().stream().filter(d -> d.role().equals("regionserver"))
        .mapToDouble(d -> d.metric("get_calls") == null ? 0 : d.metric("get_calls").value()).sum();
    assertTrue(gets >= read.calls(), gets + " gets counted by the region server for "
        + read.calls() + " reads; processing " + serverMs + " ms: " + parts);
    assertEquals("zipfian", ((Map<?, ?>) r.params().get("workload")).get("requestdistribution"));
    assertTrue(check(r, "rows_on_server").detail().startsWith("2000 rows counted"));
    // The key names are YCSB's, in the table YCSB's instructions split.
    assertEquals(4, ((Map<?, ?>) r.params().get("regions_before")).values().stream()
        .mapToInt(v -> ((Number) v).intValue()).sum());
    assertNothingLeft("it_ycsb_a", "/it-ycsb");
  }

  /**
   * --find-max searches the load it is given for: ycsb's run phase, never its load phase (a
   * fixed count of inserts, the run's set-up), which runs once as declared.
   */
  @Test
  void findMaxSearchesYcsbsRunNotItsLoad() throws Exception {
    Run run = suite("ycsb", "ycsb-max", "c", "--records", "500", "--threads", "2",
        "--duration", "2s", "--find-max", "--slo", "p99<200ms", "-p", "table=it_ycsb_max");
    assertEquals(0, run.process().exitCode, run.process().toString());
    ResultRecord loaded = run.records().get(0);
    assertEquals("c load", loaded.point());
    assertNull(loaded.phase("load").figures() == null ? null
        : loaded.phase("load").figures().get("find_max"), "the load phase is not searched");
    assertEquals(500, load(loaded, "load", "insert").calls());
    ResultRecord searched = run.records().get(1);
    assertTrue(searched.ok(), searched.failure());
    io.hbench.core.result.CapacityFigures f =
        searched.phase("run").figure(io.hbench.core.result.CapacityFigures.FIELD);
    assertNotNull(f, "the run phase is searched");
    assertTrue(f.steps().size() >= 2 && f.maxOpsPerSecond() != null, f.toString());
    assertTrue(check(searched, "find_max").passed());
  }

  @Test
  void ycsbWorkloadEScansInOrderAndCountsItsInsertsOnTheServer() throws Exception {
    Run run = suite("ycsb", "ycsb-e", "e", "--records", "1000", "--operations", "1000",
        "--threads", "2", "-p", "table=it_ycsb_e");
    assertEquals(0, run.process().exitCode, run.process().toString());
    ResultRecord r = run.records().get(1);
    assertTrue(r.ok(), r.failure() + " " + r.validation());
    OperationLoad scan = load(r, "run", "scan");
    OperationLoad insert = load(r, "run", "insert");
    assertEquals(1000, scan.calls() + insert.calls());
    assertEquals(0, scan.failures() + insert.failures());
    // Scan lengths uniform over 1..100: 50.5 rows a scan, a few fewer at the table's end.
    double perScan = ycsbMetric(r, "run", "rows_returned") / scan.calls();
    assertTrue(perScan > 40 && perScan <= 50.5 + 5, "rows per scan " + perScan);
    assertTrue(check(r, "rows_on_server").detail().startsWith((1000 + insert.calls())
        + " rows counted"), check(r, "rows_on_server").detail());
  }

  @Test
  void ycsbWorkloadFCountsItsStepsAndLeavesTheModifiedValues() throws Exception {
    Run run = suite("ycsb", "ycsb-f", "f", "--records", "500", "--operations", "2000",
        "--keep-table", "-p", "table=it_ycsb_f", "-p", "fieldcont=3", "-p", "threadcount=8");
    assertEquals(0, run.process().exitCode, run.process().toString());
    ResultRecord r = run.records().get(1);
    // A key hbench does not read is named, once, and recorded; YCSB's client settings (and the
    // workload class, which YCSB's file F names) are left alone and recorded as such.
    assertTrue(run.process().err.contains("not read, not being properties of YCSB's core"
        + " workload: fieldcont"), run.process().err);
    assertEquals(List.of("fieldcont"), r.params().get("unknown_properties"));
    assertEquals(List.of("threadcount", "workload"), r.params().get("properties_left_alone"));
    assertTrue(r.ok(), r.failure() + " " + r.validation());
    OperationLoad rmw = load(r, "run", "read_modify_write");
    OperationLoad readStep = load(r, "run", "read_modify_write.read");
    OperationLoad writeStep = load(r, "run", "read_modify_write.write");
    assertTrue(readStep.isStep() && writeStep.isStep());
    assertEquals(rmw.calls(), readStep.calls());
    assertEquals(rmw.calls(), writeStep.calls());
    assertEquals(2000, rmw.calls() + load(r, "run", "read").calls());
    // Every read-modify-write wrote the next version of field0: the versions on the server add
    // up to the read-modify-writes (the header is v and 8 hex digits).
    long versions = 0;
    try (Table t = hbase.getTable(TableName.valueOf("it_ycsb_f"));
        ResultScanner rs = t.getScanner(new Scan())) {
      for (Result row : rs) {
        byte[] v = row.getValue(Bytes.toBytes("family"), Bytes.toBytes("field0"));
        assertEquals('v', v[0]);
        versions += Long.parseLong(new String(v, 1, 8, java.nio.charset.StandardCharsets.US_ASCII), 16);
      }
    }
    assertEquals(rmw.calls(), versions);
    try (Admin admin = hbase.getAdmin()) {
      admin.disableTable(TableName.valueOf("it_ycsb_f"));
      admin.deleteTable(TableName.valueOf("it_ycsb_f"));
    }
  }

  @Test
  void ycsbClientsAsMapTasksInsertDisjointKeysAndMergeTheirHistograms() throws Exception {
    Run run = suite("ycsb", "ycsb-maps", "d", "--records", "1000", "--operations", "2000",
        "--threads", "2", "--maps", "2", "-p", "table=it_ycsb_maps");
    assertEquals(0, run.process().exitCode, run.process().toString());
    for (ResultRecord r : run.records()) {
      assertTrue(r.ok(), r.point() + ": " + r.failure() + " " + r.validation());
    }
    // Four clients' ranges of the load, and their inserts in the run, all distinct on the server.
    assertTrue(check(run.records().get(0), "rows_on_server").detail().startsWith("1000 rows"));
    ResultRecord r = run.records().get(1);
    OperationLoad read = load(r, "run", "read");
    OperationLoad insert = load(r, "run", "insert");
    assertEquals(2000, read.calls() + insert.calls());
    assertTrue(insert.calls() > 0);
    assertEquals(read.calls(), LatencyHistogram.decode(read.histogram()).count());
    assertTrue(check(r, "rows_on_server").detail().startsWith((1000 + insert.calls())
        + " rows counted"), check(r, "rows_on_server").detail());
  }

  @Test
  void aBadYcsbWorkloadCreatesNoTable() throws Exception {
    Run run = suite("ycsb", "ycsb-bad", "a", "-p", "readproportion=2", "-p",
        "table=it_ycsb_bad");
    assertEquals(2, run.process().exitCode, run.process().toString());
    assertTrue(run.process().err.contains("readproportion=2: a proportion from 0 to 1"),
        run.process().err);
    try (Admin admin = hbase.getAdmin()) {
      assertFalse(admin.tableExists(TableName.valueOf("it_ycsb_bad")));
    }
  }
}
