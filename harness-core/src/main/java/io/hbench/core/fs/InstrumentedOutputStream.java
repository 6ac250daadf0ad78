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
 * is counted on every call and timed on a random sample (one in {@link
 * IoStatistics#sampleEvery()}); {@code hflush}, {@code hsync} and {@code close} are timed on every
 * call. Figures go to the file system's {@link IoStatistics} at close.
 */
final class InstrumentedOutputStream extends OutputStream
    implements Syncable, StreamCapabilities, CanSetDropBehind, IOStatisticsSource, Abortable {

  private final FSDataOutputStream out;
  private final IoStatistics owner;
  private final IoStatistics.StreamFigures figures;
  private final OperationStats writes;
  private final CallSampler sampler;
  private boolean closed;

  InstrumentedOutputStream(FSDataOutputStream out, IoStatistics owner) {
    this.out = out;
    this.owner = owner;
    this.figures = owner.openStream();
    this.writes = figures.get(IoOperation.WRITE);
    this.sampler = new CallSampler(owner.sampleEvery(), System.identityHashCode(this));
  }

  /** Wraps {@code out} so that its callers see a stream at the same position. */
  static FSDataOutputStream wrap(FSDataOutputStream out, IoStatistics owner) throws IOException {
    // No Statistics for the outer stream: the wrapped one already counts bytes for its scheme.
    return new FSDataOutputStream(new InstrumentedOutputStream(out, owner), null, out.getPos());
  }

  @Override
  public void write(int b) throws IOException {
    OperationStats s = writes;
    s.calls++;
    if (sampler.skip()) {
      try {
        out.write(b);
      } catch (IOException | RuntimeException e) {
        failed(s, IoOperation.WRITE);
        throw e;
      }
      s.bytes++;
      return;
    }
    timedWrite(null, b, 0, 1);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    OperationStats s = writes;
    s.calls++;
    if (sampler.skip()) {
      try {
        out.write(b, off, len);
      } catch (IOException | RuntimeException e) {
        failed(s, IoOperation.WRITE);
        throw e;
      }
      s.bytes += len;
      return;
    }
    timedWrite(b, 0, off, len);
  }

  /** The sampled path, kept out of {@code write} so the common path stays small to inline. */
  private void timedWrite(byte[] b, int single, int off, int len) throws IOException {
    sampler.rearm();
    OperationStats s = writes;
    long t0 = System.nanoTime();
    try {
      if (b == null) {
        out.write(single);
      } else {
        out.write(b, off, len);
      }
    } catch (IOException | RuntimeException e) {
      failed(s, IoOperation.WRITE);
      throw e;
    } finally {
      s.timed(System.nanoTime() - t0);
    }
    s.bytes += len;
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
      owner.closeStream(figures);
    }
  }

  @Override
  public AbortableResult abort() {
    try {
      return out.abort();
    } finally {
      closed = true;
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
