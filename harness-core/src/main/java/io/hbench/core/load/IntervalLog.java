package io.hbench.core.load;

import io.hbench.core.annotation.Internal;
import io.hbench.core.fs.IntervalSeries;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * A load's interval histograms as an HdrHistogram interval log ({@code --hlog FILE}), the format
 * HdrHistogram's own {@code HistogramLogReader} reads, and with it HistogramLogAnalyzer and
 * HdrLogProcessing: one line per operation and interval, tagged {@code point/phase/operation},
 * timestamps in seconds since the epoch, latencies in nanoseconds (the max column in ms). Every
 * load of a run appends to the same file; the header is written when the file is new.
 */
@Internal
public final class IntervalLog {

  /** The max column's unit: ms, from histograms of ns. */
  private static final double MAX_VALUE_UNIT_RATIO = 1e6;

  private IntervalLog() {}

  /** Appends every operation's intervals of {@code result}, tagged {@code point/phase/op}. */
  public static synchronized void append(Path file, String point, String phase, LoadResult result)
      throws IOException {
    boolean fresh = !Files.exists(file) || Files.size(file) == 0;
    try (PrintStream out = new PrintStream(new FileOutputStream(file.toFile(), true), false,
        StandardCharsets.UTF_8)) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      if (fresh) {
        log.outputComment("hbench interval log: latencies in ns; tags point/phase/operation");
        log.outputLogFormatVersion();
        log.outputStartTime(result.startMillis());
        log.outputLegend();
      }
      for (String op : result.tally().stats().keySet()) {
        IntervalSeries s = result.tally().series(op);
        if (s == null) {
          continue;
        }
        String tag = tag(point + "/" + phase + "/" + op);
        double length = s.intervalNanos() / 1e9;
        for (IntervalSeries.Interval i : s.intervals()) {
          Histogram h = i.latencies();
          h.setTag(tag);
          double start = i.index() * length;
          log.outputIntervalHistogram(start, start + length, h, MAX_VALUE_UNIT_RATIO);
        }
      }
      if (out.checkError()) {
        throw new IOException("could not write the interval log " + file);
      }
    }
  }

  /** A tag the log's format takes: no commas or white space. */
  static String tag(String text) {
    return text.replaceAll("[\\s,=]+", "_");
  }
}
