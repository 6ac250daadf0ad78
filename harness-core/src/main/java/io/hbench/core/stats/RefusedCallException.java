package io.hbench.core.stats;

/**
 * A call the server refused by returning false or null rather than throwing ({@code rename}
 * returning false, {@code getFileInfo} returning null). {@link OperationTally#failureType} names
 * it by what was refused ("rename returned false"), not by this class.
 */
public final class RefusedCallException extends Exception {

  public RefusedCallException(String what) {
    super(what, null, false, false);
  }

  /** Throws when {@code refused}, naming the refusal {@code what}; returns 0 (bytes) otherwise. */
  public static long refusedIf(boolean refused, String what) throws RefusedCallException {
    if (refused) {
      throw new RefusedCallException(what);
    }
    return 0;
  }
}
