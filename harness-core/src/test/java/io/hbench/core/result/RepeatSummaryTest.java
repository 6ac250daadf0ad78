package io.hbench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.result.Metric.Better;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A point's figures over its repeats: median and spread of the ok ones after warm-up. */
class RepeatSummaryTest {

  private static ResultRecord rec(String point, int repeat, boolean warmup, boolean ok,
      double seconds, double opsPerSecond) {
    PhaseResult phase = PhaseMetrics.complete(
        new PhaseResult("load", seconds, 0, null, null)
            .withMetrics(List.of(Metric.ofOp("create", "ops_per_s", Metric.OPS_PER_SECOND,
                opsPerSecond, Better.HIGHER))),
        Set.of("*/ops_per_s"));
    return new ResultRecord(ResultRecord.SCHEMA, "r", "a", "fsops", point, repeat,
        warmup ? Boolean.TRUE : null, Map.of(), ok ? ResultRecord.OK : ResultRecord.FAILED,
        ok ? null : "x", Validation.of(List.of(new Check("c", ok, ""))), List.of(phase), null,
        Map.of(), Map.of(), "", "");
  }

  @Test
  void theValueIsTheMedianAndTheSpreadHasEveryOkRepeat() {
    List<ResultRecord> records = List.of(
        rec("a", 1, true, true, 50, 1),       // warm-up: left out
        rec("a", 2, false, true, 2, 300),
        rec("a", 3, false, true, 4, 100),
        rec("a", 4, false, false, 99, 9999),  // failed: left out
        rec("a", 5, false, true, 3, 200),
        rec("b", 1, false, true, 7, 70));     // another point
    RepeatSummary s = RepeatSummary.of(records, "a");
    assertEquals(4, s.measured());
    assertEquals(3, s.ok());
    Metric seconds = s.metric("load", "seconds");
    assertEquals(3.0, seconds.value());
    assertEquals(3, seconds.spread().n());
    assertEquals(2.0, seconds.spread().min());
    assertEquals(4.0, seconds.spread().max());
    assertEquals(1.0, seconds.spread().stddev(), 1e-9);
    Metric ops = s.metric("load", "create/ops_per_s");
    assertEquals(200.0, ops.value());
    assertEquals(Better.HIGHER, ops.better());
    assertTrue(ops.isHeadline(), "the headline mark is kept");
    assertEquals(100.0, ops.spread().stddev(), 1e-9);
    assertNull(s.metric("load", "mb_per_s"), "no bytes moved, no MB/s");
  }

  @Test
  void aPointWithNoOkRepeatHasNoFigures() {
    RepeatSummary s = RepeatSummary.of(List.of(rec("a", 1, false, false, 1, 1)), "a");
    assertEquals(1, s.measured());
    assertEquals(0, s.ok());
    assertTrue(s.phases().isEmpty());
  }
}
