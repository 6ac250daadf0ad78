package io.hbench.core.cluster;

import io.hbench.core.result.ServiceInfo;

/** A service started in this process by a {@link ServiceProvider}; closing it stops it. */
public interface RunningService extends AutoCloseable {

  /** What the service says of itself: version, endpoint and node counts, for the record. */
  ServiceInfo info();

  /**
   * For a store: the URI that becomes {@code fs.defaultFS}, where YARN and MapReduce keep their
   * files; null for other services.
   */
  default String defaultFs() {
    return null;
  }

  /**
   * For a store: where benchmarks put their data when {@code --fs} is not given; null for {@link
   * #defaultFs()}.
   */
  default String dataFs() {
    return null;
  }

  /**
   * The object behind the service, for a suite that drives it directly (nnthroughput calls its
   * in-process NameNode's methods).
   *
   * @throws IllegalArgumentException when it is not a {@code type}
   */
  default <T> T unwrap(Class<T> type) {
    if (type.isInstance(this)) {
      return type.cast(this);
    }
    throw new IllegalArgumentException(info().name() + " is not a " + type.getSimpleName());
  }

  /** Stops the service. Idempotent; never throws. */
  @Override
  void close();
}
