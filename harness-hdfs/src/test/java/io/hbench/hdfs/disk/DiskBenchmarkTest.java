package io.hbench.hdfs.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.embed.RunRequest;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.Console;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiskBenchmarkTest {

  @TempDir Path tmp;

  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();

  private List<ResultRecord> run(Path dir, Map<String, String> more, boolean keep)
      throws IOException {
    return run(dir, more, keep, 1, 0);
  }

  private List<ResultRecord> run(Path dir, Map<String, String> more, boolean keep, int runs)
      throws IOException {
    return run(dir, more, keep, runs, 0);
  }

  /** A run through the embedding door, as any Java tool makes one, its tables printed. */
  private List<ResultRecord> run(
      Path dir, Map<String, String> more, boolean keep, int runs, int warmup) throws IOException {
    PrintStream out = new PrintStream(printed, true, StandardCharsets.UTF_8);
    RunRequest.Builder request = RunRequest.suite(new DiskBenchmark())
        .option("--path", dir.toString()).resultsFile(tmp.resolve("results.jsonl")).keep(keep)
        .repeat(runs).warmup(warmup).console(new Console(out, out, false, 60_000), true);
    more.forEach(request::option);
    return request.build().run();
  }

  private static List<Path> filesUnder(Path dir) throws IOException {
    try (Stream<Path> s = Files.walk(dir)) {
      return s.filter(Files::isRegularFile).toList();
    }
  }

  @Test
  void writesAndReadsTheExpectedBytesAndCleansUp() throws Exception {
    Path disk = Files.createDirectory(tmp.resolve("disk"));
    List<ResultRecord> records = run(disk, Map.of("--block-size", "4K", "--size", "3M"), false, 2);
    assertEquals(2, records.size(), "one record per run");
    records.forEach(io.hbench.core.result.ResultSchema::assertValid);
    for (ResultRecord r : records) {
      assertEquals("ok", r.status(), r.toString());
      assertEquals("local", r.environment().cluster());
      assertEquals(3L << 20, r.phase("write").bytes());
      assertEquals(3L << 20, r.phase("read").bytes());
      assertEquals(768L, r.phase("read").records(), "3M in 4K blocks");
      assertTrue(r.validation().checks().stream()
          .anyMatch(c -> c.name().equals("read_back") && c.passed()));
      assertEquals(true, r.params().get("page_cache_could_serve_reads"));
    }
    assertTrue(printed.toString(StandardCharsets.UTF_8).contains("page cache could have served"));
    // Nothing is left: no data file, no run directory, and not the base the run created.
    assertEquals(List.of(), Files.list(disk).toList());
    assertTrue(filesUnder(disk).stream().noneMatch(p -> p.endsWith(DiskBenchmark.FILE)));
  }

  @Test
  void aCorruptedBlockFailsTheReadAndIsNamed() throws Exception {
    Path file = tmp.resolve("f.dat");
    BlockFile f = new BlockFile(file, 4096, 1 << 20, false, 4096);
    f.write(false);
    assertEquals(-1, f.read());
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.seek(100_000);
      int b = raf.read();
      raf.seek(100_000);
      raf.write(b ^ 1);
    }
    assertEquals(100_000, f.read());
  }

  @Test
  void aBlockInAnotherBlocksPlaceFailsTheRead() throws Exception {
    Path file = tmp.resolve("g.dat");
    BlockFile f = new BlockFile(file, 4096, 1 << 20, false, 4096);
    f.write(false);
    byte[] block0 = new byte[4096];
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.readFully(block0);
      raf.seek(8 * 4096);
      raf.write(block0);
    }
    assertEquals(8 * 4096, f.read(), "same content, wrong block number");
  }

  @Test
  void aShortFileFailsTheRead() throws Exception {
    Path file = tmp.resolve("short.dat");
    new BlockFile(file, 4096, 1 << 20, false, 4096).write(false);
    try (RandomAccessFile raf = new RandomAccessFile(file.toFile(), "rw")) {
      raf.setLength(500_000);
    }
    assertEquals(500_000, new BlockFile(file, 4096, 1 << 20, false, 4096).read());
  }

  @Test
  void badInputIsRefusedBeforeAnythingIsCreated() throws Exception {
    Path disk = Files.createDirectory(tmp.resolve("disk"));
    assertTrue(assertThrows(InvalidInputException.class,
            () -> run(tmp.resolve("missing"), Map.of(), false))
        .getMessage().contains("not an existing directory"));
    assertTrue(assertThrows(InvalidInputException.class,
            () -> run(disk, Map.of("--size", "1000K", "--block-size", "3K"), false))
        .getMessage().contains("not a multiple of --block-size"));
    assertTrue(assertThrows(InvalidInputException.class,
            () -> run(disk, Map.of("--size", "100000T"), false))
        .getMessage().contains("does not fit"));
    assertFalse(Files.exists(tmp.resolve("missing")));
    assertEquals(List.of(), Files.list(disk).toList());
  }

  @Test
  void warmupRunsAreRecordedAsSuchAndLeftOutOfTheMean() throws Exception {
    Path disk = Files.createDirectory(tmp.resolve("warm"));
    List<ResultRecord> records = run(disk, Map.of("--block-size", "4K", "--size", "1M"), false, 3, 1);
    assertEquals(3, records.size());
    assertTrue(records.get(0).isWarmup(), "the first run is the warm-up");
    assertFalse(records.get(1).isWarmup() || records.get(2).isWarmup());
    records.forEach(io.hbench.core.result.ResultSchema::assertValid);
    String table = printed.toString(StandardCharsets.UTF_8);
    assertTrue(table.contains("#1 (warm-up)"), table);
    // The mean row counts the two measured runs only.
    assertTrue(table.contains("2/2 ok"), table);
  }

  /** The embedding API: no results file, no output, records through a listener and returned. */
  @Test
  void runsThroughTheEmbeddingApiWithNoFileAndNoOutput() throws Exception {
    Path disk = Files.createDirectory(tmp.resolve("embedded"));
    List<ResultRecord> seen = new java.util.ArrayList<>();
    java.io.PrintStream stdout = System.out;
    java.io.PrintStream stderr = System.err;
    ByteArrayOutputStream leaked = new ByteArrayOutputStream();
    List<ResultRecord> records;
    try {
      System.setOut(new PrintStream(leaked, true, StandardCharsets.UTF_8));
      System.setErr(new PrintStream(leaked, true, StandardCharsets.UTF_8));
      records = RunRequest.suite("disk")
          .option("--path", disk.toString())
          .option("--block-size", "4K")
          .option("--size", "1M")
          .repeat(2)
          .listener(new io.hbench.core.embed.RunListener() {
            @Override
            public void measured(ResultRecord r) {
              seen.add(r);
            }
          })
          .build()
          .run();
    } finally {
      System.setOut(stdout);
      System.setErr(stderr);
    }
    assertEquals(2, records.size());
    assertEquals(records, seen, "the listener saw every record as it was measured");
    assertTrue(records.stream().allMatch(ResultRecord::ok), records.toString());
    assertEquals("", leaked.toString(StandardCharsets.UTF_8), "nothing printed");
    try (Stream<Path> files = Files.list(tmp)) {
      assertTrue(files.noneMatch(p -> p.toString().endsWith(".jsonl")), "no results file");
    }
    assertFalse(Files.exists(Path.of("hbench-results", "disk-" + records.get(0).runId() + ".jsonl")));
    assertThrows(InvalidInputException.class,
        () -> RunRequest.suite("no-such-suite"));
    assertThrows(InvalidInputException.class,
        () -> RunRequest.suite("disk").option("--path", disk.toString())
            .repeat(1).warmup(1).build());
  }

  /** cancel() from a listener: the point measured is kept, no later point is measured. */
  @Test
  void aCancelledRunMeasuresNoFurtherPoint() throws Exception {
    Path disk = Files.createDirectory(tmp.resolve("cancelled"));
    java.util.concurrent.atomic.AtomicReference<RunRequest> request =
        new java.util.concurrent.atomic.AtomicReference<>();
    request.set(RunRequest.suite("disk")
        .option("--path", disk.toString())
        .option("--block-size", "4K")
        .option("--size", "1M")
        .repeat(3)
        .listener(new io.hbench.core.embed.RunListener() {
          @Override
          public void measured(ResultRecord r) {
            request.get().cancel();
          }
        })
        .build());
    List<ResultRecord> records = request.get().run();
    assertEquals(1, records.size(), "cancelled after the first of 3 runs");
    assertTrue(records.get(0).ok(), records.get(0).failure());
    assertFalse(Thread.currentThread().isInterrupted(), "cancel leaves the caller uninterrupted");
    // The base directory keeps only its ownership marker, as after any run.
    assertTrue(filesUnder(disk).stream().allMatch(p -> p.getFileName().toString().contains("hbench-owned")),
        "nothing of the runs left behind: " + filesUnder(disk));
  }
}
