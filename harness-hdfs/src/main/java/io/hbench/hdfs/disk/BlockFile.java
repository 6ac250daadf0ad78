package io.hbench.hdfs.disk;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One file written and read sequentially in fixed-size blocks, one system call per block, as
 * {@code dd bs=<block>} does. Each block is the same random bytes (not zeros, which some file
 * systems and devices compress away) with the block's number in its first eight bytes, so a read
 * checks that every block holds what was written there: content and place.
 */
final class BlockFile {

  private final Path file;
  private final int blockSize;
  private final long blocks;
  private final boolean direct;
  private final ByteBuffer pattern;
  private final ByteBuffer buffer;

  /**
   * @param alignment the file store's block size: with {@code direct}, buffers, block size and
   *     offsets must be multiples of it
   */
  BlockFile(Path file, int blockSize, long size, boolean direct, int alignment) {
    if (blockSize < Long.BYTES || size % blockSize != 0) {
      throw new IllegalArgumentException(size + " bytes in blocks of " + blockSize);
    }
    this.file = file;
    this.blockSize = blockSize;
    this.blocks = size / blockSize;
    this.direct = direct;
    pattern = aligned(blockSize, alignment);
    byte[] random = new byte[blockSize];
    new SplittableRandom(0x6469736bL).nextBytes(random);
    pattern.put(random).flip();
    buffer = aligned(blockSize, alignment);
  }

  private static ByteBuffer aligned(int size, int alignment) {
    return ByteBuffer.allocateDirect(size + alignment)
        .alignedSlice(alignment)
        .limit(size)
        .slice()
        .order(ByteOrder.LITTLE_ENDIAN);
  }

  private OpenOption[] options(StandardOpenOption... base) {
    List<OpenOption> o = new ArrayList<>(List.of(base));
    if (direct) {
      o.add(ExtendedOpenOption.DIRECT);
    }
    return o.toArray(new OpenOption[0]);
  }

  /**
   * Writes every block; with {@code fsync}, forces the data to the device before returning, as
   * {@code conv=fdatasync} does.
   */
  void write(boolean fsync) throws IOException {
    try (FileChannel ch =
        FileChannel.open(
            file,
            options(
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE))) {
      for (long b = 0; b < blocks; b++) {
        buffer.clear();
        buffer.put(pattern.rewind());
        buffer.putLong(0, b);
        buffer.flip();
        while (buffer.hasRemaining()) {
          ch.write(buffer);
        }
      }
      if (fsync) {
        ch.force(false);
      }
    }
  }

  /**
   * Reads every block and checks it.
   *
   * @return the offset of the first byte that is not what was written there, or -1
   */
  long read() throws IOException {
    long firstBad = -1;
    // Views made once: the block after its number, as read and as written.
    ByteBuffer expectedTail = pattern.duplicate().position(Long.BYTES).slice();
    ByteBuffer readTail = buffer.duplicate().position(Long.BYTES).slice();
    try (FileChannel ch = FileChannel.open(file, options(StandardOpenOption.READ))) {
      for (long b = 0; b < blocks; b++) {
        buffer.clear();
        while (buffer.hasRemaining()) {
          if (ch.read(buffer) < 0) {
            return firstBad >= 0 ? firstBad : b * blockSize + buffer.position();
          }
        }
        if (firstBad < 0) {
          if (buffer.getLong(0) != b) {
            firstBad = b * blockSize;
          } else {
            int m = readTail.clear().mismatch(expectedTail);
            if (m >= 0) {
              firstBad = b * blockSize + Long.BYTES + m;
            }
          }
        }
      }
    }
    return firstBad;
  }
}
