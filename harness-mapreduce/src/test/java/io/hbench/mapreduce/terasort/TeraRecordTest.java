package io.hbench.mapreduce.terasort;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TeraRecordTest {

  @Test
  void layoutFollowsGensort() {
    byte[] r = new byte[TeraRecord.LENGTH];
    TeraRecord.generate(0x1234, r);
    assertEquals(0x00, r[10]);
    assertEquals(0x11, r[11]);
    assertEquals("00000000000000000000000000001234", new String(r, 12, 32, StandardCharsets.US_ASCII));
    assertArrayEquals(new byte[] {(byte) 0x88, (byte) 0x99, (byte) 0xAA, (byte) 0xBB}, Arrays.copyOfRange(r, 44, 48));
    for (int g = 0; g < 12; g++) {
      byte d = r[48 + 4 * g];
      assertTrue((d >= '0' && d <= '9') || (d >= 'A' && d <= 'F'));
      assertEquals(d, r[49 + 4 * g]);
      assertEquals(d, r[51 + 4 * g]);
    }
    assertArrayEquals(new byte[] {(byte) 0xCC, (byte) 0xDD, (byte) 0xEE, (byte) 0xFF}, Arrays.copyOfRange(r, 96, 100));
  }

  @Test
  void sameRowSameRecordAndKeysSpreadOverTheKeySpace() {
    byte[] a = new byte[100];
    byte[] b = new byte[100];
    TeraRecord.generate(42, a);
    TeraRecord.generate(42, b);
    assertArrayEquals(a, b);
    Set<String> keys = new HashSet<>();
    int[] firstByteBuckets = new int[4];
    for (long row = 0; row < 10_000; row++) {
      TeraRecord.generate(row, a);
      keys.add(TeraRecord.hex(a, 10));
      firstByteBuckets[(a[0] & 0xFF) >> 6]++;
    }
    assertEquals(10_000, keys.size());
    for (int n : firstByteBuckets) {
      assertTrue(n > 2_000 && n < 3_000, "first key byte is not uniform: " + Arrays.toString(firstByteBuckets));
    }
    assertFalse(Arrays.equals(Arrays.copyOf(a, 10), new byte[10]));
  }
}
