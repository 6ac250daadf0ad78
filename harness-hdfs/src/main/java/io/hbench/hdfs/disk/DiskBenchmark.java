package io.hbench.hdfs.disk;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.cluster.Needs;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.size.Size;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;

/**
 * The raw disk, as the seed measures it with {@code dd}: a file written sequentially in blocks,
 * then read back, {@code --runs} times. Java NIO, one system call per block; optionally O_DIRECT
 * ({@code --direct}) and an fsync before the write's clock stops ({@code --fsync}). It measures
 * this machine's directory, so it opens no cluster.
 */
public final class DiskBenchmark implements Benchmark {

  static final BenchmarkOption<String> PATH =
      BenchmarkOption.text(
          "--path", "DIR", "Directory on the disk to measure (required); hbench works in DIR/hbench-disk.", "");
  static final BenchmarkOption<Size> BLOCK_SIZE =
      BenchmarkOption.size("--block-size", "Bytes per write and read call, as dd's bs.", "4K");
  static final BenchmarkOption<Size> SIZE =
      BenchmarkOption.size(
          "--size", "File size; a multiple of --block-size. Above memory for honest reads.", "1G");
  static final BenchmarkOption<Boolean> DIRECT =
      BenchmarkOption.flag("--direct", "O_DIRECT: bypass the page cache (as dd oflag=direct iflag=direct).");
  static final BenchmarkOption<Boolean> FSYNC =
      BenchmarkOption.flag("--fsync", "Force the data to the device before the write's clock stops (as dd conv=fdatasync).");

  /** The file's name in the point directory. */
  static final String FILE = "disk.dat";

  @Override
  public String name() {
    return "disk";
  }

  @Override
  public String description() {
    return "Raw disk sequential write and read, like dd, in blocks, with the bytes checked.";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return List.of(PATH, BLOCK_SIZE, SIZE, DIRECT, FSYNC);
  }

  @Override
  public List<Point> points(OptionValues options) {
    if (options.get(PATH).isBlank()) {
      throw new InvalidInputException("disk: --path DIR is required (a directory on the disk to measure)");
    }
    long block = options.get(BLOCK_SIZE).bytes();
    long size = options.get(SIZE).bytes();
    if (block < Long.BYTES || block > (64 << 20)) {
      throw new InvalidInputException("--block-size must be between 8 bytes and 64M");
    }
    if (size % block != 0) {
      throw new InvalidInputException(
          "--size " + options.get(SIZE) + " is not a multiple of --block-size " + options.get(BLOCK_SIZE));
    }
    return List.of(Point.of(options.get(BLOCK_SIZE) + "x" + options.get(SIZE))
        .with("block_size", block)
        .with(DiskFields.SIZE, options.get(SIZE))
        .with("blocks", size / block)
        .with(DiskFields.DIRECT, options.get(DIRECT))
        .with(DiskFields.FSYNC, options.get(FSYNC)));
  }

  /** This machine's directory {@code --path}: no cluster is opened or asked. */
  @Override
  public Needs needs(OptionValues options) {
    return Needs.localDirectory(options.get(PATH));
  }

  /** Three runs, as the seed averages dd over several: the table adds their mean. */
  @Override
  public int defaultRepeat() {
    return 3;
  }

  @Override
  public void checkInputs(OptionValues options, Configuration conf) throws IOException {
    Path dir = Path.of(options.get(PATH));
    if (!Files.isDirectory(dir)) {
      throw new InvalidInputException("disk: --path " + dir + " is not an existing directory");
    }
    long size = options.get(SIZE).bytes();
    long free = Files.getFileStore(dir).getUsableSpace();
    // Room for the file and a little for hbench's directories and markers.
    if (free < size + (16 << 20)) {
      throw new InvalidInputException(
          "disk: --size " + options.get(SIZE) + " does not fit in " + dir + " (" + Size.ofBytes(free)
              + " free)");
    }
    long block = options.get(BLOCK_SIZE).bytes();
    long align = Files.getFileStore(dir).getBlockSize();
    if (options.get(DIRECT) && block % align != 0) {
      throw new InvalidInputException(
          "disk: --direct needs --block-size to be a multiple of the file system's block size ("
              + align + " bytes)");
    }
  }

  @Override
  public void run(Point point, OptionValues options, RunContext ctx) throws Exception {
    long size = options.get(SIZE).bytes();
    int block = (int) options.get(BLOCK_SIZE).bytes();
    boolean direct = options.get(DIRECT);
    Path dir = Path.of(ctx.pointDirectory().toUri());
    Path file = dir.resolve(FILE);
    long memory = physicalMemory();
    ctx.param("path", file.toString());
    ctx.param("file_store", Files.getFileStore(dir).toString());
    ctx.param(DiskFields.PHYSICAL_MEMORY, memory);
    boolean cacheCould = !direct && (memory <= 0 || size < memory);
    ctx.param(DiskFields.PAGE_CACHE_COULD_SERVE_READS, cacheCould);
    BlockFile f =
        new BlockFile(file, block, size, direct, (int) Files.getFileStore(dir).getBlockSize());
    try {
      ctx.phase("write", size, () -> {
            f.write(options.get(FSYNC));
            return size / block;
          }, DiskBenchmark::ddFigure);
      long[] bad = {-1};
      ctx.phase("read", size, () -> {
            bad[0] = f.read();
            return size / block;
          }, DiskBenchmark::ddFigure);
      ctx.check(
          "read_back",
          bad[0] < 0,
          bad[0] < 0
              ? size + " bytes read back as written"
              : "byte " + bad[0] + " of " + file + " is not what was written there");
    } finally {
      // One file per run: with --runs 10 of 100G, keeping each until the end would need 1T.
      if (!ctx.keep()) {
        Files.deleteIfExists(file);
      }
    }
  }

  /** dd prints decimal megabytes per second; the same figure, to compare with it directly. */
  private static void ddFigure(PhaseResult phase, PhaseFigures into) {
    into.figure(DiskFields.MB_S_DECIMAL, phase.bytes() / 1e6 / phase.seconds());
  }

  private static long physicalMemory() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getTotalMemorySize();
    }
    return -1;
  }
}
