package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.IoResult;
import io.hbench.core.result.OperationSummary;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultSchema;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's main command, in miniature: a sweep on the embedded cluster the run starts, with
 * {@code --instrument}, whose figures of what the map and reduce tasks on YARN did reach each
 * record, through side files and job counters, with exact counts. (One run for both: each YARN
 * job costs 15-25 s of start-up on 2 cores.)
 */
@Tag("integration")
class EmbeddedTeraSortIT {

  @TempDir Path tmp;

  @Test
  @Timeout(value = 15, unit = TimeUnit.MINUTES)
  void sweepOfTwoSizesWritesTwoValidatedRecordsAndATwoRowTable() throws Exception {
    Path results = tmp.resolve("r.jsonl");
    BenchProcess p =
        BenchProcess.run(
            null,
            "terasort", "--sizes", "1M..2M", "--maps", "2", "--reduces", "2", "--cluster", "mini",
            "--instrument", "--out", results.toString());
    assertEquals(0, p.exitCode, p.toString());
    assertTrue(p.err.contains("running on an embedded cluster"), p.err);

    ResultSchema.assertValid(results);
    List<ResultRecord> records = ResultReader.read(results);
    assertEquals(2, records.size());
    long[] rows = {10_485, 20_971}; // 1M and 2M in whole 100-byte records
    for (int i = 0; i < 2; i++) {
      ResultRecord r = records.get(i);
      assertEquals("ok", r.status(), r.toString());
      assertEquals("passed", r.validation().status());
      assertEquals(i == 0 ? "1M" : "2M", r.point());
      assertEquals(rows[i], ((Number) r.params().get("rows")).longValue());
      assertEquals(2, ((Number) r.params().get("reduces")).intValue());
      assertEquals(List.of("teragen", "terasort", "teravalidate"),
          r.phases().stream().map(PhaseResult::name).toList());
      for (PhaseResult ph : r.phases()) {
        assertTrue(ph.seconds() > 0);
        assertEquals(rows[i], ph.records(), ph.name());
        assertNotNull(ph.startupSeconds(), ph.name());
        assertTrue(ph.startupSeconds() <= ph.seconds());
      }
      // Reduce attempts launched: the 2 asked for, and any YARN relaunched (a reduce the
      // ApplicationMaster pre-empted for waiting maps); each reduce succeeded once (below).
      assertTrue(r.phase("terasort").tasks().get("reduces") >= 2, r.phase("terasort").tasks()
          .toString());
      assertEquals("embedded", r.environment().cluster());
      assertEquals("embedded", r.label());
      assertEquals(1, r.environment().datanodes());
      assertEquals(1, r.environment().nodeManagers());
      // Each service as it describes itself: the store, then YARN, both started by hbench.
      List<io.hbench.core.result.ServiceInfo> services = r.environment().services();
      assertEquals(List.of("hdfs", "yarn"),
          services.stream().map(io.hbench.core.result.ServiceInfo::name).toList());
      assertEquals(java.util.Map.of("datanodes", 1), services.get(0).nodes());
      assertEquals(java.util.Map.of("node_managers", 1), services.get(1).nodes());
      assertEquals("embedded", services.get(1).origin());
      assertEquals(r.environment().defaultFs(), services.get(0).endpoint());
      assertEquals("3.4.2", r.environment().hadoopVersion());
      assertTrue(r.environment().defaultFs().startsWith("hdfs://"));
      assertEquals(records.get(0).runId(), r.runId());
      assertTaskFigures(r, rows[i]);
    }
    // The run's own table ends at its first blank line; the daemons' summary may follow.
    List<String> tableRows = p.out.lines().takeWhile(l -> !l.isBlank())
        .filter(l -> l.startsWith("1M ") || l.startsWith("2M ")).toList();
    assertEquals(2, tableRows.size(), p.out);
    assertTrue(p.out.lines().findFirst().orElse("").startsWith("point"), p.out);
    // The table of the seed: storage, point, per-task write times.
    assertTrue(p.out.contains("write ms per task"), p.out);
  }

  /** What {@code --instrument} counted in the tasks of a point of {@code rows} records. */
  private static void assertTaskFigures(ResultRecord r, long rows) {
    // teragen: TeraOutputFormat writes each record as key (10 bytes) then value (90 bytes), and
    // hsyncs and closes its one file per map: nothing else in the task writes to HDFS.
    IoResult gen = r.phase("teragen").io();
    assertNotNull(gen, "teragen io");
    OperationSummary writes = gen.tasks().get("stream_write_operations");
    assertEquals(2 * rows, writes.calls());
    assertEquals(100 * rows, writes.bytes());
    assertTrue(writes.timeMs() > 0, "time in write");
    assertTrue(writes.timedCalls() > 0 && writes.timedCalls() < writes.calls(), "a sample");
    assertNotNull(writes.latencyUs(), "latency percentiles");
    assertNotNull(writes.timeErrorMs(), "a sampled total carries its error bound");
    assertEquals(2, gen.tasks().get("op_hsync").calls(), "one final hsync per map");
    assertEquals(2, gen.tasks().get("stream_write_close_operations").calls());
    assertEquals(2, gen.tasks().get("op_create").calls());
    assertEquals(2, gen.perTask().size(), "one entry per map task");
    long perTaskCalls = 0;
    for (IoResult.TaskIo t : gen.perTask()) {
      assertTrue(t.attempt().contains("_m_"), t.attempt());
      perTaskCalls += t.ops().get("stream_write_operations").calls();
    }
    assertEquals(2 * rows, perTaskCalls);
    // The job counters, the other channel, say the same.
    PhaseResult genPhase = r.phase("teragen");
    assertEquals(2 * rows, genPhase.counters().get("io_stream_write_operations_calls"));
    assertEquals(100 * rows, genPhase.counters().get("io_stream_write_operations_bytes"));

    // terasort: the two reducers write the sorted records the same way; the maps read them.
    IoResult sort = r.phase("terasort").io();
    assertEquals(2 * rows, sort.tasks().get("stream_write_operations").calls());
    assertEquals(2, sort.tasks().get("op_hsync").calls());
    assertEquals(4, sort.perTask().size(), "2 maps and 2 reduces");
    assertTrue(sort.tasks().get("stream_read_operations").bytes() >= 100 * rows);
    assertTrue(sort.perTask().stream().anyMatch(t -> t.attempt().contains("_r_")));

    // teravalidate reads everything the sort wrote.
    IoResult validate = r.phase("teravalidate").io();
    assertTrue(validate.tasks().get("stream_read_operations").bytes() >= 100 * rows);
  }
}
