package io.hbench.mapreduce.dfsio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DfsioFiguresTest {

  private static final long MB = 1 << 20;

  /** A file that moved {@code mb} MiB at an even pace from {@code start} ms to {@code end} ms. */
  private static FileResult file(long n, long mb, long start, long end) {
    return new FileResult(
        n, 0, mb * MB, start, end, (end - start) * 1_000_000L, -1,
        List.of(new long[] {(end - start) / 2, mb * MB / 2}));
  }

  @Test
  void testDfsioFiguresFollowTheirDefinitions() {
    // 100 MiB in 1 s (100 MB/s) and 100 MiB in 4 s (25 MB/s), overlapping from 1000 to 2000 ms.
    List<FileResult> files = List.of(file(0, 100, 1000, 2000), file(1, 100, 0, 4000));
    DfsioFigures f = DfsioFigures.of(files, 7.5);
    assertEquals(200, f.totalMb(), 1e-9);
    assertEquals(200.0 / 5, f.throughput(), 1e-9); // total MB / (1 s + 4 s)
    assertEquals((100 + 25) / 2.0, f.averageIoRate(), 1e-9);
    assertEquals(Math.sqrt((100 * 100 + 25 * 25) / 2.0 - 62.5 * 62.5), f.ioRateStdDev(), 1e-9);
    assertEquals(7.5, f.execSeconds());
    assertEquals(200.0 / 4, f.aggregate(), 1e-9); // first start 0, last end 4000
    // Window 1000..2000 ms: file 0 moves all its 100 MiB, file 1 a quarter of its (25 MiB).
    assertEquals(125, f.stonewall(), 1e-9);
    assertEquals(2, f.concurrency());
    assertEquals(1.0, f.startSkew(), 1e-9); // starts at 0 and 1000 ms
    io.hbench.core.PhaseFigures into = new io.hbench.core.PhaseFigures("write");
    f.addTo(into);
    Map<String, Object> m = into.figures();
    assertEquals(40.0, into.metrics().get(0).value());
    assertEquals("throughput_mb_s", into.metrics().get(0).name());
    assertEquals(io.hbench.core.result.Metric.Better.HIGHER, into.metrics().get(0).better());
    assertFalse(m.containsKey("throughput_mb_s"), "a compared figure is a metric, not an extra");
    Map<String, Double> secs = DfsioFields.FILE_SECONDS.in(m);
    assertEquals(1.0, secs.get("min"));
    assertEquals(4.0, secs.get("max"));
    assertEquals(2.5, secs.get("p50"));
    assertEquals(2, DfsioFields.FILES.in(m));
    assertEquals(true, DfsioFields.ALL_TOGETHER.in(m));
    assertEquals(1.0, DfsioFields.START_SKEW.in(m));
  }

  @Test
  void filesThatNeverAllRanAtOnceHaveNoStonewallFigure() {
    DfsioFigures f = DfsioFigures.of(List.of(file(0, 10, 0, 1000), file(1, 10, 2000, 3000)), 4);
    assertNull(f.stonewall());
    assertFalse(f.metrics().stream().anyMatch(x -> x.name().equals("stonewall_mb_s")));
    assertEquals(1, f.concurrency());
    assertFalse(f.allTogether());
    assertEquals(2.0, f.startSkew(), 1e-9);
    assertEquals(20.0 / 3, f.aggregate(), 1e-9);
  }

  @Test
  void resultLinesRoundTrip() {
    FileResult r = file(7, 3, 10, 20);
    FileResult back = FileResult.parse(r.line());
    assertEquals(r.line(), back.line());
    assertEquals(3 * MB / 2.0, back.bytesAt(15), 1e-9);
    assertEquals(3 * MB, back.bytesAt(25), 1e-9);
    assertEquals(0, back.bytesAt(5), 1e-9);
  }
}
