package io.hbench.core.load;

import org.apache.hadoop.conf.Configuration;

/**
 * The load one map task of a {@link DistributedLoad} runs: a suite's description of its share of
 * the calls, made inside the task from the job's configuration. The core times and merges; the
 * task never does. Implementations need a public no-argument constructor.
 */
public interface LoadTask {

  /**
   * What one task runs.
   *
   * @param op the load's operation name
   * @param plan this task's threads, counts, duration, rate and warm-up
   * @param call the call
   * @param resources closed after the load, or null
   */
  record Load(String op, LoadPlan plan, ConcurrentLoad.SteppedCall call, AutoCloseable resources) {}

  /**
   * Prepares task {@code task}'s share ({@code 0 <= task < tasks}) and returns its load. Called
   * before the start barrier, so connection set-up is not timed.
   */
  Load open(Configuration conf, int task, int tasks) throws Exception;
}
