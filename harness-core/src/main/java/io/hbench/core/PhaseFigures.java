package io.hbench.core;

import io.hbench.core.result.Field;
import io.hbench.core.result.Metric;
import io.hbench.core.result.OperationLoad;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a suite adds to a phase once its work is done and its clock stopped: metrics (compared),
 * extras (kept, not compared), and the phase's bytes and records when only the work knew them.
 * They are recorded with the phase, which is built once: a recorded phase is never changed.
 */
public final class PhaseFigures {

  private final String phase;
  private final List<Metric> metrics = new ArrayList<>();
  private final Map<String, Object> figures = new LinkedHashMap<>();
  private List<OperationLoad> loads;
  private Long bytes;
  private Long records;

  /** The figures of the phase {@code phase}: the core makes one for each phase it records. */
  public PhaseFigures(String phase) {
    this.phase = phase;
  }

  /** The suite's metrics added so far. */
  public List<Metric> metrics() {
    return List.copyOf(metrics);
  }

  /** The extras added so far, as the record holds them (read them back with a {@link Field}). */
  public Map<String, Object> figures() {
    return java.util.Collections.unmodifiableMap(figures);
  }

  /**
   * Adds the suite's metric (DFSIO's throughput, a figure of several loads together). One per
   * key: a second metric of the same name (and operation) is refused, as is one that takes the
   * name of a figure the core computes.
   */
  public PhaseFigures metric(Metric m) {
    for (Metric x : metrics) {
      if (x.key().equals(m.key())) {
        throw new IllegalStateException("phase " + phase + ": metric " + m.key() + " twice");
      }
    }
    metrics.add(m);
    return this;
  }

  /** Adds an extra nobody compares (the seed tool's own counters), read back with {@code field}. */
  public <T> PhaseFigures figure(Field<T> field, T value) {
    figures.put(field.name(), field.encode(value));
    return this;
  }

  /** The phase's bytes and records, when only its own work knows them (a job that counts). */
  public PhaseFigures work(long phaseBytes, long phaseRecords) {
    bytes = phaseBytes;
    records = phaseRecords;
    return this;
  }

  /** The load's figures of the operations: the core's, from the load it ran. */
  public void loads(List<OperationLoad> l) {
    loads = l;
  }

  /** {@code timed} with these figures: the engine's, once the suite's figures are added. */
  public io.hbench.core.result.PhaseResult applyTo(io.hbench.core.result.PhaseResult timed) {
    io.hbench.core.result.PhaseResult r = timed;
    if (bytes != null) {
      r = r.withWork(bytes, records);
    }
    if (loads != null) {
      r = r.withLoads(loads);
    }
    if (!metrics.isEmpty()) {
      r = r.withMetrics(metrics);
    }
    if (!figures.isEmpty()) {
      r = r.withFigures(figures);
    }
    return r;
  }
}
