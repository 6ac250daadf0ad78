package io.hbench.mapreduce.wordcount;

import io.hbench.core.PointInTask;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.apache.commons.rng.UniformRandomProvider;
import org.apache.commons.statistics.distribution.DiscreteDistribution;
import org.apache.commons.statistics.distribution.ZipfDistribution;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * Writes text chunks: chunk {@code k} is the file {@code chunk-<k>} of exactly {@code chunk
 * bytes}, lines of 8 to 16 words drawn from the Zipf {@link Vocabulary}, from a generator seeded
 * by the seed and {@code k} alone, so a chunk is the same whichever map writes it and whichever
 * sweep asks for it. Its word count goes into a hidden side file {@code .chunk-<k>.words}, which
 * input listings skip.
 */
public final class TextChunkMapper extends Mapper<LongWritable, NullWritable, NullWritable, NullWritable> {

  /** Counters of the generate job. */
  public enum Counter {
    WORDS,
    BYTES
  }

  private byte[][] words;
  private ZipfDistribution zipf;
  private Random rng;
  private long chunkBytes;
  private long seed;
  private Path dir;

  static String chunkName(long k) {
    return String.format("chunk-%06d", k);
  }

  static String wordsName(long k) {
    return "." + chunkName(k) + ".words";
  }

  @Override
  protected void setup(Context context) throws IOException {
    PointInTask at = PointInTask.of(context.getConfiguration());
    int size = at.options().get(WordCountOptions.VOCABULARY);
    words = Vocabulary.spellings(size);
    // Commons Statistics, relocated in bench.jar, never the cluster's commons-math3: under
    // `yarn jar` on Hadoop 3.3 that is 3.1.1, whose sampler sums the whole vocabulary's
    // harmonic series per word (a chunk of 8 MB ran for over 5 minutes); this one's rejection
    // inversion costs the same whatever the vocabulary's size.
    rng = new Random();
    zipf = ZipfDistribution.of(size, at.options().get(WordCountOptions.EXPONENT));
    seed = at.options().get(WordCountOptions.SEED);
    chunkBytes = at.point().get(WordCountBenchmark.CHUNK);
    dir = new Path(at.param(WordCountBenchmark.TEXT_DIR));
  }

  @Override
  protected void map(LongWritable index, NullWritable ignored, Context context)
      throws IOException, InterruptedException {
    // The job's input is the numbers of the chunks still missing.
    long k = index.get();
    long bytes = chunkBytes;
    rng.setSeed(seed * 0x9E3779B97F4A7C15L + k);
    UniformRandomProvider bits = rng::nextLong;
    DiscreteDistribution.Sampler word = zipf.createSampler(bits);
    FileSystem fs = dir.getFileSystem(context.getConfiguration());
    long count = 0;
    byte[] buf = new byte[1 << 20];
    int at = 0;
    try (OutputStream out = fs.create(new Path(dir, chunkName(k)), true)) {
      long remaining = bytes;
      int lineLeft = 8 + rng.nextInt(9);
      while (true) {
        byte[] w = words[word.sample()];
        // Keep one byte for the final newline.
        if (w.length + 1 > remaining - 1) {
          break;
        }
        if (at + w.length + 1 > buf.length) {
          out.write(buf, 0, at);
          at = 0;
          context.progress();
        }
        System.arraycopy(w, 0, buf, at, w.length);
        at += w.length;
        buf[at++] = (byte) (--lineLeft == 0 ? '\n' : ' ');
        if (lineLeft == 0) {
          lineLeft = 8 + rng.nextInt(9);
        }
        remaining -= w.length + 1;
        count++;
      }
      // Pad to the exact size: spaces are no words.
      while (remaining > 0) {
        if (at == buf.length) {
          out.write(buf, 0, at);
          at = 0;
        }
        buf[at++] = (byte) (remaining == 1 ? '\n' : ' ');
        remaining--;
      }
      out.write(buf, 0, at);
    }
    try (OutputStream out = fs.create(new Path(dir, wordsName(k)), true)) {
      out.write((count + "\n").getBytes(StandardCharsets.US_ASCII));
    }
    context.getCounter(Counter.WORDS).increment(count);
    context.getCounter(Counter.BYTES).increment(bytes);
  }
}
