package io.hbench.core.cluster;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * The storage half of an embedded cluster: MiniDFSCluster by default, or another in-process
 * store (Ozone) found through {@link Provider}. {@link EmbeddedCluster} starts YARN on top.
 */
public interface EmbeddedStorage {

  /** The URI that becomes {@code fs.defaultFS}: where YARN and MapReduce keep their files. */
  String defaultFs();

  /**
   * Where benchmarks put their data when {@code --fs} is not given; null for {@link
   * #defaultFs()}.
   */
  default String dataFs() {
    return null;
  }

  /** What results record as the cluster kind, e.g. {@code embedded}. */
  String kind();

  /** Stops the store. Never throws. */
  void stop();

  /** Starts one kind of embedded storage; found with {@link java.util.ServiceLoader}. */
  interface Provider {

    /** The name used in {@code --cluster mini-<name>}, e.g. {@code ozone}. */
    String name();

    /**
     * Starts the store.
     *
     * @param conf settings to start from; the store adds its client settings to it
     * @param root a fresh directory for the store's files
     * @param datanodes number of datanodes
     */
    EmbeddedStorage start(Configuration conf, Path root, int datanodes) throws IOException;
  }
}
