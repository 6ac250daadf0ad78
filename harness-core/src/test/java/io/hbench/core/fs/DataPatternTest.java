package io.hbench.core.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;

class DataPatternTest {

  @Test
  void chunksWrittenAtAnyBufferSizeReadBackEqualAndCheckClean() throws Exception {
    DataPattern p = new DataPattern(3, 1_000_000);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long size = 2_500_000;
    for (long done = 0; done < size; done += 1_000_000) {
      p.write(out, done, (int) Math.min(1_000_000, size - done));
    }
    byte[] file = out.toByteArray();
    assertEquals(size, file.length);
    // Read back with another buffer size, at unaligned offsets.
    DataPattern reader = new DataPattern(3, 65_536);
    for (int off = 0; off < file.length; off += 65_536) {
      int len = Math.min(65_536, file.length - off);
      assertEquals(-1, reader.mismatch(file, off, len, off));
    }
    for (long o : new long[] {0, 65_520, 65_521, 1_999_999}) {
      assertEquals(p.at(o), file[(int) o]);
    }
  }

  @Test
  void aCorruptedByteAShiftedChunkAndAnotherFilesDataAreFound() throws Exception {
    DataPattern p = new DataPattern(0, 4096);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    p.write(out, 0, 4096);
    p.write(out, 4096, 4096);
    byte[] file = out.toByteArray();
    file[5000] ^= 1;
    assertEquals(5000, p.mismatch(file, 4096, 4096, 4096));
    // The first chunk checked as if it were at the second chunk's offset.
    assertNotEquals(-1, p.mismatch(file, 0, 4096, 4096));
    // File 0's bytes checked against file 1's pattern.
    assertNotEquals(-1, new DataPattern(1, 4096).mismatch(file, 0, 4096, 0));
  }
}
