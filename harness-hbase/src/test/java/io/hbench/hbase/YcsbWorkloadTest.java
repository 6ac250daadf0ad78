package io.hbench.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class YcsbWorkloadTest {

  private static YcsbWorkload.Read read(String text) {
    return YcsbWorkload.read("w.properties", new StringReader(text));
  }

  @Test
  void thePresetsAreYcsbsWorkloadFiles() {
    YcsbWorkload a = YcsbWorkload.preset("a");
    assertEquals(List.of(Map.entry("read", 0.5), Map.entry("update", 0.5)), a.mix());
    assertEquals("zipfian", a.requestDistribution());
    assertEquals(1000, a.records());
    assertEquals(10, a.fields());
    assertEquals(100, a.fieldLength());
    assertTrue(a.readAllFields());
    assertFalse(a.writeAllFields());
    assertEquals(List.of(Map.entry("read", 0.95), Map.entry("insert", 0.05)),
        YcsbWorkload.preset("D").mix());
    assertEquals("latest", YcsbWorkload.preset("d").requestDistribution());
    YcsbWorkload e = YcsbWorkload.preset("e");
    assertEquals(List.of(Map.entry("insert", 0.05), Map.entry("scan", 0.95)), e.mix());
    assertEquals(100, e.maxScanLength());
    assertEquals(1, e.minScanLength());
    assertEquals(List.of(Map.entry("read", 0.5), Map.entry("read_modify_write", 0.5)),
        YcsbWorkload.preset("f").mix());
    assertEquals(List.of(Map.entry("read", 1.0)), YcsbWorkload.preset("c").mix());
    assertEquals(List.of(Map.entry("read", 0.95), Map.entry("update", 0.05)),
        YcsbWorkload.preset("b").mix());
  }

  @Test
  void aFileIsReadOverYcsbsDefaultsAndItsUnknownKeysAreNamed() {
    YcsbWorkload.Read r = read("recordcount=500\nfieldcount=3\ninsertorder=ordered\n"
        + "workload=site.ycsb.workloads.CoreWorkload\nmeasurementtype=hdrhistogram\n"
        + "readproportion=1\nupdateproportion=0\nreqestdistribution=zipfian\n");
    assertEquals(500, r.workload().records());
    assertEquals(3, r.workload().fields());
    assertTrue(r.workload().orderedInserts());
    // YCSB's defaults where the file says nothing.
    assertEquals("uniform", r.workload().requestDistribution());
    assertEquals(1000, r.workload().maxScanLength());
    assertEquals("usertable", r.workload().table());
    assertEquals(List.of("reqestdistribution"), r.unknown());
    assertEquals(List.of("measurementtype", "workload"), r.unused());
  }

  @Test
  void aBadValueIsOneLineNamingTheKey() {
    for (String[] bad : new String[][] {
        {"readproportion=1.5", "readproportion=1.5: a proportion from 0 to 1"},
        {"requestdistribution=pareto",
            "requestdistribution=pareto: one of uniform, zipfian, latest, hotspot"},
        {"recordcount=-5", "recordcount=-5: a count of 0 or more"},
        {"operationcount=lots", "operationcount=lots: a count of 0 or more"},
        {"readproportion=0\nupdateproportion=0", "every operation's proportion is 0"},
        {"minscanlength=10\nmaxscanlength=5", "minscanlength 10 is above maxscanlength 5"},
        {"readallfields=yes", "readallfields=yes: true or false"}}) {
      InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(bad[0]));
      assertEquals("w.properties: " + bad[1], e.getMessage());
    }
    InvalidInputException e =
        assertThrows(InvalidInputException.class, () -> YcsbWorkload.preset("g"));
    assertTrue(e.getMessage().startsWith("--workload: no workload 'g'"), e.getMessage());
  }

  @Test
  void theRecordedPropertiesGiveTheSameWorkload() {
    for (String letter : List.of("a", "b", "c", "d", "e", "f")) {
      YcsbWorkload w = YcsbWorkload.preset(letter);
      assertEquals(w, YcsbWorkload.of(w.properties()), letter);
    }
  }

  @Test
  void propertiesThenRecordsAndOperationsOverTheWorkloadAsYcsbsDashP() {
    YcsbWorkload w = YcsbOptions.workload("b", List.of("requestdistribution=uniform",
        "recordcount=5"), 100_000L, 2_000L).workload();
    assertEquals("uniform", w.requestDistribution());
    assertEquals(0.95, w.read());
    assertEquals(100_000, w.records());
    assertEquals(2_000, w.operations());
    assertEquals(5, YcsbOptions.workload("b", List.of("recordcount=5"), -1L, null).workload()
        .records());
    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> YcsbOptions.workload("/no/such/workload", List.of(), null, null));
    assertTrue(e.getMessage().contains("no workload '/no/such/workload'"), e.getMessage());
  }
}
