package io.hbench.core.fs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * The figures of one {@link InstrumentedFileSystem} instance: file system calls, recorded as they
 * happen, and the figures of its streams, added when each stream closes. Thread-safe. Every
 * instance created in a JVM stays listed in {@link #all()}, closed or not, so a task can report
 * what its file systems did after they were closed.
 */
public final class IoStatistics {

  private static final ConcurrentLinkedQueue<IoStatistics> ALL = new ConcurrentLinkedQueue<>();

  private final String id;
  private final String uri;
  private final int sampleEvery;
  private final EnumMap<IoOperation, OperationStats> totals = new EnumMap<>(IoOperation.class);
  private final Set<StreamFigures> open = ConcurrentHashMap.newKeySet();

  IoStatistics(String id, String uri, int sampleEvery) {
    this.id = id;
    this.uri = uri;
    this.sampleEvery = sampleEvery;
    ALL.add(this);
  }

  /** Every instance created in this JVM, oldest first. */
  public static List<IoStatistics> all() {
    return List.copyOf(ALL);
  }

  /** The figures of every instance in this JVM, added up per operation. */
  public static Map<IoOperation, OperationStats> jvmTotals() {
    EnumMap<IoOperation, OperationStats> sum = new EnumMap<>(IoOperation.class);
    for (IoStatistics s : ALL) {
      s.snapshot().forEach((op, st) -> sum.computeIfAbsent(op, o -> new OperationStats()).add(st));
    }
    return sum;
  }

  /** Identifies the file system instance, as in {@code Closing file system instance: <id>}. */
  public String id() {
    return id;
  }

  /** The URI of the wrapped file system. */
  public String uri() {
    return uri;
  }

  /** One call in how many of {@code write}, {@code read} and {@code seek} is timed. */
  public int sampleEvery() {
    return sampleEvery;
  }

  /** Records one call; {@code nanos < 0} for a call that was not timed. */
  synchronized void record(IoOperation op, long nanos, long bytes, boolean failed) {
    OperationStats s = totals.computeIfAbsent(op, o -> new OperationStats());
    s.calls++;
    s.bytes += bytes;
    if (failed) {
      s.failures++;
    }
    if (nanos >= 0) {
      s.timed(nanos);
    }
  }

  StreamFigures openStream() {
    StreamFigures f = new StreamFigures(sampleEvery > 1 ? new CallProbe() : null);
    if (f.probe != null) {
      TickSampler.register(f.probe);
    }
    open.add(f);
    return f;
  }

  /** Adds a closed stream's figures to the totals. */
  void closeStream(StreamFigures f) {
    if (open.remove(f)) {
      if (f.probe != null) {
        TickSampler.unregister(f.probe);
      }
      f.collectTicks();
      synchronized (this) {
        f.forEach((op, st) -> totals.computeIfAbsent(op, o -> new OperationStats()).add(st));
      }
    }
  }

  /**
   * The figures so far, per operation, including the counts of streams still open. Latency
   * histograms cover closed streams only: an open stream may be recording into its own.
   */
  public Map<IoOperation, OperationStats> snapshot() {
    EnumMap<IoOperation, OperationStats> copy = new EnumMap<>(IoOperation.class);
    synchronized (this) {
      totals.forEach((op, st) -> copy.put(op, st.copy()));
    }
    for (StreamFigures f : open) {
      f.forEach(
          (op, st) -> {
            OperationStats c = st.countsOnly();
            if (op == IoOperation.WRITE && f.live != null) {
              c.calls += f.live.liveCalls();
              c.bytes += f.live.liveBytes();
            }
            if (f.probe != null && op.sampled()) {
              c.coarseNanos = f.probe.nanos(op);
              c.hasCoarse = true;
            }
            copy.computeIfAbsent(op, o -> new OperationStats()).add(c);
          });
    }
    return Collections.unmodifiableMap(copy);
  }

  /**
   * The report printed at close with {@code hbench.instrument.print-on-close}: the seed's lines
   * ({@code write.call}, {@code write.allTime} in ms), then any other operation that was called.
   */
  public String report() {
    Map<IoOperation, OperationStats> s = snapshot();
    StringBuilder b = new StringBuilder();
    b.append("Closing file system instance: ").append(id).append(" (").append(uri).append(")\n");
    List<IoOperation> ops = new ArrayList<>(List.of(IoOperation.WRITE, IoOperation.HSYNC,
        IoOperation.HFLUSH, IoOperation.CLOSE));
    for (IoOperation op : IoOperation.values()) {
      if (!ops.contains(op) && s.containsKey(op) && s.get(op).calls() > 0) {
        ops.add(op);
      }
    }
    for (IoOperation op : ops) {
      OperationStats st = s.getOrDefault(op, new OperationStats());
      b.append("   ").append(op.shortName()).append(".call: ").append(st.calls()).append('\n');
      b.append("   ")
          .append(op.shortName())
          .append(".allTime: ")
          .append(String.format(Locale.ROOT, "%.0f", st.totalNanos() / 1e6))
          .append('\n');
    }
    return b.toString();
  }

  /**
   * A stream that keeps its write counters in fields of its own, on its hot path, read here when
   * the figures are asked for ({@link InstrumentedOutputStream}).
   */
  interface LiveWrites {
    long liveCalls();

    long liveBytes();
  }

  /** The per-operation figures of one stream: plain fields, touched only by its own thread. */
  static final class StreamFigures {
    private final OperationStats[] byOp = new OperationStats[IoOperation.values().length];
    /** Null when every call is timed exactly. */
    final CallProbe probe;
    /** The output stream whose write counters live in its own fields, or null. */
    volatile LiveWrites live;

    StreamFigures(CallProbe probe) {
      this.probe = probe;
    }

    /** Moves the tick sampler's time into the figures, once the stream is closed. */
    void collectTicks() {
      if (probe != null) {
        forEach(
            (op, st) -> {
              if (op.sampled()) {
                st.coarseNanos = probe.nanos(op);
                st.hasCoarse = true;
              }
            });
      }
    }

    OperationStats get(IoOperation op) {
      OperationStats s = byOp[op.ordinal()];
      if (s == null) {
        s = new OperationStats();
        byOp[op.ordinal()] = s;
      }
      return s;
    }

    void forEach(java.util.function.BiConsumer<IoOperation, OperationStats> action) {
      IoOperation[] ops = IoOperation.values();
      for (int i = 0; i < byOp.length; i++) {
        if (byOp[i] != null) {
          action.accept(ops[i], byOp[i]);
        }
      }
    }
  }
}
