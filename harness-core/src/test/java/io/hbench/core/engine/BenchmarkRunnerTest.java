package io.hbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.LocalDirectoryBenchmark;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.embed.RunListener;
import io.hbench.core.embed.RunPlan;
import io.hbench.core.embed.RunRequest;
import io.hbench.core.report.ResultReader;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.Console;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner's parts on a local directory (no cluster): the point executor's records, the order
 * listeners hear of them, the optional file and console, and cancelling.
 */
class BenchmarkRunnerTest {

  @TempDir Path tmp;

  /** Three points: the second fails its check, the third throws. */
  static final class Steps extends LocalDirectoryBenchmark {
    static final io.hbench.core.result.Field<Integer> N =
        io.hbench.core.result.Field.of("n", Integer.class);

    Steps(Path dir) {
      super("steps", dir);
    }

    @Override
    public List<Point> points(OptionValues options) {
      return List.of(1, 2, 3).stream().map(n -> Point.of("p" + n).with(N, n)).toList();
    }

    @Override
    public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
      int n = point.get(N);
      // What the work turned out to be, known only after it.
      ctx.phase("work", 0, () -> null, (timed, into) -> into.work(n * 1048576L, 10L * n));
      if (n == 3) {
        throw new IllegalStateException("three is one too many\nsecond line");
      }
      ctx.check("even_or_one", n != 2, n == 2 ? "two" : "fine");
    }
  }

  /** Every event, in order. */
  static final class Events implements RunListener {
    final List<String> seen = new ArrayList<>();
    Runnable onFirst = () -> {};

    @Override
    public void started(RunPlan.Measurement m) {
      seen.add("started " + m.label());
    }

    @Override
    public void measured(ResultRecord r) {
      seen.add("measured " + r.point() + " " + r.status());
      onFirst.run();
      onFirst = () -> {};
    }

    @Override
    public void finished(List<ResultRecord> records) {
      seen.add("finished " + records.size());
    }
  }

  @Test
  void eachPointBecomesOneRecordAndListenersHearOfItInOrder() throws Exception {
    Events events = new Events();
    Path out = tmp.resolve("r.jsonl");
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    PrintStream ps = new PrintStream(printed, true, StandardCharsets.UTF_8);
    List<ResultRecord> records = RunRequest.suite(new Steps(tmp)).resultsFile(out)
        .console(new Console(ps, ps, false, 60_000), true).listener(events).build().run();

    assertEquals(List.of("started p1", "measured p1 ok", "started p2", "measured p2 failed",
        "started p3", "measured p3 failed", "finished 3"), events.seen);
    assertEquals("validation failed: even_or_one: two", records.get(1).failure());
    assertEquals("IllegalStateException: three is one too many", records.get(2).failure());
    assertEquals("not_run", records.get(2).validation().status());
    assertEquals(List.of(1, 2, 3), records.stream().map(r -> r.params().get("n")).toList());
    PhaseResult work = records.get(1).phase("work");
    assertEquals(2 * 1048576L, work.bytes());
    assertEquals(20L, work.records());
    assertNotNull(work.metric("mb_per_s"), "the MB/s of the bytes set after the work");
    // No --label: a run on a local directory is labelled with its host.
    assertEquals(records.get(0).environment().host(), records.get(0).label());
    // The file holds the same records, appended as each completed.
    assertEquals(records, ResultReader.read(out));
    String text = printed.toString(StandardCharsets.UTF_8);
    assertTrue(text.contains("[p2] steps: failed: validation failed"), text);
    assertTrue(text.indexOf("status") < text.indexOf("3 record(s) appended to " + out),
        "the table comes before the line saying where the records went: " + text);
    assertFalse(Files.exists(tmp.resolve("hbench-steps")),
        "each point's directory is removed, then the base the run created and emptied");
  }

  @Test
  void anEmbeddedRunWritesAndPrintsNothingAndCanBeCancelled() throws Exception {
    Events events = new Events();
    RunRequest[] request = new RunRequest[1];
    events.onFirst = () -> request[0].cancel();
    request[0] = RunRequest.suite(new Steps(tmp)).label("disk-A").listener(events).build();
    List<ResultRecord> records = request[0].run();
    assertEquals("disk-A", records.get(0).label());
    assertEquals(1, records.size(), "no point is measured after cancel()");
    assertEquals(List.of("started p1", "measured p1 ok", "finished 1"), events.seen);
    try (var files = Files.list(tmp)) {
      assertEquals(List.of(), files.map(p -> p.getFileName().toString()).toList(),
          "nothing is left behind");
    }
    Path defaultDir = Path.of("hbench-results");
    if (Files.isDirectory(defaultDir)) {
      try (var files = Files.list(defaultDir)) {
        assertTrue(files.noneMatch(p -> p.getFileName().toString().startsWith("steps-")),
            "no results file");
      }
    }
  }
}
