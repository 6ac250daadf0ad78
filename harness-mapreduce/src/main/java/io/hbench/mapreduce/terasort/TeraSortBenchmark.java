package io.hbench.mapreduce.terasort;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.result.Field;
import io.hbench.core.RunContext;
import io.hbench.core.size.Size;
import io.hbench.core.size.SizeRange;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.Path;

/**
 * TeraSort over a sweep of sizes. Each point generates its data, sorts it and validates the
 * result (global order, record count, and checksum of the output against that of the input),
 * recording all three phases.
 */
public final class TeraSortBenchmark implements Benchmark {

  static final BenchmarkOption<SizeRange> SIZES =
      BenchmarkOption.sizeRange(
          "--sizes",
          "Data sizes to sort: 64M, a range 10G..200G (step = start) or 10G..200G:5G, or a list"
              + " 1G,5G. K/M/G/T are powers of 1024; records are 100 bytes.",
          null);

  @Override
  public String name() {
    return "terasort";
  }

  @Override
  public String description() {
    return "Generate, sort and validate 100-byte records over a sweep of sizes (TeraGen,"
        + " TeraSort, TeraValidate).";
  }

  /** The size a point sorts, recorded in bytes. */
  static final Field<Size> SIZE =
      Field.of("size_bytes", Size.class, Size::bytes, Long.class, Size::ofBytes);

  @Override
  public List<BenchmarkOption<?>> options() {
    return List.of(SIZES, TeraOptions.MAPS, TeraOptions.REDUCES, TeraOptions.BLOCK_SIZE);
  }

  @Override
  public List<Point> points(OptionValues options) {
    List<Point> points = new ArrayList<>();
    for (Size size : options.get(SIZES).sizes()) {
      TeraGenBenchmark.requireRecord(size);
      points.add(Point.of(size.toString()).with("size", size.toString()).with(SIZE, size));
    }
    return points;
  }

  @Override
  public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
    Size size = point.get(SIZE);
    long rows = TeraJobs.rows(size);
    long bytes = rows * TeraRecord.LENGTH;
    long blockSize = TeraJobs.blockSize(options, ctx.configuration());
    int maps = TeraJobs.maps(options, bytes, blockSize);
    int reduces = TeraJobs.reduces(options, ctx.configuration());
    ctx.param("rows", rows);
    ctx.param("bytes", bytes);
    ctx.param("maps", maps);
    ctx.param("reduces", reduces);
    ctx.param("block_size", blockSize);

    Path dir = ctx.pointDirectory();
    Path input = new Path(dir, "input");
    Path output = new Path(dir, "output");

    String inputChecksum = TeraJobs.generate(ctx, "teragen", rows, maps, blockSize, input);
    ctx.param("checksum", inputChecksum);
    long sorted =
        TeraJobs.sort(ctx, input, output, bytes, reduces, blockSize, new Path(dir, "split-points"));
    TeraJobs.Outcome v = TeraJobs.validate(ctx, output, new Path(dir, "validate"));

    ctx.check("records", sorted == rows && v.records() == rows,
        "generated " + rows + ", sorted " + sorted + ", validated " + v.records());
    TeraJobs.checkOrder(ctx, v);
    ctx.check(
        "checksum",
        inputChecksum.equals(v.checksum()),
        "input " + inputChecksum + ", sorted output " + v.checksum());
  }
}
