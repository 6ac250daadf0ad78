package io.hbench.core.cluster;

import org.apache.hadoop.conf.Configuration;

/** A cluster a run measures: the configured one, or an embedded in-process one. */
public interface BenchCluster extends AutoCloseable {

  /** {@code embedded} or {@code configured}, as recorded in results. */
  String kind();

  /** Configuration for clients and jobs of this cluster, {@code -D} and {@code --conf} applied. */
  Configuration configuration();

  /** Stops what this object started (nothing, for a configured cluster). Never throws. */
  @Override
  void close();
}
