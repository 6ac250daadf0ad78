package io.hbench.core.report;

import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.ResultRecord;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * How a suite's records are read: the figures it is about and its own tables. The read side of
 * a suite, apart from its run side ({@link io.hbench.core.Benchmark}): an implementation needs
 * only the records and the suite's {@link io.hbench.core.result.Field}s, none of the classes
 * that run it, so that {@code bench report} and {@code bench compare} work with plain {@code java
 * -jar bench.jar}, no Hadoop, HBase or Hive beside it. Register an implementation in {@code
 * META-INF/services/io.hbench.core.report.SuiteReport}; a suite without one reads as {@link
 * #plain}.
 */
public interface SuiteReport {

  /** The suite's name, as its records say. */
  String suite();

  /**
   * The metrics the suite is about, marked {@code headline} in every record so that reports and
   * comparisons lead with them (see {@link PhaseMetrics}): {@code seconds} and {@code mb_per_s}
   * of each phase by default; {@code *}{@code /ops_per_s} for every operation's rate; {@code
   * load:seconds} for one phase's figure only.
   */
  default Set<String> headlines() {
    return PhaseMetrics.DEFAULT_HEADLINES;
  }

  /**
   * Whether the common table (seconds and MB/s per phase) is printed before the suite's own. A
   * suite whose points run different phases (one per NameNode operation) and whose tables show
   * every figure says false.
   */
  default boolean commonTable() {
    return true;
  }

  /**
   * The suite's own tables of a run's records (DFSIO's TestDFSIO figures, tpch's totals per
   * scale, then its per-query matrix), built from the records alone so that {@code bench report}
   * rebuilds them from a results file; laid out in the format asked for, never by the suite.
   */
  default List<Table> tables(List<ResultRecord> records) {
    Table t = table(records);
    return t == null ? List.of() : List.of(t);
  }

  /** The suite's one table of its own, or null: what {@link #tables} holds unless overridden. */
  default Table table(List<ResultRecord> records) {
    return null;
  }

  /**
   * Charts of the suite's own, drawn of a label's records by {@code report --html} in place of
   * a line chart per headline and a latency chart per operation (a suite whose figures are per
   * target, not over sizes: a bar per DataNode, a matrix of pairs); empty, the default, for
   * those.
   */
  default List<Chart> charts(List<ResultRecord> records) {
    return List.of();
  }

  /** The report of a suite with nothing of its own: the default headlines and common table. */
  static SuiteReport plain(String suite) {
    return () -> suite;
  }

  /** The report registered for {@code suite}, or {@link #plain} when none is on the class path. */
  static SuiteReport of(String suite) {
    try {
      for (SuiteReport r : ServiceLoader.load(SuiteReport.class, SuiteReport.class.getClassLoader())) {
        if (r.suite().equals(suite)) {
          return r;
        }
      }
    } catch (java.util.ServiceConfigurationError | LinkageError e) {
      // A report that cannot load here reads as plain.
    }
    return plain(suite);
  }
}
