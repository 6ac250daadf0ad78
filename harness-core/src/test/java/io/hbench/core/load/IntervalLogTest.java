package io.hbench.core.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.text.Console;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalLogTest {

  @TempDir Path tmp;

  private final Console quiet = new Console(new PrintStream(new ByteArrayOutputStream()),
      new PrintStream(new ByteArrayOutputStream()), false, 10_000);

  private LoadResult load() throws Exception {
    return ConcurrentLoad.run("get", LoadPlan.forDuration(2, Duration.ofMillis(500))
        .withInterval(Duration.ofMillis(100)), (t, i, steps) -> {
          Thread.sleep(1);
          steps.mark("get.seek");
          return 0;
        }, quiet, "test");
  }

  @Test
  void hdrHistogramsOwnReaderReadsBackEveryLoadsIntervals() throws Exception {
    Path log = tmp.resolve("run.hlog");
    LoadResult first = load();
    LoadResult second = load();
    IntervalLog.append(log, "1M #1", "load", first);
    IntervalLog.append(log, "1M #2", "load", second);
    Map<String, Histogram> byTag = new TreeMap<>();
    HistogramLogReader reader = new HistogramLogReader(log.toFile());
    EncodableHistogram h;
    int intervals = 0;
    while ((h = reader.nextIntervalHistogram()) != null) {
      intervals++;
      Histogram one = (Histogram) h;
      byTag.computeIfAbsent(one.getTag(), k -> new Histogram(2)).add(one);
      // Absolute times, within the loads'.
      assertTrue(one.getStartTimeStamp() >= first.startMillis() - 100, one.getStartTimeStamp()
          + " < " + first.startMillis());
    }
    assertEquals(Map.of(
        "1M_#1/load/get", first.tally().stats("get").histogram(),
        "1M_#1/load/get.seek", first.tally().stats("get.seek").histogram(),
        "1M_#2/load/get", second.tally().stats("get").histogram(),
        "1M_#2/load/get.seek", second.tally().stats("get.seek").histogram()), byTag);
    assertEquals(first.tally().series("get").intervals().size() * 2
        + second.tally().series("get").intervals().size() * 2, intervals);
    assertEquals(1, Files.readAllLines(log).stream().filter(l -> l.startsWith("#[StartTime"))
        .count(), "one header");
  }
}
