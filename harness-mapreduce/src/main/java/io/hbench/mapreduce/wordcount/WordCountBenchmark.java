package io.hbench.mapreduce.wordcount;

import static io.hbench.mapreduce.wordcount.WordCountOptions.EXPONENT;
import static io.hbench.mapreduce.wordcount.WordCountOptions.INPUT;
import static io.hbench.mapreduce.wordcount.WordCountOptions.KEEP_INPUT;
import static io.hbench.mapreduce.wordcount.WordCountOptions.MAPS;
import static io.hbench.mapreduce.wordcount.WordCountOptions.REDUCES;
import static io.hbench.mapreduce.wordcount.WordCountOptions.SEED;
import static io.hbench.mapreduce.wordcount.WordCountOptions.SIZES;
import static io.hbench.mapreduce.wordcount.WordCountOptions.VOCABULARY;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.mapreduce.NumberRangeInputFormat;
import io.hbench.core.mapreduce.PartFiles;
import io.hbench.core.result.Field;
import io.hbench.core.size.Size;
import io.hbench.core.size.SizeRange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.TextInputFormat;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;
import org.apache.hadoop.mapreduce.lib.reduce.LongSumReducer;

/**
 * WordCount over text hbench generates (Zipf-distributed words, deterministic for a seed,
 * written in parallel by map tasks) or over existing text ({@code --input}). Each point is a
 * {@code generate} and a {@code count} phase; validation checks that the counts add up to the
 * words generated and that the number of distinct words is what the Zipf law predicts.
 *
 * <p>Generated text is cut into chunks of one size for the whole sweep (the largest power of two
 * up to 128M dividing every size), each a file that depends only on the seed and its number, so
 * that with {@code --keep-input} a point reuses the chunks earlier points or runs wrote.
 */
public final class WordCountBenchmark implements Benchmark {

  static final long MAX_CHUNK = 128L << 20;
  static final long MIN_CHUNK = 1L << 20;

  @Override
  public String name() {
    return "wordcount";
  }

  @Override
  public String description() {
    return "Count words of generated Zipf text (or --input) over a sweep of sizes.";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return List.of(SIZES, INPUT, VOCABULARY, EXPONENT, SEED, KEEP_INPUT, MAPS, REDUCES);
  }

  @Override
  public List<Point> points(OptionValues options) {
    String input = options.get(INPUT);
    String sizes = options.get(SIZES);
    if (!input.isEmpty()) {
      if (!sizes.isEmpty()) {
        throw new InvalidInputException("give --sizes or --input, not both");
      }
      Map<String, Object> params = new LinkedHashMap<>();
      params.put("input", input);
      return List.of(Point.of("input", params));
    }
    if (sizes.isEmpty()) {
      throw new InvalidInputException("missing --sizes (or --input DIR to count existing text)");
    }
    List<Size> list;
    try {
      list = SizeRange.parse(sizes).sizes();
    } catch (InvalidInputException e) {
      throw new InvalidInputException("--sizes: " + e.getMessage());
    }
    long chunk = chunkBytes(list);
    List<Point> points = new ArrayList<>();
    for (Size s : list) {
      points.add(Point.of(s.toString())
          .with("size", s.toString())
          .with(SIZE, s)
          .with(CHUNK, chunk)
          .with("vocabulary", options.get(VOCABULARY))
          .with("zipf_exponent", options.get(EXPONENT))
          .with("seed", options.get(SEED)));
    }
    return points;
  }

  /** The text size a point counts, recorded in bytes. */
  static final Field<Size> SIZE =
      Field.of("size_bytes", Size.class, Size::bytes, Long.class, Size::ofBytes);

  /** Where the point's text is: kept text under the base directory, or the point's own. */
  static final Field<String> TEXT_DIR = Field.of("text_dir", String.class);

  /** Bytes per generated chunk: the same for every point, so kept text is reused. */
  static final Field<Long> CHUNK = Field.of("chunk_bytes", Long.class);

