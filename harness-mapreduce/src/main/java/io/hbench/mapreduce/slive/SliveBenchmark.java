package io.hbench.mapreduce.slive;

import static io.hbench.mapreduce.slive.SliveOptions.BLOCK_SIZE;
import static io.hbench.mapreduce.slive.SliveOptions.DURATION;
import static io.hbench.mapreduce.slive.SliveOptions.FILES;
import static io.hbench.mapreduce.slive.SliveOptions.MAPS;
import static io.hbench.mapreduce.slive.SliveOptions.MIX;
import static io.hbench.mapreduce.slive.SliveOptions.OPS_PER_MAP;
import static io.hbench.mapreduce.slive.SliveOptions.READ_SIZE;
import static io.hbench.mapreduce.slive.SliveOptions.SEED;
import static io.hbench.mapreduce.slive.SliveOptions.WRITE_SIZE;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.InvalidInputException;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.fs.OperationStats;
import io.hbench.core.mapreduce.NumberRangeInputFormat;
import io.hbench.core.mapreduce.PartFiles;
import io.hbench.core.result.OperationSummary;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.stats.OperationTally;
import io.hbench.core.size.Size;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.lib.output.TextOutputFormat;

/**
 * Slive: Hadoop's SliveTest rebuilt on hbench. {@code --maps} clients issue a random mix of
 * namespace and small I/O operations over one shared namespace; per operation it reports count,
 * successes, failures by type, operations per second over the wall-clock window of the maps (and,
 * labelled apart, per second of operation time, as SliveTest does), bytes and latency
 * percentiles from histograms merged across maps.
 */
public final class SliveBenchmark implements Benchmark {

  @Override
  public String name() {
    return "slive";
  }

  @Override
  public String description() {
    return "A random mix of namespace operations from many clients (SliveTest).";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return List.of(MAPS, OPS_PER_MAP, FILES, MIX, READ_SIZE, WRITE_SIZE, BLOCK_SIZE, DURATION, SEED);
  }

  @Override
  public List<Point> points(OptionValues options) {
    SliveMix mix = SliveMix.parse(options.get(MIX));
    for (BenchmarkOption<Size> o : List.of(READ_SIZE, WRITE_SIZE)) {
      long b = options.get(o).bytes();
      if (b < 1 || b > SliveOptions.MAX_IO) {
        throw new InvalidInputException(o + " must be between 1 byte and " + Size.ofBytes(SliveOptions.MAX_IO));
      }
    }
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("maps", options.get(MAPS));
    params.put("ops_per_map", options.get(OPS_PER_MAP));
    params.put("files", options.get(FILES));
    params.put("mix", mix.toString());
    return List.of(Point.of(options.get(MAPS) + "x" + options.get(OPS_PER_MAP), params));
  }

  @Override
  public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
    SliveMix mix = SliveMix.parse(options.get(MIX));
    int maps = options.get(MAPS);
    long ops = options.get(OPS_PER_MAP);
    Path ns = ctx.directories().create(new Path(ctx.pointDirectory(), "namespace"));
    Path out = new Path(ctx.pointDirectory(), "result");
    Configuration conf = new Configuration(ctx.configuration());
    Size block = options.get(BLOCK_SIZE);
    long blockSize = block != null ? block.bytes() : conf.getLongBytes("dfs.blocksize", 128L << 20);
    conf.set(SliveMapper.NAMESPACE, ns.toString());
    conf.set(SliveMapper.MIX, mix.toString());
    conf.setLong(SliveMapper.OPS, ops);
    conf.setInt(SliveMapper.FILES, options.get(FILES));
    conf.setInt(SliveMapper.READ_SIZE, (int) options.get(READ_SIZE).bytes());
    conf.setInt(SliveMapper.WRITE_SIZE, (int) options.get(WRITE_SIZE).bytes());
    conf.setLong(SliveMapper.BLOCK_SIZE, blockSize);
    conf.setLong(SliveMapper.DURATION, options.get(DURATION) * 1000L);
    conf.setLong(SliveMapper.SEED, options.get(SEED));
    conf.setBoolean("mapreduce.map.speculative", false);
    ctx.param("block_size", blockSize);
    Job job = Job.getInstance(conf, "hbench slive " + maps + " x " + ops);
    job.setJarByClass(SliveBenchmark.class);
    NumberRangeInputFormat.configure(job, maps, maps, 0);
    job.setMapperClass(SliveMapper.class);
    job.setReducerClass(SliveReducer.class);
    job.setNumReduceTasks(1);
    job.setOutputKeyClass(Text.class);
    job.setOutputValueClass(Text.class);
    job.setOutputFormatClass(TextOutputFormat.class);
    FileOutputFormat.setOutputPath(job, out);
    ctx.runJob("slive", job, 0, org.apache.hadoop.mapreduce.TaskCounter.MAP_OUTPUT_RECORDS);

