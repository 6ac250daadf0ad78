package io.hbench.mapreduce.slive;

import io.hbench.core.stats.OperationTally;
import io.hbench.core.stats.RefusedCallException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.SplittableRandom;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * One Slive client: issues {@code ops} operations picked at random from the mix over a shared
 * namespace of {@code files} file names in about sqrt(files) directories, and times each one.
 * A failed operation (no such file, file exists, rename refused) is counted by exception type;
 * it does not stop the map. Emits, per operation, its figures and failure types ({@link
 * OperationTally#line}), and the map's wall-clock window.
 */
public final class SliveMapper extends Mapper<LongWritable, NullWritable, Text, Text> {

  static final String NAMESPACE = "hbench.slive.namespace";
  static final String MIX = "hbench.slive.mix";
  static final String OPS = "hbench.slive.ops";
  static final String FILES = "hbench.slive.files";
  static final String READ_SIZE = "hbench.slive.read-size";
  static final String WRITE_SIZE = "hbench.slive.write-size";
  static final String BLOCK_SIZE = "hbench.slive.block-size";
  static final String DURATION = "hbench.slive.duration-ms";
  static final String SEED = "hbench.slive.seed";

  /** Key of the line with the map's first start and last end, ms since the epoch. */
  static final String WINDOW = "_window";

  private final OperationTally tally = new OperationTally();

  @Override
  protected void map(LongWritable mapNumber, NullWritable ignored, Context context)
      throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    SliveMix mix = SliveMix.parse(conf.get(MIX));
    long ops = conf.getLong(OPS, 0);
    int files = conf.getInt(FILES, 1);
    int dirs = Math.max(1, (int) Math.sqrt(files));
    int readSize = conf.getInt(READ_SIZE, 1 << 20);
    int writeSize = conf.getInt(WRITE_SIZE, 1 << 20);
    long blockSize = conf.getLong(BLOCK_SIZE, 128L << 20);
    long durationMs = conf.getLong(DURATION, 0);
    Path ns = new Path(conf.get(NAMESPACE));
    FileSystem fs = ns.getFileSystem(conf);
    SplittableRandom rnd = new SplittableRandom(conf.getLong(SEED, 0) * 31 + mapNumber.get());
    byte[] data = new byte[Math.max(readSize, writeSize)];
    rnd.nextBytes(data);
    long start = System.currentTimeMillis();
    long deadline = durationMs > 0 ? System.nanoTime() + durationMs * 1_000_000 : Long.MAX_VALUE;
    for (long i = 0; i < ops && System.nanoTime() < deadline; i++) {
      SliveOperation op = mix.pick(rnd);
      Path file = new Path(new Path(ns, "d" + rnd.nextInt(dirs)), "f" + rnd.nextInt(files));
      long bytes = 0;
      String failure = null;
      long t0 = System.nanoTime();
      try {
        bytes = run(op, fs, ns, file, rnd, dirs, files, data, readSize, writeSize, blockSize);
      } catch (IOException e) {
        failure = e.getClass().getSimpleName();
      } catch (RefusedCallException e) {
        failure = OperationTally.failureType(e);
      }
      tally.record(op.text(), System.nanoTime() - t0, bytes, failure);
      if ((i & 63) == 0) {
        context.progress();
      }
    }
    long end = System.currentTimeMillis();
    for (String op : tally.stats().keySet()) {
      context.write(new Text(op), new Text(tally.line(op)));
    }
    context.write(new Text(WINDOW), new Text(start + " " + end));
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
