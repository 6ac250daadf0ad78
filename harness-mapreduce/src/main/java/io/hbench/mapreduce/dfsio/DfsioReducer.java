package io.hbench.mapreduce.dfsio;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * The one reduce: writes every file's line (in file order) and, last, TestDFSIO's accumulated
 * sums ({@code tasks}, {@code size}, {@code time} in ms, {@code rate} and {@code sqrate} in MB/s),
 * which the client checks against the per-file lines.
 */
public final class DfsioReducer extends Reducer<Text, Text, Text, Text> {

  static final String FILE = "file";
  static final String TOTAL = "total";

  private long tasks;
  private long size;
  private double millis;
  private double rate;
  private double sqRate;

  @Override
  protected void reduce(Text key, Iterable<Text> values, Context context)
      throws IOException, InterruptedException {
    for (Text v : values) {
      FileResult r = FileResult.parse(v.toString());
      tasks++;
      size += r.bytes();
      millis += r.ioNanos() / 1e6;
      rate += r.rate();
      sqRate += r.rate() * r.rate();
      context.write(new Text(FILE), v);
    }
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    context.write(
        new Text(TOTAL),
        new Text(tasks + " " + size + " " + millis + " " + rate + " " + sqRate));
  }
}