    Output o = Output.read(ctx.fileSystem(), out);
    long total = o.stats.values().stream().mapToLong(OperationStats::calls).sum();
    boolean limited = options.get(DURATION) > 0;
    ctx.check(
        "ops_total",
        limited ? total <= maps * ops && total > 0 : total == maps * ops,
        total + " operations from " + o.maps + " maps; asked " + maps + " x " + ops
            + (limited ? " (or fewer, with --duration)" : ""));
    List<String> missing = new ArrayList<>();
    for (SliveOperation op : SliveOperation.values()) {
      double expected = (double) maps * ops * mix.weight(op) / totalWeight(mix);
      if (expected >= 30 && !limited && !o.stats.containsKey(op)) {
        missing.add(op.text());
      }
    }
    ctx.check(
        "operations",
        missing.isEmpty(),
        missing.isEmpty() ? "every operation of the mix was issued" : "never issued: " + missing);
    long writeSize = options.get(WRITE_SIZE).bytes();
    List<String> wrongBytes = new ArrayList<>();
    for (SliveOperation op : List.of(SliveOperation.CREATE, SliveOperation.APPEND)) {
      OperationStats s = o.stats.get(op);
      if (s != null && s.bytes() != (s.calls() - s.failures()) * writeSize) {
        wrongBytes.add(op.text() + ": " + s.bytes());
      }
    }
    ctx.check(
        "bytes",
        wrongBytes.isEmpty(),
        wrongBytes.isEmpty()
            ? "every successful create and append wrote " + writeSize + " bytes"
            : "unexpected byte counts: " + wrongBytes);
    ctx.figures("slive", figures(o));
  }

  private static int totalWeight(SliveMix mix) {
    int sum = 0;
    for (SliveOperation op : SliveOperation.values()) {
      sum += mix.weight(op);
    }
    return sum;
  }

  private static Map<String, Object> figures(Output o) {
    double window = Math.max(1, o.end - o.start) / 1000.0;
    Map<String, Object> perOp = new LinkedHashMap<>();
    long total = 0;
    for (Map.Entry<SliveOperation, OperationStats> e : o.stats.entrySet()) {
      OperationStats s = e.getValue();
      OperationSummary sum = OperationSummary.of(s, true);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("count", s.calls());
      m.put("successes", s.calls() - s.failures());
      m.put("failures", s.failures());
      if (!o.failures.get(e.getKey()).isEmpty()) {
        m.put("failure_types", o.failures.get(e.getKey()));
      }
      m.put("ops_per_s", round(s.calls() / window));
      m.put("ops_per_s_op_time", round(s.totalNanos() <= 0 ? 0 : s.calls() / (s.totalNanos() / 1e9)));
      m.put("bytes", s.bytes());
      m.put("time_ms", sum.timeMs());
      m.put("latency_us", sum.latencyUs());
      perOp.put(e.getKey().text(), m);
      total += s.calls();
    }
    Map<String, Object> f = new LinkedHashMap<>();
    f.put("maps", o.maps);
    f.put("window_s", round(window));
    f.put("ops", total);
    f.put("ops_per_s", round(total / window));
    f.put("operations", perOp);
    return f;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  /** The reduce's output. */
  private static final class Output {
    final Map<SliveOperation, OperationStats> stats = new EnumMap<>(SliveOperation.class);
    final Map<SliveOperation, Map<String, Long>> failures = new EnumMap<>(SliveOperation.class);
    long start;
    long end;
    int maps;

    static Output read(FileSystem fs, Path dir) throws IOException {
      Output o = new Output();
      PartFiles.forEachLine(fs, dir, (file, line) -> {
        int tab = line.indexOf('\t');
        String key = line.substring(0, tab);
        String value = line.substring(tab + 1);
        if (key.equals(SliveMapper.WINDOW)) {
          String[] w = value.split(" ");
          o.start = Long.parseLong(w[0]);
          o.end = Long.parseLong(w[1]);
          o.maps = Integer.parseInt(w[2]);
        } else {
          OperationTally t = new OperationTally();
          t.parseLine(key, value);
          SliveOperation op = SliveOperation.byText(key);
          o.stats.put(op, t.stats(key));
          o.failures.put(op, t.failures(key));
        }
      });
      return o;
    }
  }

  @Override
  public String report(List<ResultRecord> records) {
    return SliveReport.render(records);
  }
}
