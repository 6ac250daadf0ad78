package io.hbench.core.error;

/** A phase of a point did not complete (a job failed or was killed); the point is failed. */
public class PhaseFailedException extends Exception {
  private static final long serialVersionUID = 1L;

  public PhaseFailedException(String message) {
    super(message);
  }
}
