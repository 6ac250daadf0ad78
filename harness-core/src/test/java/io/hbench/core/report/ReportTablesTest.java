package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.result.Environment;
import io.hbench.core.result.ResultRecord;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReportTablesTest {

  private static final Environment ENV = Records.env("3.4.2", 3);

  @Test
  void theSeedsLayoutOneRowPerPointAGroupPerFigureAColumnPerLabel() {
    List<ResultRecord> rs = new ArrayList<>();
    // B first in the file, sizes out of order: labels keep reading order, points sort by size.
    rs.add(Records.sort("B", "16M", 16, 1, "ok", 8, ENV));
    rs.add(Records.sort("A", "16M", 16, 1, "ok", 4, ENV));
    rs.add(Records.sort("A", "16M", 16, 2, "ok", 5, ENV));
    rs.add(Records.sort("A", "16M", 16, 3, "ok", 6, ENV));
    rs.add(Records.sort("A", "1M", 1, 1, "ok", 2, ENV));
    rs.add(Records.sort("B", "1M", 1, 1, "failed", 0, ENV));
    List<Table> tables = ReportTables.of(rs);
    assertEquals(List.of("terasort · teragen", "terasort · terasort"),
        tables.stream().map(Table::title).toList());
    Table sort = tables.get(1);
    assertEquals(List.of("point", "B", "A", "B", "A"),
        sort.columns().stream().map(Table.Column::name).toList());
    assertEquals(List.of("seconds", "seconds", "MB/s", "MB/s"),
        sort.columns().subList(1, 5).stream().map(Table.Column::group).toList());
    // 1M first; B's only repeat failed: shown as failed, never as a number.
    assertEquals(List.of("1M", "failed", "2.00", "failed", "0.500"), sort.rows().get(0));
    // A's 4, 5, 6 s: median 5, farthest repeat 1 s away = 20%; MB/s 4, 3.2, 2.67: median 3.2.
    assertEquals(List.of("16M", "8.00", "5.00 ±20%", "2.00", "3.20 ±25%"), sort.rows().get(1));
    String text = TableFormat.TEXT.render(sort);
    assertTrue(text.lines().skip(1).findFirst().orElseThrow()
        .matches("\\s*seconds\\s+MB/s"), text);
  }

  @Test
  void aPhaseTableListsOnlyThePointsThatRanThatPhase() {
    // As nnthroughput writes them: a point per operation, "open" preparing its files first.
    List<ResultRecord> rs = new ArrayList<>();
    for (String label : List.of("A", "B")) {
      rs.add(Records.load(label, "create", 1));
      ResultRecord open = Records.load(label, "open", 2);
      List<io.hbench.core.result.PhaseResult> phases = new ArrayList<>();
      phases.add(io.hbench.core.result.PhaseMetrics.complete(
          new io.hbench.core.result.PhaseResult("prepare", 3.0, 0, null, null),
          io.hbench.core.result.PhaseMetrics.DEFAULT_HEADLINES));
      phases.addAll(open.phases());
      rs.add(new ResultRecord(open.schema(), open.runId(), open.label(), open.suite(),
          open.point(), 1, null, open.params(), open.status(), open.failure(), open.validation(),
          phases, open.environment(), open.options(), open.config(), open.started(),
          open.ended()));
    }
    java.util.Map<String, List<String>> rows = new java.util.LinkedHashMap<>();
    for (Table t : ReportTables.of(rs)) {
      rows.put(t.title(), t.rows().stream().map(r -> r.get(0)).toList());
    }
    assertEquals(java.util.Map.of("fsops · create", List.of("create"),
        "fsops · prepare", List.of("open"), "fsops · open", List.of("open")), rows);
  }

  @Test
  void someFailedRepeatsAreSaidBesideTheFigure() {
    List<ResultRecord> rs = List.of(
        Records.sort("A", "1M", 1, 1, "ok", 2, ENV),
        Records.sort("A", "1M", 1, 2, "failed", 0, ENV),
        Records.sort("A", "1M", 1, 3, "ok", 4, ENV));
    Table sort = ReportTables.of(rs).get(1);
    assertEquals("3.00 ±33% (2/3 ok)", sort.rows().get(0).get(1));
    assertTrue(sort.note().contains("k of n repeats ok"), sort.note());
  }

  @Test
  void warmUpRepeatsAreLeftOut() {
    ResultRecord warm = Records.sort("A", "1M", 1, 1, "ok", 100, ENV);
    warm = new ResultRecord(warm.schema(), warm.runId(), warm.label(), warm.suite(), warm.point(),
        1, true, warm.params(), warm.status(), warm.failure(), warm.validation(), warm.phases(),
        warm.environment(), warm.options(), warm.config(), warm.started(), warm.ended());
    Table sort = ReportTables.of(List.of(warm, Records.sort("A", "1M", 1, 2, "ok", 2, ENV)))
        .get(1);
    assertEquals("2.00", sort.rows().get(0).get(1));
  }

  @Test
  void formatsLayOutTheSameTable() {
    Table t = new Table("t", List.of(new Table.Column(null, "point"),
        new Table.Column("s", "A|x"), new Table.Column("s", "B")),
        List.of(List.of("1M", "1,5", "2\"")), "note");
    assertEquals("### t\n\n| point | s A\\|x | s B |\n| --- | ---: | ---: |\n| 1M | 1,5 | 2\" |\n\nnote\n",
        TableFormat.MARKDOWN.render(t));
    assertEquals("# t\r\npoint,s A|x,s B\r\n1M,\"1,5\",\"2\"\"\"\r\n", TableFormat.CSV.render(t));
    assertTrue(TableFormat.JSON.render(t).contains("\"group\" : \"s\""));
    assertEquals("t\n       s\npoint  A|x   B\n-----  ---  --\n1M     1,5  2\"\nnote\n",
        TableFormat.TEXT.render(t));
  }

  /** {@code r} as measured in run {@code run}, started on day {@code day} of 2026-01. */
  private static ResultRecord inRun(ResultRecord r, String run, int day) {
    String at = String.format("2026-01-%02dT02:00:00Z", day);
    return new ResultRecord(r.schema(), run, r.label(), r.suite(), r.point(), r.repeat(),
        r.warmup(), r.params(), r.status(), r.failure(), r.validation(), r.phases(),
        r.environment(), r.options(), r.config(), at, at);
  }

  @Test
  void perRunTablesListTheLastTenRunsOfAHistoryAndSaySo() {
    List<ResultRecord> nights = new ArrayList<>();
    for (int day = 1; day <= 12; day++) {
      // Out of order in the input: the last runs are the last started.
      int d = day * 5 % 13;
      nights.add(inRun(Records.withDaemons("1M", 1 + d / 10.0), "night-" + d, d));
    }
    List<ResultRecord> last = ReportTables.lastRuns(nights);
    assertEquals(10, last.size());
    assertTrue(last.stream().noneMatch(r -> r.runId().equals("night-1")
        || r.runId().equals("night-2")), last.stream().map(ResultRecord::runId).toList()::toString);
    assertEquals(nights.stream().filter(last::contains).toList(), last, "in input order");
    assertEquals(nights.subList(0, 10), ReportTables.lastRuns(nights.subList(0, 10)),
        "ten runs or fewer: all of them");
    Table daemons = ReportTables.of(nights).stream()
        .filter(t -> t.title().startsWith("What stood out")).findFirst().orElseThrow();
    assertTrue(daemons.note().contains("Rows of the last 10 of this label's 12 runs"),
        daemons.note());
  }

  @Test
  void eachFaultOfADisruptedLoadIsARowOfItsFigures() {
    ResultRecord base = Records.load("A", "create", 1);
    io.hbench.core.result.FaultRecord.Figures back = new io.hbench.core.result.FaultRecord
        .Figures(1.5, 1000L, 2.25, 0.5, 1.0, 0.2, 4.0, true, 1.1, 250, 3, 900, 5, 12,
            java.util.Map.of("SafeModeException", 12L), java.util.Map.of("rpc_attempts_failed", 40L));
    io.hbench.core.result.FaultRecord d = new io.hbench.core.result.FaultRecord(
        "failover-namenode@10s", 2, 0, 10_000, 100, List.of(
            new io.hbench.core.result.FaultRecord.Fault("failover-namenode", 0, 10,
                "nn1 (h:1) to nn2 (h:2)", 10_000, 10_500L, null, 25_000, back, null, null,
                List.of()),
            new io.hbench.core.result.FaultRecord.Fault("failover-namenode", 1, 25, null,
                25_000, null, "IOException: no standby", 40_000, null, null, null, List.of())),
        List.of(), null, null);
    io.hbench.core.result.PhaseResult p = base.phases().get(0).withFigures(
        java.util.Map.of(io.hbench.core.result.FaultRecord.FIELD.name(), d));
    ResultRecord r = new ResultRecord(base.schema(), base.runId(), base.label(), base.suite(),
        base.point(), base.repeat(), base.warmup(), base.params(), base.status(),
        base.failure(), base.validation(), List.of(p), base.environment(), base.options(),
        base.config(), base.started(), base.ended());
    Table faults = ReportTables.of(List.of(r)).stream()
        .filter(t -> t.title().startsWith("Faults (--disrupt)")).findFirst().orElseThrow();
    assertEquals(List.of("create", "create", "failover-namenode #1", "nn1 (h:1) to nn2 (h:2)",
        "1.50", "2.25", "20.00", "4.00", "250.00 (3.00)", "12", "rpc_attempts_failed 40", "-"),
        faults.rows().get(0));
    assertEquals("not done: IOException: no standby", faults.rows().get(1).get(4));
    assertTrue(ReportTables.of(List.of(base)).stream()
        .noneMatch(t -> t.title().startsWith("Faults")), "no table without --disrupt");
  }
}
