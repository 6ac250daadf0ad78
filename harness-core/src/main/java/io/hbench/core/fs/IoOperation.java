package io.hbench.core.fs;

/**
 * The operations {@link InstrumentedFileSystem} counts. Each has the short name of the seed's
 * agent report ({@code write}, {@code hsync}) and, for results, the name Hadoop's IOStatistics use
 * ({@code StoreStatisticNames}, {@code StreamStatisticNames}), so figures line up with what S3A and
 * ABFS already report. Where Hadoop has no name, ours follows the same pattern.
 */
public enum IoOperation {
  /** {@code write} on an output stream: counted always, timed on a sample. */
  WRITE("write", "stream_write_operations", true),
  HFLUSH("hflush", "op_hflush", false),
  HSYNC("hsync", "op_hsync", false),
  /** {@code close} of an output stream (the seed's {@code close}). */
  CLOSE("close", "stream_write_close_operations", false),
  /** Sequential {@code read} on an input stream: counted always, timed on a sample. */
  READ("read", "stream_read_operations", true),
  /** Positional {@code read(position, ...)} and {@code readFully(position, ...)}. */
  PREAD("pread", "stream_read_positioned_operations", false),
  /** {@code seek}: counted always, timed on a sample. */
  SEEK("seek", "stream_read_seek_operations", true),
  INPUT_CLOSE("input.close", "stream_read_close_operations", false),
  CREATE("create", "op_create", false),
  CREATE_NON_RECURSIVE("createNonRecursive", "op_create_non_recursive", false),
  APPEND("append", "op_append", false),
  OPEN("open", "op_open", false),
  OPEN_FILE("openFile", "op_openfile", false),
  RENAME("rename", "op_rename", false),
  DELETE("delete", "op_delete", false),
  MKDIRS("mkdirs", "op_mkdirs", false),
  LIST_STATUS("listStatus", "op_list_status", false),
  LIST_LOCATED_STATUS("listLocatedStatus", "op_list_located_status", false),
  GET_FILE_STATUS("getFileStatus", "op_get_file_status", false);

  private final String shortName;
  private final String statisticName;
  private final boolean sampled;

  IoOperation(String shortName, String statisticName, boolean sampled) {
    this.shortName = shortName;
    this.statisticName = statisticName;
    this.sampled = sampled;
  }

  /** The name in the per-instance report lines ({@code write.call}, {@code write.allTime}). */
  public String shortName() {
    return shortName;
  }

  /** The IOStatistics-style name used in results ({@code op_hsync}). */
  public String statisticName() {
    return statisticName;
  }

  /**
   * Whether the call's time is measured on a random sample of calls rather than on every call:
   * true for calls that mostly copy into a buffer, where two clock reads would cost more than
   * the call.
   */
  public boolean sampled() {
    return sampled;
  }

  /** The operation with this IOStatistics name, or null. */
  public static IoOperation byStatisticName(String name) {
    for (IoOperation op : values()) {
      if (op.statisticName.equals(name)) {
        return op;
      }
    }
    return null;
  }
}
