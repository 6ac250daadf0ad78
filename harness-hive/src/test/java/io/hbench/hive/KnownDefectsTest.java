package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The catalogue of known engine defects, as the suites look a query up in it. */
class KnownDefectsTest {

  @Test
  void q27OnHive40HasHive27076AndItsWorkaround() {
    KnownDefects.Defect d = KnownDefects.of("hive", "4.0.1", "tpcds", "q27");
    assertEquals("HIVE-27076", d.issue());
    assertEquals("hive.cbo.enable", d.key());
    assertEquals("false", d.value());
    assertEquals("Hive defect HIVE-27076", d.named());
    assertTrue(d.affects("4.0.0") && d.affects("4.0.1-SNAPSHOT") && d.affects("4.0"));
    assertFalse(d.affects("4.01.0") || d.affects("4.1.0") || d.affects("3.1.3") || d.affects(null));
    assertNull(KnownDefects.of("hive", "4.1.0", "tpcds", "q27"), "a version not catalogued");
    assertNull(KnownDefects.of("hive", "4.0.1", "tpcds", "q3"));
    assertNull(KnownDefects.of("hive", "4.0.1", "tpch", "q27"));
  }

  @Test
  void everyEntryIsWhole() {
    assertFalse(KnownDefects.ALL.isEmpty());
    for (KnownDefects.Defect d : KnownDefects.ALL) {
      assertFalse(d.key().isBlank() || d.value().isBlank() || d.symptom().isBlank(), d.toString());
      assertTrue(d.query().matches("q\\d+[ab]?"), d.toString());
      assertTrue(d.issue().matches("[A-Z]+-\\d+"), d.toString());
    }
  }
}
