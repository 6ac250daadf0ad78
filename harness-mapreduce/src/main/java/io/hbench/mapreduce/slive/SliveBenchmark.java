package io.hbench.mapreduce.slive;

import static io.hbench.mapreduce.slive.SliveOptions.BLOCK_SIZE;
import static io.hbench.mapreduce.slive.SliveOptions.FILES;
import static io.hbench.mapreduce.slive.SliveOptions.MIX;
import static io.hbench.mapreduce.slive.SliveOptions.OPS_PER_MAP;
import static io.hbench.mapreduce.slive.SliveOptions.READ_SIZE;
import static io.hbench.mapreduce.slive.SliveOptions.WRITE_SIZE;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.LoadOptions;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.cluster.Needs;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.fs.OperationStats;
import io.hbench.core.load.LoadResult;
import io.hbench.core.size.Size;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * Slive: Hadoop's SliveTest rebuilt on hbench. {@code --maps} clients issue a random mix of
 * namespace and small I/O operations over one shared namespace ({@link SliveLoad}); per
 * operation it reports count, successes, failures by type, operations per second over the
 * wall-clock window of the maps (and, labelled apart, per second of operation time, as SliveTest
 * does), bytes and latency percentiles from histograms merged across maps.
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
    return SliveOptions.ALL;
  }

  @Override
  public LoadSpec load() {
    return new SliveLoad();
  }

  /** The file system; the core adds YARN for the maps. */
  @Override
  public Needs needs(OptionValues options) {
    return Needs.fileSystem();
  }

  @Override
  public List<Point> points(OptionValues options) {
    for (BenchmarkOption<Size> o : List.of(READ_SIZE, WRITE_SIZE)) {
      long b = options.get(o).bytes();
      if (b < 1 || b > SliveOptions.MAX_IO) {
        throw new InvalidInputException(o + " must be between 1 byte and " + Size.ofBytes(SliveOptions.MAX_IO));
      }
    }
    int maps = LoadOptions.maps(options);
    return List.of(Point.of(maps + "x" + options.get(OPS_PER_MAP))
        .with("ops_per_map", options.get(OPS_PER_MAP))
        .with("files", options.get(FILES))
        .with("mix", options.get(MIX).toString()));
  }

  @Override
  public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
    SliveMix mix = options.get(MIX);
    int clients = LoadOptions.clients(options, 1);
    long ops = options.get(OPS_PER_MAP);
    ctx.directories().create(new Path(ctx.pointDirectory(), SliveLoad.NAMESPACE));
    Size block = options.get(BLOCK_SIZE);
    ctx.param(SliveFields.BLOCK_SIZE, block != null ? block.bytes()
        : ctx.configuration().getLongBytes("dfs.blocksize", 128L << 20));
    LoadResult r = ctx.load("slive");

    long total = r.calls();
    boolean timed = LoadOptions.timed(options);
    ctx.check(
        "ops_total",
        timed ? total > 0 : total == clients * ops,
        total + " operations from " + r.clients() + " clients"
            + (timed ? " in " + options.get(LoadOptions.DURATION).toSeconds() + " s"
                : "; asked " + clients + " x " + ops));
    List<String> missing = new ArrayList<>();
    for (SliveOperation op : SliveOperation.values()) {
      double expected = (double) clients * ops * mix.weight(op) / totalWeight(mix);
      if (expected >= 30 && !timed && !r.tally().stats().containsKey(op.text())) {
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
  }

  private static int totalWeight(SliveMix mix) {
    int sum = 0;
    for (SliveOperation op : SliveOperation.values()) {
      sum += mix.weight(op);
    }
    return sum;
  }
}
