package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import io.hbench.core.error.InvalidInputException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The embedded services this jar can start, found with {@link ServiceLoader}: the one registry
 * the cluster factory, the clusters and the core's per-point code look a service up in.
 */
@Internal
public final class ServiceProviders {

  private ServiceProviders() {}

  /**
   * The provider of the service {@code name}.
   *
   * @throws InvalidInputException naming the services this jar has, when it has no such one
   */
  public static ServiceProvider provider(String name) {
    List<ServiceProvider> all = providers();
    for (ServiceProvider p : all) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    if (all.isEmpty()) {
      throw notInThisJar("the " + name + " service");
    }
    throw new InvalidInputException(
        "no embedded service '" + name + "' in this jar (it has "
            + String.join(", ", all.stream().map(ServiceProvider::name).toList())
            + "; bench-standalone.jar has every one)");
  }

  /**
   * Every service this jar can start embedded. A provider whose classes are missing (the thin
   * {@code bench.jar} has no mini clusters) is left out.
   */
  public static List<ServiceProvider> providers() {
    List<ServiceProvider> out = new ArrayList<>();
    Iterator<ServiceProvider> it = ServiceLoader.load(ServiceProvider.class).iterator();
    while (true) {
      try {
        if (!it.hasNext()) {
          return out;
        }
        ServiceProvider p = it.next();
        // A missing service class shows when the provider is first asked, not when it loads.
        p.name();
        out.add(p);
      } catch (ServiceConfigurationError | LinkageError e) {
        // Not in this jar: skip it.
      }
    }
  }

  /** The one line for a missing embedded cluster: which class is missing, and what to use. */
  static InvalidInputException notInThisJar(String missing) {
    return new InvalidInputException(
        "the embedded cluster is not in this jar (missing "
            + missing
            + "): use bench-standalone.jar, or --cluster conf with a configured cluster");
  }
}
