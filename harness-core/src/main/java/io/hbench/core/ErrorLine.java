package io.hbench.core;

/**
 * One line that says what went wrong, as every message of hbench's gives it. Apart from {@link
 * BenchmarkRunner#describe}, which calls it, so that the parts of the engine need not import the
 * runner that wires them.
 */
final class ErrorLine {

  private ErrorLine() {}

  /** One line that says what went wrong: the message of our own errors, else type and message. */
  static String of(Throwable e) {
    String m = e.getMessage();
    if (e instanceof InvalidInputException || e instanceof PhaseFailedException) {
      return m;
    }
    String first = m == null ? "" : m.lines().findFirst().orElse("");
    return e.getClass().getSimpleName() + (first.isEmpty() ? "" : ": " + first);
  }
}
