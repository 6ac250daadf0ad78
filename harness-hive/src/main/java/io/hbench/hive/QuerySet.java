package io.hbench.hive;

import io.hbench.core.OptionValues;
import io.hbench.core.result.Metric;
import java.util.Collection;
import java.util.List;

/**
 * A suite's queries as its streams run them ({@link QueryStreams}), by the name its spec gives
 * ({@code q6}, {@code q14a}): the text, the answer check and how it checked, the figures its spec
 * defines; and what every query of a run shares, the time limit, the password kept out of every
 * line, and the engine's known defects. {@link TpchQuerySet} and {@link TpcdsQuerySet}.
 */
abstract class QuerySet {

  private final int timeoutSeconds;
  private final String password;
  private final KnownDefects.InUse knownDefects;

  QuerySet(OptionValues o, KnownDefects.InUse knownDefects) {
    this.timeoutSeconds =
        (int) Math.min(Integer.MAX_VALUE, o.get(HiveOptions.QUERY_TIMEOUT).toSeconds());
    this.password = o.get(HiveOptions.PASSWORD);
    this.knownDefects = knownDefects;
  }

  abstract String text(String query);

  /** Null when the answer is right, else one line naming the query, row and column. */
  abstract String check(String query, QueryStreams.Answer answer) throws Exception;

  /** How a right answer of {@code query} was checked: {@code by value against ...}. */
  abstract String checkedHow(String query);

  final int timeoutSeconds() {
    return timeoutSeconds;
  }

  final String password() {
    return password;
  }

  /**
   * The known defects of the engine in use ({@link KnownDefects}), whose workarounds are set for
   * a query's session only unless {@code --as-shipped}; null for none.
   */
  final KnownDefects.InUse knownDefects() {
    return knownDefects;
  }

  /**
   * The spec's figure of a power test from its passed queries' seconds and, when they ran, the
   * refresh functions' ({@code refreshRan}; those that passed in {@code refreshed}); null when
   * the spec defines none or the test does not qualify for it.
   */
  Metric powerFigure(Collection<Double> passed, boolean refreshRan, List<Double> refreshed) {
    return null;
  }

  /**
   * The spec's figures of a throughput test of {@code streams} whose every query (and refresh
   * function) passed, from its wall seconds and the power test's figure (null when none).
   */
  List<Metric> throughputFigures(int streams, double seconds, Metric power) {
    return List.of();
  }
}
