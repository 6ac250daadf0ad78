package io.hbench.mapreduce.wordcount;

import java.io.IOException;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Emits (word, 1) for every run of non-blank bytes of a line (blanks: space, tab, CR, LF), and
 * counts the words it saw, which validation checks against the reduce's output.
 */
public final class WordCountMapper extends Mapper<LongWritable, Text, Text, LongWritable> {

  /** Counters of the count job. */
  public enum Counter {
    TOKENS
  }

  private static final LongWritable ONE = new LongWritable(1);
  private final Text word = new Text();

  @Override
  protected void map(LongWritable offset, Text line, Context context)
      throws IOException, InterruptedException {
    byte[] b = line.getBytes();
    int n = line.getLength();
    long tokens = 0;
    int i = 0;
    while (i < n) {
      while (i < n && blank(b[i])) {
        i++;
      }
      int start = i;
      while (i < n && !blank(b[i])) {
        i++;
      }
      if (i > start) {
        word.set(b, start, i - start);
        context.write(word, ONE);
        tokens++;
      }
    }
    context.getCounter(Counter.TOKENS).increment(tokens);
  }

  private static boolean blank(byte c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
  }
}
