package io.hbench.core.engine;

import io.hbench.core.error.ErrorLine;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.Logger;
import org.apache.log4j.spi.LoggingEvent;
import org.apache.log4j.spi.ThrowableInformation;

/**
 * Why a job in MapReduce's local runner failed. The local runner gives a failed job the failure
 * info "NA" and sends the exception that failed it only to its log, as a warning whose message is
 * the job's id. This listens on that logger (Hadoop logs through Log4j 1; under another logging
 * back end it hears nothing, and the reason stays unknown) and keeps each job's exception, said in
 * one line, until {@link #reason} takes it.
 */
final class LocalJobFailures extends AppenderSkeleton {

  private static final String LOGGER = "org.apache.hadoop.mapred.LocalJobRunner";
  private static final Map<String, String> REASONS = new ConcurrentHashMap<>();
  private static boolean listening;

  private LocalJobFailures() {}

  /** Starts listening, once per process. */
  static synchronized void listen() {
    if (!listening) {
      Logger.getLogger(LOGGER).addAppender(new LocalJobFailures());
      listening = true;
    }
  }

  /**
   * The exception that failed local job {@code jobId}, in one line, or null if none was heard.
   * The runner marks the job failed just before it logs why: this waits a moment for the line.
   */
  static String reason(String jobId) throws InterruptedException {
    long deadline = System.nanoTime() + 2_000_000_000L;
    String r;
    while ((r = REASONS.remove(jobId)) == null && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    return r;
  }

  @Override
  protected void append(LoggingEvent event) {
    ThrowableInformation info = event.getThrowableInformation();
    String message = event.getRenderedMessage();
    if (info == null || info.getThrowable() == null || message == null
        || !message.startsWith("job_local")) {
      return;
    }
    Throwable t = info.getThrowable();
    // The runner wraps the task's exception in a bare java.lang.Exception.
    if (t.getClass() == Exception.class && t.getCause() != null) {
      t = t.getCause();
    }
    REASONS.put(message.trim(), ErrorLine.of(t));
  }

  @Override
  public void close() {}

  @Override
  public boolean requiresLayout() {
    return false;
  }
}
