package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import java.util.List;
import java.util.Map;

/**
 * One measured point: the unit of hbench's results, one JSON object per line of a JSON Lines
 * file. The schema is {@code docs/result-schema.json}; {@link #SCHEMA} names its version and
 * changes whenever a field changes meaning or is removed.
 *
 * @param schema schema name and version, {@value #SCHEMA}
 * @param runId identifies one invocation; all points of a sweep share it
 * @param label what the run is compared as ({@code --label}, or derived from the environment,
 *     {@link Environment#defaultLabel()}): how runs on clusters A and B become columns
 * @param suite suite name
 * @param point the point's label, such as {@code 64M}
 * @param repeat 1-based repetition of the point
 * @param warmup true for a warm-up repeat ({@code --warmup}): recorded, left out of summaries
 * @param params the point's parameters (size, maps, reduces, block size, ...)
 * @param status {@code ok} or {@code failed}; a failed point carries no trustworthy figures
 * @param failure why the point failed, null when ok
 * @param validation validation outcome
 * @param phases the phases measured, in order
 * @param environment what it ran on
 * @param options every option of the invocation as given or defaulted, secrets redacted
 * @param config configuration set with {@code -D} or {@code --conf}, secrets redacted
 * @param started ISO-8601 start of the point
 * @param ended ISO-8601 end of the point
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({
  "schema", "run_id", "label", "suite", "point", "repeat", "warmup", "status", "failure", "params", "phases",
  "validation", "environment", "options", "config", "started", "ended"
})
public record ResultRecord(
    @JsonProperty("schema") String schema,
    @JsonProperty("run_id") String runId,
    @JsonProperty("label") String label,
    @JsonProperty("suite") String suite,
    @JsonProperty("point") String point,
    @JsonProperty("repeat") int repeat,
    @JsonProperty("warmup") Boolean warmup,
    @JsonProperty("params") Map<String, Object> params,
    @JsonProperty("status") String status,
    @JsonProperty("failure") String failure,
    @JsonProperty("validation") Validation validation,
    @JsonProperty("phases") List<PhaseResult> phases,
    @JsonProperty("environment") Environment environment,
    @JsonProperty("options") Map<String, String> options,
    @JsonProperty("config") Map<String, String> config,
    @JsonProperty("started") String started,
    @JsonProperty("ended") String ended) {

  public static final String SCHEMA = "hbench.result/2";
  public static final String OK = "ok";
  public static final String FAILED = "failed";
  /** The parameter of a record measured in a cell of {@code --vary}: each varied key's level. */
  public static final String CELL = "cell";

  /**
   * Checks a label given with {@code --label}: 1 to 64 letters, digits and {@code . _ : @ / + -},
   * so it stays one word in tables, CSV and file names.
   */
  public static String checkLabel(String label) {
    if (label == null || !label.matches("[A-Za-z0-9._:@/+-]{1,64}")) {
      throw new io.hbench.core.error.InvalidInputException("invalid --label '" + label
          + "': 1 to 64 letters, digits and . _ : @ / + -");
    }
    return label;
  }

  /** This record with {@code l} as its label. */
  public ResultRecord withLabel(String l) {
    return new ResultRecord(schema, runId, l, suite, point, repeat, warmup, params, status, failure,
        validation, phases, environment, options, config, started, ended);
  }

  /** This record measured on {@code e}. */
  public ResultRecord withEnvironment(Environment e) {
    return new ResultRecord(schema, runId, label, suite, point, repeat, warmup, params, status,
        failure, validation, phases, e, options, config, started, ended);
  }

  public boolean ok() {
    return OK.equals(status);
  }

  /** Its point, with its repeat when there are several: {@code sf1 #2}. */
  public String pointAndRepeat() {
    return repeat > 1 ? point + " #" + repeat : point;
  }

  /** A report row's name for it: {@link #pointAndRepeat}, and {@code (warm-up)} for one. */
  public String rowLabel() {
    return pointAndRepeat() + (isWarmup() ? " (warm-up)" : "");
  }

  /** Whether this is a warm-up repeat, left out of summaries. */
  public boolean isWarmup() {
    return Boolean.TRUE.equals(warmup);
  }

  /** The parameter {@code field}, read back with its type; null when the record has none. */
  public <T> T param(Field<T> field) {
    return field.in(params);
  }

  /**
   * The run's tags ({@code --tag NAME=VALUE}), as its {@code options} record them ({@code
   * tag: "version=3.4.1,commit=5e1f0c2"}); empty when none.
   */
  public Map<String, String> tags() {
    String text = options == null ? null : options.get("tag");
    if (text == null || text.isEmpty()) {
      return Map.of();
    }
    Map<String, String> out = new java.util.LinkedHashMap<>();
    for (String t : text.split(",")) {
      int eq = t.indexOf('=');
      if (eq > 0) {
        out.put(t.substring(0, eq), t.substring(eq + 1));
      }
    }
    return out;
  }

  /**
   * The levels of the cell of {@code --vary} this record was measured in ({@code threads=4}), in
   * the order the keys were given; empty when none was varied.
   */
  public Map<String, String> cell() {
    Object c = params == null ? null : params.get(CELL);
    if (!(c instanceof Map<?, ?> m)) {
      return Map.of();
    }
    Map<String, String> out = new java.util.LinkedHashMap<>();
    m.forEach((k, v) -> out.put(String.valueOf(k), String.valueOf(v)));
    return out;
  }

  /**
   * What the record is compared as: its label, and for a cell of {@code --vary} the cell's levels
   * ({@code embedded threads=4}), so that each cell is a column of the report and a side of a
   * comparison.
   */
  public ResultRecord comparedAs() {
    Map<String, String> c = cell();
    if (c.isEmpty() || label == null) {
      return this;
    }
    StringBuilder b = new StringBuilder(label);
    c.forEach((k, v) -> b.append(' ').append(k).append('=').append(v));
    return withLabel(b.toString());
  }

  /** The named phase, or null. */
  public PhaseResult phase(String name) {
    return phases.stream().filter(p -> p.name().equals(name)).findFirst().orElse(null);
  }
}
