package io.hbench.core.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.Field;
import io.hbench.core.size.Size;
import io.hbench.core.size.SizeRange;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The plan: options to measurements, with no cluster, file system or output. */
class RunPlanTest {

  /** A suite that sweeps sizes, as terasort does, and measures nothing. */
  static final class Sweep implements Benchmark {
    static final BenchmarkOption<SizeRange> SIZES =
        BenchmarkOption.sizeRange("--sizes", "Sizes.", null);
    static final BenchmarkOption<List<java.time.Duration>> PAUSES =
        BenchmarkOption.list("--pauses", "DURATIONS", "Pauses.", "0",
            t -> BenchmarkOption.duration("--pauses", "Pause.", null).parse(t));
    static final Field<Size> SIZE =
        Field.of("size_bytes", Size.class, Size::bytes, Long.class, Size::ofBytes);
    static final Field<java.time.Duration> PAUSE = Field.of("pause_ms", java.time.Duration.class,
        java.time.Duration::toMillis, Long.class, java.time.Duration::ofMillis);

    @Override
    public String name() {
      return "sweep";
    }

    @Override
    public String description() {
      return "test";
    }

    @Override
    public List<BenchmarkOption<?>> options() {
      return List.of(SIZES, PAUSES);
    }

    @Override
    public List<Point> points(OptionValues o) {
      List<Point> p = new ArrayList<>();
      for (Size s : o.get(SIZES).sizes()) {
        for (java.time.Duration d : o.get(PAUSES)) {
          p.add(Point.of(s.toString()).with(SIZE, s).with(PAUSE, d));
        }
      }
      return p;
    }

    @Override
    public void run(Point point, OptionValues options, RunContext context) {}
  }

  private static RunSettings settings(int repeat, int warmup, Path out) {
    Map<String, List<String>> texts = new java.util.HashMap<>(Map.of(
        "--repeat", List.of(Integer.toString(repeat)), "--warmup", List.of(Integer.toString(warmup))));
    if (out != null) {
      texts.put("--out", List.of(out.toString()));
    }
    return RunSettings.of(OptionValues.parseAll(CommonOptions.of(new Sweep()), texts), null);
  }

  private static RunPlan plan(String sizes, int repeat, int warmup) {
    return plan(Map.of("--sizes", sizes), repeat, warmup);
  }

  private static RunPlan plan(Map<String, String> options, int repeat, int warmup) {
    Sweep s = new Sweep();
    return RunPlan.of(s, OptionValues.parse(s.options(), options),
        settings(repeat, warmup, null), "20260101-000000-abcd");
  }

  @Test
  void aSweepIsOneMeasurementPerPointInOrder() {
    RunPlan p = plan("16M..48M", 1, 0);
    assertEquals(List.of("16M", "32M", "48M"),
        p.measurements().stream().map(RunPlan.Measurement::label).toList());
    assertEquals(List.of("16M", "32M", "48M"),
        p.measurements().stream().map(RunPlan.Measurement::directoryName).toList());
    assertEquals(32L << 20, p.measurements().get(1).point().params().get("size_bytes"));
    assertTrue(p.measurements().stream().noneMatch(RunPlan.Measurement::warmup));
  }

  @Test
  void repeatsFollowTheirPointAndTheFirstAreWarmup() {
    RunPlan p = plan("1M,2M", 3, 1);
    assertEquals(6, p.measurements().size());
    assertEquals(List.of("1M #1 (warm-up)", "1M #2", "1M #3", "2M #1 (warm-up)", "2M #2", "2M #3"),
        p.measurements().stream().map(RunPlan.Measurement::label).toList());
    assertEquals(List.of(true, false, false, true, false, false),
        p.measurements().stream().map(RunPlan.Measurement::warmup).toList());
    assertEquals("2M-r3", p.measurements().get(5).directoryName());
    assertEquals(3, p.measurements().get(5).repeat());
  }

  @Test
  void pointsCarryTypedParametersAndRecordTheirPlainForm() {
    RunPlan p = plan(Map.of("--sizes", "1M,2M", "--pauses", "10ms, 1s"), 1, 0);
    assertEquals(4, p.measurements().size());
    Point last = p.measurements().get(3).point();
    assertEquals(Size.parse("2M"), last.get(Sweep.SIZE));
    assertEquals(java.time.Duration.ofSeconds(1), last.get(Sweep.PAUSE));
    assertEquals(Map.of("size_bytes", 2L << 20, "pause_ms", 1000L), last.params());
    assertEquals(java.time.Duration.ofMillis(10), p.measurements().get(2).point().get(Sweep.PAUSE));
    IllegalArgumentException none = assertThrows(IllegalArgumentException.class,
        () -> Point.of("x").get(Sweep.SIZE));
    assertTrue(none.getMessage().contains("size_bytes"), none.getMessage());
  }

