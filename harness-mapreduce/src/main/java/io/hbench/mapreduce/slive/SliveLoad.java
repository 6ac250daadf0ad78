package io.hbench.mapreduce.slive;

import static io.hbench.mapreduce.slive.SliveOptions.FILES;
import static io.hbench.mapreduce.slive.SliveOptions.MIX;
import static io.hbench.mapreduce.slive.SliveOptions.OPS_PER_MAP;
import static io.hbench.mapreduce.slive.SliveOptions.READ_SIZE;
import static io.hbench.mapreduce.slive.SliveOptions.SEED;
import static io.hbench.mapreduce.slive.SliveOptions.WRITE_SIZE;

import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.result.Metric;
import io.hbench.core.stats.RefusedCallException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Slive's load: one client per process (a map task, or this process with {@code --maps 0})
 * issuing {@code --ops-per-map} operations picked at random from the mix over a shared
 * namespace of {@code --files} file names in about sqrt(files) directories. A failed operation
 * (no such file, file exists, rename refused) is counted by its type; it does not stop the
 * client. The core times each call and merges the clients' figures.
 */
final class SliveLoad implements LoadSpec {

  /** Under the point's directory: the namespace every client works in. */
  static final String NAMESPACE = "namespace";

  /** A task of SliveTest is one client. */
  @Override
  public int defaultMaps() {
    return 4;
  }

  @Override
  public String operation(OptionValues o, Point point) {
    return "slive";
  }

  @Override
  public int threads(OptionValues o, Point point) {
    return 1;
  }

  @Override
  public LoadClients open(LoadScope scope) throws IOException {
    OptionValues o = scope.options();
    SliveMix mix = o.get(MIX);
    int files = o.get(FILES);
    int dirs = Math.max(1, (int) Math.sqrt(files));
    int readSize = (int) o.get(READ_SIZE).bytes();
    int writeSize = (int) o.get(WRITE_SIZE).bytes();
    long blockSize = scope.param(SliveFields.BLOCK_SIZE);
    Path ns = new Path(scope.pointDirectory(), NAMESPACE);
    FileSystem fs = scope.fileSystem();
    // One client thread per process, so one generator: the sequence follows from seed and task.
    SplittableRandom rnd = new SplittableRandom(o.get(SEED) * 31L + scope.process());
    byte[] data = new byte[Math.max(readSize, writeSize)];
    rnd.nextBytes(data);
    return LoadClients.of(1, o.get(OPS_PER_MAP), (t, i, steps) -> {
      SliveOperation op = mix.pick(rnd);
      steps.operation(op.text());
      Path file = new Path(new Path(ns, "d" + rnd.nextInt(dirs)), "f" + rnd.nextInt(files));
      return run(op, fs, ns, file, rnd, dirs, files, data, readSize, writeSize, blockSize);
    });
  }

  /**
   * The rate of the whole mix over the clients' window, and SliveTest's own per operation (per
   * second spent in that operation: one client's view, not compared).
   */
  @Override
  public void figures(LoadResult r, LoadScope scope, PhaseFigures into) {
    into.metric(Metric.of("ops_per_s", Metric.OPS_PER_SECOND, round(r.callsPerSecond()),
        Metric.Better.HIGHER));
    Map<String, Double> opTime = new LinkedHashMap<>();
    r.tally().stats().forEach((op, s) -> opTime.put(op,
        round(s.totalNanos() <= 0 ? 0 : s.calls() / (s.totalNanos() / 1e9))));
    into.figure(SliveFields.OPS_PER_S_OP_TIME, opTime);
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  /** Runs one operation; returns the bytes it moved. */
  private static long run(
      SliveOperation op,
      FileSystem fs,
      Path ns,
      Path file,
      SplittableRandom rnd,
      int dirs,
      int files,
      byte[] data,
      int readSize,
      int writeSize,
      long blockSize)
      throws IOException, RefusedCallException {
    switch (op) {
      case CREATE -> {
        try (OutputStream out =
            fs.create(file, false, 65536, fs.getDefaultReplication(file), blockSize)) {
          out.write(data, 0, writeSize);
        }
        return writeSize;
      }
      case APPEND -> {
        try (OutputStream out = fs.append(file)) {
          out.write(data, 0, writeSize);
        }
        return writeSize;
      }
      case READ -> {
        long done = 0;
        try (InputStream in = fs.open(file)) {
          int r;
          while (done < readSize && (r = in.read(data, 0, (int) Math.min(data.length, readSize - done))) > 0) {
            done += r;
          }
        }
        return done;
      }
      case LS -> {
        fs.listStatus(new Path(ns, "d" + rnd.nextInt(dirs)));
        return 0;
      }
      case MKDIR -> {
        if (!fs.mkdirs(new Path(file.getParent(), "m" + rnd.nextInt(files)))) {
          throw new RefusedCallException("mkdirs returned false");
        }
        return 0;
      }
      case RENAME -> {
        Path to = new Path(new Path(ns, "d" + rnd.nextInt(dirs)), "f" + rnd.nextInt(files));
        if (!fs.rename(file, to)) {
          throw new RefusedCallException("rename returned false");
        }
        return 0;
      }
      case DELETE -> {
        if (!fs.delete(file, false)) {
          // HDFS returns false for a missing file: the usual failure in a random mix.
          throw new RefusedCallException("delete returned false");
        }
        return 0;
      }
      default -> throw new IllegalStateException(op.toString());
    }
  }
}
