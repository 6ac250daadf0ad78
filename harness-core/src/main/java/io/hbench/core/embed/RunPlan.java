package io.hbench.core.embed;

import io.hbench.core.Benchmark;
import io.hbench.core.LoadOptions;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.error.InvalidInputException;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What a run will measure, worked out from the options alone before anything is opened or
 * created: every point of the sweep, each repeat of it, which repeats are warm-up, and how each
 * is labelled and where its data goes. Pure: no cluster, no file system, no output.
 *
 * @param suite the suite's name
 * @param runId identifies the run: UTC start time and four random hex digits
 * @param resultsFile where records are appended ({@code --out}, or the default under {@code
 *     hbench-results/})
 * @param measurements the points to measure, in order, each repeat its own entry
 */
public record RunPlan(String suite, String runId, Path resultsFile, List<Measurement> measurements) {

  private static final DateTimeFormatter RUN_ID =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  /**
   * One measurement: a point at one repeat.
   *
   * @param point the point
   * @param repeat 1-based repeat
   * @param warmup whether this repeat is a warm-up one (recorded, left out of summaries)
   * @param label as tables and progress lines show it: {@code 64M}, {@code 64M #2}, {@code 64M #1
   *     (warm-up)}
   * @param directoryName the point directory's name under the run's directory
   * @param cell the cell of {@code --vary} it is measured in (its options and settings); with
   *     no key varied, the one cell of the options as given, whose levels are empty
   */
  public record Measurement(Point point, int repeat, boolean warmup, String label,
      String directoryName, Experiment.Cell cell) {}

  public RunPlan {
    measurements = List.copyOf(measurements);
  }

  /**
   * The cells the measurements run in, in the order first measured, each once: a run without
   * {@code --vary} has one.
   */
  public List<Experiment.Cell> cells() {
    java.util.Map<Integer, Experiment.Cell> cells = new java.util.LinkedHashMap<>();
    for (Measurement m : measurements) {
      cells.putIfAbsent(m.cell().index(), m.cell());
    }
    return List.copyOf(cells.values());
  }

  /** A new run id for a run starting now. */
  public static String newRunId() {
    return RUN_ID.format(Instant.now())
        + "-"
        + Integer.toHexString(0x1000 + ThreadLocalRandom.current().nextInt(0xF000));
  }

  /**
   * The plan of {@code benchmark} with {@code options} and {@code settings}. Throws {@link
   * InvalidInputException} for options the suite rejects; creates nothing.
   */
  public static RunPlan of(Benchmark benchmark, OptionValues options, RunSettings settings,
      String runId) {
    Path out =
        settings.out() != null
            ? settings.out()
            : Path.of("hbench-results", benchmark.name() + "-" + runId + ".jsonl");
    int repeat = settings.repeat();
    List<Measurement> m = new ArrayList<>();
    Experiment e = settings.experiment();
    List<Experiment.Cell> cells = e.cells(benchmark, options, settings);
    Map<Integer, List<Point>> points = new java.util.HashMap<>();
    for (Experiment.Cell c : cells) {
      if (benchmark.load() != null) {
        LoadOptions.check(c.options());
      }
      benchmark.checkOptions(c.options());
      List<Point> ps = benchmark.points(c.options());
      if (LoadOptions.findMax(c.options())
          && ps.stream().noneMatch(p -> benchmark.load().timed(c.options(), p))) {
        throw new InvalidInputException("--find-max searches a load that runs by time; "
            + benchmark.name() + " " + String.join(",", ps.stream().map(Point::label).toList())
            + " runs a fixed count of calls");
      }
      points.put(c.index(), ps);
    }
    if (!e.varies()) {
      for (Point point : points.get(0)) {
        for (int rep = 1; rep <= repeat; rep++) {
          boolean warmup = rep <= settings.warmup();
          String label = (repeat > 1 ? point.label() + " #" + rep : point.label())
              + (warmup ? " (warm-up)" : "");
          String dirName = point.label() + (repeat > 1 ? "-r" + rep : "");
          m.add(new Measurement(point, rep, warmup, label, dirName, cells.get(0)));
        }
      }
      return new RunPlan(benchmark.name(), runId, out, m);
    }
    // Each cell's points once per block, the blocks in turn (or the cells in turn, sequential).
    for (Map.Entry<Experiment.Cell, Integer> placed : e.order(cells, repeat)) {
      Experiment.Cell c = placed.getKey();
      int block = placed.getValue();
      for (Point point : points.get(c.index())) {
        boolean warmup = block <= settings.warmup();
        String label = (repeat > 1 ? point.label() + " #" + block : point.label()) + " ["
            + c.text() + "]" + (warmup ? " (warm-up)" : "");
        String dirName = point.label() + "-c" + c.index() + (repeat > 1 ? "-r" + block : "");
        m.add(new Measurement(point, block, warmup, label, dirName, c));
      }
    }
    return new RunPlan(benchmark.name(), runId, out, m);
  }
}
