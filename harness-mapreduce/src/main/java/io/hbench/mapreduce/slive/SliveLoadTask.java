package io.hbench.mapreduce.slive;

import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadTask;
import io.hbench.core.stats.RefusedCallException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.time.Duration;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * One Slive client, a map task of the core's {@link io.hbench.core.load.DistributedLoad}: issues
 * {@code ops} operations picked at random from the mix over a shared namespace of {@code files}
 * file names in about sqrt(files) directories. A failed operation (no such file, file exists,
 * rename refused) is counted by its type; it does not stop the client. The core times each call
 * and merges the clients' figures.
 */
public final class SliveLoadTask implements LoadTask {

  static final String NAMESPACE = "hbench.slive.namespace";
  static final String MIX = "hbench.slive.mix";
  static final String OPS = "hbench.slive.ops";
  static final String FILES = "hbench.slive.files";
  static final String READ_SIZE = "hbench.slive.read-size";
  static final String WRITE_SIZE = "hbench.slive.write-size";
  static final String BLOCK_SIZE = "hbench.slive.block-size";
  static final String DURATION = "hbench.slive.duration-ms";
  static final String SEED = "hbench.slive.seed";

  @Override
  public Load open(Configuration conf, int task, int tasks) throws IOException {
    SliveMix mix = SliveMix.parse(conf.get(MIX));
    long ops = conf.getLong(OPS, 0);
    int files = conf.getInt(FILES, 1);
    int dirs = Math.max(1, (int) Math.sqrt(files));
    int readSize = conf.getInt(READ_SIZE, 1 << 20);
    int writeSize = conf.getInt(WRITE_SIZE, 1 << 20);
    long blockSize = conf.getLong(BLOCK_SIZE, 128L << 20);
    Path ns = new Path(conf.get(NAMESPACE));
    FileSystem fs = ns.getFileSystem(conf);
    // One client thread per task, so one generator: the sequence follows from seed and task.
    SplittableRandom rnd = new SplittableRandom(conf.getLong(SEED, 0) * 31 + task);
    byte[] data = new byte[Math.max(readSize, writeSize)];
    rnd.nextBytes(data);
    LoadPlan plan = LoadPlan.calls(ops)
        .withDuration(Duration.ofMillis(conf.getLong(DURATION, 0)));
    return new Load("slive", plan, (t, i, steps) -> {
      SliveOperation op = mix.pick(rnd);
      steps.operation(op.text());
      Path file = new Path(new Path(ns, "d" + rnd.nextInt(dirs)), "f" + rnd.nextInt(files));
      return run(op, fs, ns, file, rnd, dirs, files, data, readSize, writeSize, blockSize);
    }, null);
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
