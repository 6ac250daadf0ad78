package io.hbench.core.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hbench.core.fs.IoOperation;
import io.hbench.core.fs.OperationStats;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TaskIoReportTest {

  @Test
  void sideFileTextRoundTripsEveryFigureAndTheHistogram() {
    OperationStats writes = OperationStats.of(10, 1000, 1, 2, 3000, 4.5e6, 777, true, null);
    OperationStats hsync = new OperationStats();
    hsync.recordCall(5_000_000, 0, false);
    Map<String, OperationStats> ops = new LinkedHashMap<>();
    ops.put("stream_write_operations", writes);
    ops.put("op_hsync", hsync);
    TaskIoReport report =
        new TaskIoReport(
            "attempt_1_0001_m_000000_0",
            "host-a",
            List.of(new TaskIoReport.Instance("42", "hdfs://nn with space:8020", 64, ops)));

    TaskIoReport back = TaskIoReport.parse(report.text().lines().toList());

    assertEquals(report.text(), back.text());
    assertEquals("hdfs://nn with space:8020", back.instances().get(0).uri());
    OperationStats w = back.totals().get(IoOperation.WRITE);
    assertEquals(10, w.calls());
    assertEquals(777, w.coarseNanos());
    assertEquals(4.5e6, w.timedNanosSquared());
    OperationStats h = back.totals().get(IoOperation.HSYNC);
    assertEquals(1, h.calls());
    assertEquals(5_000_000, h.histogram().getMaxValue(), 50_000);
  }

  @Test
  void aMalformedLineIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> TaskIoReport.parse(List.of("op x 1 2")));
    assertThrows(IllegalArgumentException.class, () -> TaskIoReport.parse(List.of("what 1")));
    assertThrows(IllegalArgumentException.class, () -> OperationStats.parseText("1 2 x"));
  }
}
