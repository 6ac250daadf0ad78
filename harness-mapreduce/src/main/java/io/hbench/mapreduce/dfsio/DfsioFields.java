package io.hbench.mapreduce.dfsio;

import io.hbench.core.result.Field;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import java.util.Map;

/** DFSIO's extras, recorded and read back by these names (its rates are metrics). */
final class DfsioFields {

  static final Field<Integer> FILES = Field.of("files", Integer.class);
  static final Field<Double> TOTAL_MB = Field.of("total_mb", Double.class);
  static final Field<Double> IO_RATE_STD_DEV = Field.of("io_rate_std_dev", Double.class);
  static final Field<Double> TEST_EXEC_TIME = Field.of("test_exec_time_s", Double.class);
  static final Field<Double> STONEWALL_WINDOW = Field.of("stonewall_window_s", Double.class);
  static final Field<Integer> CONCURRENCY = Field.of("concurrency", Integer.class);
  /** From the first file's I/O start to the last file's, seconds. */
  static final Field<Double> START_SKEW = Field.of("start_skew_s", Double.class);
  /** Whether every file was in I/O at one moment (concurrency equals the file count). */
  static final Field<Boolean> ALL_TOGETHER = Field.of("all_files_together", Boolean.class);
  /** Per-file I/O seconds: min, p50, p90, p99, max. */
  static final Field<Map<String, Double>> FILE_SECONDS = Field.mapOf("file_seconds", Double.class);

  /** TestDFSIO's rates, MiB/s: its throughput and average I/O rate, and hbench's aggregate and stonewall. */
  static final MetricKey THROUGHPUT =
      MetricKey.of("throughput_mb_s", Metric.MIB_PER_SECOND, Metric.Better.HIGHER);
  static final MetricKey AVERAGE_IO_RATE = THROUGHPUT.named("average_io_rate_mb_s");
  static final MetricKey AGGREGATE = THROUGHPUT.named("aggregate_mb_s");
  static final MetricKey STONEWALL = THROUGHPUT.named("stonewall_mb_s");

  private DfsioFields() {}
}
