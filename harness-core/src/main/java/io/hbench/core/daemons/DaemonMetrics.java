package io.hbench.core.daemons;

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
 *     ({@value #PERIOD_KEY}; 10 s, Hadoop's default, unless set; 0.5 s on the embedded cluster)
 * @param daemons the daemons found for the current point
 */
public record DaemonMetrics(FileSystem dataFs, Configuration conf, Duration interval,
    Duration period, List<Daemon> daemons) {

  /** The daemons' metrics period, in seconds, when a cluster's is not Hadoop's default. */
  public static final String PERIOD_KEY = "hbench.metrics.period";

  /** The metrics of a run, with no daemons found yet. */
  public static DaemonMetrics of(FileSystem dataFs, Configuration conf, Duration interval,
      Duration period) {
    return new DaemonMetrics(dataFs, conf, interval, period, List.of());
  }

  /**
   * These settings with the daemons found now, for one point (a datanode lost or added shows):
   * HDFS's and YARN's, then {@code others} (those of the services the suite needs).
   */
  public DaemonMetrics forPoint(List<Daemon> others) {
    List<Daemon> all = new ArrayList<>(ClusterDaemons.find(dataFs, conf));
    all.addAll(others);
    return new DaemonMetrics(dataFs, conf, interval, period, List.copyOf(all));
  }

  /** Starts sampling the point's daemons for one phase: call it before the phase's clock starts. */
  public DaemonSampler start() {
    return DaemonSampler.start(daemons, interval, period);
  }
}
