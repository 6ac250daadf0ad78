package io.hbench.hdfs.disk;

import io.hbench.core.result.Field;
import io.hbench.core.size.Size;

/** What disk records and reads back by name, typed. */
final class DiskFields {

  static final Field<Size> SIZE =
      Field.of("size_bytes", Size.class, Size::bytes, Long.class, Size::ofBytes);
  static final Field<Boolean> DIRECT = Field.of("direct", Boolean.class);
  static final Field<Boolean> FSYNC = Field.of("fsync", Boolean.class);
  static final Field<Long> PHYSICAL_MEMORY = Field.of("physical_memory_bytes", Long.class);
  static final Field<Boolean> PAGE_CACHE_COULD_SERVE_READS =
      Field.of("page_cache_could_serve_reads", Boolean.class);
  /** dd's own figure: decimal megabytes (10^6 bytes) per second. */
  static final Field<Double> MB_S_DECIMAL = Field.of("mb_s_decimal", Double.class);

  private DiskFields() {}
}
