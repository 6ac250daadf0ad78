package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A results file read through its index is the file parsed: records of every suite (one real
 * record each, with their server configurations, as the integration tests wrote them) and of
 * every earlier schema, their series, daemons and I/O figures read from the results file when
 * used. An index is used only for the file as it was indexed.
 */
class ReadIndexTest {

  @TempDir
  Path dir;
  private Path results;
  private Path indexes;
  /** Every file indexed, however small: the size bound is the standard index's. */
  private ReadIndex index;

  @BeforeEach
  void copyRecords() throws Exception {
    results = Files.createDirectories(dir.resolve("results"));
    indexes = dir.resolve("indexes");
    index = new ReadIndex(indexes, 0);
    for (String name : List.of("read-index/records-of-every-suite.jsonl",
        "schema-fixtures/hbench.result-1.jsonl",
        "schema-fixtures/hbench.result-2-config-lines.jsonl",
        "schema-fixtures/hbench.result-2-configs-inside.jsonl")) {
      try (var in = getClass().getClassLoader().getResourceAsStream(name)) {
        Files.copy(in, results.resolve(name.replace('/', '-')));
      }
    }
    // Values at the edges of their types, as Jackson reads them into a record's untyped maps
    // (Integer up to 2^31, Long beyond, Double), nested, with strings of any script.
    Files.writeString(results.resolve("edges.jsonl"), "{\"schema\":\"hbench.result/2\","
        + "\"run_id\":\"r1\",\"label\":\"\u00e9t\u00e9 \u65e5\",\"suite\":\"disk\","
        + "\"point\":\"1G\",\"repeat\":1,\"status\":\"ok\",\"params\":{\"size_bytes\":"
        + "1073741824,\"min_int\":-2147483648,\"max_int\":2147483647,\"past_int\":2147483648,"
        + "\"min_long\":-9223372036854775808,\"max_long\":9223372036854775807,\"minus_zero\":"
        + "-0.0,\"huge\":1.7976931348623157E308,\"tiny\":4.9E-324,\"yes\":true,\"none\":null,"
        + "\"nested\":{\"list\":[1,-1073741825,2.5,\"x\",null,[],{}],\"empty\":{}}},"
        + "\"phases\":[{\"name\":\"write\",\"seconds\":1.5,\"bytes\":-1,\"mb_per_s\":0,"
        + "\"metrics\":[{\"name\":\"mb_per_s\",\"unit\":\"MiB/s\",\"value\":-0.0,"
        + "\"better\":\"higher\",\"headline\":true}]}]}\n");
  }

  /** Whether {@code file} reads from its index as it is now. */
  private boolean indexed(Path file) throws Exception {
    return index.read(file, ReadIndex.Stamp.of(file), new ValuePool(
        new io.hbench.thirdparty.jackson.databind.ObjectMapper(ResultReader.factory()))) != null;
  }

  private void assertEveryFileIndexed() throws Exception {
    try (Stream<Path> s = Files.list(results)) {
      for (Path f : s.toList()) {
        assertTrue(indexed(f), f + " reads from its index");
      }
    }
  }

  private List<ResultRecord> read(ReadIndex through) {
    List<String> warnings = new ArrayList<>();
    List<ResultRecord> read = ResultReader.readAll(List.of(results), warnings::add, through);
    assertEquals(List.of(), warnings);
    return read;
  }

  private long indexCount() throws Exception {
    if (!Files.isDirectory(indexes)) {
      return 0;
    }
    try (Stream<Path> s = Files.list(indexes)) {
      return s.filter(p -> p.toString().endsWith(".idx")).count();
    }
  }

  /** Replaces the file with other bytes of its length, its time of last change kept. */
  private static void garble(Path file) throws Exception {
    FileTime changed = Files.getLastModifiedTime(file);
    byte[] other = new byte[(int) Files.size(file)];
    Arrays.fill(other, (byte) 'x');
    Files.write(file, other);
    Files.setLastModifiedTime(file, changed);
  }

