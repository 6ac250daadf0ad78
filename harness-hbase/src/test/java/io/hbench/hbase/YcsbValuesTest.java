package io.hbench.hbase;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class YcsbValuesTest {

  static final String KEY = "user6284781860667377211";

  @Test
  void aValueIsPrintableCarriesItsVersionAndIsCheckedWhole() {
    byte[] v = YcsbValues.value(42, KEY, 3, 7, 100);
    assertEquals(100, v.length);
    for (byte b : v) {
      assertTrue(b >= 0x21 && b <= 0x7e, "not printable: " + b);
    }
    assertTrue(new String(v, 0, 9, StandardCharsets.US_ASCII).equals("v00000007"));
    assertEquals(7, YcsbValues.version(v));
    assertTrue(YcsbValues.matches(42, KEY, 3, v));
    // Made again, the same bytes: a read needs nothing remembered.
    assertArrayEquals(v, YcsbValues.value(42, KEY, 3, 7, 100));
  }

  @Test
  void anyChangedByteOrAnotherKeyFieldOrSeedFailsTheCheck() {
    byte[] v = YcsbValues.value(42, KEY, 3, 7, 100);
    for (int i = 0; i < v.length; i++) {
      byte[] changed = v.clone();
      changed[i] ^= 1;
      assertFalse(YcsbValues.matches(42, KEY, 3, changed), "byte " + i);
    }
    assertFalse(YcsbValues.matches(42, "user1", 3, v));
    assertFalse(YcsbValues.matches(42, KEY, 4, v));
    assertFalse(YcsbValues.matches(43, KEY, 3, v));
  }

  @Test
  void versionsDifferInTheirBytesAndShortValuesHaveNone() {
    byte[] v7 = YcsbValues.value(1, KEY, 0, 7, 20);
    byte[] v8 = YcsbValues.value(1, KEY, 0, 8, 20);
    assertEquals(8, YcsbValues.version(v8));
    assertFalse(java.util.Arrays.equals(
        java.util.Arrays.copyOfRange(v7, 9, 20), java.util.Arrays.copyOfRange(v8, 9, 20)));
    byte[] shortValue = YcsbValues.value(1, KEY, 0, 5, 8);
    assertEquals(0, YcsbValues.version(shortValue));
    assertArrayEquals(YcsbValues.value(1, KEY, 0, 0, 8), shortValue);
    assertTrue(YcsbValues.matches(1, KEY, 0, shortValue));
    assertEquals(-1, YcsbValues.version("x12345678".getBytes(StandardCharsets.US_ASCII)));
  }
}
