package io.hbench.core.embed;

import io.hbench.core.result.ResultRecord;
import java.util.List;

/**
 * Receives a run's records as they are measured: how a tool that embeds hbench gets its results
 * without reading a file. Called on the thread that runs the benchmark; a listener that throws
 * stops the run.
 */
public interface RunListener {

  /** A point (one repeat of it) is about to be measured. */
  default void started(RunPlan.Measurement measurement) {}

  /** A point (one repeat of it) was measured: ok or failed, validated, complete. */
  default void measured(ResultRecord record) {}

  /** The run is over; {@code records} are all of its records, in order. */
  default void finished(List<ResultRecord> records) {}
}
