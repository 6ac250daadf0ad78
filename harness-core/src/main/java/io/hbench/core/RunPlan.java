package io.hbench.core;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
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
   */
  public record Measurement(Point point, int repeat, boolean warmup, String label, String directoryName) {}

  public RunPlan {
    measurements = List.copyOf(measurements);
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
    if (benchmark.load() != null) {
      LoadOptions.check(options);
    }
    benchmark.checkOptions(options);
    List<Point> points = benchmark.points(options);
    Path out =
        settings.out() != null
            ? settings.out()
            : Path.of("hbench-results", benchmark.name() + "-" + runId + ".jsonl");
    int repeat = settings.repeat();
    List<Measurement> m = new ArrayList<>();
    for (Point point : points) {
      for (int rep = 1; rep <= repeat; rep++) {
        boolean warmup = rep <= settings.warmup();
        String label = (repeat > 1 ? point.label() + " #" + rep : point.label())
            + (warmup ? " (warm-up)" : "");
        String dirName = point.label() + (repeat > 1 ? "-r" + rep : "");
        m.add(new Measurement(point, rep, warmup, label, dirName));
      }
    }
    return new RunPlan(benchmark.name(), runId, out, m);
  }
}