  @Test
  void aFileReadThroughItsIndexIsTheFileParsed() throws Exception {
    List<ResultRecord> parsed = read(null);
    assertEquals(parsed, read(index), "read while indexing");
    assertEquals(5, indexCount(), "one index per results file");
    assertEveryFileIndexed();
    List<ResultRecord> indexed = read(index);
    assertEquals(parsed, indexed, "read from the indexes");
    ResultRecord edges = indexed.stream().filter(r -> r.runId().equals("r1")).findFirst()
        .orElseThrow();
    assertEquals(1073741824, edges.params().get("size_bytes"));
    assertEquals(Integer.MIN_VALUE, edges.params().get("min_int"));
    assertEquals(Long.MIN_VALUE, edges.params().get("min_long"));
    assertEquals(-0.0, edges.params().get("minus_zero"));
    assertEquals(-1073741825, ((List<?>) ((java.util.Map<?, ?>) edges.params().get("nested"))
        .get("list")).get(1));
    List<String> suites = indexed.stream().map(ResultRecord::suite).distinct().sorted().toList();
    assertEquals(List.of("dfsio", "disk", "fsops", "hbase-pe", "nnthroughput", "replay", "slive",
        "teragen", "terasort", "teravalidate", "tpcds", "tpch", "wordcount", "ycsb"), suites);
    assertTrue(indexed.stream().anyMatch(r -> r.environment() != null
            && r.environment().serverConfigs() != null
            && !r.environment().serverConfigs().isEmpty()),
        "configurations put back into the records that name them");
  }

  @Test
  void aFileChangedSinceItWasIndexedIsParsedAgain() throws Exception {
    read(index);
    Path file = results.resolve("schema-fixtures-hbench.result-1.jsonl");
    // Same length, its time of last change set back: its inode's change time tells.
    garble(file);
    assertFalse(indexed(file));
    InvalidInputException e = assertThrows(InvalidInputException.class, () -> read(index));
    assertTrue(e.getMessage().contains("hbench.result-1.jsonl:1:"), e.getMessage());
  }

  @Test
  void aFileGrownSinceItWasIndexedReadsWhole() throws Exception {
    List<ResultRecord> before = read(index);
    Path file = results.resolve("read-index-records-of-every-suite.jsonl");
    List<String> lines = Files.readAllLines(file);
    Files.writeString(file, lines.get(lines.size() - 1) + "\n",
        java.nio.file.StandardOpenOption.APPEND);
    List<ResultRecord> after = read(index);
    assertEquals(before.size() + 1, after.size());
    assertEquals(after, read(null));
    assertTrue(indexed(file), "indexed again as it is now");
    assertEquals(after, read(index));
  }

  @Test
  void anIndexThatDoesNotReadIsIgnored() throws Exception {
    List<ResultRecord> parsed = read(index);
    try (Stream<Path> s = Files.list(indexes)) {
      for (Path p : s.toList()) {
        byte[] b = Files.readAllBytes(p);
        Files.write(p, Arrays.copyOf(b, b.length / 2));
      }
    }
    assertEquals(parsed, read(index), "indexes cut short");
    assertEveryFileIndexed();
    try (Stream<Path> s = Files.list(indexes)) {
      for (Path p : s.toList()) {
        byte[] b = Files.readAllBytes(p);
        b[b.length - 20] ^= 0x55;
        Files.write(p, b);
      }
    }
    try (Stream<Path> s = Files.list(results)) {
      for (Path f : s.toList()) {
        assertFalse(indexed(f), f + ": an index whose bytes changed is not read");
      }
    }
    assertEquals(parsed, read(index));
    assertEveryFileIndexed();
    assertEquals(parsed, read(index), "read from the indexes written again");
  }

  @Test
  void noIndexForASmallFileNorWhereItCannotBeWritten() throws Exception {
    List<ResultRecord> parsed = read(new ReadIndex(indexes, ReadIndex.MIN_BYTES));
    assertEquals(0, indexCount(), "files under the size bound are parsed");
    Path notADirectory = Files.writeString(dir.resolve("a-file"), "");
    assertEquals(parsed, read(new ReadIndex(notADirectory, 0)));
    assertNotEquals(0, parsed.size());
  }
}
