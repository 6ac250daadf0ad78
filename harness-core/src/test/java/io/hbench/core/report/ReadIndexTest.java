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
    assertEquals(4, indexCount(), "one index per results file");
    List<ResultRecord> indexed = read(index);
    assertEquals(parsed, indexed, "read from the indexes");
    List<String> suites = indexed.stream().map(ResultRecord::suite).distinct().sorted().toList();
    assertEquals(List.of("dfsio", "disk", "fsops", "hbase-pe", "nnthroughput", "replay", "slive",
        "teragen", "terasort", "teravalidate", "tpcds", "tpch", "wordcount", "ycsb"), suites);
    assertTrue(indexed.stream().anyMatch(r -> r.environment() != null
            && r.environment().serverConfigs() != null
            && !r.environment().serverConfigs().isEmpty()),
        "configurations put back into the records that name them");

    // Read from the index: a results file whose bytes are not its records any more, its
    // length and time of last change kept, still reads as it was.
    garble(results.resolve("schema-fixtures-hbench.result-1.jsonl"));
    assertEquals(parsed, read(index));
  }

  @Test
  void aFileChangedSinceItWasIndexedIsParsedAgain() throws Exception {
    read(index);
    Path file = results.resolve("schema-fixtures-hbench.result-1.jsonl");
    // Same length, changed a second later: the index no longer stands for it.
    garble(file);
    Files.setLastModifiedTime(file,
        FileTime.fromMillis(Files.getLastModifiedTime(file).toMillis() + 1000));
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
    assertEquals(after, read(index), "indexed again as it is now");
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
    try (Stream<Path> s = Files.list(indexes)) {
      for (Path p : s.toList()) {
        byte[] b = Files.readAllBytes(p);
        b[b.length - 20] ^= 0x55;
        Files.write(p, b);
      }
    }
    List<ResultRecord> again = read(index);
    assertEquals(parsed.size(), again.size());
    assertEquals(read(null), read(index), "written again after a bad one was met");
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
