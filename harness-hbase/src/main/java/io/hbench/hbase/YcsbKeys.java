package io.hbench.hbase;

/**
 * Keys and field names as YCSB's core workload makes them, so that a table hbench wrote is
 * recognisable to YCSB's users: row {@code user} + the key number (hashed unless inserts are
 * ordered, zero-padded to {@code zeropadding} digits), columns {@code field0, field1, ...}.
 */
final class YcsbKeys {

  private static final long FNV_OFFSET_BASIS_64 = 0xCBF29CE484222325L;
  private static final long FNV_PRIME_64 = 1099511628211L;

  private YcsbKeys() {}

  /**
   * YCSB's hash of a key number ({@code Utils.fnvhash64}): FNV-1a over its 8 bytes, least
   * significant first, made non-negative.
   */
  static long fnv64(long value) {
    long v = value;
    long hash = FNV_OFFSET_BASIS_64;
    for (int i = 0; i < 8; i++) {
      long octet = v & 0xff;
      v = v >> 8;
      hash ^= octet;
      hash *= FNV_PRIME_64;
    }
    return Math.abs(hash);
  }

  /**
   * The row key of key number {@code keynum}: {@code user} and its number (its hash unless
   * {@code ordered}), zero-padded to {@code zeroPadding} digits, as YCSB's {@code buildKeyName}.
   */
  static String key(long keynum, boolean ordered, int zeroPadding) {
    String value = Long.toString(ordered ? keynum : fnv64(keynum));
    int fill = zeroPadding - value.length();
    StringBuilder b = new StringBuilder("user");
    for (int i = 0; i < fill; i++) {
      b.append('0');
    }
    return b.append(value).toString();
  }

  /** Field {@code i}'s name: {@code field0, field1, ...}. */
  static String field(int i) {
    return "field" + i;
  }
}
