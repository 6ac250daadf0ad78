package io.hbench.core.daemons;

import io.hbench.core.annotation.Internal;
import io.hbench.core.cluster.Daemon;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;

/**
 * {@code --metrics} for a run: how to find the cluster's daemons, how often to read them while a
 * phase runs, and how stale what they show may be.
 *
 * @param dataFs the data's file system (its NameNode and datanodes)
 * @param conf the run's configuration (its YARN)
 * @param interval time between samples during a phase ({@code --metrics-interval})
 * @param period the daemons' metrics period: what {@code /jmx} shows is refreshed this often
 *     ({@value io.hbench.core.cluster.ClusterConfiguration#METRICS_PERIOD_KEY}; 10 s, Hadoop's default, unless set; 0.5 s on the embedded cluster)
 * @param daemons the daemons found for the current point
 * @param fingerprints what those daemons are, read as the point began
 */
@Internal
public record DaemonMetrics(FileSystem dataFs, Configuration conf, Duration interval,
    Duration period, List<Daemon> daemons, ServerFingerprints fingerprints) {

  /** The metrics of a run, with no daemons found yet. */
  public static DaemonMetrics of(FileSystem dataFs, Configuration conf, Duration interval,
      Duration period) {
    return new DaemonMetrics(dataFs, conf, interval, period, List.of(), ServerFingerprints.NONE);
  }

  /**
   * These settings with the daemons found now, for one point (a datanode lost or added shows):
   * HDFS's and YARN's, then {@code others} (those of the services the suite needs), and what
   * each of them is now (a server restarted with other settings shows).
   */
  public DaemonMetrics forPoint(List<Daemon> others) {
    List<Daemon> all = new ArrayList<>(ClusterDaemons.find(dataFs, conf));
    all.addAll(others);
    ServerFingerprints fingerprints;
    try {
      fingerprints = ServerFingerprints.read(all);
    } catch (InterruptedException e) {
      // The run is being stopped: the point's first phase will see the interrupt.
      Thread.currentThread().interrupt();
      fingerprints = ServerFingerprints.NONE;
    }
    return new DaemonMetrics(dataFs, conf, interval, period, List.copyOf(all), fingerprints);
  }

  /**
   * Starts sampling the point's daemons, and hbench's own JVM, for one phase: call it before the
   * phase's clock starts.
   */
  public DaemonSampler start() {
    return start(true);
  }

  /**
   * As {@link #start()}; {@code nameNodeMethods} says whether to read the NameNode's per-method
   * figures ({@code rpcdetailed}), which only a phase whose load names NameNode calls uses.
   */
  public DaemonSampler start(boolean nameNodeMethods) {
    List<Daemon> withClient = new ArrayList<>(daemons);
    withClient.add(Daemon.client());
    java.util.Map<Daemon, Double> rpcToMillis = new java.util.HashMap<>();
    for (var server : fingerprints.servers()) {
      var settings = server.config() == null ? null : fingerprints.configs().get(server.config());
      String unit = settings == null ? null : settings.get(RPC_TIME_UNIT);
      if (unit == null) {
        continue;
      }
      for (Daemon d : daemons) {
        if (d.role().label().equals(server.role()) && d.node().equals(server.node())) {
          rpcToMillis.put(d, millisPer(unit));
        }
      }
    }
    java.util.Map<Daemon, String> jvmOf = new java.util.HashMap<>();
    for (Daemon d : daemons) {
      String jvm = fingerprints.jvmOf(d);
      if (jvm != null) {
        jvmOf.put(d, jvm);
      }
    }
    jvmOf.put(withClient.get(withClient.size() - 1),
        java.lang.management.ManagementFactory.getRuntimeMXBean().getName());
    return DaemonSampler.start(withClient, interval, period, rpcToMillis, jvmOf, nameNodeMethods);
  }

  /** The setting that says in what unit a server's RPC metrics publish their times. */
  static final String RPC_TIME_UNIT = "rpc.metrics.timeunit";

  /** Milliseconds per one of {@code unit} (a {@link java.util.concurrent.TimeUnit}'s name). */
  static double millisPer(String unit) {
    try {
      return java.util.concurrent.TimeUnit.valueOf(unit.trim().toUpperCase(java.util.Locale.ROOT))
          .toNanos(1) / 1e6;
    } catch (IllegalArgumentException e) {
      return 1.0; // Hadoop falls back to milliseconds for a unit it does not know
    }
  }
}
