package io.hbench.core.result;

import io.hbench.core.result.Metric.Better;
import java.util.Arrays;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A metric's name, unit and direction, declared once as a constant: the suite's figures write it
 * ({@link #value}) and its report reads it back ({@link PhaseResult#metric(MetricKey)}) through
 * the same constant, as {@link Field} is for parameters. A key holds no value; a {@link Metric}
 * is a key's value in one phase.
 *
 * @param name the metric's name, snake_case
 * @param unit its unit: one of {@link Metric}'s unit constants, or a suite's own
 * @param better which direction is an improvement
 */
public record MetricKey(String name, String unit, Better better) {

  public MetricKey {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(better, "better");
  }

  /** The key {@code name}, in {@code unit}, better in direction {@code better}. */
  public static MetricKey of(String name, String unit, Better better) {
    return new MetricKey(name, unit, better);
  }

  /** This key's figure of the whole phase, {@code value}. */
  public Metric value(double value) {
    return Metric.of(name, unit, value, better);
  }

  /** This key's figure of the operation {@code op}, {@code value}. */
  public Metric value(String op, double value) {
    return Metric.ofOp(op, name, unit, value, better);
  }

  /** A key of the same unit and direction named {@code other}: one of a family of figures. */
  public MetricKey named(String other) {
    return new MetricKey(other, unit, better);
  }

  /**
   * The headline name of this key's figure of every operation of a load, as a suite's headlines
   * name it: a star, a slash and the key's name.
   */
  public String ofEveryOperation() {
    return "*/" + name;
  }

  /** The names of {@code keys}: a suite's headlines ({@code SuiteReport#headlines}). */
  public static Set<String> names(MetricKey... keys) {
    return Arrays.stream(keys).map(MetricKey::name).collect(Collectors.toUnmodifiableSet());
  }
}
