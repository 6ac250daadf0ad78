package io.hbench.mapreduce.dfsio;

import io.hbench.core.PointInTask;
import io.hbench.core.fs.DataPattern;
import io.hbench.core.mapreduce.StartBarrier;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapreduce.Mapper;

/**
 * One file per map: writes, appends to or reads (sequentially or at random positions) {@code
 * size} bytes of file number {@code n}, timing the I/O from the first call to the end of {@code
 * close} (creating or opening the file is not timed, as in TestDFSIO). Every map's I/O starts
 * together, once each has its file open. Reads are checked against
 * the writer's {@link DataPattern}, every byte, on a second thread while the next buffer is read;
 * a mismatch is reported, not thrown, so the run records what was wrong.
 */
public final class DfsioMapper extends Mapper<LongWritable, NullWritable, Text, Text> {

  /** Progress samples per file, for the stonewall figure. */
  private static final int SAMPLES = 64;

  /** Counters of the job. */
  public enum Counter {
    FILES,
    BYTES,
    MISMATCHED_FILES
  }

  static String fileName(long n) {
    return "test_io_" + n;
  }

  @Override
  protected void map(LongWritable number, NullWritable ignored, Context context)
      throws IOException, InterruptedException {
    Configuration conf = context.getConfiguration();
    PointInTask at = PointInTask.of(conf);
    DfsioMode mode = at.options().get(DfsioOptions.MODE);
    long size = at.options().get(DfsioOptions.SIZE).bytes();
    int bufferSize = (int) at.options().get(DfsioOptions.BUFFER_SIZE).bytes();
    long n = number.get();
    Path file = new Path(DfsioBenchmark.dataDirectory(at.baseDirectory()), fileName(n));
    FileSystem fs = file.getFileSystem(conf);
    String codecName = at.options().get(DfsioOptions.COMPRESSION);
    CompressionCodec codec =
        codecName.isEmpty() ? null : new CompressionCodecFactory(conf).getCodecByName(codecName);
    DataPattern pattern = new DataPattern(n, bufferSize);
    Progress progress = new Progress(size, context);
    FileResult result;
    context.setStatus(mode.text + " " + file);
    switch (mode) {
      case WRITE, APPEND -> {
        long offset = mode == DfsioMode.APPEND ? fs.getFileStatus(file).getLen() : 0;
        OutputStream out =
            mode == DfsioMode.APPEND ? fs.append(file, bufferSize) : fs.create(file, true, bufferSize);
        if (codec != null) {
          out = codec.createOutputStream(out);
        }
        startWithTheOthers(conf, n, progress);
        try (OutputStream o = out) {
          for (long done = 0; done < size; ) {
            int len = (int) Math.min(bufferSize, size - done);
            pattern.write(o, offset + done, len);
            done += len;
            progress.at(done);
          }
        }
        result = progress.result(n, offset, size, -1);
      }
      case READ -> {
        InputStream in = fs.open(file, bufferSize);
        if (codec != null) {
          in = codec.createInputStream(in);
        }
        // Two buffers: while one is read into, the other's bytes are checked on a second
        // thread. The reading thread is busy copying from the socket, and a check on it would
        // slow the read it measures; the check runs on the core that is otherwise idle.
        byte[][] bufs = {new byte[bufferSize], new byte[bufferSize]};
        ExecutorService checker = Executors.newSingleThreadExecutor(r -> {
          Thread t = new Thread(r, "hbench-dfsio-check");
          t.setDaemon(true);
          return t;
        });
        Future<Long> pending = null;
        long mismatch = -1;
        long done = 0;
        startWithTheOthers(conf, n, progress);
        try (InputStream i = in) {
          for (int cur = 0; done < size; cur ^= 1) {
            byte[] buf = bufs[cur];
            int want = (int) Math.min(bufferSize, size - done);
            int filled = 0;
            while (filled < want) {
              int r = i.read(buf, filled, want - filled);
              if (r < 0) {
                break;
              }
              filled += r;
            }
            // The previous buffer's check ends before this one's starts: the one before that,
            // in the buffer just filled, ended a round ago. Checks end in file order.
            mismatch = firstMismatch(mismatch, pending);
            int len = filled;
            long offset = done;
            pending = checker.submit(() -> pattern.mismatch(buf, 0, len, offset));
            done += filled;
            progress.at(done);
            if (filled < want) {
              break; // end of file: the short count is reported
            }
          }
          mismatch = firstMismatch(mismatch, pending);
        } finally {
          checker.shutdownNow();
        }
        result = progress.result(n, 0, done, mismatch);
      }
      case RANDOM_READ -> {
        long length = fs.getFileStatus(file).getLen();
        FSDataInputStream in = fs.open(file, bufferSize);
        byte[] buf = new byte[bufferSize];
        // Positions are reproducible per file, so two runs read the same places.
        SplittableRandom rnd = new SplittableRandom(n);
        long mismatch = -1;
        long done = 0;
        startWithTheOthers(conf, n, progress);
        try (FSDataInputStream i = in) {
          while (done < size && length > 0) {
            long pos = rnd.nextLong(length);
            int want = (int) Math.min(bufferSize, size - done);
            int r = i.read(pos, buf, 0, want);
            if (r < 0) {
              break;
            }
            if (mismatch < 0) {
              mismatch = pattern.mismatch(buf, 0, r, pos);
            }
            done += r;
            progress.at(done);
          }
        }
        result = progress.result(n, 0, done, mismatch);
      }
      default -> throw new IOException("mode " + mode.text + " runs no job");
    }
    context.getCounter(Counter.FILES).increment(1);
    context.getCounter(Counter.BYTES).increment(result.bytes());
    if (result.firstMismatch() >= 0) {
      context.getCounter(Counter.MISMATCHED_FILES).increment(1);
    }
    context.write(new Text(String.format("%012d", n)), new Text(result.line()));
  }

