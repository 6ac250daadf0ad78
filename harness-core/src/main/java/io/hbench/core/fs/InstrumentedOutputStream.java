package io.hbench.core.fs;

import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.Abortable;
import org.apache.hadoop.fs.CanSetDropBehind;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.Syncable;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;

/**
 * Counts and times the calls on an output stream, then passes them on unchanged. {@code write}
 * is counted on every call, timed exactly on a random sample (one in {@link
 * IoStatistics#sampleEvery()}) and by the {@link TickSampler} otherwise; {@code hflush}, {@code
 * hsync} and {@code close} are timed exactly on every call. Figures go to the file system's
 * {@link IoStatistics} at close.
 */
final class InstrumentedOutputStream extends OutputStream
    implements Syncable, StreamCapabilities, CanSetDropBehind, IOStatisticsSource, Abortable,
        IoStatistics.LiveWrites {

  private final FSDataOutputStream out;
  private final IoStatistics owner;
  private final IoStatistics.StreamFigures figures;
  private final OperationStats writes;
  private final CallSampler sampler;
  private final CallProbe probe;
  private static final int WRITE_STATE = IoOperation.WRITE.ordinal() + 1;
  /** Calls left until the next exactly timed one; here rather than in the sampler, to save a load. */
  private int countdown;
  /**
   * {@code write} calls and bytes, kept here on the hot path and moved into {@link #writes} at
   * close; {@link IoStatistics#snapshot()} reads them through {@link #liveCalls()}.
   */
  private long writeCalls;
  private long writeBytes;
  private boolean closed;

  InstrumentedOutputStream(FSDataOutputStream out, IoStatistics owner) {
    this.out = out;
    this.owner = owner;
    this.figures = owner.openStream();
    this.writes = figures.get(IoOperation.WRITE);
    this.probe = figures.probe;
    figures.live = this;
    this.sampler = new CallSampler(owner.sampleEvery(), System.identityHashCode(this));
    this.countdown = sampler.next();
  }

  /** Wraps {@code out} so that its callers see a stream at the same position. */
  static FSDataOutputStream wrap(FSDataOutputStream out, IoStatistics owner) throws IOException {
    return new Outer(new InstrumentedOutputStream(out, owner));
  }

  /**
   * The stream callers get. {@code write} goes straight to the counting stream: the inherited
   * path would add a second synchronized DataOutputStream and a position cache, which cost more
   * than all the counting (an uncontended lock is a CAS on a JDK without biased locking). The
   * wrapped stream keeps its own synchronization, and the position is the wrapped stream's.
   * Other DataOutputStream methods ({@code writeInt}, ...) take the inherited path and are
   * counted there.
   */
  private static final class Outer extends FSDataOutputStream {
    private final InstrumentedOutputStream counting;

    Outer(InstrumentedOutputStream counting) throws IOException {
      // No Statistics here: the wrapped stream already counts bytes for its scheme.
      super(counting, null, counting.out.getPos());
      this.counting = counting;
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      counting.write(b, off, len);
      int w = written + len;
      written = w < 0 ? Integer.MAX_VALUE : w;
    }

    @Override
    public void write(int b) throws IOException {
      counting.write(b);
      if (written != Integer.MAX_VALUE) {
        written++;
      }
    }

    @Override
    public long getPos() {
      return counting.out.getPos();
    }
  }

  @Override
  public void write(int b) throws IOException {
    writeCalls++;
    if (--countdown > 0) {
      probe.enter(WRITE_STATE);
      try {
        out.write(b);
      } catch (IOException | RuntimeException e) {
        probe.exit();
        writeFailed();
        throw e;
      }
      probe.exit();
      writeBytes++;
      return;
    }
    timedWrite(null, b, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    writeCalls++;
    if (--countdown > 0) {
      probe.enter(WRITE_STATE);
      try {
        out.write(b, off, len);
      } catch (IOException | RuntimeException e) {
        probe.exit();
        writeFailed();
        throw e;
      }
      probe.exit();
      writeBytes += len;
      return;
    }
    timedWrite(b, 0, off, len);
  }

  private void writeFailed() {
    if (closed) {
      writeCalls--;
      owner.record(IoOperation.WRITE, -1, 0, true);
    } else {
      writes.failures++;
    }
  }

  /** The write calls not yet moved into the figures, for snapshots of an open stream. */
  @Override
  public long liveCalls() {
    return writeCalls;
  }

  @Override
  public long liveBytes() {
    return writeBytes;
  }

  /** Moves the hot-path counters into the figures; at close only. */
  private void settle() {
    writes.calls += writeCalls;
    writes.bytes += writeBytes;
    writeCalls = 0;
    writeBytes = 0;
  }

  /** The sampled path, kept out of {@code write} so the common path stays small to inline. */
  private void timedWrite(byte[] b, int single, int off, int len) throws IOException {
    countdown = sampler.next();
    OperationStats s = writes;
    long t0 = System.nanoTime();
    try {
      if (b == null) {
        out.write(single);
      } else {
        out.write(b, off, len);
      }
    } catch (IOException | RuntimeException e) {
      writeFailed();
      throw e;
    } finally {
      s.timed(System.nanoTime() - t0);
    }
    writeBytes += len;
  }

  @Override
  public void flush() throws IOException {
    out.flush();
  }

  @Override
  public void hflush() throws IOException {
    OperationStats s = figures.get(IoOperation.HFLUSH);
    s.calls++;
    long t0 = System.nanoTime();
    try {
      out.hflush();
    } catch (IOException | RuntimeException e) {
      failed(s, IoOperation.HFLUSH);
      throw e;
    } finally {
      s.timed(System.nanoTime() - t0);
    }
  }

  @Override
  public void hsync() throws IOException {
    OperationStats s = figures.get(IoOperation.HSYNC);
    s.calls++;
    long t0 = System.nanoTime();
    try {
      out.hsync();
    } catch (IOException | RuntimeException e) {
      failed(s, IoOperation.HSYNC);
      throw e;
    } finally {
      s.timed(System.nanoTime() - t0);
    }
  }

  @Override
  public void close() throws IOException {
    if (closed) {
      // A second close is still a call the caller made; it goes straight to the totals.
      long t0 = System.nanoTime();
      boolean ok = false;
      try {
        out.close();
        ok = true;
      } finally {
        owner.record(IoOperation.CLOSE, System.nanoTime() - t0, 0, !ok);
      }
      return;
    }
    closed = true;
    OperationStats s = figures.get(IoOperation.CLOSE);
    s.calls++;
    long t0 = System.nanoTime();
    try {
      out.close();
    } catch (IOException | RuntimeException e) {
      s.failures++;
      throw e;
    } finally {
      s.timed(System.nanoTime() - t0);
      settle();
      owner.closeStream(figures);
    }
  }

  @Override
  public AbortableResult abort() {
    try {
      return out.abort();
    } finally {
      closed = true;
      settle();
      owner.closeStream(figures);
    }
  }

  @Override
  public boolean hasCapability(String capability) {
    return out.hasCapability(capability);
  }

  @Override
  public void setDropBehind(Boolean dropCache) throws IOException {
    out.setDropBehind(dropCache);
  }

  @Override
  public IOStatistics getIOStatistics() {
    return out.getIOStatistics();
  }

  /**
   * A failed call. After close the stream's figures are already in the totals, so a call made
   * on a closed stream (which fails on most file systems) is recorded there directly.
   */
  private void failed(OperationStats s, IoOperation op) {
    if (closed) {
      s.calls--;
      owner.record(op, -1, 0, true);
    } else {
      s.failures++;
    }
  }

  @Override
  public String toString() {
    return "InstrumentedOutputStream{" + out + "}";
  }
}
