package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.embed.RunRequest;
import io.hbench.core.report.Comparison;
import io.hbench.core.report.ReportTables;
import io.hbench.core.report.ResultReader;
import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.Metric;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Records of every suite (src/test/resources/records, written by a real run of each): a phase
 * holds one metric per figure, as reports and comparisons read them, and each suite's report
 * reads its records back by the fields that wrote them.
 */
class EverySuiteRecordsTest {

  static List<ResultRecord> records() throws Exception {
    return ResultReader.read(Path.of(EverySuiteRecordsTest.class
        .getResource("/records/every-suite.jsonl").toURI()));
  }

  @Test
  void everySuiteHasRecordsHere() throws Exception {
    Set<String> recorded = new TreeSet<>();
    records().forEach(r -> recorded.add(r.suite()));
    assertEquals(new TreeSet<>(RunRequest.suites().keySet()), recorded,
        "a suite without records in records/every-suite.jsonl (see its README)");
  }

  /**
   * A history is read through a pool (configurations stepped over by their bytes, series read
   * when used): every suite's records come out as plain Jackson reads them, line by line.
   */
  @Test
  void aHistoryIsReadAsEachLineAlone() throws Exception {
    Path file = Path.of(EverySuiteRecordsTest.class.getResource("/records/every-suite.jsonl")
        .toURI());
    List<ResultRecord> pooled = ResultReader.readAll(List.of(file), w -> { });
    List<String> lines = java.nio.file.Files.readAllLines(file).stream()
        .filter(l -> !l.isBlank()).toList();
    assertEquals(lines.size(), pooled.size());
    boolean series = false;
    for (int i = 0; i < lines.size(); i++) {
      assertEquals(ResultReader.parse(lines.get(i)), pooled.get(i), "line " + (i + 1));
      series |= pooled.get(i).phases().stream().anyMatch(p -> p.daemons() != null
          && p.daemons().stream().anyMatch(d -> d.series() != null && !d.series().isEmpty()));
    }
    assertTrue(series, "the records have daemons' series to read");
  }

  /**
   * The defect this guards against: fsops recorded mb_per_s twice in one phase (the phase's,
   * and its operation's, read by the same name), and reports kept the first.
   */
  @Test
  void aPhaseHoldsOneMetricPerFigure() throws Exception {
    List<String> twice = new ArrayList<>();
    for (ResultRecord r : records()) {
      for (PhaseResult p : r.phases()) {
        Map<String, Metric> seen = new HashMap<>();
        for (Metric m : p.metrics()) {
          Metric before = seen.put(PhaseMetrics.figureKey(p.name(), m), m);
          if (before != null) {
            twice.add(r.suite() + " " + r.point() + " " + p.name() + ": " + before.key() + " and "
                + m.key());
          }
        }
      }
    }
    assertEquals(List.of(), twice);
  }

