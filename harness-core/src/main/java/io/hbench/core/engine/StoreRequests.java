package io.hbench.core.engine;

import io.hbench.core.fs.StoreCounts;
import io.hbench.core.load.ClientCount;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.mapreduce.Counter;
import org.apache.hadoop.mapreduce.Counters;

/**
 * A phase's object store requests ({@link StoreCounts}) as the record and the console show
 * them: a load's, read as {@link ClientCount}s so that the core keeps them interval by interval
 * and adds them up over map tasks, as it does any count a load's client keeps; a job's, added
 * up by MapReduce from its tasks' counters.
 */
final class StoreRequests {

  /** The committer a job's output on S3A used ({@link #committer}), in the phase's figures. */
  static final io.hbench.core.result.Field<String> COMMITTER =
      io.hbench.core.result.Field.of("store_committer", String.class);

  private StoreRequests() {}

  /**
   * Which committer a job's output on S3A used, as S3A names them: {@code file}, Hadoop's
   * FileOutputCommitter, whose task and job commits rename (on S3A a COPY and a DELETE per file,
   * neither atomic); or one of S3A's own ({@code directory}, {@code partitioned}, {@code
   * magic}), which complete the tasks' uploads at commit, with no rename. S3A's factory picks it
   * by {@code fs.s3a.committer.name} when MapReduce's factory for s3a names it (Hadoop's
   * default).
   */
  static String committer(org.apache.hadoop.conf.Configuration conf) {
    String factory = conf.getTrimmed("mapreduce.outputcommitter.factory.scheme.s3a", "");
    return factory.endsWith(".S3ACommitterFactory")
        ? conf.getTrimmed("fs.s3a.committer.name", "file") : "file";
  }

  /** What {@code committer} relies on, for the console. */
  static String committerNote(String committer) {
    return committer.equals("file")
        ? "committer file (FileOutputCommitter: each commit renames, on S3A a COPY and a DELETE"
            + " per file, not atomic)"
        : "committer " + committer + " (S3A's: the tasks' uploads completed at commit, no rename)";
  }

  /** The store counts of {@code fs} as a load's client counts; none when it has none. */
  static List<ClientCount> of(FileSystem fs) {
    List<ClientCount> out = new ArrayList<>();
    StoreCounts.of(fs).forEach((name, count) -> out.add(new ClientCount(name, count)));
    return out;
  }

  /** The store counts a load kept, by name; empty when it kept none. */
  static Map<String, Long> totals(LoadResult r) {
    Map<String, Long> out = new LinkedHashMap<>();
    for (String name : StoreCounts.COUNTS.keySet()) {
      if (r.counted().names().contains(name)) {
        out.put(name, r.counted().total(name));
      }
    }
    return out;
  }

  /** The store counts a job's tasks added to its counters; empty when they added none. */
  static Map<String, Long> totals(Counters counters) {
    Map<String, Long> out = new LinkedHashMap<>();
    if (counters == null) {
      return out;
    }
    Map<String, Long> found = new LinkedHashMap<>();
    for (Counter c : counters.getGroup(StoreCounts.COUNTER_GROUP)) {
      found.put(c.getName(), c.getValue());
    }
    for (String name : StoreCounts.COUNTS.keySet()) {
      if (found.containsKey(name)) {
        out.put(name, found.get(name));
      }
    }
    return out;
  }

  /** The store's requests over the load's calls, each operation's together. */
  static final MetricKey REQUESTS_PER_CALL =
      MetricKey.of("store_requests_per_call", Metric.COUNT, Metric.Better.LOWER);

  /** All the requests among {@code totals}. */
  private static long requests(Map<String, Long> totals) {
    return totals.entrySet().stream().filter(e -> e.getKey().endsWith("_requests"))
        .mapToLong(Map.Entry::getValue).sum();
  }

  /**
   * Adds the phase's store figures to {@code into}: each count (requests, throttled responses and
   * retries: fewer is better for the same work; bytes each way), the requests per file call of
   * a load of {@code calls} (0 for a job), and with {@code prices} its cost. Returns the
   * console's line, or null when the phase's file system counts none.
   */
  static String record(Map<String, Long> totals, long calls, RequestPrices prices,
      Consumer<Metric> into) {
    if (!totals.containsKey("store_put_requests")) {
      return null;
    }
    totals.forEach((name, value) -> {
      boolean bytes = name.startsWith("store_bytes_");
      into.accept(MetricKey.of(name, bytes ? Metric.BYTES : Metric.COUNT,
          bytes ? Metric.Better.NONE : Metric.Better.LOWER).value(value));
    });
    String line = describe(totals);
    if (calls > 0) {
      // Beside the file calls: what one costs the store (a create is a LIST and an upload).
      double perCall = requests(totals) / (double) calls;
      into.accept(REQUESTS_PER_CALL.value(Math.round(perCall * 100) / 100.0));
      line += "; " + io.hbench.core.text.NumberText.whole(perCall) + " requests a call";
    }
    if (prices != null) {
      double cost = prices.cost(totals);
      into.accept(prices.metric(cost));
      line += "; " + prices.describe(cost);
    }
    return line;
  }

  /**
   * {@code "the store served 40 PUT, 1 LIST ... requests (S3A's count); none throttled, none
   * retried; 160.0 MiB out, 0.0 MiB in"}.
   */
  private static String describe(Map<String, Long> totals) {
    List<String> requests = new ArrayList<>();
    long all = 0;
    for (Map.Entry<String, Long> e : totals.entrySet()) {
      String name = e.getKey();
      if (name.endsWith("_requests")) {
        long n = e.getValue();
        all += n;
        if (n > 0) {
          requests.add(n + " " + name.substring("store_".length(), name.length()
              - "_requests".length()).replace('_', ' ').toUpperCase(java.util.Locale.ROOT));
        }
      }
    }
    Long throttled = totals.get("store_throttled");
    long retried = totals.getOrDefault("store_retries", 0L);
    return "the store served " + all + " requests (S3A's count)"
        + (requests.isEmpty() ? "" : ": " + String.join(", ", requests)) + "; "
        + (throttled == null ? "throttles not counted" : throttled == 0 ? "none throttled"
            : throttled + " throttled") + ", "
        + (retried == 0 ? "none" : retried) + " retried; "
        + io.hbench.core.text.NumberText.fixed(totals.getOrDefault("store_bytes_out", 0L)
            / 1048576.0, 1)
        + " MiB out, "
        + io.hbench.core.text.NumberText.fixed(totals.getOrDefault("store_bytes_in", 0L)
            / 1048576.0, 1)
        + " MiB in";
  }
}