  /**
   * Waits, the file open, until every map's is (the core's {@link StartBarrier}), then starts the
   * clock: the files are in I/O together, as TestDFSIO's are meant to be, and not one after
   * another as their containers happen to start.
   */
  private static void startWithTheOthers(Configuration conf, long n, Progress progress)
      throws IOException, InterruptedException {
    StartBarrier.arrive(conf, (int) n);
    progress.start();
  }

  /** The first mismatch so far, after waiting for the check of {@code pending}, if any. */
  private static long firstMismatch(long sofar, Future<Long> pending) throws IOException {
    if (pending == null) {
      return sofar;
    }
    try {
      long m = pending.get();
      return sofar >= 0 ? sofar : m;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("interrupted while checking what was read");
    } catch (ExecutionException e) {
      throw new IOException("checking what was read failed", e.getCause());
    }
  }

  /**
   * Times one file's I/O and keeps about {@value #SAMPLES} progress samples. A clock of the
   * suite's own, on purpose: TestDFSIO's figures are defined over each file's I/O time inside its
   * map (Throughput = total MB / the sum of those times), and the stonewall figure needs each
   * file's bytes over time; neither is a call the core's load runner makes.
   */
  private static final class Progress {
    private final long every;
    private final Context context;
    private final List<long[]> samples = new ArrayList<>();
    private long startMillis;
    private long startNanos;
    private long next;

    Progress(long size, Context context) {
      this.every = Math.max(1, size / SAMPLES);
      this.context = context;
      this.next = every;
    }

    void start() {
      startMillis = System.currentTimeMillis();
      startNanos = System.nanoTime();
    }

    void at(long done) {
      if (done >= next) {
        samples.add(new long[] {(System.nanoTime() - startNanos) / 1_000_000, done});
        next = done + every;
        context.progress();
      }
    }

    FileResult result(long n, long offset, long bytes, long mismatch) {
      long nanos = System.nanoTime() - startNanos;
      return new FileResult(
          n, offset, bytes, startMillis, startMillis + nanos / 1_000_000, nanos, mismatch, samples);
    }
  }
}
