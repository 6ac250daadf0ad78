package io.hbench.core.error;

/**
 * One line that says what went wrong, as every message of hbench's gives it: the console's
 * {@code bench: ... failed: LINE}, a failed point's reason, a task's failure as reported.
 */
public final class ErrorLine {

  private ErrorLine() {}

  /** One line that says what went wrong: the message of our own errors, else type and message. */
  public static String of(Throwable e) {
    String m = e.getMessage();
    if (e instanceof InvalidInputException || e instanceof PhaseFailedException) {
      return m;
    }
    String first = m == null ? "" : m.lines().findFirst().orElse("");
    return e.getClass().getSimpleName() + (first.isEmpty() ? "" : ": " + first);
  }
}
