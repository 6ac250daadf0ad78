package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.result.IoResult;
import io.hbench.core.result.OperationSummary;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultReader;
import io.hbench.core.result.ResultSchema;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --instrument} on the embedded HDFS cluster: what the map and reduce tasks on YARN did
 * reaches the result record, through side files and job counters, with exact counts.
 */
@Tag("integration")
class InstrumentedTeraSortIT {

  /** 4M in whole 100-byte records. */
  private static final long ROWS = 41_943;

  @TempDir Path tmp;

  @Test
  @Timeout(value = 15, unit = TimeUnit.MINUTES)
  void taskFiguresReachTheRecordWithExactCounts() throws Exception {
    Path results = tmp.resolve("r.jsonl");
    BenchProcess p =
        BenchProcess.run(
            null,
            "terasort", "--sizes", "4M", "--maps", "2", "--reduces", "2", "--cluster", "mini",
            "--instrument", "--out", results.toString());
    assertEquals(0, p.exitCode, p.toString());
    ResultSchema.assertValid(results);
    List<ResultRecord> records = ResultReader.read(results);
    assertEquals(1, records.size());
    ResultRecord r = records.get(0);
    assertEquals("ok", r.status(), r.toString());
    assertEquals("passed", r.validation().status());
    assertTrue(r.environment().dataFs().startsWith("hdfs://"), r.environment().dataFs());

    // teragen: TeraOutputFormat writes each record as key (10 bytes) then value (90 bytes), and
    // hsyncs and closes its one file per map: nothing else in the task writes to HDFS.
    IoResult gen = r.phase("teragen").io();
    assertNotNull(gen, "teragen io");
    OperationSummary writes = gen.tasks().get("stream_write_operations");
    assertEquals(2 * ROWS, writes.calls());
    assertEquals(100 * ROWS, writes.bytes());
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
    assertEquals(2 * ROWS, perTaskCalls);
    // The job counters, the other channel, say the same.
    PhaseResult genPhase = r.phase("teragen");
    assertEquals(2 * ROWS, genPhase.counters().get("io_stream_write_operations_calls"));
    assertEquals(100 * ROWS, genPhase.counters().get("io_stream_write_operations_bytes"));

    // terasort: the two reducers write the sorted records the same way; the maps read them.
    IoResult sort = r.phase("terasort").io();
    assertEquals(2 * ROWS, sort.tasks().get("stream_write_operations").calls());
    assertEquals(2, sort.tasks().get("op_hsync").calls());
    assertEquals(4, sort.perTask().size(), "2 maps and 2 reduces");
    assertTrue(sort.tasks().get("stream_read_operations").bytes() >= 100 * ROWS);
    assertTrue(sort.perTask().stream().anyMatch(t -> t.attempt().contains("_r_")));

    // teravalidate reads everything the sort wrote.
    IoResult validate = r.phase("teravalidate").io();
    assertTrue(validate.tasks().get("stream_read_operations").bytes() >= 100 * ROWS);

    // The table of the seed: storage, point, per-task write times.
    assertTrue(p.out.contains("write ms per task"), p.out);
    assertTrue(p.out.contains("hdfs"), p.out);
  }
}
