package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;

/**
 * A load under {@code --duration} whose clients ran out of work before it ended: an operation
 * that consumes names (delete, rename) through a namespace made before the clock, or a trace
 * shorter than the time asked. Its figures are of the time it ran; the record and the console
 * say that it was shorter than asked, never silently.
 *
 * @param clients the client threads (over every task) that ran out
 * @param ofClients the client threads of the load
 * @param afterSeconds when the first of them ran out, s from the load's start
 */
@JsonPropertyOrder({"clients", "of_clients", "after_s"})
public record RanOut(
    @JsonProperty("clients") int clients,
    @JsonProperty("of_clients") int ofClients,
    @JsonProperty("after_s") double afterSeconds) {

  /** "2 of 4 clients ran out of work 3.1 s into the load". */
  public String describe() {
    return String.format(java.util.Locale.ROOT, "%d of %d clients ran out of work %.1f s into"
        + " the load", clients, ofClients, afterSeconds);
  }
}