  @Test
  void aSecondMetricOfTheSameFigureIsRefusedWhenThePhaseIsRecorded() {
    PhaseResult phase = new PhaseResult("create_write", 2.0, 20L << 20, 10L, null)
        .withLoads(List.of(new io.hbench.core.result.OperationLoad("create_write", 10, 0, null,
            20L << 20, 1.5, 6.667, null, null, null, null, null)))
        .withMetrics(List.of(Metric.of("ops_per_s", Metric.OPS_PER_SECOND, 5, Metric.Better.HIGHER)
            .withHeadline(false), Metric.ofOp("create_write", "ops_per_s", Metric.OPS_PER_SECOND,
            5, Metric.Better.HIGHER)));
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> PhaseMetrics.complete(phase, Set.of()));
    assertTrue(e.getMessage().contains("two metrics read as ops_per_s"), e.getMessage());
    // A load's phase has its operation's MB/s, not one of its own beside it.
    PhaseResult loadOnly = new PhaseResult("create_write", 2.0, 20L << 20, 10L, null)
        .withLoads(phase.loads());
    List<Metric> mb = PhaseMetrics.complete(loadOnly, Set.of("*/mb_per_s")).metrics().stream()
        .filter(m -> m.name().equals("mb_per_s")).toList();
    assertEquals(1, mb.size(), mb.toString());
    assertEquals("create_write", mb.get(0).op());
  }

  @Test
  void everySuitesReportReadsItsRecords() throws Exception {
    Map<String, List<ResultRecord>> bySuite = new java.util.LinkedHashMap<>();
    records().forEach(r -> bySuite.computeIfAbsent(r.suite(), k -> new ArrayList<>()).add(r));
    Map<String, String> titles = Map.of("fsops", "File system operations",
        "nnthroughput", "NameNode throughput", "hbase-pe", "HBase PerformanceEvaluation workloads",
        "tpch", "TPC-H on Hive", "dfsio", "DFSIO", "slive", "Slive", "disk", "Disk (dd-style)",
        "ycsb", "YCSB workloads on HBase");
    titles.forEach((suite, title) -> {
      List<Table> tables = SuiteReport.of(suite).tables(bySuite.get(suite));
      assertFalse(tables.isEmpty(), suite);
      assertEquals(title, tables.get(0).title(), suite);
      // disk's is prose (a remark); the others are rows read from the records.
      assertFalse(tables.get(0).rows().isEmpty() && tables.get(0).note() == null, suite);
    });
    // Every record reads in the cross-run tables.
    assertFalse(ReportTables.of(records()).isEmpty());
  }

  @Test
  void compareReadsFsopsHeadlineMbPerSecondFromItsOperation() throws Exception {
    ResultRecord fsops = records().stream().filter(r -> r.point().equals("create_write"))
        .findFirst().orElseThrow();
    Metric op = fsops.phase("create_write").metric("create_write", "mb_per_s");
    assertNotNull(op);
    assertTrue(op.isHeadline());
    Comparison c = Comparison.of("a", List.of(fsops), "b", List.of(fsops), 0.05, false);
    List<Comparison.Row> rows = c.rows().stream()
        .filter(r -> r.suite().equals("fsops") && r.figure().equals("mb_per_s")).toList();
    assertEquals(1, rows.size(), c.rows().toString());
    assertEquals(op.value(), rows.get(0).base().median(), 1e-9);
  }

  /**
   * Records written before a phase held one metric per figure: fsops's phase MB/s (13.8, over
   * the phase's seconds) beside its operation's (15.0, over the calls' window, the headline).
   * Both were read as mb_per_s, and the first was kept; the operation's is the figure.
   */
  @Test
  void recordsWrittenBeforeReadTheOperationsMbPerSecond() throws Exception {
    ResultRecord fsops = records().stream().filter(r -> r.point().equals("create_write"))
        .findFirst().orElseThrow();
    PhaseResult p = fsops.phase("create_write");
    List<Metric> old = new ArrayList<>();
    old.add(Metric.of("mb_per_s", Metric.MIB_PER_SECOND, 13.8, Metric.Better.HIGHER));
    for (Metric m : p.metrics()) {
      old.add(m.name().equals("mb_per_s") ? new Metric(m.name(), m.op(), m.unit(), 15.0,
          m.better(), m.headline(), null) : m);
    }
    ResultRecord before = new ResultRecord(fsops.schema(), fsops.runId(), fsops.label(),
        fsops.suite(), fsops.point(), fsops.repeat(), fsops.warmup(), fsops.params(),
        fsops.status(), fsops.failure(), fsops.validation(), List.of(p.withMetrics(old)),
        fsops.environment(), fsops.options(), fsops.config(), fsops.started(), fsops.ended());
    Comparison c = Comparison.of("a", List.of(before), "b", List.of(before), 0.05, false);
    Comparison.Row row = c.rows().stream().filter(r -> r.figure().equals("mb_per_s"))
        .findFirst().orElseThrow(() -> new AssertionError(c.rows()));
    assertEquals(15.0, row.base().median(), 1e-9);
    String table = io.hbench.core.report.TableFormat.TEXT.render(ReportTables.of(List.of(before)));
    assertTrue(table.contains("15.00"), table);
    assertFalse(table.contains("13.80"), table);
  }
}
