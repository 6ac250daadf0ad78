package io.hbench.core.load;

import java.util.function.LongSupplier;

/**
 * A count that a load's client library keeps over the calls of one process and cannot give call
 * by call: the HBase client's failed RPC attempts, each retried inside a call or the last of a
 * call that failed. What a suite's clients may offer beside their calls ({@link
 * LoadClients#counting}); the core reads {@code total} once before the first call, at the end of
 * each of the load's intervals and after the last call, on the thread that drives the load (never
 * on a call's path), and keeps the differences interval by interval ({@link
 * LoadResult#counted}), added over map tasks, so that {@code --disrupt} gives each fault window
 * its own count.
 *
 * @param name what is counted, as the records name it ({@code rpc_attempts_failed}): lower-case
 *     letters, digits and underscores
 * @param total the count so far
 */
public record ClientCount(String name, LongSupplier total) {

  public ClientCount {
    if (name == null || !name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("a client count's name is lower-case letters, digits"
          + " and underscores: " + name);
    }
    java.util.Objects.requireNonNull(total, "total");
  }
}
