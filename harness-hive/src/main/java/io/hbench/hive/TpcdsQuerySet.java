package io.hbench.hive;

import io.hbench.core.OptionValues;
import java.util.Map;
import java.util.Set;

/**
 * TPC-DS's queries ({@link TpcdsQueries}: the texts with the spec's qualification values), the
 * answers of {@link TpcdsReference#QUERIES} checked by value against the answers computed from
 * the generator's rows up to SF 1, the others not checked. The spec's metric is not computed
 * ({@link TpcdsBenchmark#TPC_METRIC}).
 */
final class TpcdsQuerySet extends QuerySet {

  private final double scale;
  private Map<String, TpcdsReference.Expected> reference = Map.of();

  TpcdsQuerySet(OptionValues o, KnownDefects.InUse defects, double scale) {
    super(o, defects);
    this.scale = scale;
  }

  /** Computes the answers of {@code queries}: one pass over each fact table they read. */
  void computeAnswers(Set<String> queries) {
    reference = TpcdsReference.answers(scale, queries);
  }

  @Override
  String text(String query) {
    return TpcdsQueries.text(query);
  }

  @Override
  String check(String query, QueryStreams.Answer a) {
    TpcdsReference.Expected want = reference.get(query);
    return want == null ? null : TpcdsAnswers.compare(query, a.columns(), a.rows(), want);
  }

  @Override
  String checkedHow(String query) {
    return reference.containsKey(query) ? "equal by value to " + TpcdsAnswers.COMPUTED_ANSWER
        : "not checked by value (no answer to compare with)";
  }
}
