package io.hbench.mapreduce.terasort;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.TaskAttemptID;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;
import org.apache.hadoop.mapreduce.task.TaskAttemptContextImpl;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Splits cut through records; every record must still be read exactly once. */
class TeraInputFormatTest {

  @TempDir Path dir;

  @Test
  void everyRecordReadOnceWhateverTheSplitBoundaries() throws Exception {
    int rows = 257;
    Path file = dir.resolve("part-r-00000");
    byte[] rec = new byte[TeraRecord.LENGTH];
    try (OutputStream out = Files.newOutputStream(file)) {
      for (int i = 0; i < rows; i++) {
        TeraRecord.generate(i, rec);
        out.write(rec);
      }
    }
    long len = Files.size(file);
    org.apache.hadoop.fs.Path p = new org.apache.hadoop.fs.Path(file.toUri());
    TaskAttemptContext ctx = new TaskAttemptContextImpl(new Configuration(), new TaskAttemptID());
    for (long splitSize : new long[] {len, 1000, 999, 1001, 150, 37}) {
      List<Long> rowsSeen = new ArrayList<>();
      for (long start = 0; start < len; start += splitSize) {
        FileSplit split = new FileSplit(p, start, Math.min(splitSize, len - start), new String[0]);
        try (TeraInputFormat.Reader r = new TeraInputFormat.Reader()) {
          r.initialize(split, ctx);
          while (r.nextKeyValue()) {
            String value = r.getCurrentValue().toString();
            // The row id sits at value offset 2..34 as hex.
            rowsSeen.add(Long.parseLong(value.substring(2, 34), 16));
            assertEquals(r.index(), rowsSeen.get(rowsSeen.size() - 1));
          }
        }
      }
      assertEquals(rows, rowsSeen.size(), "split size " + splitSize);
      for (int i = 0; i < rows; i++) {
        assertEquals(i, rowsSeen.get(i), "split size " + splitSize);
      }
    }
  }
}
