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

  private record Sample(double t, Map<String, Double> values) {}

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
    sampleAll();
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "hbench-daemon-sampler");
      t.setDaemon(true);
      return t;
    });
    long ms = interval.toMillis();
    timer.scheduleAtFixedRate(this::sampleAll, ms, ms, TimeUnit.MILLISECONDS);
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

  private synchronized void sampleAll() {
    double t = (System.nanoTime() - t0) / 1e9;
    for (Daemon d : daemons) {
      try {
        Map<String, JsonNode> beans = JmxReader.read(d.http(), "Hadoop:*");
        Map<String, Double> values = new LinkedHashMap<>();
        for (ServerFigure f : ServerFigure.of(d.role())) {
          values.put(f.name(), f.read(d, beans));
        }
        samples.get(d).add(new Sample(Math.round(t * 1000) / 1000.0, values));
      } catch (IOException e) {
        failures.put(d, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Stops sampling without a last read: the phase failed, and no figure of it is kept. */
  public void cancel() {
    timer.shutdownNow();
  }

  /**
   * Stops sampling after a last read (one metrics period after the phase's end) and returns each daemon's figures, in the order the daemons were given.
   */
  public List<DaemonFigures> finish() throws InterruptedException {
    timer.shutdownNow();
    timer.awaitTermination(JmxReader.TIMEOUT_MILLIS * 2L, TimeUnit.MILLISECONDS);
    Thread.sleep(settle.toMillis());
    sampleAll();
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
    return new DaemonFigures(d.role().label(), d.node(), null, got.size(), metrics, series);
  }
}
