package io.hbench.core.stats;

/**
 * A call the server refused by returning false or null rather than throwing ({@code rename}
 * returning false, {@code getFileInfo} returning null). the file system's tally ({@code fs.OperationTally}) names
 * it by what was refused ("rename returned false"), not by this class.
 */
public final class RefusedCallException extends Exception {

  private final String detail;

  public RefusedCallException(String what) {
    this(what, null);
  }

  /**
   * A refusal of type {@code what} with one line saying where (the row, the byte offset), kept
   * by the load runner as its load's first problem when it is the first.
   */
  public RefusedCallException(String what, String detail) {
    super(what, null, false, false);
    this.detail = detail;
  }

  /** Where the call was refused, or null. */
  public String detail() {
    return detail;
  }

  /** Throws when {@code refused}, naming the refusal {@code what}; returns 0 (bytes) otherwise. */
  public static long refusedIf(boolean refused, String what) throws RefusedCallException {
    if (refused) {
      throw new RefusedCallException(what);
    }
    return 0;
  }
}
