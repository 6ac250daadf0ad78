package io.hbench.mapreduce.terasort;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * TeraValidate on its own: checks that a directory of 100-byte records (hbench's or Hadoop's
 * TeraSort output) is globally sorted, and reports its record count and checksum. Reads the
 * input only; its report goes under --base-dir.
 */
public final class TeraValidateBenchmark implements Benchmark {

  static final BenchmarkOption<String> INPUT =
      BenchmarkOption.text("--input", "DIR", "Sorted output to check (part files in order).", null);
  static final BenchmarkOption<String> CHECKSUM =
      BenchmarkOption.text(
          "--expect-checksum",
          "HEX",
          "Checksum the data must have, in hex: params.checksum of an hbench teragen or"
              + " terasort record, or the 'checksum' line of Hadoop's TeraValidate report"
              + " (default: not compared).",
          "");

  @Override
  public String name() {
    return "teravalidate";
  }

  @Override
  public String description() {
    return "Check that TeraSort output is globally sorted; report its records and checksum.";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return List.of(INPUT, CHECKSUM);
  }

  @Override
  public List<Point> points(OptionValues options) {
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("input", options.get(INPUT));
    return List.of(Point.of(new Path(options.get(INPUT)).getName(), params));
  }

  @Override
  public void checkInputs(OptionValues options, Configuration conf) throws IOException {
    Path in = new Path(options.get(INPUT));
    FileSystem fs = in.getFileSystem(conf);
    if (!fs.exists(in) || !fs.getFileStatus(in).isDirectory()) {
      throw new InvalidInputException("--input " + in + " is not a directory on " + fs.getUri());
    }
  }

  @Override
  public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
    Path in = new Path(options.get(INPUT));
    TeraJobs.Outcome v = TeraJobs.validate(ctx, in, new Path(ctx.pointDirectory(), "report"));
    ctx.param("records", v.records());
    ctx.param("checksum", v.checksum());
    TeraJobs.checkOrder(ctx, v);
    String expected = options.get(CHECKSUM).trim().toLowerCase(java.util.Locale.ROOT);
    if (!expected.isEmpty()) {
      ctx.check("checksum", expected.equals(v.checksum()),
          "expected " + expected + ", found " + v.checksum());
    }
  }
}
