package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import java.util.List;
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
 * @param metrics the phase's typed figures: the core's ({@code seconds}, {@code mb_per_s},
 *     {@code startup_seconds}), those of its operation loads, and the suite's own; what reports
 *     and comparisons read. Never null: a record read without them has none
 * @param loads the operation loads the phase ran (calls, failures by type, rate over the window,
 *     latencies with their histogram), or absent
 * @param figures the suite's extras that are not compared (DFSIO's per-file spread, the seed
 *     tool's own counters), keyed by snake_case name; absent when it has none
 * @param daemons what the cluster's daemons reported about themselves during the phase, read
 *     from their {@code /jmx} ({@code --metrics}); absent without it
 * @param startedMillis when the phase's clock started, ms since the epoch: the zero of the
 *     daemons' series, by which a load's series ({@link OperationSeries#startMillis}) is put on
 *     their time axis; absent in records from before it was kept
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
    @JsonProperty("metrics") @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Metric> metrics,
    @JsonProperty("loads") List<OperationLoad> loads,
    @JsonProperty("figures") Map<String, Object> figures,
    @JsonProperty("daemons") List<DaemonFigures> daemons,
    @JsonProperty("started_ms") Long startedMillis) {

  public PhaseResult {
    // The schema lets a phase go without metrics; every reader then finds none, not null.
    metrics = metrics == null ? List.of() : metrics;
  }

  /** A phase without the optional parts (job, tasks, counters, io, figures). */
  public PhaseResult(String name, double seconds, long bytes, Long records, Double startupSeconds) {
    this(name, seconds, bytes, records, mbPerSecond(bytes, seconds), startupSeconds, null, null,
        null, null, null, null, null, null, null);
  }

  /**
   * The job's parts as {@link io.hbench.core.engine.JobPhase} records them, without metrics,
   * loads or figures.
   */
  public PhaseResult(String name, double seconds, long bytes, Long records, Double startupSeconds,
      String jobId, Map<String, Integer> tasks, Map<String, Long> counters) {
    this(name, seconds, bytes, records, mbPerSecond(bytes, seconds), startupSeconds, jobId, tasks,
        counters, null, null, null, null, null, null);
  }

  /** This result with the instrumented file system's figures. */
  public PhaseResult withIo(IoResult io) {
    return new PhaseResult(
        name, seconds, bytes, records, mbPerSecond, startupSeconds, jobId, tasks, counters, io,
        metrics, loads, figures, daemons, startedMillis);
  }

  /** This result with {@code m} as its metrics. */
  public PhaseResult withMetrics(List<Metric> m) {
    return new PhaseResult(
        name, seconds, bytes, records, mbPerSecond, startupSeconds, jobId, tasks, counters, io,
        m == null ? null : List.copyOf(m), loads, figures, daemons, startedMillis);
  }

  /** This result with {@code l} as its operation loads. */
  public PhaseResult withLoads(List<OperationLoad> l) {
    return new PhaseResult(
        name, seconds, bytes, records, mbPerSecond, startupSeconds, jobId, tasks, counters, io,
        metrics, l == null ? null : List.copyOf(l), figures, daemons, startedMillis);
  }

  /**
   * This result with the bytes and records of its work, and its MB/s, set after the work (a
   * load's bytes and calls).
   */
  public PhaseResult withWork(long b, Long recordCount) {
    return new PhaseResult(
        name, seconds, b, recordCount, mbPerSecond(b, seconds), startupSeconds, jobId, tasks,
        counters, io, metrics, loads, figures, daemons, startedMillis);
  }

  /** The metric {@code name} of the whole phase, or null. */
  public Metric metric(String metricName) {
    return metric(null, metricName);
  }

  /** The metric {@code name} of operation {@code op} (null: of the whole phase), or null. */
  public Metric metric(String op, String metricName) {
    if (metrics == null) {
      return null;
    }
    return metrics.stream()
        .filter(m -> m.name().equals(metricName) && java.util.Objects.equals(m.op(), op))
        .findFirst()
        .orElse(null);
  }

  /** The phase's metric of {@code key}, or null. */
  public Metric metric(MetricKey key) {
    return metric(null, key.name());
  }

  /** The metric of {@code key} of operation {@code op} (null: of the whole phase), or null. */
  public Metric metric(String op, MetricKey key) {
    return metric(op, key.name());
  }

  /** The load of {@code op}, or null. */
  public OperationLoad load(String op) {
    return loads == null ? null
        : loads.stream().filter(l -> l.op().equals(op)).findFirst().orElse(null);
  }

  /** The suite's extra {@code field}, read back with its type; null when the phase has none. */
  public <T> T figure(Field<T> field) {
    return field.in(figures);
  }

  /** This result with the suite's own figures. */
  public PhaseResult withFigures(Map<String, Object> suiteFigures) {
    return new PhaseResult(
        name, seconds, bytes, records, mbPerSecond, startupSeconds, jobId, tasks, counters, io,
        metrics, loads, suiteFigures, daemons, startedMillis);
  }

  /** This result with what the cluster's daemons reported during it. */
  public PhaseResult withDaemons(List<DaemonFigures> d) {
    return new PhaseResult(
        name, seconds, bytes, records, mbPerSecond, startupSeconds, jobId, tasks, counters, io,
        metrics, loads, figures, d == null ? null : List.copyOf(d), startedMillis);
  }

  /** This result with the epoch time its clock started. */
  public PhaseResult withStart(long epochMillis) {
    return new PhaseResult(
        name, seconds, bytes, records, mbPerSecond, startupSeconds, jobId, tasks, counters, io,
        metrics, loads, figures, daemons, epochMillis);
  }

  /** MB/s as every hbench figure defines it: MiB per wall-clock second. */
  public static double mbPerSecond(long bytes, double seconds) {
    return seconds <= 0 ? 0 : bytes / (1024.0 * 1024.0) / seconds;
  }
}
