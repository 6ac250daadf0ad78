package io.hbench.mapreduce.terasort;

import java.util.zip.CRC32;

/**
 * The Sort Benchmark's 100-byte record, as Hadoop's TeraGen writes it: a 10-byte key and a
 * 90-byte value laid out like gensort's (break bytes {@code 00 11}, the row id as 32 hex digits,
 * break bytes {@code 88 99 AA BB}, 48 bytes of filler, break bytes {@code CC DD EE FF}). Files
 * are bare records, back to back, so Hadoop's TeraSort and TeraValidate read hbench's data and
 * the other way round.
 *
 * <p>Keys come from a counter-based mix of the row number, so any map can start at any row
 * without replaying a generator, and the same rows always give the same data.
 */
public final class TeraRecord {

  public static final int KEY_LENGTH = 10;
  public static final int VALUE_LENGTH = 90;
  public static final int LENGTH = KEY_LENGTH + VALUE_LENGTH;

  private static final byte[] HEX = "0123456789ABCDEF".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

  private TeraRecord() {}

  /** Writes row {@code row}'s record into {@code buf[0..100)}. */
  public static void generate(long row, byte[] buf) {
    long a = mix(row * 0x9E3779B97F4A7C15L + 0x632BE59BD9B4E019L);
    long b = mix(a ^ 0xD1B54A32D192ED03L);
    for (int i = 0; i < 8; i++) {
      buf[i] = (byte) (a >>> (56 - 8 * i));
    }
    buf[8] = (byte) (b >>> 56);
    buf[9] = (byte) (b >>> 48);
    buf[10] = 0x00;
    buf[11] = 0x11;
    // Row id as a 128-bit number in 32 hex digits; the upper 16 digits are always zero.
    for (int i = 0; i < 16; i++) {
      buf[12 + i] = '0';
    }
    for (int i = 0; i < 16; i++) {
      buf[28 + i] = HEX[(int) (row >>> (60 - 4 * i)) & 0xF];
    }
    buf[44] = (byte) 0x88;
    buf[45] = (byte) 0x99;
    buf[46] = (byte) 0xAA;
    buf[47] = (byte) 0xBB;
    // Filler: 12 groups of 4 equal hex digits taken from the random bits, as gensort does.
    for (int i = 0; i < 12; i++) {
      byte d = HEX[(int) (b >>> (4 * i)) & 0xF];
      int at = 48 + 4 * i;
      buf[at] = d;
      buf[at + 1] = d;
      buf[at + 2] = d;
      buf[at + 3] = d;
    }
    buf[96] = (byte) 0xCC;
    buf[97] = (byte) 0xDD;
    buf[98] = (byte) 0xEE;
    buf[99] = (byte) 0xFF;
  }

  /** SplitMix64's finalizer: a bijection that scatters consecutive inputs. */
  private static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** CRC32 of one record: the order-independent checksum is the sum of these over all records. */
  public static long crc(CRC32 crc, byte[] key, int keyLen, byte[] value, int valueLen) {
    crc.reset();
    crc.update(key, 0, keyLen);
    crc.update(value, 0, valueLen);
    return crc.getValue();
  }

  /** Lower-case hex of the first {@code len} bytes, for messages. */
  public static String hex(byte[] bytes, int len) {
    StringBuilder sb = new StringBuilder(len * 2);
    for (int i = 0; i < len; i++) {
      sb.append(Character.forDigit((bytes[i] >> 4) & 0xF, 16))
          .append(Character.forDigit(bytes[i] & 0xF, 16));
    }
    return sb.toString();
  }
}
