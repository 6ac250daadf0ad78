package io.hbench.hive;

import io.hbench.core.OptionValues;
import io.hbench.core.result.Metric;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * TPC-H's 22 queries at one scale factor: their texts with the spec's validation parameters or,
 * with {@code --seed}, random ones (qgen's); each answer checked against the tpch library's SF
 * 0.01 answers where they apply and against {@link TpchReference}'s where computed, else by its
 * shape; Power@Size, Throughput@Size and QphH@Size ({@link TpchFigures}).
 */
final class TpchQuerySet extends QuerySet {

  private final double scale;
  private final boolean libraryAnswers;
  private final boolean refresh;
  private final Long seed;
  private final int count;
  private final Map<Integer, Map<String, String>> parameters = new LinkedHashMap<>();
  private final Map<Integer, String> texts = new LinkedHashMap<>();
  private Map<Integer, List<String[]>> reference = Map.of();

  /**
   * @param libraryAnswers whether the library's SF 0.01 answers apply (validation parameters,
   *     SF 0.01, no refresh functions)
   * @param count how many of the 22 the run runs (the throughput figures need all)
   */
  TpchQuerySet(OptionValues o, KnownDefects.InUse defects, double scale, boolean libraryAnswers,
      boolean refresh, Long seed, int count) {
    super(o, defects);
    this.scale = scale;
    this.libraryAnswers = libraryAnswers;
    this.refresh = refresh;
    this.seed = seed;
    this.count = count;
    Random random = seed == null ? null : new Random(seed);
    for (int q = 1; q <= TpchQueries.COUNT; q++) {
      Map<String, String> params = random == null ? TpchQueries.validationParameters(q, scale)
          : TpchQueries.randomParameters(q, scale, random);
      if (libraryAnswers && q == 11) {
        // The library's SF 0.01 answer was made with 0.0001, not the spec's 0.0001/SF.
        params = new LinkedHashMap<>(params);
        params.put("FRACTION", "0.0001");
      }
      parameters.put(q, params);
      texts.put(q, TpchQueries.text(q, params));
    }
  }

  /** Computes the answers of {@code queries} from the generator's rows, with this set's parameters. */
  void computeAnswers(java.util.Set<Integer> queries) {
    reference = TpchReference.answers(scale, queries, parameters);
  }

  @Override
  String text(String query) {
    return texts.get(number(query));
  }

  @Override
  String check(String name, QueryStreams.Answer a) throws Exception {
    int query = number(name);
    String wrong = libraryAnswers ? TpchAnswers.compare(query, a.columns(), a.rows())
        : TpchAnswers.shape(query, a.columns().size(), a.rows().size(), scale);
    if (wrong == null && reference.containsKey(query)) {
      wrong = TpchAnswers.compare(query, a.columns(), a.rows(), reference.get(query),
          TpchAnswers.COMPUTED_ANSWER);
    }
    return wrong;
  }

  @Override
  String checkedHow(String name) {
    int query = number(name);
    String library = "equal by value to " + TpchAnswers.LIBRARY_ANSWER;
    String computedHere = "equal by value to " + TpchAnswers.COMPUTED_ANSWER;
    if (reference.containsKey(query)) {
      return libraryAnswers ? library + " and to " + TpchAnswers.COMPUTED_ANSWER : computedHere;
    }
    return libraryAnswers ? library : "shape only: columns, and rows where the query fixes them"
        + " (no answer to compare with" + (seed != null ? " for random parameters" : "")
        + (refresh ? " after the refresh functions" : "") + ")";
  }

  @Override
  Metric powerFigure(Collection<Double> passed, boolean refreshRan, List<Double> refreshed) {
    return TpchFigures.power(passed, refreshRan, refreshed, scale);
  }

  @Override
  List<Metric> throughputFigures(int streams, double seconds, Metric power) {
    return count == TpchQueries.COUNT
        ? TpchFigures.throughput(streams, seconds, scale, power) : List.of();
  }

  private static int number(String query) {
    return Integer.parseInt(query.substring(1));
  }
}
