package io.hbench.core.cluster;

import io.hbench.core.load.Disruption;
import java.io.IOException;
import java.util.List;

/**
 * Performs {@code --disrupt}'s actions on one cluster's servers: those of one service ({@link
 * Disruption.Kind#service()}), embedded or configured. A {@link ServiceProvider} offers its own
 * ({@link ServiceProvider#faults}); the core does HDFS's. What the fault did to the load is the
 * engine's to measure: an action only acts and says on whom.
 */
public interface FaultActions {

  /** The service whose actions these are: {@code hdfs}, {@code hbase}, {@code yarn}. */
  String service();

  /**
   * Checks, before the load starts and before anything is created, that {@code action} can be
   * done here: the cluster has what it acts on (an HA pair, the N-th node), and hbench's user may
   * do it (an administrator's call answered).
   *
   * @throws io.hbench.core.error.InvalidInputException naming what is missing, one line
   */
  void check(Disruption.Action action) throws IOException;

  /**
   * Performs {@code action}, returning once the servers have acknowledged it (a NameNode made
   * active, a node stopped, a restarted node back).
   *
   * @return whom it acted on, as {@code host:port} or a server's name, for the record
   */
  String perform(Disruption.Action action) throws IOException, InterruptedException;

  /**
   * After the load: brings back what the actions left down where hbench can (the embedded
   * cluster's stopped nodes are started again, so that the next point or repeat meets a whole
   * cluster), and says what it left for the operator. Must not throw.
   *
   * @return one line per thing left down; empty when nothing was
   */
  default List<String> restore() {
    return List.of();
  }

  /**
   * What the servers say about themselves now, for the record beside each action: a NameNode's
   * HA state and its last transition, the live nodes, blocks short of their replicas. Must not
   * throw and should answer within a second or two; an empty list when they cannot be read.
   */
  default List<Stamp> stamps() {
    return List.of();
  }

  /**
   * One thing a server said at a moment.
   *
   * @param server whom, as {@code host:port} or a name
   * @param what the figure's name: {@code state}, {@code live_datanodes}, ...
   * @param value its value as the server gave it
   * @param atMillis when it was read, or when the server says it happened ({@code
   *     LastHATransitionTime}), ms since the epoch
   */
  record Stamp(String server, String what, String value, long atMillis) {}
}
