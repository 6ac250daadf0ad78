package io.hbench.core.cluster;

/**
 * A {@link RunningService} whose {@link #close()} stops it once, however often it is called (a
 * suite may close a point's service before the core does), and swallows what the stopping
 * throws: stopping is best effort, and the process is usually about to exit.
 */
public abstract class InProcessService implements RunningService {

  private boolean closed;

  /** Stops the service; called once. */
  protected abstract void stop();

  @Override
  public final synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    try {
      stop();
    } catch (RuntimeException e) {
      // Best effort: see the class comment.
    }
  }
}
