package io.hbench.hbase;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * Rows as PE lays them out, and values as hbench makes them: PE's 26-byte zero-padded decimal
 * keys, families {@code info0..}, qualifiers {@code 0, 1, ...}; a value is a function of its row,
 * family, column and the table's seed, so every read can check every byte it gets. Row numbers
 * are {@code long} throughout (PE's {@code int} overflowed past 2^31 rows, HBASE-29013).
 */
final class PeRows {

  /** PE's key length: 26 ASCII digits. */
  static final int KEY_LENGTH = 26;

  private PeRows() {}

  /** Row {@code row}'s key: its decimal digits, zero-padded to 26 bytes. */
  static byte[] key(long row) {
    if (row < 0) {
      throw new IllegalArgumentException("negative row " + row);
    }
    byte[] k = new byte[KEY_LENGTH];
    long v = row;
    for (int i = KEY_LENGTH - 1; i >= 0; i--) {
      k[i] = (byte) ('0' + (v % 10));
      v /= 10;
    }
    return k;
  }

  /** The row number of a key made by {@link #key}; -1 for any other key. */
  static long row(byte[] key) {
    if (key.length != KEY_LENGTH) {
      return -1;
    }
    long v = 0;
    for (byte b : key) {
      if (b < '0' || b > '9') {
        return -1;
      }
      v = v * 10 + (b - '0');
    }
    return v;
  }

  static byte[] family(int f) {
    return ("info" + f).getBytes(StandardCharsets.US_ASCII);
  }

  static byte[] qualifier(int c) {
    return Integer.toString(c).getBytes(StandardCharsets.US_ASCII);
  }

  /** Fills {@code into[0..length)} with the value of (row, family, column) under {@code seed}. */
  static void value(long seed, long row, int family, int column, byte[] into, int length) {
    long s = mix(seed ^ mix(row * 0x9E3779B97F4A7C15L + family * 0xC2B2AE3D27D4EB4FL + column));
    int i = 0;
    while (i < length) {
      s += 0x9E3779B97F4A7C15L;
      long r = mix(s);
      for (int b = 0; b < 8 && i < length; b++, i++) {
        into[i] = (byte) r;
        r >>>= 8;
      }
    }
  }

  /** A new array holding the value of (row, family, column). */
  static byte[] value(long seed, long row, int family, int column, int length) {
    byte[] v = new byte[length];
    value(seed, row, family, column, v, length);
    return v;
  }

  /**
   * Whether {@code array[offset..offset+length)} is the value of (row, family, column), using
   * {@code scratch} (at least {@code expected} long) to avoid allocating.
   */
  static boolean matches(long seed, long row, int family, int column, int expected,
      byte[] array, int offset, int length, byte[] scratch) {
    if (length != expected) {
      return false;
    }
    value(seed, row, family, column, scratch, expected);
    return java.util.Arrays.equals(array, offset, offset + length, scratch, 0, expected);
  }

  /**
   * The generator client {@code client}'s random commands draw their rows from (randomRead, the
   * range scans' starts): a function of the seed and the client, so that the same options read
   * the same rows, and different clients different ones.
   */
  static java.util.SplittableRandom draws(long seed, int client) {
    return new java.util.SplittableRandom(mix(mix(seed) + client * 0xC2B2AE3D27D4EB4FL));
  }

  /** SplitMix64's finalizer: a cheap, well-mixed bijection of longs. */
  static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /**
   * A permutation of {@code [0, n)}: {@code i -> (a * i + b) mod n} with {@code a} coprime to
   * {@code n}, so a random write or delete touches every row of its range exactly once, in an
   * order that jumps across regions (PE draws rows with replacement, so about a third of its
   * "random" rows are never written).
   */
  static final class Permutation {
    private final long n;
    private final long a;
    private final long b;

    Permutation(long n, long salt) {
      if (n < 1) {
        throw new IllegalArgumentException("empty range");
      }
      this.n = n;
      long candidate = Math.floorMod(mix(salt) | 1, n);
      while (candidate == 0 || gcd(candidate, n) != 1) {
        candidate = (candidate + 1) % n;
        if (n == 1) {
          candidate = 1;
          break;
        }
      }
      this.a = candidate;
      this.b = Math.floorMod(mix(salt + 1), n);
    }

    long apply(long i) {
      if (n <= Integer.MAX_VALUE) {
        return (a % n * i + b) % n;
      }
      return BigInteger.valueOf(a).multiply(BigInteger.valueOf(i)).add(BigInteger.valueOf(b))
          .mod(BigInteger.valueOf(n)).longValue();
    }

    private static long gcd(long x, long y) {
      while (y != 0) {
        long t = x % y;
        x = y;
        y = t;
      }
      return x;
    }
  }
}
