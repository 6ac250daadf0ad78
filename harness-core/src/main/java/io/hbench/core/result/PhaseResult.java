package io.hbench.core.result;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.util.Map;

/**
 * The measured figures of one phase of a point (for terasort: teragen, terasort, teravalidate).
 *
 * @param name phase name
 * @param seconds wall-clock seconds of the whole phase, timed by the core, start-up included
 * @param bytes bytes the phase processed (0 when it processes none)
 * @param records records processed, or null when not counted
 * @param mbPerSecond {@code bytes / 2^20 / seconds}
 * @param startupSeconds for a MapReduce job, the fixed cost from submission to the first task
 *     running, which dominates small sizes; null for phases that are not jobs
 * @param jobId the MapReduce job id, or null
 * @param tasks task counts by kind ({@code maps}, {@code reduces}), or null
 * @param counters selected job counters, or null
 * @param io what the phase did through the instrumented file system, with {@code --instrument}
 * @param figures the suite's own figures for the phase (DFSIO's TestDFSIO figures, Slive's
 *     per-operation counts and latencies), keyed by snake_case name; absent when it has none
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record PhaseResult(
    @JsonProperty("name") String name,
    @JsonProperty("seconds") double seconds,
    @JsonProperty("bytes") long bytes,
    @JsonProperty("records") Long records,
    @JsonProperty("mb_per_s") double mbPerSecond,
    @JsonProperty("startup_seconds") Double startupSeconds,
    @JsonProperty("job_id") String jobId,
    @JsonProperty("tasks") Map<String, Integer> tasks,
    @JsonProperty("counters") Map<String, Long> counters,
    @JsonProperty("io") IoResult io,
    @JsonProperty("figures") Map<String, Object> figures) {

  /** A phase without the optional parts (job, tasks, counters, io, figures). */
  public PhaseResult(String name, double seconds, long bytes, Long records, Double startupSeconds) {
    this(name, seconds, bytes, records, mbPerSecond(bytes, seconds), startupSeconds, null, null,
        null, null, null);
  }

  /** This result with the instrumented file system's figures. */
  public PhaseResult withIo(IoResult io) {
    return new PhaseResult(
        name, seconds, bytes, records, mbPerSecond, startupSeconds, jobId, tasks, counters, io,
        figures);
  }

  /** This result with the suite's own figures. */
  public PhaseResult withFigures(Map<String, Object> suiteFigures) {
    return new PhaseResult(
        name, seconds, bytes, records, mbPerSecond, startupSeconds, jobId, tasks, counters, io,
        suiteFigures);
  }

  /** MB/s as every hbench figure defines it: MiB per wall-clock second. */
  public static double mbPerSecond(long bytes, double seconds) {
    return seconds <= 0 ? 0 : bytes / (1024.0 * 1024.0) / seconds;
  }
}
