package io.hbench.core.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.text.Console;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The start barrier's two sides on the local file system, tasks as threads. */
class StartBarrierTest {

  @TempDir java.nio.file.Path tmp;

  private FileSystem fs;
  private StartBarrier barrier;
  private final ByteArrayOutputStream said = new ByteArrayOutputStream();
  private Console console;
  private ExecutorService tasks;

  @BeforeEach
  void setUp() throws IOException {
    fs = FileSystem.getLocal(new Configuration());
    barrier = new StartBarrier(fs, new Path(tmp.toUri().toString(), "start"));
    PrintStream out = new PrintStream(said, true, StandardCharsets.UTF_8);
    console = new Console(out, out, false, 60_000);
    tasks = Executors.newCachedThreadPool();
  }

  @AfterEach
  void tearDown() {
    tasks.shutdownNow();
  }

  private StartBarrier.Waiting waiting(StartBarrier.Ended ended) {
    return new StartBarrier.Waiting(ended, console, "p", "write tasks", "ready");
  }

  /** Task {@code n} arrives after {@code delay} ms; its future gives [start, when it returned]. */
  private Future<long[]> task(int n, long delay) {
    return tasks.submit(() -> {
      Thread.sleep(delay);
      long start = barrier.arrive(Integer.toString(n), 10_000);
      return new long[] {start, System.currentTimeMillis()};
    });
  }

  @Test
  void everyTaskReturnsAtTheOneStartGivenOnceAllAreReady() throws Exception {
    List<Future<long[]>> arrived = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      arrived.add(task(i, 150L * i));
    }
    assertEquals(4, barrier.awaitReady(4, 5_000, 10_000, "why", waiting(() -> false)));
    long start = barrier.go();
    for (Future<long[]> f : arrived) {
      long[] r = f.get();
      assertEquals(start, r[0]);
      assertTrue(r[1] >= start, "returned " + (start - r[1]) + " ms before the start");
    }
  }

  @Test
  void whenNoOtherComesTheReadyStartAndLaterOnesStartAtOnce() throws Exception {
    task(0, 0);
    task(1, 0);
    // The third never comes while the client waits: the cluster runs two at once.
    assertEquals(2, barrier.awaitReady(3, 300, 10_000, "why", waiting(() -> false)));
    long start = barrier.go();
    long[] late = task(2, 0).get();
    assertEquals(start, late[0]);
  }

  @Test
  void aJobThatEndedStopsTheWait() throws Exception {
    assertEquals(-1, barrier.awaitReady(2, 300, 10_000, "why", waiting(() -> true)));
  }

  @Test
  void noTaskAtAllIsAFailureNamingWhy() {
    IOException e = assertThrows(IOException.class,
        () -> barrier.awaitReady(2, 100, 1_500, "the cluster runs no task", waiting(() -> false)));
    assertEquals("[p] write tasks: 0 of 2 ready after 1 s; the cluster runs no task",
        e.getMessage());
    assertTrue(said.toString(StandardCharsets.UTF_8).contains("[p] write tasks: 0 of 2 ready"),
        said.toString(StandardCharsets.UTF_8));
  }

  @Test
  void aTaskGivenNoStartFails() {
    IOException e = assertThrows(IOException.class, () -> barrier.arrive("0", 1_000));
    assertTrue(e.getMessage().startsWith("no start given 1 s after this task was ready"),
        e.getMessage());
  }
}