  @Test
  void theResultsFileDefaultsToOnePerRun() {
    RunPlan p = plan("1M", 1, 0);
    assertEquals(Path.of("hbench-results", "sweep-20260101-000000-abcd.jsonl"), p.resultsFile());
    Sweep s = new Sweep();
    RunPlan given = RunPlan.of(s, OptionValues.parse(s.options(), Map.of("--sizes", "1M")),
        settings(1, 0, Path.of("x.jsonl")), RunPlan.newRunId());
    assertEquals(Path.of("x.jsonl"), given.resultsFile());
    assertTrue(given.runId().matches("[0-9]{8}-[0-9]{6}-[0-9a-f]{4}"), given.runId());
  }

  @Test
  void badInputIsRefusedBeforeAnythingIsPlanned() {
    assertThrows(InvalidInputException.class, () -> plan("48M..16M", 1, 0));
    assertThrows(InvalidInputException.class, () -> settings(2, 2, null));
    assertFalse(plan("1M", 2, 1).measurements().get(1).warmup());
  }

  private static RunPlan varied(int repeat, String order, String seed, String... vary) {
    Sweep s = new Sweep();
    Map<String, List<String>> texts = new java.util.HashMap<>(Map.of(
        "--repeat", List.of(Integer.toString(repeat)), "--vary", List.of(vary),
        "--vary-order", List.of(order)));
    if (seed != null) {
      texts.put("--vary-seed", List.of(seed));
    }
    RunSettings settings = RunSettings.of(OptionValues.parseAll(CommonOptions.of(s), texts), null);
    return RunPlan.of(s, OptionValues.parse(s.options(), Map.of("--sizes", "1M")), settings,
        "20260101-000000-abcd");
  }

  private static List<String> cells(List<RunPlan.Measurement> ms) {
    return ms.stream().map(m -> m.cell().text()).toList();
  }

  @Test
  void varyMeasuresEveryCellOncePerBlockInAnOrderShuffledPerBlock() {
    RunPlan p = varied(5, "random", "42", "pauses=0,10ms", "dfs.blocksize=128m,256m,512m");
    assertEquals(30, p.measurements().size());
    List<String> all = new ArrayList<>();
    java.util.Set<List<String>> orders = new java.util.HashSet<>();
    for (int block = 1; block <= 5; block++) {
      List<RunPlan.Measurement> b = p.measurements().subList((block - 1) * 6, block * 6);
      int n = block;
      assertTrue(b.stream().allMatch(m -> m.repeat() == n), "block " + block);
      List<String> order = cells(b);
      assertEquals(6, new java.util.HashSet<>(order).size(), "every cell once: " + order);
      orders.add(order);
      all.addAll(order);
    }
    assertTrue(orders.size() > 1, "shuffled per block: " + orders);
    // The cells are the product, the first key's level changing slowest; each cell's options
    // and settings are the levels'.
    RunPlan.Measurement m = p.measurements().stream()
        .filter(x -> x.cell().text().equals("pauses=10ms dfs.blocksize=256m")).findFirst()
        .orElseThrow();
    assertEquals(java.time.Duration.ofMillis(10), m.point().get(Sweep.PAUSE));
    assertEquals("256m", m.cell().settings().defines().get("dfs.blocksize"));
    assertEquals(4, m.cell().index());
    assertTrue(m.label().endsWith("[pauses=10ms dfs.blocksize=256m]"), m.label());
    // The same seed, the same order; another seed, another.
    assertEquals(all, cells(varied(5, "random", "42", "pauses=0,10ms",
        "dfs.blocksize=128m,256m,512m").measurements()));
    assertFalse(all.equals(cells(varied(5, "random", "43", "pauses=0,10ms",
        "dfs.blocksize=128m,256m,512m").measurements())));
    // Without a seed one is drawn, and the cells know it (each record keeps it).
    long drawn = varied(2, "random", null, "pauses=0,10ms").measurements().get(0).cell()
        .settings().experiment().seed();
    assertTrue(drawn >= 0, "seed " + drawn);
  }

