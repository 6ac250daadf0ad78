package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import java.util.List;
import java.util.Map;

/**
 * What a phase did through the instrumented file system ({@code --instrument}), per operation,
 * keyed by IOStatistics name ({@code stream_write_operations}, {@code op_hsync}, ...).
 *
 * @param tasks the successful task attempts of the phase's job, added up; absent for in-process
 *     phases
 * @param perTask each successful task attempt on its own (the seed's per-container view), without
 *     latency percentiles
 * @param client the benchmark process itself during the phase; absent when it did nothing
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record IoResult(
    @JsonProperty("tasks") Map<String, OperationSummary> tasks,
    @JsonProperty("per_task") List<TaskIo> perTask,
    @JsonProperty("client") Map<String, OperationSummary> client) {

  /**
   * One task attempt's figures.
   *
   * @param attempt task attempt id
   * @param host host it ran on, when known
   * @param ops its figures per operation
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record TaskIo(
      @JsonProperty("attempt") String attempt,
      @JsonProperty("host") String host,
      @JsonProperty("ops") Map<String, OperationSummary> ops) {}
}
