package io.hbench.core.cluster;

import org.apache.hadoop.conf.Configuration;

/** A cluster a run measures: the configured one, or an embedded in-process one. */
public interface BenchCluster extends AutoCloseable {

  /** {@code embedded} or {@code configured}, as recorded in results. */
  String kind();

  /**
   * What opening the cluster found worth saying (jobs of a killed run stopped, jobs that will run
   * locally), said once the suite's inputs are known good: bad input is one line.
   */
  default java.util.List<String> notes() {
    return java.util.List.of();
  }

  /**
   * Where benchmarks put their data when {@code --fs} is not given, or null for {@code
   * fs.defaultFS}; the embedded Ozone cluster keeps YARN's files local and the data on ofs://.
   */
  default String dataFs() {
    return null;
  }

  /**
   * The services of this cluster, each as it describes itself (version, endpoint, node counts),
   * for {@code environment.services}.
   */
  default java.util.List<io.hbench.core.result.ServiceInfo> services() {
    return java.util.List.of();
  }

  /**
   * The {@code --disrupt} actions this cluster can have done on {@code service}'s servers
   * ({@code hdfs}, {@code hbase}, {@code yarn}), or null when it runs no such service or offers
   * none of its actions.
   */
  default FaultActions faults(String service) {
    return null;
  }

  /** Configuration for clients and jobs of this cluster, {@code -D} and {@code --conf} applied. */
  Configuration configuration();

  /** Stops what this object started (nothing, for a configured cluster). Never throws. */
  @Override
  void close();
}
