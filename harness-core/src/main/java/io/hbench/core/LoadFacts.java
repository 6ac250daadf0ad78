package io.hbench.core;

import io.hbench.core.result.Field;

/**
 * What the core records of a point's declared load, for every suite under the same names: the
 * map tasks it ran on ({@code --maps}), the client threads of each process and of all of them,
 * its duration ({@code --duration}) and its target rate ({@code --target-rate}). Recorded as the
 * point's parameters when its load runs ({@link RunContext#load(String)}), so that its map tasks
 * and its report read them back; a suite neither computes nor records them.
 */
public final class LoadFacts {

  /** The map tasks the load ran on; absent when it ran in this process. */
  public static final Field<Integer> MAPS = Field.of("maps", Integer.class);
  /** Client threads in each process ({@link LoadSpec#threads}). */
  public static final Field<Integer> THREADS = Field.of("threads", Integer.class);
  /** Client threads over every process: threads, times the map tasks when there are any. */
  public static final Field<Integer> CLIENTS = Field.of("clients", Integer.class);
  /** The load's duration, seconds; absent when it ran a count of calls. */
  public static final Field<Double> DURATION_S = Field.of("duration_s", Double.class);
  /** The calls per second asked of all clients together; absent when as fast as they go. */
  public static final Field<Double> TARGET_RATE = Field.of("target_rate", Double.class);

  private LoadFacts() {}
}
