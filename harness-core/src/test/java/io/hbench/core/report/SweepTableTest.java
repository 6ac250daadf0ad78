package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.result.Check;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.Validation;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SweepTableTest {

  private static ResultRecord rec(String point, String status, double seconds) {
    return rec(point, 1, status, seconds);
  }

  private static ResultRecord rec(String point, int repeat, String status, double seconds) {
    return new ResultRecord(ResultRecord.SCHEMA, "r", "a", "terasort", point, repeat, null, Map.of(), status,
        status.equals("ok") ? null : "x",
        Validation.of(List.of(new Check("order", status.equals("ok"), ""))),
        // As the runner writes it: the phase's metrics completed.
        List.of(PhaseMetrics.complete(new PhaseResult("terasort", seconds, 64L << 20, 1L, 64.0 / seconds, 1.5, null, null, null, null, null, null, null, null, null), PhaseMetrics.DEFAULT_HEADLINES)),
        null, Map.of(), Map.of(), "", "");
  }

  @Test
  void oneRowPerPointWithPhaseColumns() {
    String table = TableFormat.TEXT.render(SweepTable.render(List.of(rec("32M", "ok", 2.0), rec("64M", "failed", 4.0))));
    List<String> lines = table.lines().toList();
    assertTrue(lines.get(0).matches("point\\s+terasort s\\s+startup s\\s+MB/s\\s+validation\\s+status"), lines.get(0));
    assertTrue(lines.get(2).matches("32M\\s+2\\.00\\s+1\\.50\\s+32\\.00\\s+passed\\s+ok"), lines.get(2));
    // A failed point shows no figures.
    assertTrue(lines.get(3).matches("64M\\s+-\\s+-\\s+-\\s+failed\\s+failed"), lines.get(3));
    assertEquals(5, lines.size());
  }

  @Test
  void repeatsAreFollowedByTheMeanAndSpreadOfTheirOkRuns() {
    String table =
        TableFormat.TEXT.render(SweepTable.render(
            List.of(
                rec("32M", 1, "ok", 2.0),
                rec("32M", 2, "ok", 4.0),
                rec("32M", 3, "failed", 100.0),
                rec("64M", 1, "ok", 8.0),
                rec("64M", 2, "ok", 8.0))));
    List<String> lines = table.lines().toList();
    assertTrue(lines.get(2).startsWith("32M #1 "), lines.get(2));
    // 2 s and 4 s: mean 3, sample sd sqrt(2); MB/s 32 and 16: mean 24, sd 11.31; the failed
    // repeat's 100 s is left out.
    assertTrue(
        lines.get(5).matches("32M mean\\s+3\\.00 ±1\\.41\\s+1\\.50 ±0\\.00\\s+24\\.00 ±11\\.31\\s+-\\s+2/3 ok"),
        lines.get(5));
    assertTrue(lines.get(8).matches("64M mean\\s+8\\.00 ±0\\.00\\s+.*2/2 ok"), lines.get(8));
    assertEquals(10, lines.size());
  }
}
