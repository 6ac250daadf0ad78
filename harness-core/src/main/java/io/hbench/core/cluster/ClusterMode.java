package io.hbench.core.cluster;

import io.hbench.core.error.InvalidInputException;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Which cluster a run uses ({@code --cluster}): {@code auto}, {@code conf}, {@code mini} (the
 * embedded cluster on HDFS) or {@code mini-<store>} (the embedded cluster on another store found
 * as a {@link ServiceProvider}, such as {@code mini-ozone}).
 */
public final class ClusterMode {

  /** The configured cluster if one is configured, else the embedded one. */
  public static final ClusterMode AUTO = new ClusterMode("auto");

  /** Always the embedded in-process cluster (MiniDFSCluster, and MiniYARNCluster for jobs). */
  public static final ClusterMode MINI = new ClusterMode("mini");

  /** The embedded cluster on an in-process Ozone store. */
  public static final ClusterMode MINI_OZONE = new ClusterMode("mini-ozone");

  /** Always the configured cluster; fails when none is configured. */
  public static final ClusterMode CONF = new ClusterMode("conf");

  private static final Pattern MINI_STORE = Pattern.compile("mini-[a-z0-9]+");

  private final String text;

  private ClusterMode(String text) {
    this.text = text;
  }

  /** The name as typed on the command line ({@code mini-ozone}). */
  public String text() {
    return text;
  }

  /** Whether this always means the embedded cluster. */
  public boolean embedded() {
    return text.startsWith("mini");
  }

  /** The store of the embedded cluster: {@code hdfs} for {@code mini}, else its name. */
  public String store() {
    return text.startsWith("mini-") ? text.substring("mini-".length()) : "hdfs";
  }

  public static ClusterMode parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    return switch (t) {
      case "auto" -> AUTO;
      case "mini", "mini-hdfs" -> MINI;
      case "conf" -> CONF;
      default -> {
        List<String> stores = stores();
        if (MINI_STORE.matcher(t).matches()
            && (stores.isEmpty() || stores.contains(t.substring("mini-".length())))) {
          // With no store in this jar at all, the factory says so when the run starts.
          yield new ClusterMode(t);
        }
        throw new InvalidInputException(
            "invalid value '" + text + "' for --cluster: use auto, conf, mini"
                + (stores.isEmpty()
                    ? " or mini-ozone"
                    : " or mini-<store> (stores in this jar: " + String.join(", ", stores) + ")"));
      }
    };
  }

  /**
   * The stores this jar can start embedded for a run: those with data nodes. A NameNode alone
   * ({@code namenode}) cannot hold a run's data, not even its directory markers.
   */
  private static List<String> stores() {
    try {
      return ServiceProviders.providers().stream()
          .filter(p -> p.storage() && p.nodeKind() != null)
          .map(ServiceProvider::name)
          .toList();
    } catch (LinkageError e) {
      return List.of();
    }
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ClusterMode m && m.text.equals(text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
