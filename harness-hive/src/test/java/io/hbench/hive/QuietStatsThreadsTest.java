package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class QuietStatsThreadsTest {

  @Test
  void onlyHivesStatisticsThreadsAreKeptOffTheConsole() throws Exception {
    PrintStream saved = System.err;
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    try {
      System.setErr(new PrintStream(console, true, StandardCharsets.UTF_8));
      HiveService.QuietStatsThreads.install();
      PrintStream wrapped = System.err;
      HiveService.QuietStatsThreads.install();
      assertSame(wrapped, System.err, "wrapped twice");
      Thread stats = new Thread(() -> System.err.println("Table t stats: [numRows=1]"),
          HiveService.QuietStatsThreads.THREAD_PREFIX + "0");
      stats.start();
      stats.join();
      Thread other = new Thread(() -> System.err.println("from another thread"), "other");
      other.start();
      other.join();
      System.err.println("bench: a line of hbench's");
      System.err.flush();
    } finally {
      System.setErr(saved);
    }
    assertEquals("from another thread\nbench: a line of hbench's\n",
        console.toString(StandardCharsets.UTF_8).replace(System.lineSeparator(), "\n"));
  }
}
