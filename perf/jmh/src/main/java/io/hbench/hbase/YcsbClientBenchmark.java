package io.hbench.hbase;

import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadResult;
import io.hbench.core.text.Console;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Whether bench ycsb's client can be the limit: its clients (YCSB's key and operation choice,
 * value making, every value read checked) driven by the core's load runner at {@code threads}
 * threads against a table stand-in that answers at once (a put is dropped; a get returns the
 * version-0 values hbench would have written, so that every check runs and passes). The rate is
 * what one process can drive; the target (issue 36) is at least 200,000 operations a second at
 * 2 threads. Run with {@code java -jar perf/jmh/target/benchmarks.jar YcsbClientBenchmark}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 2, jvmArgsAppend = {"-Xmx1g"})
public class YcsbClientBenchmark {

  /** Operations per invocation, over all threads. */
  static final int OPS = 200_000;

  @Param({"1", "2"})
  public int threads;

  @Param({"a", "c"})
  public String workload;

  private final Console quiet = new Console(
      new PrintStream(OutputStream.nullOutputStream()), new PrintStream(OutputStream.nullOutputStream()),
      false, 1_000_000);

  /** A table that answers at once, with what hbench's load would have written. */
  static final class StandIn implements Table {
    private final YcsbWorkload w;
    private final long seed;

    StandIn(YcsbWorkload w, long seed) {
      this.w = w;
      this.seed = seed;
    }

    @Override
    public Result get(Get get) {
      String key = Bytes.toString(get.getRow());
      List<Cell> cells = new ArrayList<>(w.fields());
      for (int f = 0; f < w.fields(); f++) {
        cells.add(new KeyValue(get.getRow(), YcsbTable.FAMILY,
            YcsbKeys.field(f).getBytes(StandardCharsets.US_ASCII),
            YcsbValues.value(seed, key, f, 0, w.fieldLength())));
      }
      return Result.create(cells);
    }

    @Override
    public void put(Put put) {}

    @Override
    public TableName getName() {
      return TableName.valueOf(w.table());
    }

    @Override
    public Configuration getConfiguration() {
      return new Configuration(false);
    }

    @Override
    public org.apache.hadoop.hbase.client.TableDescriptor getDescriptor() {
      throw new UnsupportedOperationException("a stand-in has no descriptor");
    }

    @Override
    public org.apache.hadoop.hbase.client.RegionLocator getRegionLocator() {
      throw new UnsupportedOperationException("a stand-in has no regions");
    }

    @Override
    public void close() {}
  }

  @Benchmark
  @OperationsPerInvocation(OPS)
  public long run() throws Exception {
    YcsbWorkload w = YcsbOptions.workload(workload, List.of(), 1_000_000L, (long) OPS).workload();
    LoadClients c = YcsbClients.over(w, 1, false, 0, threads, threads, name -> new StandIn(w, 1),
        null);
    try (AutoCloseable closing = c.resources()) {
      LoadResult r = ConcurrentLoad.run("operation", LoadPlan.calls(c.callsPerThread()), c.call(),
          quiet, "jmh");
      if (r.failures() > 0) {
        throw new IllegalStateException(r.failures() + " calls failed: " + r.firstProblem());
      }
      return r.calls();
    }
  }
}
