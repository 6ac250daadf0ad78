package io.hbench.mapreduce.slive;

import static io.hbench.mapreduce.slive.SliveOptions.FILES;
import static io.hbench.mapreduce.slive.SliveOptions.MIX;
import static io.hbench.mapreduce.slive.SliveOptions.OPS_PER_MAP;
import static io.hbench.mapreduce.slive.SliveOptions.READ_SIZE;
import static io.hbench.mapreduce.slive.SliveOptions.SEED;
import static io.hbench.mapreduce.slive.SliveOptions.WRITE_SIZE;

import io.hbench.core.LoadScope;
import io.hbench.core.OptionValues;
import io.hbench.core.load.LoadClients;
import io.hbench.core.stats.RefusedCallException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.SplittableRandom;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One Slive client's calls: an operation picked at random from the mix, on a random name of the
 * shared namespace. A failed operation (no such file, file exists, rename refused) is counted by
 * its type; it does not stop the client.
 */
final class SliveCalls {

  private SliveCalls() {}

  /** The one client of a process ({@link SliveLoad#open}). */
  static LoadClients clients(LoadScope scope) throws IOException {
    OptionValues o = scope.options();
    SliveMix mix = o.get(MIX);
    int files = o.get(FILES);
    int dirs = Math.max(1, (int) Math.sqrt(files));
    int readSize = (int) o.get(READ_SIZE).bytes();
    int writeSize = (int) o.get(WRITE_SIZE).bytes();
    long blockSize = scope.param(SliveFields.BLOCK_SIZE);
    Path ns = new Path(scope.pointDirectory(), SliveLoad.NAMESPACE);
    FileSystem fs = scope.fileSystem();
    // One client thread per process, so one generator: the sequence follows from seed and task.
    SplittableRandom rnd = new SplittableRandom(o.get(SEED) * 31L + scope.process());
    byte[] data = new byte[Math.max(readSize, writeSize)];
    rnd.nextBytes(data);
    // By time, a create makes a fresh name (the namespace of --files names would be full after a
    // while, and every later create would fail); the other operations keep Slive's namespace.
    String fresh = scope.timed() ? "c" + scope.process() + "_r" + scope.run() + "_" : null;
    return LoadClients.of(1, o.get(OPS_PER_MAP), (t, i, steps) -> {
      SliveOperation op = mix.pick(rnd);
      steps.operation(op.text());
      Path file = new Path(new Path(ns, "d" + rnd.nextInt(dirs)), "f" + rnd.nextInt(files));
      if (fresh != null && op == SliveOperation.CREATE) {
        file = new Path(file.getParent(), fresh + i);
      }
      return run(op, fs, ns, file, rnd, dirs, files, data, readSize, writeSize, blockSize);
    });
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
