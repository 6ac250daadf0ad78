package io.hbench.hdfs.datanodes;

import io.hbench.core.result.Field;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import java.util.List;
import java.util.Map;

/** What the datanodes suite records and reads back by name, typed. */
final class DataNodesFields {

  /** The point: {@link #ALONE} or {@link #PAIRS}. */
  static final Field<String> KIND = Field.of("kind", String.class);
  static final String ALONE = "alone";
  static final String PAIRS = "pairs";

  /** The DataNodes measured, by transfer address ({@code ip:port}), in order. */
  static final Field<List<String>> NODES = Field.listOf("datanodes", String.class);
  /** The DataNodes left out, with why (dead, decommissioning, in maintenance). */
  static final Field<Map<String, String>> SKIPPED = Field.mapOf("datanodes_skipped", String.class);
  /** The ordered pairs written with {@code --pairs}, as indexes into {@link #NODES}: "0>1". */
  static final Field<List<String>> PAIR_LIST = Field.listOf("pairs", String.class);
  static final Field<Long> FILE_SIZE = Field.of("file_size", Long.class);
  static final Field<Integer> FILES = Field.of("files_per_target", Integer.class);
  /** Each DataNode's active transfer threads as the NameNode reported them before the load. */
  static final Field<Map<String, Integer>> XCEIVERS = Field.mapOf("xceivers", Integer.class);
  /** Beside the verdict, what the active NameNode said when the point ended: see {@link HdfsReports}. */
  static final Field<Boolean> HDFS_PEER_DETECTION =
      Field.of("hdfs_slow_peer_detection", Boolean.class);
  static final Field<Map<String, Integer>> HDFS_SLOW_PEERS =
      Field.mapOf("hdfs_slow_peers", Integer.class);
  static final Field<List<String>> HDFS_SLOW_DISKS = Field.listOf("hdfs_slow_disks", String.class);
  static final Field<Map<String, Integer>> VOLUME_FAILURES =
      Field.mapOf("volume_failures", Integer.class);

  /** The phase's verdict: the rule's median, scaled MAD and limit, ms per file. */
  static final Field<Double> MEDIAN_MS = Field.of("median_ms_per_file", Double.class);
  static final Field<Double> MAD_MS = Field.of("mad_ms_per_file", Double.class);
  static final Field<Double> LIMIT_MS = Field.of("outlier_limit_ms_per_file", Double.class);
  /** The targets above the limit, with their mean time per file, ms. */
  static final Field<Map<String, Double>> OUTLIERS = Field.mapOf("outliers", Double.class);
  /** With --pairs: the nodes that explain the slow pairs, and the pairs no node explains. */
  static final Field<List<String>> SLOW_NODES = Field.listOf("slow_nodes", String.class);
  static final Field<List<String>> SLOW_LINKS = Field.listOf("slow_links", String.class);

  /**
   * A target's MB/s: its bytes over the time spent in its own calls, one file's stream at a
   * time (the core's {@code mb_per_s} of the operation is over the whole phase's window, which
   * every target shares).
   */
  static final MetricKey MB_PER_S = MetricKey.of("stream_mb_per_s", Metric.MIB_PER_SECOND,
      Metric.Better.HIGHER);
  /** A target's mean time per file: what the outlier rule judges. */
  static final MetricKey MS_PER_FILE = MetricKey.of("ms_per_file", Metric.MILLISECONDS,
      Metric.Better.LOWER);
  /** The slowest and the fastest of its files: the spread over files. */
  static final MetricKey SLOWEST_FILE = MB_PER_S.named("slowest_file_mb_per_s");
  static final MetricKey FASTEST_FILE = MB_PER_S.named("fastest_file_mb_per_s");

  /** The rule, as the report states it. */
  static final String RULE = "HDFS's own outlier rule (OutlierDetector, as its slow-peer and"
      + " slow-disk reports use it): slower than max(5 ms, 3 x median, median + 3 x 1.4826 x"
      + " MAD) of the mean time per file";

  private DataNodesFields() {}
}
