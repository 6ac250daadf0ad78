package io.hbench.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class YcsbKeysTest {

  @Test
  void hashedKeysAreYcsbsOwn() {
    // The first rows of a YCSB load with insertorder=hashed, as its load traces show them:
    // "INSERT usertable user6284781860667377211 [ field0=... ]".
    assertEquals("user6284781860667377211", YcsbKeys.key(0, false, 1));
    assertEquals("user8517097267634966620", YcsbKeys.key(1, false, 1));
    assertEquals("user1820151046732198393", YcsbKeys.key(2, false, 1));
  }

  @Test
  void orderedKeysAreTheNumberZeroPadded() {
    assertEquals("user7", YcsbKeys.key(7, true, 1));
    assertEquals("user00042", YcsbKeys.key(42, true, 5));
  }

  @Test
  void fieldsAreNumberedFromZero() {
    assertEquals("field0", YcsbKeys.field(0));
    assertEquals("field9", YcsbKeys.field(9));
  }
}
