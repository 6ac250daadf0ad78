package io.hbench.hbase;

import java.nio.charset.StandardCharsets;

/**
 * The values {@code bench ycsb} writes: printable ASCII, as YCSB's are, but a function of the
 * row's key, the field, the run's seed and the value's version, so that every read and scan can
 * check every byte it gets without remembering what was written. A value of {@link #HEADER}
 * bytes or more starts with its version ({@code v} and 8 hex digits); an update or a
 * read-modify-write writes the next version, so a read after it tells the new value from the old.
 * A shorter value (a {@code fieldlength} under 9) has no room for one: it is version 0's, always.
 */
final class YcsbValues {

  /** Bytes of a value's version header: {@code v} and 8 hex digits. */
  static final int HEADER = 9;

  private YcsbValues() {}

  /** A value of {@code length} bytes: version {@code version} of (key, field) under {@code seed}. */
  static byte[] value(long seed, String key, int field, long version, int length) {
    byte[] out = new byte[length];
    long v = length < HEADER ? 0 : version & 0xFFFF_FFFFL;
    int start = 0;
    if (length >= HEADER) {
      out[0] = 'v';
      for (int i = 0; i < 8; i++) {
        out[1 + i] = (byte) Character.forDigit((int) (v >>> (28 - 4 * i)) & 0xf, 16);
      }
      start = HEADER;
    }
    long s = mix(seed ^ mix(keyHash(key) + field * 0xC2B2AE3D27D4EB4FL + v * 0x9E3779B97F4A7C15L));
    for (int i = start; i < length; i += 8) {
      s = mix(s + 0x9E3779B97F4A7C15L);
      for (int b = 0; b < 8 && i + b < length; b++) {
        // 64 printable characters, '0' to 'o'.
        out[i + b] = (byte) ('0' + ((s >>> (8 * b)) & 0x3f));
      }
    }
    return out;
  }

  /** The version a value says it is: -1 when it is not one of {@link #value}'s headers. */
  static long version(byte[] value) {
    if (value.length < HEADER) {
      return 0;
    }
    if (value[0] != 'v') {
      return -1;
    }
    long v = 0;
    for (int i = 1; i < HEADER; i++) {
      int d = Character.digit(value[i], 16);
      if (d < 0) {
        return -1;
      }
      v = v << 4 | d;
    }
    return v;
  }

  /** Whether {@code value} is exactly what {@link #value} makes for its own version and length. */
  static boolean matches(long seed, String key, int field, byte[] value) {
    long v = version(value);
    return v >= 0
        && java.util.Arrays.equals(value, value(seed, key, field, v, value.length));
  }

  private static long keyHash(String key) {
    long h = 0xCBF29CE484222325L;
    for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * 1099511628211L;
    }
    return h;
  }

  /** SplitMix64's finalizer: every bit of the result depends on every bit of the input. */
  private static long mix(long z) {
    long x = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
    return x ^ (x >>> 31);
  }
}
