package io.hbench.hbase;

import io.hbench.core.LoadOptions;
import io.hbench.core.LoadScope;
import io.hbench.core.load.ClientCount;
import java.util.Collection;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.client.ClusterConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.MetricsConnection;

/**
 * The HBase client's failed RPC attempts, the count a disrupted load keeps beside its calls
 * ({@link ClientCount}): each attempt that failed, whether the client then retried it inside the
 * call (a region moved, a server gone) or it was the last of a call that failed. The client
 * counts them only with its metrics on ({@code hbase.client.metrics.enable}, a few Dropwizard
 * counters and timers updated on every RPC, and JMX beans while the connection is open), so they
 * are turned on for a load under {@code --disrupt} only. Read from the connection's {@link
 * MetricsConnection} ({@code rpcTotalExceptions}); an asynchronous connection's are not readable
 * from outside HBase's package, so PE's {@code --async} clients keep no count.
 */
final class FailedRpcAttempts {

  /** The count's name in the records. */
  static final String NAME = "rpc_attempts_failed";

  /** MetricsConnection's counter of every failed RPC attempt, local and remote. */
  private static final String TOTAL = "rpcTotalExceptions";

  private FailedRpcAttempts() {}

  /** Whether {@code scope}'s load keeps the count: under {@code --disrupt}. */
  static boolean kept(LoadScope scope) {
    return LoadOptions.disruption(scope.options()) != null;
  }

  /** The HBase client configuration of {@code scope}'s clients, metrics on when kept. */
  static Configuration configuration(LoadScope scope) {
    Configuration c = HBaseClientConfiguration.of(scope.configuration());
    if (kept(scope)) {
      c.setBoolean(MetricsConnection.CLIENT_SIDE_METRICS_ENABLED_KEY, true);
    }
    return c;
  }

  /** The count over {@code connections} (opened with {@link #configuration}). */
  static ClientCount over(Collection<Connection> connections) {
    List<Connection> all = List.copyOf(connections);
    return new ClientCount(NAME, () -> {
      long n = 0;
      for (Connection c : all) {
        n += of(c);
      }
      return n;
    });
  }

  private static long of(Connection c) {
    MetricsConnection m = c instanceof ClusterConnection cc ? cc.getConnectionMetrics() : null;
    // A Dropwizard Counter, read by its method's name: bench.jar does not carry Dropwizard, and
    // naming its class would tie hbench to whichever copy a cluster's HBase brings.
    Object counter = m == null ? null : m.getRpcCounters().get(TOTAL);
    if (counter == null) {
      return 0;
    }
    try {
      return ((Number) counter.getClass().getMethod("getCount").invoke(counter)).longValue();
    } catch (ReflectiveOperationException e) {
      return 0;
    }
  }
}
