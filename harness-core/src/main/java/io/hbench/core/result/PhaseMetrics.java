package io.hbench.core.result;

import io.hbench.core.result.Metric.Better;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Completes a phase's metrics as the record is written: the core's own figures first ({@code
 * seconds}, {@code startup_seconds} for a job, {@code mb_per_s} when it moved bytes), then those
 * of its operation loads, then the suite's, with the suite's headlines marked.
 *
 * <p>A headline name is a metric's {@link Metric#key() key}: {@code seconds} names the phase's
 * figure, {@code create/ops_per_s} one operation's, and {@code *}{@code /ops_per_s} that figure of
 * every operation that is not a step. Prefixed with a phase's name and a colon ({@code
 * generate:seconds}), it names the figure of that phase only: a suite whose many small phases
 * (tpch's one per query) would otherwise each lead the reports.
 */
public final class PhaseMetrics {

  /** What a suite is about unless it says otherwise: the phase's seconds and MB/s. */
  public static final Set<String> DEFAULT_HEADLINES = Set.of("seconds", "mb_per_s");

  private PhaseMetrics() {}

  /** {@code phase} with its metrics completed; its own metrics are the suite's. */
  public static PhaseResult complete(PhaseResult phase, Set<String> headlines) {
    List<Metric> all = new ArrayList<>();
    all.add(Metric.of("seconds", Metric.SECONDS, phase.seconds(), Better.LOWER));
    if (phase.startupSeconds() != null) {
      all.add(Metric.of("startup_seconds", Metric.SECONDS, phase.startupSeconds(), Better.LOWER));
    }
    if (phase.bytes() > 0) {
      all.add(Metric.of("mb_per_s", Metric.MIB_PER_SECOND, round(phase.mbPerSecond()), Better.HIGHER));
    }
    if (phase.loads() != null) {
      for (OperationLoad l : phase.loads()) {
        all.addAll(l.metrics());
      }
    }
    if (phase.metrics() != null) {
      for (Metric m : phase.metrics()) {
        all.removeIf(x -> x.key().equals(m.key()));
        all.add(m);
      }
    }
    List<Metric> marked = new ArrayList<>(all.size());
    for (Metric m : all) {
      marked.add(m.withHeadline(isHeadline(m, phase, headlines)));
    }
    return phase.withMetrics(marked);
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
