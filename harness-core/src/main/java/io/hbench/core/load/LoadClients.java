package io.hbench.core.load;

/**
 * One process's clients of a load, opened before any clock starts: how many calls each client
 * thread makes, the call they all make, and what to close when they are done. What a suite's
 * load opens for the core to drive ({@link ConcurrentLoad}); it never times its own calls.
 *
 * @param callsPerThread calls each thread makes, warm-up calls included; its length is the
 *     number of client threads. A duration ({@code --duration}) replaces the counts.
 * @param call the call every thread makes
 * @param resources closed once the calls are done (connections, streams), or null
 * @param schedule when each call is meant to start (a replayed trace), or null to be driven by
 *     the load options ({@code --target-rate}, or as fast as the threads go)
 * @param counted the counts the clients' library keeps over their calls ({@link ClientCount}),
 *     which the core keeps interval by interval; none when null or empty
 */
public record LoadClients(long[] callsPerThread, ConcurrentLoad.SteppedCall call,
    AutoCloseable resources, Schedule schedule, java.util.List<ClientCount> counted) {

  public LoadClients {
    if (callsPerThread.length < 1) {
      throw new IllegalArgumentException("a load needs at least one client thread");
    }
    callsPerThread = callsPerThread.clone();
    counted = counted == null ? java.util.List.of() : java.util.List.copyOf(counted);
  }

  /** Clients driven by the load options, with no schedule of their own. */
  public LoadClients(long[] callsPerThread, ConcurrentLoad.SteppedCall call,
      AutoCloseable resources) {
    this(callsPerThread, call, resources, null, null);
  }

  /** {@code threads} threads of {@code calls} calls each, with nothing to close. */
  public static LoadClients of(int threads, long calls, ConcurrentLoad.SteppedCall call) {
    long[] each = new long[threads];
    java.util.Arrays.fill(each, calls);
    return new LoadClients(each, call, null);
  }

  /** These clients, closing {@code r} when they are done. */
  public LoadClients closing(AutoCloseable r) {
    return new LoadClients(callsPerThread, call, r, schedule, counted);
  }

  /** These clients, each call started at {@code s}'s time for it. */
  public LoadClients scheduled(Schedule s) {
    return new LoadClients(callsPerThread, call, resources, s, counted);
  }

  /** These clients, offering {@code c} too for the core to keep interval by interval. */
  public LoadClients counting(ClientCount c) {
    java.util.List<ClientCount> all = new java.util.ArrayList<>(counted);
    all.add(c);
    return new LoadClients(callsPerThread, call, resources, schedule, all);
  }

  /** Client threads. */
  public int threads() {
    return callsPerThread.length;
  }

  @Override
  public long[] callsPerThread() {
    return callsPerThread.clone();
  }
}