  @Test
  void twoLevelsComeInBothOrdersAcrossBlocks() {
    // java.util.Random seeded with neighbouring numbers put two cells in the same order in
    // every block: no randomisation at all for the commonest experiment, A against B.
    for (String seed : List.of("7", "11", "42", "1000")) {
      List<String> firsts = new ArrayList<>();
      List<RunPlan.Measurement> ms = varied(8, "random", seed, "pauses=0,10ms").measurements();
      for (int b = 0; b < 8; b++) {
        firsts.add(ms.get(2 * b).cell().text());
      }
      assertEquals(2, new java.util.HashSet<>(firsts).size(), "seed " + seed + ": " + firsts);
    }
  }

  @Test
  void sequentialVaryRunsEveryBlockOfACellBeforeTheNext() {
    RunPlan p = varied(3, "sequential", "1", "pauses=0,10ms,1s");
    assertEquals(List.of("pauses=0", "pauses=0", "pauses=0", "pauses=10ms", "pauses=10ms",
        "pauses=10ms", "pauses=1s", "pauses=1s", "pauses=1s"), cells(p.measurements()));
    assertEquals(List.of(1, 2, 3, 1, 2, 3, 1, 2, 3),
        p.measurements().stream().map(RunPlan.Measurement::repeat).toList());
  }

  @Test
  void theCellsAreEachCellOnceInTheOrderFirstMeasured() {
    RunPlan p = varied(3, "random", "42", "pauses=0,10ms", "dfs.blocksize=128m,256m");
    List<String> firstSeen = cells(p.measurements()).stream().distinct().toList();
    assertEquals(firstSeen, p.cells().stream().map(Experiment.Cell::text).toList());
    assertEquals(4, p.cells().size());
    // Without --vary, the run's one cell.
    Sweep s = new Sweep();
    RunPlan plain = RunPlan.of(s, OptionValues.parse(s.options(), Map.of("--sizes", "1M")),
        RunSettings.of(OptionValues.parseAll(CommonOptions.of(s), Map.of("--repeat",
            List.of("2"))), null), "20260101-000000-abcd");
    assertEquals(1, plain.cells().size(), plain.cells().toString());
    assertTrue(plain.cells().get(0).levels().isEmpty());
  }

  @Test
  void badVaryIsOneLine() {
    assertEquals("--vary needs KEY=V1,V2[,...] (a suite option or a -D setting, and at least two"
        + " levels), got 'pauses=0'", assertThrows(InvalidInputException.class,
            () -> varied(2, "random", "1", "pauses=0")).getMessage());
    assertEquals("--vary sweep: sweep has no option --sweep, and it is not a Hadoop setting"
        + " (those have a dot)", assertThrows(InvalidInputException.class,
            () -> varied(2, "random", "1", "sweep=1,2")).getMessage());
    assertEquals("--vary repeat: the options every suite shares cannot be varied; vary sweep's"
        + " own options or -D settings", assertThrows(InvalidInputException.class,
            () -> varied(2, "random", "1", "repeat=1,2")).getMessage());
    assertEquals("invalid value 'soon' for --pauses: ...".substring(0, 22),
        assertThrows(InvalidInputException.class,
            () -> varied(2, "random", "1", "pauses=0,soon")).getMessage().substring(0, 22));
    assertEquals("--vary pauses=0,0: a level is given twice", assertThrows(
        InvalidInputException.class, () -> varied(2, "random", "1", "pauses=0,0")).getMessage());
    assertEquals("invalid --fs 'bucket': give a file system URI such as hdfs://nn:8020/ or"
        + " ofs://om/", assertThrows(InvalidInputException.class,
            () -> varied(2, "random", "1", "fs=hdfs://nn/,bucket")).getMessage());
  }

  @Test
  void varyFsPutsEachCellsDataOnItsFileSystem() {
    RunPlan p = varied(1, "sequential", null, "fs=hdfs://nn:8020/,ofs://om/,s3a://bucket/");
    assertEquals(List.of("hdfs://nn:8020/", "ofs://om/", "s3a://bucket/"),
        p.cells().stream().map(c -> c.settings().fs()).toList());
    assertEquals(List.of("fs=hdfs://nn:8020/", "fs=ofs://om/", "fs=s3a://bucket/"),
        p.cells().stream().map(Experiment.Cell::text).toList());
    assertEquals("s3a://bucket/", p.cells().get(2).settings()
        .asText("sweep", java.nio.file.Path.of("r.jsonl")).get("fs"), "the record says which");
    assertEquals(List.of(), Experiment.variedSettings(p.cells(), new Sweep()), "not a -D");
    assertEquals(List.of("fs"), Experiment.variedOptions(p.cells(), new Sweep()));
  }
}
