package io.hbench.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.BitSet;
import org.junit.jupiter.api.Test;

class PeRowsTest {

  @Test
  void keysArePesTwentySixZeroPaddedDigitsAndRowNumbersAreLongs() {
    assertEquals("00000000000000000000000123", new String(PeRows.key(123), StandardCharsets.US_ASCII));
    long beyondInt = 5_000_000_000L;
    assertEquals(beyondInt, PeRows.row(PeRows.key(beyondInt)));
    assertEquals(-1, PeRows.row("x".getBytes(StandardCharsets.US_ASCII)));
    assertEquals(-1, PeRows.row("0000000000000000000000012a".getBytes(StandardCharsets.US_ASCII)));
  }

  @Test
  void valuesAreAFunctionOfRowFamilyColumnAndSeed() {
    byte[] v = PeRows.value(1, 42, 0, 0, 1000);
    assertArrayEquals(v, PeRows.value(1, 42, 0, 0, 1000));
    assertFalse(java.util.Arrays.equals(v, PeRows.value(1, 43, 0, 0, 1000)));
    assertFalse(java.util.Arrays.equals(v, PeRows.value(2, 42, 0, 0, 1000)));
    assertFalse(java.util.Arrays.equals(v, PeRows.value(1, 42, 1, 0, 1000)));
    assertFalse(java.util.Arrays.equals(v, PeRows.value(1, 42, 0, 1, 1000)));
    byte[] scratch = new byte[1000];
    byte[] framed = new byte[1010];
    System.arraycopy(v, 0, framed, 5, 1000);
    assertTrue(PeRows.matches(1, 42, 0, 0, 1000, framed, 5, 1000, scratch));
    framed[500] ^= 1;
    assertFalse(PeRows.matches(1, 42, 0, 0, 1000, framed, 5, 1000, scratch));
    // A value of another length is wrong, whatever its bytes.
    assertFalse(PeRows.matches(1, 42, 0, 0, 1000, v, 0, 999, scratch));
  }

  @Test
  void aPermutationTouchesEveryRowOnceInAScatteredOrder() {
    for (long n : new long[] {1, 2, 7, 1000, 4096, 99_991}) {
      PeRows.Permutation p = new PeRows.Permutation(n, 12345);
      BitSet seen = new BitSet();
      long inOrder = 0;
      for (long i = 0; i < n; i++) {
        long r = p.apply(i);
        assertTrue(r >= 0 && r < n, "row " + r + " of " + n);
        assertFalse(seen.get((int) r), "row " + r + " twice in " + n);
        seen.set((int) r);
        inOrder += r == i ? 1 : 0;
      }
      assertEquals(n, seen.cardinality());
      if (n >= 1000) {
        assertTrue(inOrder < n / 10, "too many rows in place: " + inOrder);
      }
    }
    // Past 2^31 rows the arithmetic stays exact (no overflow into negative rows).
    long big = 3_000_000_019L;
    PeRows.Permutation p = new PeRows.Permutation(big, 7);
    for (long i = big - 1000; i < big; i++) {
      long r = p.apply(i);
      assertTrue(r >= 0 && r < big, String.valueOf(r));
    }
  }

  @Test
  void randomCommandsDrawTheSameRowsForTheSameSeedAndClient() {
    long[] first = rows(PeRows.draws(7, 3));
    org.junit.jupiter.api.Assertions.assertArrayEquals(first, rows(PeRows.draws(7, 3)));
    assertFalse(java.util.Arrays.equals(first, rows(PeRows.draws(8, 3))), "another seed");
    assertFalse(java.util.Arrays.equals(first, rows(PeRows.draws(7, 4))), "another client");
  }

  private static long[] rows(java.util.SplittableRandom r) {
    long[] out = new long[100];
    for (int i = 0; i < out.length; i++) {
      out[i] = r.nextLong(1_000_000);
    }
    return out;
  }
}
