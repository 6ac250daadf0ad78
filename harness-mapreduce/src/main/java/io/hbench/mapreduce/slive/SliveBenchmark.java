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
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.Metric;
import io.hbench.core.result.Metric.Better;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.size.Size;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

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
    SliveMix mix = options.get(MIX);
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
    SliveMix mix = options.get(MIX);
    int maps = options.get(MAPS);
    long ops = options.get(OPS_PER_MAP);
    Path ns = ctx.directories().create(new Path(ctx.pointDirectory(), "namespace"));
    Configuration conf = new Configuration(ctx.configuration());
    Size block = options.get(BLOCK_SIZE);
    long blockSize = block != null ? block.bytes() : conf.getLongBytes("dfs.blocksize", 128L << 20);
    conf.set(SliveLoadTask.NAMESPACE, ns.toString());
    conf.set(SliveLoadTask.MIX, mix.toString());
    conf.setLong(SliveLoadTask.OPS, ops);
    conf.setInt(SliveLoadTask.FILES, options.get(FILES));
    conf.setInt(SliveLoadTask.READ_SIZE, (int) options.get(READ_SIZE).bytes());
    conf.setInt(SliveLoadTask.WRITE_SIZE, (int) options.get(WRITE_SIZE).bytes());
    conf.setLong(SliveLoadTask.BLOCK_SIZE, blockSize);
    conf.setLong(SliveLoadTask.DURATION, options.get(DURATION) * 1000L);
    conf.setLong(SliveLoadTask.SEED, options.get(SEED));
    ctx.param("block_size", blockSize);
    LoadResult r = ctx.distributedLoad("slive", SliveLoadTask.class, conf, maps);

    long total = r.calls();
    boolean limited = options.get(DURATION) > 0;
    ctx.check(
        "ops_total",
        limited ? total <= maps * ops && total > 0 : total == maps * ops,
        total + " operations from " + r.clients() + " maps; asked " + maps + " x " + ops
            + (limited ? " (or fewer, with --duration)" : ""));
    List<String> missing = new ArrayList<>();
    for (SliveOperation op : SliveOperation.values()) {
      double expected = (double) maps * ops * mix.weight(op) / totalWeight(mix);
      if (expected >= 30 && !limited && !r.tally().stats().containsKey(op.text())) {
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
      OperationStats s = r.tally().stats().get(op.text());
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
    ctx.metric("slive", Metric.of("ops_per_s", Metric.OPS_PER_SECOND, round(r.callsPerSecond()),
        Better.HIGHER));
    // SliveTest's own rate, per second inside the operation: one client's view, not compared.
    Map<String, Object> opTime = new LinkedHashMap<>();
    r.tally().stats().forEach((op, s) -> opTime.put(op,
        round(s.totalNanos() <= 0 ? 0 : s.calls() / (s.totalNanos() / 1e9))));
    ctx.figures("slive", Map.of("ops_per_s_op_time", opTime));
  }

  /** The rate of the whole mix, and each operation's. */
  @Override
  public java.util.Set<String> headlines() {
    return java.util.Set.of("ops_per_s", "*/ops_per_s");
  }

  private static int totalWeight(SliveMix mix) {
    int sum = 0;
    for (SliveOperation op : SliveOperation.values()) {
      sum += mix.weight(op);
    }
    return sum;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  @Override
  public io.hbench.core.report.Table report(List<ResultRecord> records) {
    return SliveReport.render(records);
  }
}
