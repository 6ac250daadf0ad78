package io.hbench.core.result;

import io.hbench.core.result.Metric.Better;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Completes a phase's metrics as the phase is recorded: the core's own figures first ({@code
 * seconds}, {@code startup_seconds} for a job, {@code mb_per_s} when it moved bytes and ran no
 * load), then those of its operation loads, then the suite's, with the suite's headlines marked.
 *
 * <p>A phase holds at most one metric per figure: per {@link #figureKey} (its {@link Metric#key()
 * key}, the operation left out when it is the phase's own, as reports and comparisons read it).
 * A load's MB/s is its operation's, over the calls' window, so a phase that ran a load has no
 * MB/s of its own beside it; a suite's metric that takes a name already there is refused.
 *
 * <p>A headline name is a metric's {@link Metric#key() key}: {@code seconds} names the phase's
 * figure, {@code create/ops_per_s} one operation's, and {@code *}{@code /ops_per_s} that figure of
 * every operation that is not a step. Prefixed with a phase's name and a colon ({@code
 * generate:seconds}), it names the figure of that phase only: a suite whose many small phases
 * (tpch's one per query) would otherwise each lead the reports.
 */
public final class PhaseMetrics {

  /** What a suite is about unless it says otherwise: the phase's seconds and MB/s. */
  /** A phase's time, from the core's clock. */
  public static final MetricKey SECONDS = MetricKey.of("seconds", Metric.SECONDS, Better.LOWER);
  /** A job's time before its first task ran. */
  public static final MetricKey STARTUP_SECONDS =
      MetricKey.of("startup_seconds", Metric.SECONDS, Better.LOWER);
  /** A phase's bytes over its time, MiB/s; also an operation load's. */
  public static final MetricKey MB_PER_S =
      MetricKey.of("mb_per_s", Metric.MIB_PER_SECOND, Better.HIGHER);

  public static final Set<String> DEFAULT_HEADLINES = MetricKey.names(SECONDS, MB_PER_S);

  private PhaseMetrics() {}

  /** {@code phase} with its metrics completed; its own metrics are the suite's. */
  public static PhaseResult complete(PhaseResult phase, Set<String> headlines) {
    List<Metric> all = new ArrayList<>();
    all.add(SECONDS.value(phase.seconds()));
    if (phase.startupSeconds() != null) {
      all.add(STARTUP_SECONDS.value(phase.startupSeconds()));
    }
    boolean loads = phase.loads() != null && !phase.loads().isEmpty();
    if (phase.bytes() > 0 && !loads) {
      all.add(MB_PER_S.value(round(phase.mbPerSecond())));
    }
    if (loads) {
      for (OperationLoad l : phase.loads()) {
        all.addAll(l.metrics());
      }
    }
    if (phase.metrics() != null) {
      all.addAll(phase.metrics());
    }
    java.util.Map<String, Metric> seen = new java.util.HashMap<>();
    for (Metric m : all) {
      Metric before = seen.put(figureKey(phase.name(), m), m);
      if (before != null) {
        throw new IllegalStateException("phase " + phase.name() + " has two metrics read as "
            + figureKey(phase.name(), m) + ": " + before.key() + " and " + m.key());
      }
    }
    List<Metric> marked = new ArrayList<>(all.size());
    for (Metric m : all) {
      marked.add(m.withHeadline(isHeadline(m, phase, headlines)));
    }
    return phase.withMetrics(marked);
  }

  /**
   * The name a metric is read by within its phase: its key, with the operation left out when the
   * operation is the phase's own (fsops' {@code create_write} phase's {@code mb_per_s}), so that
   * points whose phases are their operations compare by one name.
   */
  public static String figureKey(String phase, Metric m) {
    return m.op() != null && m.op().equals(phase) ? m.name() : m.key();
  }

  private static boolean isHeadline(Metric m, PhaseResult phase, Set<String> headlines) {
    if (headlines.contains(m.key()) || headlines.contains(phase.name() + ":" + m.key())) {
      return true;
    }
    if (m.op() == null || !headlines.contains("*/" + m.name())) {
      return false;
    }
    OperationLoad l = phase.load(m.op());
    return l == null || !l.isStep();
  }

  static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
