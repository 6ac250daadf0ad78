package io.hbench.mapreduce.slive;

import io.hbench.core.fs.OperationStats;
import java.io.IOException;
import java.util.Map;
import java.util.TreeMap;
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
    OperationStats sum = new OperationStats();
    Map<String, Long> failures = new TreeMap<>();
    for (Text v : values) {
      String[] f = v.toString().split("\t");
      sum.add(OperationStats.parseText(f[0]));
      SliveMapper.parseFailures(f[1]).forEach((k, n) -> failures.merge(k, n, Long::sum));
    }
    context.write(key, new Text(sum.toText() + "\t" + SliveMapper.failureText(failures)));
  }
}
