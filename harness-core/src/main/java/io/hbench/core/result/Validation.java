package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The validation outcome of a point.
 *
 * @param status {@code passed} when every check held, {@code failed} when one did not, {@code
 *     not_run} when the point failed before validating (or the suite has nothing to validate)
 * @param checks every check made, in order
 */
public record Validation(
    @JsonProperty("status") String status, @JsonProperty("checks") List<Check> checks) {

  public static Validation of(List<Check> checks) {
    if (checks.isEmpty()) {
      return new Validation("not_run", List.of());
    }
    boolean ok = checks.stream().allMatch(Check::passed);
    return new Validation(ok ? "passed" : "failed", List.copyOf(checks));
  }

  /** The checks of a point that failed before its validation completed: status {@code not_run}. */
  public static Validation incomplete(List<Check> checks) {
    return new Validation("not_run", List.copyOf(checks));
  }

  public boolean passed() {
    return "passed".equals(status);
  }
}
