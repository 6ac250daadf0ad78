package io.hbench.core.cluster;

import java.util.List;

/**
 * What happened to a named service (HBase, ...) while one point ran, read from the service
 * itself: its servers that were live when the point began and are not at its end, and whether its
 * coordinator restarted. Made by {@link ServiceProvider#watch} as the point begins; asked once
 * when it ends. A server lost is noted beside a figure that may still be valid (the suite
 * validated its output); a restart fails the point, as a NameNode restart does ({@link
 * ClusterChanges}).
 */
public interface ServiceWatch extends AutoCloseable {

  /** A watch that sees nothing: the service does not say, or did not answer when asked. */
  ServiceWatch NONE = () -> Changes.NONE;

  /**
   * What changed since the watch began, once; then the watch is closed. Never throws: a service
   * that does not answer says nothing.
   */
  Changes changes();

  /** Lets go of what the watch holds (a connection) when {@link #changes} will not be asked. */
  @Override
  default void close() {}

  /**
   * @param nodesLost the servers ({@code host:port}) live when the point began and not at its
   *     end, sorted; empty when none
   * @param restart why the service is known to have restarted during the point, or null
   */
  record Changes(List<String> nodesLost, String restart) {

    /** Nothing seen. */
    public static final Changes NONE = new Changes(List.of(), null);

    public Changes {
      nodesLost = List.copyOf(nodesLost);
    }
  }
}
