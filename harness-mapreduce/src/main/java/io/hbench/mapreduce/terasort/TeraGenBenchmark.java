package io.hbench.mapreduce.terasort;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.size.Size;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.fs.Path;

/**
 * TeraGen on its own: writes 100-byte records for later sorting (by hbench or Hadoop's
 * TeraSort). The output directory is kept after the run.
 */
public final class TeraGenBenchmark implements Benchmark {

  static final BenchmarkOption<Size> SIZE =
      BenchmarkOption.size("--size", "Data size to generate (K/M/G/T are powers of 1024).", null);
  static final BenchmarkOption<String> OUTPUT =
      BenchmarkOption.text(
          "--output",
          "DIR",
          "Output directory, relative to --base-dir (an absolute path must lie under it);"
              + " kept after the run (default: teragen-<size>).",
          "");

  @Override
  public String name() {
    return "teragen";
  }

  @Override
  public String description() {
    return "Generate 100-byte TeraSort records (readable by Hadoop's TeraSort).";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return List.of(SIZE, OUTPUT, TeraOptions.MAPS, TeraOptions.BLOCK_SIZE);
  }

  static void requireRecord(Size size) {
    if (size.bytes() < TeraRecord.LENGTH) {
      throw new InvalidInputException(
          "size " + size + " is smaller than one " + TeraRecord.LENGTH + "-byte record");
    }
  }

  @Override
  public List<Point> points(OptionValues options) {
    Size size = options.get(SIZE);
    requireRecord(size);
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("size", size.toString());
    params.put("size_bytes", size.bytes());
    return List.of(Point.of(size.toString(), params));
  }

  @Override
  public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
    Size size = options.get(SIZE);
    long rows = TeraJobs.rows(size);
    long bytes = rows * TeraRecord.LENGTH;
    long blockSize = TeraJobs.blockSize(options, ctx.configuration());
    int maps = TeraJobs.maps(options, bytes, blockSize);
    String name = options.get(OUTPUT).isEmpty() ? "teragen-" + size : options.get(OUTPUT);
    Path out = new Path(name).isAbsolute() || new Path(name).toUri().getScheme() != null
        ? new Path(name)
        : new Path(ctx.directories().base(), name);
    ctx.param("rows", rows);
    ctx.param("bytes", bytes);
    ctx.param("maps", maps);
    ctx.param("block_size", blockSize);
    ctx.param("output", out.toString());
    ctx.directories().create(out);
    String checksum = TeraJobs.generate(ctx, "teragen", rows, maps, blockSize, out);
    ctx.param("checksum", checksum);
  }
}
