package io.hbench.core.fs;

import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.hadoop.fs.ByteBufferPositionedReadable;
import org.apache.hadoop.fs.ByteBufferReadable;
import org.apache.hadoop.fs.CanSetDropBehind;
import org.apache.hadoop.fs.CanSetReadahead;
import org.apache.hadoop.fs.CanUnbuffer;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSInputStream;
import org.apache.hadoop.fs.StreamCapabilities;
import org.apache.hadoop.fs.statistics.IOStatistics;
import org.apache.hadoop.fs.statistics.IOStatisticsSource;

/**
 * Counts and times the calls on an input stream, then passes them on unchanged. Sequential {@code
 * read} and {@code seek} are counted on every call, timed exactly on a random sample and by the
 * {@link TickSampler} otherwise; positional reads and {@code close} are timed exactly on every
 * call. Capabilities the wrapped stream lacks fail exactly as
 * they would on it, since every call goes to the wrapped {@link FSDataInputStream}.
 */
final class InstrumentedInputStream extends FSInputStream
    implements ByteBufferReadable,
        ByteBufferPositionedReadable,
        CanUnbuffer,
        CanSetReadahead,
        CanSetDropBehind,
        StreamCapabilities,
        IOStatisticsSource {

  /** A positional or timed read; returns bytes read or -1. */
  @FunctionalInterface
  private interface Read {
    int run() throws IOException;
  }

  private final FSDataInputStream in;
  private final IoStatistics owner;
  private final IoStatistics.StreamFigures figures;
  private final OperationStats reads;
  private final OperationStats seeks;
  private final CallSampler sampler;
  private final CallProbe probe;
  private static final int READ_STATE = IoOperation.READ.ordinal() + 1;
  private static final int SEEK_STATE = IoOperation.SEEK.ordinal() + 1;
  private boolean closed;

  InstrumentedInputStream(FSDataInputStream in, IoStatistics owner) {
    this.in = in;
    this.owner = owner;
    this.figures = owner.openStream();
    this.reads = figures.get(IoOperation.READ);
    this.seeks = figures.get(IoOperation.SEEK);
    this.probe = figures.probe;
    this.sampler = new CallSampler(owner.sampleEvery(), System.identityHashCode(this));
  }

  static FSDataInputStream wrap(FSDataInputStream in, IoStatistics owner) {
    return new FSDataInputStream(new InstrumentedInputStream(in, owner));
  }

  @Override
  public int read() throws IOException {
    OperationStats s = reads;
    s.calls++;
    if (sampler.skip()) {
      probe.enter(READ_STATE);
      int r;
      try {
        r = in.read();
      } catch (IOException | RuntimeException e) {
        probe.exit();
        failed(s, IoOperation.READ);
        throw e;
      }
      probe.exit();
      if (r >= 0) {
        s.bytes++;
      }
      return r;
    }
    int r = sampled(s, in::read);
    if (r >= 0) {
      s.bytes++;
    }
    return r;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    OperationStats s = reads;
    s.calls++;
    if (sampler.skip()) {
      probe.enter(READ_STATE);
      int n;
      try {
        n = in.read(b, off, len);
      } catch (IOException | RuntimeException e) {
        probe.exit();
        failed(s, IoOperation.READ);
        throw e;
      }
      probe.exit();
      if (n > 0) {
        s.bytes += n;
      }
      return n;
    }
    int n = sampled(s, () -> in.read(b, off, len));
    if (n > 0) {
      s.bytes += n;
    }
    return n;
  }

  @Override
  public int read(ByteBuffer buf) throws IOException {
    OperationStats s = reads;
    s.calls++;
    int n;
    if (sampler.skip()) {
      probe.enter(READ_STATE);
      try {
        n = in.read(buf);
      } catch (IOException | RuntimeException e) {
        probe.exit();
        failed(s, IoOperation.READ);
        throw e;
      }
      probe.exit();
    } else {
      n = sampled(s, () -> in.read(buf));
    }
    if (n > 0) {
      s.bytes += n;
    }
    return n;
  }

  /** Times a sampled call; a single-byte read's byte count is left to the caller. */
  private int sampled(OperationStats s, Read call) throws IOException {
    sampler.rearm();
    long t0 = System.nanoTime();
    try {
      return call.run();
    } catch (IOException | RuntimeException e) {
      failed(s, s == seeks ? IoOperation.SEEK : IoOperation.READ);
      throw e;
    } finally {
      s.timed(System.nanoTime() - t0);
    }
  }

  @Override
  public int read(long position, byte[] buffer, int offset, int length) throws IOException {
    OperationStats s = figures.get(IoOperation.PREAD);
    s.calls++;
    long t0 = System.nanoTime();
    int n;
    try {
      n = in.read(position, buffer, offset, length);
    } catch (IOException | RuntimeException e) {
      failed(s, IoOperation.PREAD);
      throw e;
    } finally {
      s.timed(System.nanoTime() - t0);
    }
    if (n > 0) {
      s.bytes += n;
    }
    return n;
  }

  @Override
  public void readFully(long position, byte[] buffer, int offset, int length) throws IOException {
    OperationStats s = figures.get(IoOperation.PREAD);
    s.calls++;
    long t0 = System.nanoTime();
    try {
      in.readFully(position, buffer, offset, length);
    } catch (IOException | RuntimeException e) {
      failed(s, IoOperation.PREAD);
      throw e;
    } finally {
      s.timed(System.nanoTime() - t0);
    }
    s.bytes += length;
  }

  @Override
  public void readFully(long position, byte[] buffer) throws IOException {
    readFully(position, buffer, 0, buffer.length);
  }

  @Override
  public int read(long position, ByteBuffer buf) throws IOException {
    OperationStats s = figures.get(IoOperation.PREAD);
    s.calls++;
    long t0 = System.nanoTime();
    int n;
    try {
      n = in.read(position, buf);
    } catch (IOException | RuntimeException e) {
      failed(s, IoOperation.PREAD);
      throw e;
    } finally {
      s.timed(System.nanoTime() - t0);
    }
    if (n > 0) {
      s.bytes += n;
    }
    return n;
  }

  @Override
  public void readFully(long position, ByteBuffer buf) throws IOException {
    OperationStats s = figures.get(IoOperation.PREAD);
    s.calls++;
    int length = buf.remaining();
    long t0 = System.nanoTime();
    try {
      in.readFully(position, buf);
    } catch (IOException | RuntimeException e) {
      failed(s, IoOperation.PREAD);
      throw e;
    } finally {
      s.timed(System.nanoTime() - t0);
    }
    s.bytes += length;
  }

  @Override
  public void seek(long pos) throws IOException {
    OperationStats s = seeks;
    s.calls++;
    if (sampler.skip()) {
      probe.enter(SEEK_STATE);
      try {
        in.seek(pos);
      } catch (IOException | RuntimeException e) {
        probe.exit();
        failed(s, IoOperation.SEEK);
        throw e;
      }
      probe.exit();
      return;
    }
    sampled(
        s,
        () -> {
          in.seek(pos);
          return 0;
        });
  }

  @Override
  public long getPos() throws IOException {
    return in.getPos();
  }

  @Override
  public boolean seekToNewSource(long targetPos) throws IOException {
    return in.seekToNewSource(targetPos);
  }

  @Override
  public long skip(long n) throws IOException {
    return in.skip(n);
  }

  @Override
  public int available() throws IOException {
    return in.available();
  }

  @Override
  public void close() throws IOException {
    long t0 = System.nanoTime();
    boolean ok = false;
    try {
      in.close();
      ok = true;
    } finally {
      long nanos = System.nanoTime() - t0;
      if (closed) {
        owner.record(IoOperation.INPUT_CLOSE, nanos, 0, !ok);
      } else {
        closed = true;
        OperationStats s = figures.get(IoOperation.INPUT_CLOSE);
        s.calls++;
        if (!ok) {
          s.failures++;
        }
        s.timed(nanos);
        owner.closeStream(figures);
      }
    }
  }

  @Override
  public void unbuffer() {
    in.unbuffer();
  }

  @Override
  public void setReadahead(Long readahead) throws IOException {
    in.setReadahead(readahead);
  }

  @Override
  public void setDropBehind(Boolean dropCache) throws IOException {
    in.setDropBehind(dropCache);
  }

  @Override
  public boolean hasCapability(String capability) {
    return in.hasCapability(capability);
  }

  @Override
  public IOStatistics getIOStatistics() {
    return in.getIOStatistics();
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
    return "InstrumentedInputStream{" + in + "}";
  }
}
