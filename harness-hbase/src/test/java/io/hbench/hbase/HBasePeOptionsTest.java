package io.hbench.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.LoadFacts;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.error.InvalidInputException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HBasePeOptionsTest {

  private final HBasePeBenchmark suite = new HBasePeBenchmark();

  private List<Point> points(String... kv) {
    Map<String, String> texts = new LinkedHashMap<>();
    for (int i = 0; i < kv.length; i += 2) {
      texts.put(kv[i], kv[i + 1]);
    }
    return suite.points(OptionValues.parse(io.hbench.core.LoadOptions.of(suite), texts));
  }

  private String refusal(String... kv) {
    return assertThrows(InvalidInputException.class, () -> points(kv)).getMessage();
  }

  @Test
  void aPointIsOneCommandAtOneSettingAndListsSweep() {
    List<Point> p = points("--command", "sequentialWrite,randomRead", "--rows", "1000,2000",
        "--clients", "1,4");
    assertEquals(8, p.size());
    assertEquals("sequentialWrite 1c 1000r", p.get(0).label());
    assertEquals(PeCommand.RANDOM_READ, p.get(1).get(PeFields.COMMAND));
    assertEquals(4, p.get(2).get(LoadFacts.THREADS));
    assertEquals(2000L, p.get(7).get(PeFields.ROWS_PER_CLIENT));
    // One setting: the label is PE's command name, as the seed's table has it.
    assertEquals("randomRead", points("--command", "randomRead").get(0).label());
    assertEquals(PeOptions.PE_DEFAULT_ROWS, points("--command", "randomRead").get(0)
        .get(PeFields.ROWS_PER_CLIENT));
  }

  @Test
  void aDurationDrivesTheReadsOfAListWhileItsWritesCoverTheirRowsOnce() {
    Map<String, String> texts = new LinkedHashMap<>(Map.of("--command",
        "sequentialWrite,randomRead", "--duration", "20s", "--until-stable", "5%,7"));
    OptionValues o = OptionValues.parse(io.hbench.core.LoadOptions.of(suite), texts);
    List<Point> p = suite.points(o);
    assertFalse(suite.load().timed(o, p.get(0)), "the write runs its rows");
    assertTrue(suite.load().timed(o, p.get(1)), "the read runs for the duration");
    // Without a duration nothing is timed.
    OptionValues counted = OptionValues.parse(io.hbench.core.LoadOptions.of(suite),
        Map.of("--command", "randomRead"));
    assertFalse(suite.load().timed(counted, suite.points(counted).get(0)));
  }

  @Test
  void sizeGivesRowsPerClientFromTheValues() {
    // 1 GiB of 1000-byte values over 4 clients.
    Point p = points("--command", "sequentialWrite", "--size", "1G", "--clients", "4").get(0);
    assertEquals((1L << 30) / 1000 / 4, p.get(PeFields.ROWS_PER_CLIENT));
  }

  @Test
  void inconsistentOptionsAreOneLineEach() {
    assertTrue(refusal("--command", "scan", "--rows", "10", "--size", "1G").contains("not both"));
    assertTrue(refusal("--command", "sequentialWrite", "--multi-put", "10")
        .contains("--multi-put needs --auto-flush"));
    assertTrue(refusal("--command", "randomRead", "--multi-get", "7", "--rows", "100")
        .contains("not a multiple of --multi-get 7"));
    // Each batch divides the rows, not only the larger one.
    assertTrue(refusal("--command", "sequentialWrite,randomRead", "--auto-flush", "true",
        "--multi-put", "2", "--multi-get", "3", "--rows", "3").contains("--multi-put 2"));
    assertTrue(refusal("--command", "randomRead", "--table", "bad name!").contains("--table"));
    assertTrue(refusal("--command", "sequentialWrite", "--duration", "10s").contains("--duration"));
    assertTrue(refusal("--command", "increment", "--async", "true").contains("--async"));
    assertTrue(refusal("--command", "randomRead", "--sample-rate", "1.5").contains("--sample-rate"));
    assertTrue(refusal("--command", "randomRead", "--compress", "zip").contains("--compress"));
    assertTrue(refusal("--command", "randomRead", "--clients", "0").contains("--clients"));
    assertTrue(refusal("--command", "randomRead", "--rows", "-5").contains("--rows"));
    assertTrue(refusal("--command", "randomRead", "--wal", "maybe").contains("--wal"));
    assertTrue(assertThrows(InvalidInputException.class,
        () -> OptionValues.parse(suite.options(), Map.of())).getMessage().contains("COMMAND"));
  }
}
