package io.hbench.core.fs;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The bytes DFSIO and fsops write, reproducible from a file's number and an offset, so that read mode can
 * verify every byte it reads. The content is a random block of {@link #PERIOD} bytes (seeded by
 * the file number) repeated; {@code PERIOD} is prime, so no buffer size is a multiple of it and a
 * chunk written at the wrong offset, or a chunk of another file, does not match. The block is
 * kept repeated out to {@code PERIOD + maxChunk} bytes, so any chunk of the file is one
 * contiguous slice of it: writing costs no copy and checking is one vectorized comparison.
 */
public final class DataPattern {

  /** Length of the repeated block: the largest prime below 64 KiB. */
  public static final int PERIOD = 65_521;

  private final byte[] bytes;
  private final int maxChunk;

  /** The pattern of file {@code fileNumber}, for chunks of at most {@code maxChunk} bytes. */
  public DataPattern(long fileNumber, int maxChunk) {
    this.maxChunk = maxChunk;
    bytes = new byte[PERIOD + maxChunk];
    byte[] block = new byte[PERIOD];
    new SplittableRandom(0x6862656e6368L ^ (fileNumber * 0x9E3779B97F4A7C15L)).nextBytes(block);
    for (int at = 0; at < bytes.length; at += PERIOD) {
      System.arraycopy(block, 0, bytes, at, Math.min(PERIOD, bytes.length - at));
    }
  }

  /** Writes the file's bytes {@code [offset, offset + len)}; {@code len} at most maxChunk. */
  public void write(OutputStream out, long offset, int len) throws IOException {
    out.write(bytes, start(offset, len), len);
  }

  /**
   * Compares {@code buf[off, off + len)} with the file's bytes from {@code offset}; returns the
   * file offset of the first byte that differs, or -1 when all match.
   */
  public long mismatch(byte[] buf, int off, int len, long offset) {
    int s = start(offset, len);
    int m = Arrays.mismatch(buf, off, off + len, bytes, s, s + len);
    return m < 0 ? -1 : offset + m;
  }

  /** The expected byte at {@code offset}. */
  public byte at(long offset) {
    return bytes[(int) (offset % PERIOD)];
  }

  private int start(long offset, int len) {
    if (len > maxChunk || len < 0 || offset < 0) {
      throw new IllegalArgumentException("chunk of " + len + " at " + offset + " (max " + maxChunk + ")");
    }
    return (int) (offset % PERIOD);
  }
}
