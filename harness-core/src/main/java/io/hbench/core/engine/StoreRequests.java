package io.hbench.core.engine;

import io.hbench.core.load.ClientCount;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;

/**
 * The HTTP requests an object store's client made, by type, as S3A counts them in its {@code
 * IOStatistics}: what an object store charges for and throttles on, where the file calls that
 * hbench's instrumented file system counts hide them (a rename is a copy and a delete, a listing
 * is pages of LIST, a large write is several parts). Read as {@link ClientCount}s, so that the
 * core keeps them interval by interval and adds them up over map tasks, as it does any count a
 * load's client keeps.
 *
 * <p>S3A adds a stream's requests (its GETs, a large write's parts) to the file system's counts
 * when the stream is closed: a count read during a call may lag by the calls still open.
 */
final class StoreRequests {

  /**
   * Each count as records name it, and the S3A statistics (Hadoop 3.4's {@code
   * org.apache.hadoop.fs.s3a.Statistic}) it adds up.
   */
  static final Map<String, List<String>> COUNTS = counts();

  private static Map<String, List<String>> counts() {
    Map<String, List<String>> m = new LinkedHashMap<>();
    m.put("store_get_requests", List.of("action_http_get_request"));
    m.put("store_head_requests", List.of("action_http_head_request"));
    m.put("store_put_requests", List.of("object_put_request"));
    m.put("store_list_requests", List.of("object_list_request", "object_continue_list_request"));
    m.put("store_delete_requests", List.of("object_delete_request", "object_bulk_delete_request"));
    m.put("store_copy_requests", List.of("object_copy_requests"));
    m.put("store_multipart_initiate_requests", List.of("object_multipart_initiated"));
    m.put("store_part_put_requests", List.of("multipart_upload_part_put"));
    m.put("store_multipart_complete_requests", List.of("multipart_upload_completed"));
    m.put("store_multipart_abort_requests", List.of("object_multipart_aborted"));
    // Not S3A's counts alone (of and StoreResponses say why).
    m.put("store_throttled", List.of());
    m.put("store_retries", List.of("store_io_retry", "store_io_throttled"));
    m.put("store_bytes_out", List.of("object_put_bytes"));
    m.put("store_bytes_in", List.of("stream_read_bytes"));
    return java.util.Collections.unmodifiableMap(m);
  }

  /**
   * The statistics S3A counts twice for one request: once in the file system's own counts and
   * again in the output stream's, which it adds to the file system's as the stream closes (4
   * uploads counted 8 initiates where the server logged 4: {@code FsOpsIT}). Halved here.
   */
  static final java.util.Set<String> COUNTED_TWICE =
      java.util.Set.of("object_multipart_initiated", "object_multipart_aborted");

  private StoreRequests() {}

  /**
   * The counts of the object store under {@code fs} (hbench's instrumented file system may wrap
   * it); none when it is not one whose requests are counted (HDFS, a local file system).
   */
  static List<ClientCount> of(FileSystem fs) {
    FileSystem f = fs;
    while (f instanceof FilterFileSystem filter) {
      f = filter.getRawFileSystem();
    }
    if (!(f instanceof IOStatisticsSource source) || !"s3a".equals(f.getScheme())) {
      return List.of();
    }
    IOStatistics stats = source.getIOStatistics();
    if (stats == null) {
      return List.of();
    }
    StoreResponses responses = StoreResponses.of(f);
    List<ClientCount> out = new ArrayList<>();
    COUNTS.forEach((name, keys) -> {
      if (name.equals("store_throttled")) {
        // Every 503 and 429, as they came; without the counter, none is said rather than S3A's
        // count, which misses the 503s the SDK retried.
        if (responses != null) {
          out.add(new ClientCount(name, responses::throttled));
        }
        return;
      }
      // Retries: S3A counts the SDK's retries and its own of other errors as store_io_retry,
      // its own after a throttle as store_io_throttled, where it also counts the 429s the SDK
      // retried (already among the SDK's retries).
      boolean retries = name.equals("store_retries");
      out.add(new ClientCount(name, () -> {
        Map<String, Long> counters = stats.counters();
        long sum = 0;
        for (String k : keys) {
          Long v = counters.get(k);
          sum += v == null ? 0 : COUNTED_TWICE.contains(k) ? v / 2 : v;
        }
        return retries && responses != null ? sum - responses.tooManyRequests() : sum;
      }));
    });
    return out;
  }

  /** Whether {@code name} is one of {@link #COUNTS}: a figure of the store, not the suite's. */
  static boolean isStoreCount(String name) {
    return COUNTS.containsKey(name);
  }

  /**
   * The load's store counts as the phase's metrics: requests, throttled responses and retries
   * (fewer is better for the same work) and bytes each way.
   */
  static List<Metric> metrics(LoadResult r) {
    List<Metric> out = new ArrayList<>();
    for (String name : COUNTS.keySet()) {
      if (r.counted().names().contains(name)) {
        boolean bytes = name.startsWith("store_bytes_");
        out.add(MetricKey.of(name, bytes ? Metric.BYTES : Metric.COUNT,
            bytes ? Metric.Better.NONE : Metric.Better.LOWER).value(r.counted().total(name)));
      }
    }
    return out;
  }

  /**
   * {@code "the store served 40 PUT, 1 LIST ... requests (S3A's count); none throttled, none
   * retried; 160.0 MiB out, 0.0 MiB in"}, or null when the load's file system counts none.
   */
  static String describe(LoadResult r) {
    if (!r.counted().names().contains("store_put_requests")) {
      return null;
    }
    List<String> requests = new ArrayList<>();
    long all = 0;
    for (String name : COUNTS.keySet()) {
      if (name.endsWith("_requests")) {
        long n = r.counted().total(name);
        all += n;
        if (n > 0) {
          requests.add(n + " " + name.substring("store_".length(), name.length()
              - "_requests".length()).replace('_', ' ').toUpperCase(java.util.Locale.ROOT));
        }
      }
    }
    boolean counted = r.counted().names().contains("store_throttled");
    long throttled = r.counted().total("store_throttled");
    long retried = r.counted().total("store_retries");
    return "the store served " + all + " requests (S3A's count)"
        + (requests.isEmpty() ? "" : ": " + String.join(", ", requests)) + "; "
        + (!counted ? "throttles not counted" : throttled == 0 ? "none throttled" : throttled
            + " throttled") + ", "
        + (retried == 0 ? "none" : retried) + " retried; "
        + io.hbench.core.text.NumberText.fixed(r.counted().total("store_bytes_out") / 1048576.0, 1)
        + " MiB out, "
        + io.hbench.core.text.NumberText.fixed(r.counted().total("store_bytes_in") / 1048576.0, 1)
        + " MiB in";
  }
}
