package io.hbench.mapreduce.terasort;

import java.io.IOException;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Reducer;

/**
 * The single reducer of TeraValidate: receives the per-file summaries in file-name order (the
 * order of the sort's reducers) and checks that each file's first key is not below the previous
 * file's last key. Writes one {@code error} line per problem found, the first one of each file.
 */
public final class TeraValidateReducer extends Reducer<Text, Text, Text, Text> {

  static final Text ERROR = new Text("error");

  private String previousFile;
  private String previousLast;

  @Override
  protected void reduce(Text file, Iterable<Text> summaries, Context context)
      throws IOException, InterruptedException {
    for (Text s : summaries) {
      String[] f = s.toString().split("\t", 4);
      long count = Long.parseLong(f[0]);
      if (count == 0) {
        continue;
      }
      String firstKey = f[1];
      // The boundary comes before anything inside the file, so it is reported first.
      if (previousLast != null && previousLast.compareTo(firstKey) > 0) {
        context.getCounter(TeraChecksum.Counter.ORDER_ERRORS).increment(1);
        context.write(
            ERROR,
            new Text(
                file
                    + " record 0 (byte offset 0): key "
                    + firstKey
                    + " sorts before the last key "
                    + previousLast
                    + " of "
                    + previousFile));
      }
      if (!"-".equals(f[3])) {
        context.write(ERROR, new Text(f[3]));
      }
      previousFile = file.toString();
      previousLast = f[2];
    }
  }
}