  /** The largest power of two up to 128M that divides every size; sizes must allow 1M. */
  static long chunkBytes(List<Size> sizes) {
    long chunk = MAX_CHUNK;
    for (Size s : sizes) {
      while (chunk >= MIN_CHUNK && s.bytes() % chunk != 0) {
        chunk >>= 1;
      }
    }
    if (chunk < MIN_CHUNK) {
      throw new InvalidInputException(
          "--sizes: wordcount sizes must be multiples of 1M (the text is written in chunks)");
    }
    return chunk;
  }

  @Override
  public void checkInputs(OptionValues options, Configuration conf, Path baseDir)
      throws IOException {
    String input = options.get(INPUT);
    if (!input.isEmpty()) {
      Path p = new Path(input);
      if (!p.getFileSystem(conf).exists(p)) {
        throw new InvalidInputException("--input: " + input + " does not exist");
      }
    }
  }

  @Override
  public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
    Path output = new Path(ctx.pointDirectory(), "counts");
    int reduces = reduces(options, ctx.configuration());
    ctx.param("reduces", reduces);
    if (!options.get(INPUT).isEmpty()) {
      Path in = new Path(options.get(INPUT));
      long bytes = inputBytes(in.getFileSystem(ctx.configuration()), in);
      Counts c = count(ctx, List.of(in), bytes, reduces, output, 0);
      ctx.check(
          "word_total",
          c.total == c.tokens,
          "counts add up to " + c.total + "; the maps read " + c.tokens + " words");
      return;
    }
    long size = point.get(SIZE).bytes();
    long chunk = point.get(CHUNK);
    int vocabulary = options.get(VOCABULARY);
    double exponent = options.get(EXPONENT);
    int seed = options.get(SEED);
    FileSystem fs = ctx.fileSystem();
    Path textDir;
    if (options.get(KEEP_INPUT)) {
      Path inputs = new Path(ctx.directories().base(), "input");
      if (!ctx.directories().isOwned(inputs)) {
        ctx.directories().create(inputs);
      }
      textDir =
          new Path(inputs, String.format(Locale.ROOT, "seed-%d-vocabulary-%d-zipf-%s-chunk-%d",
              seed, vocabulary, Double.toString(exponent), chunk));
      if (!ctx.directories().isOwned(textDir)) {
        ctx.directories().create(textDir);
      }
    } else {
      textDir = ctx.directories().create(new Path(ctx.pointDirectory(), "text"));
    }
    long chunks = size / chunk;
    List<Long> missing = new ArrayList<>();
    for (long k = 0; k < chunks; k++) {
      if (!fs.exists(new Path(textDir, TextChunkMapper.wordsName(k)))) {
        missing.add(k);
      }
    }
    ctx.param(TEXT_DIR, textDir.toString());
    ctx.param("chunks", chunks);
    ctx.param("chunks_reused", chunks - missing.size());
    generate(ctx, options, chunk, missing);
    long words = 0;
    List<Path> files = new ArrayList<>();
    for (long k = 0; k < chunks; k++) {
      words += readWords(fs, new Path(textDir, TextChunkMapper.wordsName(k)));
      files.add(new Path(textDir, TextChunkMapper.chunkName(k)));
    }
    ctx.param("words", words);
    Counts c = count(ctx, files, size, reduces, output, vocabulary);
    ctx.check(
        "word_total",
        c.total == words && c.tokens == words,
        "counts add up to " + c.total + "; generated " + words + "; the maps read " + c.tokens);
    ctx.check(
        "vocabulary",
        c.foreign == null,
        c.foreign == null
            ? "every counted word is one of the " + vocabulary + " words"
            : "counted a word that was never generated: '" + c.foreign + "'");
    double[] expected = Vocabulary.distinctWords(words, vocabulary, exponent);
    double tolerance = 6 * Math.sqrt(expected[1]) + 1;
    ctx.check(
        "distinct_words",
        Math.abs(c.distinct - expected[0]) <= tolerance,
        String.format(Locale.ROOT, "%d distinct words; the Zipf law predicts %.0f ± %.0f",
            c.distinct, expected[0], tolerance));
  }

  private static int reduces(OptionValues options, Configuration conf) {
    Integer r = options.get(REDUCES);
    return r != null ? r : Math.max(1, conf.getInt(MRJobConfig.NUM_REDUCES, 1));
  }

  private static void generate(RunContext ctx, OptionValues options, long chunk,
      List<Long> missing) throws Exception {
    long bytes = missing.size() * chunk;
    if (missing.isEmpty()) {
      ctx.phase("generate", 0, () -> 0L);
      return;
    }
    // The maps read the options, the chunk size and the text directory as the point they work
    // for (PointInTask); their input is the numbers of the missing chunks.
    Configuration conf = new Configuration(ctx.configuration());
    conf.setBoolean("mapreduce.map.speculative", false);
    Integer m = options.get(MAPS);
    int maps = m != null ? Math.min(m, missing.size()) : missing.size();
    ctx.param("generate_maps", maps);
    Job job = Job.getInstance(conf, "hbench wordcount generate " + Size.ofBytes(bytes));
    job.setJarByClass(WordCountBenchmark.class);
    NumberRangeInputFormat.configure(job, missing, maps, chunk);
    job.setMapperClass(TextChunkMapper.class);
    job.setNumReduceTasks(0);
    job.setOutputFormatClass(NullOutputFormat.class);
    ctx.runJob("generate", job, bytes, TextChunkMapper.Counter.WORDS);
  }

  /** What the count's output says. */
  private record Counts(long total, long distinct, long tokens, String foreign) {}

  /** Runs the count phase; with {@code vocabulary} above 0, looks for words outside it. */
  private static Counts count(
      RunContext ctx, List<Path> in, long bytes, int reduces, Path out, int vocabulary)
      throws Exception {
    Configuration conf = new Configuration(ctx.configuration());
    Job job = Job.getInstance(conf, "hbench wordcount count " + Size.ofBytes(bytes));
    job.setJarByClass(WordCountBenchmark.class);
    job.setInputFormatClass(TextInputFormat.class);
    FileInputFormat.setInputPaths(job, in.toArray(new Path[0]));
    job.setMapperClass(WordCountMapper.class);
    job.setCombinerClass(LongSumReducer.class);
    job.setReducerClass(LongSumReducer.class);
    job.setNumReduceTasks(reduces);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(LongWritable.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    ctx.runJob("count", job, bytes, WordCountMapper.Counter.TOKENS);
    long tokens = job.getCounters().findCounter(WordCountMapper.Counter.TOKENS).getValue();
    FileSystem fs = out.getFileSystem(conf);
    long[] sums = new long[2];
    String[] foreign = {null};
    PartFiles.forEachLine(fs, out, (file, line) -> {
      int tab = line.lastIndexOf('\t');
      String word = line.substring(0, tab);
      sums[0] += Long.parseLong(line.substring(tab + 1));
      sums[1]++;
      long rank = Vocabulary.rank(word);
      if (vocabulary > 0 && foreign[0] == null && (rank < 1 || rank > vocabulary)) {
        foreign[0] = word;
      }
    });
    return new Counts(sums[0], sums[1], tokens, foreign[0]);
  }

  private static long readWords(FileSystem fs, Path file) throws IOException {
    // Read through PartFiles: opening a Hadoop stream here would make this class unloadable
    // without Hadoop, and 'java -jar bench.jar --help' lists every suite.
    return Long.parseLong(PartFiles.firstLine(fs, file).trim());
  }

  private static long inputBytes(FileSystem fs, Path in) throws IOException {
    return fs.getContentSummary(in).getLength();
  }
}
