package io.hbench.core.error;

/**
 * Bad input from the user: a malformed size, an unknown option value, a missing file, an
 * unreachable cluster. The CLI prints its message as one line and exits with code 2; nothing
 * has been created when it is thrown.
 */
public class InvalidInputException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public InvalidInputException(String message) {
    super(message);
  }

  public InvalidInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
