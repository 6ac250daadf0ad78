package io.hbench.perf;

import io.hbench.core.fs.InstrumentedFileSystem;
import io.hbench.core.fs.Instrumentation;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RawLocalFileSystem;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the instrumented file system adds to a call: the same 100-byte write (or positional read)
 * on the raw stream and on the wrapped one. The sink is {@code /dev/null} behind the local file
 * system's 64 KiB buffer, so the call itself is as cheap as a write gets and the difference is
 * the wrapper's. Run with {@code perf/instrument-overhead.sh}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xmx1g"})
public class StreamOverheadBenchmark {

  /** One write or read in this many is timed exactly; 64 is the default, 1 times every call. */
  @Param({"64", "1"})
  public int sampleEvery;

  private FileSystem raw;
  private InstrumentedFileSystem wrapped;
  private FSDataOutputStream rawOut;
  private FSDataOutputStream wrappedOut;
  private FSDataInputStream rawIn;
  private FSDataInputStream wrappedIn;
  private File data;
  private final byte[] record = new byte[100];
  private final byte[] buffer = new byte[100];
  private long position;

  @Setup(Level.Trial)
  public void setUp() throws IOException {
    Configuration conf = new Configuration(false);
    conf.setInt(InstrumentedFileSystem.SAMPLE_KEY, sampleEvery);
    conf.setInt("io.file.buffer.size", 65536);
    raw = new RawLocalFileSystem();
    raw.initialize(new File("/").toURI(), conf);
    wrapped = Instrumentation.wrap(raw);
    Path sink = new Path("/dev/null");
    rawOut = raw.create(sink, true, 65536);
    wrappedOut = wrapped.create(sink, true, 65536);
    data = Files.createTempFile("hbench-jmh", ".bin").toFile();
    Files.write(data.toPath(), new byte[1 << 20]);
    rawIn = raw.open(new Path(data.toURI()));
    wrappedIn = wrapped.open(new Path(data.toURI()));
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    rawOut.close();
    wrappedOut.close();
    rawIn.close();
    wrappedIn.close();
    data.delete();
  }

  @Benchmark
  public void writeRaw() throws IOException {
    rawOut.write(record, 0, 100);
  }

  @Benchmark
  public void writeWrapped() throws IOException {
    wrappedOut.write(record, 0, 100);
  }

  @Benchmark
  public int preadRaw() throws IOException {
    position = (position + 4096) & ((1 << 20) - 1);
    return rawIn.read(position, buffer, 0, 100);
  }

  @Benchmark
  public int preadWrapped() throws IOException {
    position = (position + 4096) & ((1 << 20) - 1);
    return wrappedIn.read(position, buffer, 0, 100);
  }

  /** The price of one clock read here, the reason writes are not all timed exactly. */
  @Benchmark
  public long nanoTime() {
    return System.nanoTime();
  }
}
