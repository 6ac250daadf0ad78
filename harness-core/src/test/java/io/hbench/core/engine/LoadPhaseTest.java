package io.hbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.LoadOptions;
import io.hbench.core.LoadScope;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ServerCalls;
import io.hbench.core.text.Console;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The load phase on its own, in this process, with a point that only times and records
 * (the {@link LoadPhase.Timing} below): what a phase of a declared load carries, {@code --hlog},
 * a load that ran out of work, {@code --find-max}'s steps and check, and in-process clients'
 * resources closed however their load ends.
 */
class LoadPhaseTest {

  @TempDir Path tmp;

  /** The phases recorded, as the point would record them, and its checks. */
  private final List<PhaseResult> phases = new ArrayList<>();
  private final Map<String, Boolean> checks = new LinkedHashMap<>();
  private final ByteArrayOutputStream out = new ByteArrayOutputStream();
  private Console console;

  @BeforeEach
  void console() {
    PrintStream p = new PrintStream(out, true, StandardCharsets.UTF_8);
    console = new Console(p, p, false, Long.MAX_VALUE);
  }

  private final LoadPhase.Timing timing = new LoadPhase.Timing() {
    @Override
    public PhaseResult phase(String name, long bytes, RunContext.PhaseBody body,
        RunContext.Figures figures) throws Exception {
      long t0 = System.nanoTime();
      Long records = body.run();
      PhaseResult timed = new PhaseResult(name, (System.nanoTime() - t0) / 1e9, bytes, records,
          null);
      PhaseFigures f = new PhaseFigures(name);
      if (figures != null) {
        figures.add(timed, f);
      }
      PhaseResult r = f.applyTo(timed);
      phases.add(r);
      return r;
    }

    @Override
    public PhaseResult job(String name, org.apache.hadoop.mapreduce.Job job,
        RunContext.Figures figures, JobPhase.WhileRunning during) {
      throw new AssertionError("no job in this process's load");
    }

    @Override
    public void check(String name, boolean passed, String detail) {
      checks.put(name, passed);
    }
  };

  private OptionValues options(Map<String, String> texts) {
    Map<String, String> all = new LinkedHashMap<>(texts);
    all.putIfAbsent("--dir", tmp.toString());
    List<io.hbench.core.BenchmarkOption<?>> declared =
        new ArrayList<>(new LoadJobTest.Echo().options());
    declared.addAll(LoadOptions.of(new LoadJobTest.Echo()));
    return OptionValues.parse(declared, all);
  }

  private LoadResult declared(OptionValues o, ServerCalls calls) throws Exception {
    Configuration conf = new Configuration(false);
    FileSystem local = FileSystem.getLocal(conf);
    OwnedDirectories dirs = new OwnedDirectories(local,
        new org.apache.hadoop.fs.Path(tmp.resolve("base").toUri()), "run-1");
    Point point = Point.of("p");
    LoadScope whole = new LoadScope(conf, o, point, Map.of(LoadJobTest.Echo.SALT.name(), 7L),
        dirs, new org.apache.hadoop.fs.Path(tmp.resolve("base/p").toUri()), 0, 1,
        new LoadJobTest.Echo().load().threads(o, point), null);
    return new LoadPhase(timing, new LoadJobTest.Echo().load(), LoadJobTest.Echo.class, o, conf,
        dirs, console, "p", Map.of(), null).declared("run", whole, calls);
  }

  @Test
  void aDeclaredLoadIsOnePhaseWithItsCallsItsLoadsAndWhatItAsksOfTheServers() throws Exception {
    LoadResult r = declared(options(Map.of("--threads", "2", "--calls", "25")), ServerCalls.NONE);
    assertEquals(50, r.calls());
    assertEquals(1, phases.size());
    PhaseResult p = phases.get(0);
    assertEquals("run", p.name());
    assertEquals(50L, p.records());
    assertEquals("echo", p.loads().get(0).op());
    assertEquals(50, p.loads().get(0).calls());
    assertNotNull(p.figures().get(ServerCalls.FIELD.name()), p.figures().toString());
    assertTrue(checks.isEmpty(), checks.toString());
  }

  @Test
  void hlogAppendsTheLoadsIntervalsToTheFile() throws Exception {
    Path hlog = tmp.resolve("run.hlog");
    declared(options(Map.of("--calls", "30", "--hlog", hlog.toString())), ServerCalls.NONE);
    String text = Files.readString(hlog);
    assertTrue(text.contains("p") && text.contains("run"), text);
    assertTrue(text.lines().anyMatch(l -> !l.startsWith("#") && !l.isBlank()), text);
  }

  @Test
  void findMaxSaysEveryStepChecksTheAnswerAndRecordsItsMetric() throws Exception {
    LoadResult shown = declared(options(Map.of("--call-ms", "2", "--duration", "1s",
        "--slo", "p99<50ms", "--find-max", "true")), ServerCalls.NONE);
    assertNotNull(shown);
    assertEquals(1, phases.size());
    assertEquals(Boolean.TRUE, checks.get("find_max"), out.toString());
    List<String> steps = out.toString().lines().filter(l -> l.contains("find-max step")).toList();
    assertTrue(steps.size() >= 2, out.toString());
    assertTrue(steps.get(0).startsWith("[p] find-max step 1: as fast as they go"), steps.get(0));
    assertNotNull(phases.get(0).metric(io.hbench.core.result.CapacityFigures.MAX_AT_SLO), phases.get(0).toString());
  }

  @Test
  void inProcessClientsAreClosedWhenTheirLoadFails() throws Exception {
    boolean[] closed = {false};
    LoadClients failing = LoadClients.of(1, 3, (t, i, steps) -> {
      throw new IllegalStateException("no table");
    }).closing(() -> closed[0] = true);
    LoadPhase loads = new LoadPhase(timing, null, LoadJobTest.Echo.class,
        options(Map.of()), new Configuration(false), null, console, "p", Map.of(), null);
    LoadResult r = loads.clients("streams", "query", failing, null);
    assertTrue(closed[0]);
    assertEquals(3, r.failures());
    assertFalse(phases.isEmpty());
    assertNull(checks.get("find_max"));
  }
}
