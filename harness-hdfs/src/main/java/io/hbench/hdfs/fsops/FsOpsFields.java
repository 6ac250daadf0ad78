package io.hbench.hdfs.fsops;

import io.hbench.core.result.Field;

/**
 * What fsops records and reads back by name, typed: the point's parameters (read by the load's
 * clients and by the report) and the seed tool's summed times, kept as extras.
 */
final class FsOpsFields {

  static final Field<FsOperation> OP =
      Field.of("op", FsOperation.class, FsOperation::text, String.class, FsOperation::parse);
  static final Field<Integer> ITERATIONS = Field.of("iterations", Integer.class);
  /** Bytes each call writes or reads, worked out before the load. */
  static final Field<Long> FILE_SIZE = Field.of("file_size", Long.class);
  static final Field<Long> BUFFER_SIZE = Field.of("buffer_size", Long.class);

  /** The time inside the calls summed over threads: fs_benchmark_tool's WriteTime and ReadTime. */
  static final Field<Double> WRITE_TIME = Field.of("write_time_s", Double.class);
  static final Field<Double> READ_TIME = Field.of("read_time_s", Double.class);
  static final Field<Double> CALL_TIME = Field.of("call_time_s", Double.class);
  /** The part of the reads' time spent opening: its OpenReaderTime. */
  static final Field<Double> OPEN_READER_TIME = Field.of("open_reader_time_s", Double.class);

  private FsOpsFields() {}
}
