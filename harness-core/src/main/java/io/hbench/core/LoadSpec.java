package io.hbench.core;

import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;

/**
 * A suite's load, declared once ({@link Benchmark#load()}): which operation its calls are, how
 * many client threads each process runs, how one process's clients are opened, and what the
 * suite makes of the merged result. The core does the rest, as YCSB's {@code DBWrapper} times
 * what a binding only does: it adds the load options ({@link LoadOptions}), runs the clients in
 * this process or as {@code --maps} map tasks on YARN behind a start barrier, drives and times
 * every call, merges the tasks' figures, and records the phase.
 *
 * <p>In a map task the suite is found again by its class, its options are parsed again from the
 * texts they were given as, its point is found again among its points, and the parameters the
 * suite recorded for the point before the load ({@link RunContext#param(io.hbench.core.result.Field,
 * Object)}) come with it: {@link #open} gets the same {@link LoadScope} in either place, so the
 * same clients make the same calls. A suite never carries its settings in Hadoop configuration
 * keys and never writes a task of its own.
 */
public interface LoadSpec {

  /**
   * The operation the calls are recorded as ({@code create_write}, {@code get}); a call may name
   * another with {@link io.hbench.core.load.ConcurrentLoad.Steps#operation} (Slive's mix).
   */
  String operation(OptionValues options, Point point);

  /** Client threads in each process: in this one, or in each map task. */
  int threads(OptionValues options, Point point);

  /**
   * Opens the clients {@code scope.firstClient()} to {@code scope.firstClient() +
   * scope.threads() - 1} of {@code scope.clients()}: connections, streams, their share of the
   * names or rows. Called before any clock starts, in this process or in a map task.
   */
  LoadClients open(LoadScope scope) throws Exception;

  /**
   * The suite's figures of the merged result (rows per second, the seed tool's own counters),
   * recorded in the load's phase with the core's. Called once, in this process, after the last
   * call; {@code scope} is the whole load's (client 0 of every client).
   */
  default void figures(LoadResult merged, LoadScope scope, PhaseFigures into) {}

  /**
   * Whether {@code --duration} (and with it {@code --until-stable}) drives this point's load; a
   * load that covers a fixed set of work once (hbase-pe's writes, whose rows are then counted on
   * the server) runs its counts whatever the duration. By default, whenever a duration is given.
   */
  default boolean timed(OptionValues options, Point point) {
    return LoadOptions.timed(options);
  }

  /**
   * What each of the point's operations asks of the servers, one call each, so that with {@code
   * --metrics} a call's time is taken apart with the server's own times for exactly those calls
   * ({@link io.hbench.core.daemons.CallTimes}). None by default: an operation is never matched to
   * a server method by its name.
   */
  default io.hbench.core.result.ServerCalls serverCalls(OptionValues options, Point point) {
    return io.hbench.core.result.ServerCalls.NONE;
  }

  /** {@code --maps} unless given: 0 (this process), or a suite's own (Slive's 4 clients). */
  default int defaultMaps() {
    return 0;
  }
}
