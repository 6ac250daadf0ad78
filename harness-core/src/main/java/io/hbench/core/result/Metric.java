package io.hbench.core.result;

import io.hbench.core.stats.Spread;
import io.hbench.thirdparty.jackson.annotation.JsonCreator;
import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import io.hbench.thirdparty.jackson.annotation.JsonValue;
import java.util.Locale;
import java.util.Objects;

/**
 * One typed figure of a phase: what every comparison and report reads, with no knowledge of the
 * suite that measured it. A metric says what it is ({@code name}, and {@code op} for a figure of
 * one operation of a load), its unit, its value, and which direction is better; {@code headline}
 * marks the figures the suite is about (terasort's seconds and MB/s, nnthroughput's ops/s).
 *
 * <p>Names are one vocabulary across suites: {@code seconds}, {@code mb_per_s}, {@code
 * startup_seconds} for a phase; {@code calls}, {@code failures}, {@code ops_per_s}, {@code bytes},
 * {@code mb_per_s}, {@code latency_mean}, {@code latency_p50} ... {@code latency_max} (ms) for an
 * operation load (see {@link OperationLoad}). Each is declared once as a {@link MetricKey}, which
 * the writer and the reader share; a suite adds its own through {@link
 * io.hbench.core.PhaseFigures#metric}. Metrics are never assembled as free maps.
 *
 * @param name the figure's name, snake_case
 * @param op the operation it belongs to, or null for a figure of the whole phase
 * @param unit unit of {@code value}: one of the {@code UNIT_*} constants, or a suite's own
 * @param value the value
 * @param better which direction is an improvement
 * @param headline true when the suite names this figure as one it is about; absent otherwise
 * @param spread over repeats, where the core computes one ({@link RepeatSummary}), whose value is
 *     then their median; absent in a record, which holds one repeat
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"name", "op", "unit", "value", "better", "headline", "spread"})
public record Metric(
    @JsonProperty("name") String name,
    @JsonProperty("op") String op,
    @JsonProperty("unit") String unit,
    @JsonProperty("value") double value,
    @JsonProperty("better") Better better,
    @JsonProperty("headline") Boolean headline,
    @JsonProperty("spread") Spread spread) {

  public static final String SECONDS = "s";
  public static final String MILLISECONDS = "ms";
  /** MiB (2^20 bytes) per second, as every hbench figure defines MB/s. */
  public static final String MIB_PER_SECOND = "MiB/s";
  public static final String OPS_PER_SECOND = "ops/s";
  public static final String BYTES = "bytes";
  public static final String COUNT = "count";

  /** Which direction of a metric is an improvement. */
  public enum Better {
    HIGHER,
    LOWER,
    NONE;

    @JsonValue
    public String text() {
      return name().toLowerCase(Locale.ROOT);
    }

    @JsonCreator
    public static Better parse(String text) {
      // As written first: every metric read back names one.
      return switch (text) {
        case "higher" -> HIGHER;
        case "lower" -> LOWER;
        case "none" -> NONE;
        default -> valueOf(text.toUpperCase(Locale.ROOT));
      };
    }
  }

  public Metric {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(better, "better");
    if (Boolean.FALSE.equals(headline)) {
      headline = null;
    }
  }

  /** A figure of the whole phase. */
  public static Metric of(String name, String unit, double value, Better better) {
    return new Metric(name, null, unit, value, better, null, null);
  }

  /** A figure of one operation. */
  public static Metric ofOp(String op, String name, String unit, double value, Better better) {
    return new Metric(name, op, unit, value, better, null, null);
  }

  /** Whether the suite names this metric as a headline. */
  public boolean isHeadline() {
    return Boolean.TRUE.equals(headline);
  }

  /** This metric marked as a headline, or not. */
  public Metric withHeadline(boolean h) {
    return new Metric(name, op, unit, value, better, h ? Boolean.TRUE : null, spread);
  }

  /** This metric with a spread over repeats. */
  public Metric withSpread(Spread s) {
    return new Metric(name, op, unit, value, better, headline, s);
  }

  /** The key a comparison matches metrics by: {@code name}, or {@code op/name}. */
  public String key() {
    return op == null ? name : op + "/" + name;
  }
}
