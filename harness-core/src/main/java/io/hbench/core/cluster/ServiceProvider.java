package io.hbench.core.cluster;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * Starts one kind of service inside this process, for runs and for {@code bench embedded-cluster}:
 * a store (MiniDFSCluster as {@code hdfs}, MiniOzoneCluster as {@code ozone}), {@code yarn}
 * (MiniYARNCluster), the in-process NameNode of nnthroughput ({@code namenode}), and next HBase and
 * HiveServer2. Register an implementation in {@code
 * META-INF/services/io.hbench.core.cluster.ServiceProvider}; {@link ClusterFactory} finds it with
 * {@link java.util.ServiceLoader} by {@link #name()}.
 *
 * <p>A provider is instantiated even in a jar that lacks its service's classes (the thin {@code
 * bench.jar}), so its class must not refer to them outside {@link #start}.
 */
public interface ServiceProvider {

  /** The name suites and users give: {@code hdfs}, {@code yarn}, {@code ozone}, ... */
  String name();

  /** One line for {@code embedded-cluster --help}. */
  String description();

  /**
   * Whether this is a store: it provides the file system the other services and the data use
   * ({@code --cluster mini-<name>}). A run starts exactly one store, first.
   */
  default boolean storage() {
    return false;
  }

  /**
   * What {@code --datanodes} counts for this service ({@code datanode(s)} for a store), or null
   * when it starts no nodes of a number the user chooses. A store without them holds no data,
   * so {@code --cluster mini-<name>} does not offer it.
   */
  default String nodeKind() {
    return storage() ? "datanode(s)" : null;
  }

  /**
   * Starts the service.
   *
   * @param conf the run's settings plus the client settings of the services started before it
   *     (the store's {@code fs.defaultFS}); the service adds the client settings others need
   *     ({@code fs.defaultFS} for a store, the ResourceManager's address for YARN)
   * @param root a fresh directory of this service's own, removed after it stops
   * @param nodes how many nodes of its kind to start (datanodes, NodeManagers, RegionServers)
   */
  RunningService start(Configuration conf, Path root, int nodes) throws IOException;

  /**
   * For a configured cluster ({@code --cluster conf}): checks that the service the configuration
   * names answers, and describes it. {@code hdfs} and {@code yarn} are checked by the core
   * itself; a named service ({@code hbase}, {@code hive}) reads its own configuration here
   * ({@code HBASE_CONF_DIR}, a JDBC URL).
   *
   * @throws io.hbench.core.error.InvalidInputException when the configuration names none, or it does
   *     not answer: one line, before anything is created
   */
  default io.hbench.core.result.ServiceInfo connect(Configuration conf) throws IOException {
    throw new io.hbench.core.error.InvalidInputException(
        "--cluster conf: hbench has no configured form of " + name() + "; use --cluster mini");
  }

  /**
   * Starts watching the service, embedded or configured, for one point ({@link ServiceWatch}):
   * the servers it loses go into the point's record, and a restart fails the point. Called as
   * each point begins with the run's configuration (the client settings {@link #start} or
   * {@link #connect} read); must not throw, and should answer within seconds. By default the
   * service is not watched.
   */
  default ServiceWatch watch(Configuration conf) {
    return ServiceWatch.NONE;
  }

  /**
   * The service's daemons whose own figures {@code --metrics} reads from their {@code /jmx} (an
   * HBase Master and its RegionServers), found with the run's configuration as {@link #watch}
   * gets it. Called as each point begins when {@code --metrics} is on; must not throw, and
   * should answer within seconds. A daemon whose HTTP server is off is left out. By default none:
   * the core finds HDFS's and YARN's itself.
   */
  default List<Daemon> daemons(Configuration conf) {
    return List.of();
  }

  /**
   * The {@code --disrupt} actions on this service's servers ({@link
   * io.hbench.core.load.Disruption.Kind#service()} names it), or null when it offers none.
   *
   * @param conf the run's configuration, as {@link #watch} gets it
   * @param embedded the service as this process started it (its daemons can be restarted), or
   *     null on a configured cluster (actions an administrator's client can do over RPC only)
   */
  default FaultActions faults(Configuration conf, RunningService embedded) {
    return null;
  }

  /**
   * On a kerberized cluster, adds to {@code credentials} the delegation tokens a job's tasks need
   * to reach this service: they have no Kerberos ticket of their own. Called for each job a point
   * submits when Kerberos is on, with the job's configuration. By default there are none.
   */
  default void addDelegationTokens(Configuration conf,
      org.apache.hadoop.security.Credentials credentials) throws IOException {}
}
