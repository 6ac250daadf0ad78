package io.hbench.core.fs;

import io.hbench.core.annotation.Internal;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.s3a.S3AFileSystem;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/**
 * Counts the responses by which an object store asked S3A's client to slow down (HTTP 503, S3's
 * {@code SlowDown}, and 429), every one as it arrives, including those the AWS SDK retried by
 * itself. S3A's own count ({@code store_io_throttled}, Hadoop 3.4) has a 429 the SDK retried and
 * a throttle S3A retried after the SDK gave up, but not a 503 the SDK retried: against a store
 * answering SlowDown it read 0 where the store throttled 4 ({@code FsOpsIT}).
 *
 * <p>S3A makes one per file system from {@code fs.s3a.audit.execution.interceptors}, which
 * {@link #enable} sets, and {@link #of} finds it again through the file system's S3 client. The
 * SDK calls {@link #afterTransmission} once per HTTP attempt. Public only because S3A creates it
 * by reflection.
 */
@Internal
public final class StoreResponses implements ExecutionInterceptor {

  /** S3A's setting: SDK interceptors to add to each file system's S3 client. */
  public static final String INTERCEPTORS = "fs.s3a.audit.execution.interceptors";

  private final LongAdder throttled = new LongAdder();
  private final LongAdder tooManyRequests = new LongAdder();

  /** For S3A, which makes one for each file system it opens. */
  public StoreResponses() {}

  @Override
  public void afterTransmission(Context.AfterTransmission context,
      ExecutionAttributes executionAttributes) {
    int status = context.httpResponse().statusCode();
    if (status == 503 || status == 429) {
      throttled.increment();
      if (status == 429) {
        tooManyRequests.increment();
      }
    }
  }

  /** Responses 503 or 429 so far. */
  long throttled() {
    return throttled.sum();
  }

  /** Responses 429 so far: S3A counts these itself too, as throttles. */
  long tooManyRequests() {
    return tooManyRequests.sum();
  }

  /**
   * Sets {@code conf} so that each S3A file system made from it counts its throttled responses
   * here, keeping any interceptors already named.
   */
  public static void enable(Configuration conf) {
    String name = StoreResponses.class.getName();
    String given = conf.getTrimmed(INTERCEPTORS, "");
    if (!java.util.Arrays.asList(given.split("\\s*,\\s*")).contains(name)) {
      conf.set(INTERCEPTORS, given.isEmpty() ? name : given + "," + name);
    }
  }

  /**
   * The counter of the S3A file system {@code fs}, or null when it was made without one (from a
   * configuration {@link #enable} did not set).
   */
  static StoreResponses of(FileSystem fs) {
    if (!(fs instanceof S3AFileSystem s3a)) {
      return null;
    }
    return s3a.getS3AInternals().getAmazonS3Client("hbench: the store's throttled responses")
        .serviceClientConfiguration().overrideConfiguration().executionInterceptors().stream()
        .filter(StoreResponses.class::isInstance).map(StoreResponses.class::cast)
        .findFirst().orElse(null);
  }
}
