package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;

/**
 * Whether a load run with {@code --until-stable} became steady ({@link
 * io.hbench.core.stats.SteadyState}), and when it stopped for it.
 *
 * @param percent the criterion's largest distance from the window's mean, %
 * @param window the criterion's intervals
 * @param stable true when the load stopped because it was steady; false when it ran to its
 *     {@code --duration} (or its count) without becoming so
 * @param atSeconds when the steady window ended and the load stopped, s from the load's start;
 *     absent when not stable
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"percent", "window", "stable", "at_s"})
public record Stability(
    @JsonProperty("percent") double percent,
    @JsonProperty("window") int window,
    @JsonProperty("stable") boolean stable,
    @JsonProperty("at_s") Double atSeconds) {

  /** "stable at 12.0 s" or "not stable". */
  public String describe() {
    return stable ? String.format(java.util.Locale.ROOT, "stable at %.1f s", atSeconds)
        : "not stable";
  }
}
