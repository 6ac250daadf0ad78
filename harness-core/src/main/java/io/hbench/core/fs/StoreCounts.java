package io.hbench.core.fs;

import io.hbench.core.annotation.Internal;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;

/**
 * The HTTP requests an object store's client made, by type, as S3A counts them in its {@code
 * IOStatistics}: what an object store charges for and throttles on, where the file calls that
 * hbench's instrumented file system counts hide them (a rename is a copy and a delete, a listing
 * is pages of LIST, a large write is several parts). Live counts of one file system instance,
 * read by a load at its intervals' ends and by a job's tasks at their ends.
 *
 * <p>S3A adds a stream's requests (its GETs, a large write's parts) to the file system's counts
 * when the stream is closed: a count read during a call may lag by the calls still open.
 */
@Internal
public final class StoreCounts {

  /**
   * Each count as records name it, and the S3A statistics (Hadoop 3.4's {@code
   * org.apache.hadoop.fs.s3a.Statistic}) it adds up.
   */
  public static final Map<String, List<String>> COUNTS = counts();

  /** The counter group a job's tasks add their store counts to. */
  public static final String COUNTER_GROUP = "hbench.store";

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
    return Collections.unmodifiableMap(m);
  }

  /**
   * The statistics S3A counts twice for one request: once in the file system's own counts and
   * again in the output stream's, which it adds to the file system's as the stream closes (4
   * uploads counted 8 initiates where the server logged 4: {@code FsOpsIT}). Halved here.
   */
  static final Set<String> COUNTED_TWICE =
      Set.of("object_multipart_initiated", "object_multipart_aborted");

  private StoreCounts() {}

  /**
   * The live counts of the object store under {@code fs} (hbench's instrumented file system may
   * wrap it), by {@link #COUNTS}' names; empty when it is not one whose requests are counted
   * (HDFS, a local file system). {@code store_throttled} is absent when the file system was made
   * without hbench's counter of throttled responses ({@link StoreResponses#enable}).
   */
  public static Map<String, LongSupplier> of(FileSystem fs) {
    FileSystem f = fs;
    while (f instanceof FilterFileSystem filter) {
      f = filter.getRawFileSystem();
    }
    if (!(f instanceof IOStatisticsSource source) || !"s3a".equals(f.getScheme())) {
      return Map.of();
    }
    IOStatistics stats = source.getIOStatistics();
    if (stats == null) {
      return Map.of();
    }
    StoreResponses responses = StoreResponses.of(f);
    Map<String, LongSupplier> out = new LinkedHashMap<>();
    COUNTS.forEach((name, keys) -> {
      if (name.equals("store_throttled")) {
        // Every 503 and 429, as they came; without the counter, none is said rather than S3A's
        // count, which misses the 503s the SDK retried.
        if (responses != null) {
          out.put(name, responses::throttled);
        }
        return;
      }
      // Retries: S3A counts the SDK's retries and its own of other errors as store_io_retry,
      // its own after a throttle as store_io_throttled, where it also counts the 429s the SDK
      // retried (already among the SDK's retries).
      boolean retries = name.equals("store_retries");
      out.put(name, () -> {
        Map<String, Long> counters = stats.counters();
        long sum = 0;
        for (String k : keys) {
          Long v = counters.get(k);
          sum += v == null ? 0 : COUNTED_TWICE.contains(k) ? v / 2 : v;
        }
        return retries && responses != null ? sum - responses.tooManyRequests() : sum;
      });
    });
    return Collections.unmodifiableMap(out);
  }
}
