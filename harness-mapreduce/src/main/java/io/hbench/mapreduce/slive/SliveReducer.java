package io.hbench.mapreduce.slive;

import io.hbench.core.stats.OperationTally;
import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * The one reduce: merges each operation's figures from every map (counts added, latency
 * histograms merged, never averaged) and the maps' wall-clock windows.
 */
public final class SliveReducer extends Reducer<Text, Text, Text, Text> {

  @Override
  protected void reduce(Text key, Iterable<Text> values, Context context)
      throws IOException, InterruptedException {
    if (key.toString().equals(SliveMapper.WINDOW)) {
      long start = Long.MAX_VALUE;
      long end = Long.MIN_VALUE;
      int maps = 0;
      for (Text v : values) {
        String[] f = v.toString().split(" ");
        start = Math.min(start, Long.parseLong(f[0]));
        end = Math.max(end, Long.parseLong(f[1]));
        maps++;
      }
      context.write(key, new Text(start + " " + end + " " + maps));
      return;
    }
    String op = key.toString();
    OperationTally sum = new OperationTally();
    for (Text v : values) {
      sum.parseLine(op, v.toString());
    }
    context.write(key, new Text(sum.line(op)));
  }
}
