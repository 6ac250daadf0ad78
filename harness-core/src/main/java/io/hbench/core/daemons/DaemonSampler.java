package io.hbench.core.daemons;

import com.fasterxml.jackson.databind.JsonNode;
import io.hbench.core.cluster.JmxReader;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples the figures of a set of daemons while one phase runs: once as it starts, every
 * interval on a thread of its own, and once as it ends; {@link #finish} then makes each daemon's
 * {@link DaemonFigures}. A daemon that does not answer is noted, never an error: the cluster's
 * own figures describe the point, they are not the point.
 *
 * <p>Hadoop's daemons refresh what {@code /jmx} shows at most once per metrics period (10 s by
 * default), so {@link #finish} waits one period after the phase's end before its last read: a
 * read then finds either figures refreshed after the end or an expired cache, which it refreshes.
 * Without the wait a counter's growth missed the phase's last second (49 of 50 creates).
 */
public final class DaemonSampler {

  /** When a read was made: as the phase began, during it, or after it. */
  enum When { START, DURING, END }

  /** One read of a daemon. */
  record Sample(double t, Map<String, Double> values, When when) {}

  /**
   * How often the read after the phase is tried when a daemon answers without any of its figures:
   * HBase stops its JVM's whole metrics system for half a second, 5 s after a region opens or
   * closes (its JmxCacheBuster), and every bean is missing meanwhile.
   */
  static final int END_READ_TRIES = 4;

  private static final long END_READ_PAUSE_MILLIS = 500;

  private final List<Daemon> daemons;
  private final Duration settle;
  private final long t0 = System.nanoTime();
  private final Map<Daemon, List<Sample>> samples = new LinkedHashMap<>();
  private final Map<Daemon, String> failures = new LinkedHashMap<>();
  private final ScheduledExecutorService timer;

  private DaemonSampler(List<Daemon> daemons, Duration interval, Duration settle) {
    this.daemons = List.copyOf(daemons);
    this.settle = settle;
    for (Daemon d : this.daemons) {
      samples.put(d, new ArrayList<>());
    }
    sampleAll(When.START);
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "hbench-daemon-sampler");
      t.setDaemon(true);
      return t;
    });
    long ms = interval.toMillis();
    timer.scheduleAtFixedRate(() -> sampleAll(When.DURING), ms, ms, TimeUnit.MILLISECONDS);
  }

  /**
   * Takes the first sample of every daemon (before the phase's clock starts: call it first) and
   * then one every {@code interval}.
   *
   * @param settle the daemons' metrics period: how stale a read may be
   */
  public static DaemonSampler start(List<Daemon> daemons, Duration interval, Duration settle) {
    return new DaemonSampler(daemons, interval, settle);
  }

  private synchronized void sampleAll(When when) {
    for (Daemon d : daemons) {
      try {
        sample(d, when);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void sample(Daemon d, When when) throws InterruptedException {
    for (int attempt = 1; ; attempt++) {
      double t = (System.nanoTime() - t0) / 1e9;
      try {
        samples.get(d).add(new Sample(Math.round(t * 1000) / 1000.0, read(d), when));
        return;
      } catch (NoFigures e) {
        failures.put(d, e.getMessage());
        if (when != When.END || attempt >= END_READ_TRIES) {
          return;
        }
        Thread.sleep(END_READ_PAUSE_MILLIS);
      } catch (IOException e) {
        failures.put(d, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        return;
      }
    }
  }

  /** A daemon answered, but with none of the figures hbench reads of its role. */
  private static final class NoFigures extends IOException {
    NoFigures(Daemon d) {
      super("its /jmx had none of a " + d.role().label() + "'s figures (its metrics off, or"
          + " being registered again)");
    }
  }

  /** One read of {@code d}'s figures; a read without any of its role's figures is not a sample. */
  private static Map<String, Double> read(Daemon d) throws IOException, InterruptedException {
    Map<String, JsonNode> beans = JmxReader.read(d.http(), d.role().jmxQuery());
    Map<String, Double> values = new LinkedHashMap<>();
    boolean any = false;
    for (ServerFigure f : ServerFigure.of(d.role())) {
      Double v = f.read(d, beans);
      values.put(f.name(), v);
      any |= v != null && f.role() != null;
    }
    if (!any) {
      throw new NoFigures(d);
    }
    return values;
  }

  /** Stops sampling without a last read: the phase failed, and no figure of it is kept. */
  public void cancel() {
    timer.shutdownNow();
  }

  /**
   * Stops sampling after a last read (one metrics period after the phase's end) and returns each
   * daemon's figures, in the order the daemons were given.
   */
  public List<DaemonFigures> finish() throws InterruptedException {
    timer.shutdownNow();
    timer.awaitTermination(JmxReader.TIMEOUT_MILLIS * 2L, TimeUnit.MILLISECONDS);
    Thread.sleep(settle.toMillis());
    sampleAll(When.END);
    List<DaemonFigures> out = new ArrayList<>();
    for (Daemon d : daemons) {
      out.add(figures(d, samples.get(d), failures.get(d)));
    }
    return out;
  }

  private static double thousandths(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  static DaemonFigures figures(Daemon d, List<Sample> got, String failure) {
    if (got.isEmpty()) {
      return new DaemonFigures(d.role().label(), d.node(),
          failure == null ? "no answer" : failure, 0, null, null);
    }
    // A counter's growth needs the reads before and after the phase: from the samples between,
    // it would be too small, and is left out.
    boolean bracketed = got.get(0).when() == When.START
        && got.get(got.size() - 1).when() == When.END;
    List<Metric> metrics = new ArrayList<>();
    Map<String, List<Double>> series = new LinkedHashMap<>();
    series.put("t", got.stream().map(Sample::t).toList());
    for (ServerFigure f : ServerFigure.of(d.role())) {
      List<Double> values = new ArrayList<>();
      for (Sample s : got) {
        values.add(s.values().get(f.name()));
      }
      List<Double> present = values.stream().filter(v -> v != null).toList();
      if (present.isEmpty()) {
        continue;
      }
      series.put(f.name(), values);
      if (f.meanTime()) {
        // A mean time of 0 is a period without the operation, not an operation taking no time.
        present = present.stream().filter(v -> v > 0).toList();
        if (present.isEmpty()) {
          continue;
        }
      }
      if (f.counter()) {
        if (!bracketed || values.get(0) == null || values.get(values.size() - 1) == null) {
          continue;
        }
        double growth = present.get(present.size() - 1) - present.get(0);
        // A counter that went down was reset: its daemon restarted during the phase.
        if (growth >= 0) {
          metrics.add(Metric.of(f.name(), f.unit(), growth, f.better()));
        }
      } else {
        double min = present.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = present.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        double mean = present.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        metrics.add(Metric.of(f.name() + "_min", f.unit(), thousandths(min), f.better()));
        metrics.add(Metric.of(f.name(), f.unit(), thousandths(mean), f.better()));
        metrics.add(Metric.of(f.name() + "_max", f.unit(), thousandths(max), f.better()));
      }
    }
    String missed = bracketed ? null
        : "the read " + (got.get(0).when() != When.START ? "before" : "after") + " the phase failed ("
            + (failure == null ? "no answer" : failure) + "): its counters are left out";
    return new DaemonFigures(d.role().label(), d.node(), missed, got.size(), metrics, series);
  }
}
