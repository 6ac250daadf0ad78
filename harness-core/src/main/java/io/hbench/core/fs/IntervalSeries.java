package io.hbench.core.fs;

import io.hbench.core.stats.IntervalClock;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;

/**
 * One operation's calls interval by interval ({@link IntervalClock}): per interval its calls,
 * bytes, failures and an HdrHistogram of the calls' latencies, as {@link
 * io.hbench.core.fs.OperationStats} keeps them for the whole load. A call belongs to the
 * interval in which it ended. While recording, only the current interval is a live histogram;
 * each finished one is kept compressed, so memory grows with the intervals, not the calls. Series
 * of several threads or tasks add up interval by interval ({@link #add}); histograms are added,
 * never averaged. Not thread-safe: one per thread and operation, merged at the end.
 */
public final class IntervalSeries {

  /** As the whole-load histograms, so that intervals and whole add up bucket for bucket. */
  private static final int DIGITS = 2;

  /**
   * One interval's figures.
   *
   * @param index the interval ({@link IntervalClock}): it starts {@code index x length} ns after
   *     the epoch
   * @param histogram the latencies, ns, HdrHistogram's compressed form
   * @param failureTypes the failed calls by type ({@link OperationTally#failureType}), summing
   *     to {@code failures}; empty when none failed
   */
  public record Interval(long index, long calls, long bytes, long failures, byte[] histogram,
      Map<String, Long> failureTypes) {

    public Interval {
      failureTypes = failureTypes == null || failureTypes.isEmpty() ? Map.of()
          : Collections.unmodifiableMap(new TreeMap<>(failureTypes));
    }

    /** An interval whose failures are of no recorded type. */
    public Interval(long index, long calls, long bytes, long failures, byte[] histogram) {
      this(index, calls, bytes, failures, histogram, Map.of());
    }

    /** The latencies, decoded. */
    public Histogram latencies() {
      try {
        return Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(histogram), 0);
      } catch (DataFormatException e) {
        throw new IllegalArgumentException("corrupt interval histogram: " + e.getMessage(), e);
      }
    }

    /** This interval and {@code other} (the same interval, from another thread or task). */
    Interval plus(Interval other) {
      Histogram h = latencies();
      h.add(other.latencies());
      Map<String, Long> types = new TreeMap<>(failureTypes);
      other.failureTypes.forEach((k, v) -> types.merge(k, v, Long::sum));
      return new Interval(index, calls + other.calls, bytes + other.bytes,
          failures + other.failures, compress(h, null), types);
    }

    /**
     * This interval as one line of text: index, calls, bytes, failures, Base64 histogram, and
     * when calls failed, their types ({@code Type=n,Type=n}).
     */
    public String toText() {
      StringBuilder types = new StringBuilder();
      // A refusal's type is its words: encoded, so that the line keeps its fields.
      failureTypes.forEach((k, v) -> types.append(types.length() == 0 ? " " : ",")
          .append(java.net.URLEncoder.encode(k, java.nio.charset.StandardCharsets.UTF_8))
          .append('=').append(v));
      return index + " " + calls + " " + bytes + " " + failures + " "
          + java.util.Base64.getEncoder().encodeToString(histogram) + types;
    }

    /** Reads what {@link #toText()} wrote. */
    public static Interval parse(String text) {
      String[] f = text.trim().split(" ");
      if (f.length != 5 && f.length != 6) {
        throw new IllegalArgumentException("malformed interval: " + text);
      }
      try {
        Map<String, Long> types = new TreeMap<>();
        if (f.length == 6) {
          for (String kv : f[5].split(",")) {
            int eq = kv.lastIndexOf('=');
            types.put(java.net.URLDecoder.decode(kv.substring(0, eq),
                java.nio.charset.StandardCharsets.UTF_8), Long.parseLong(kv.substring(eq + 1)));
          }
        }
        return new Interval(Long.parseLong(f[0]), Long.parseLong(f[1]), Long.parseLong(f[2]),
            Long.parseLong(f[3]), java.util.Base64.getDecoder().decode(f[4]), types);
      } catch (IllegalArgumentException | StringIndexOutOfBoundsException e) {
        throw new IllegalArgumentException("malformed interval: " + text, e);
      }
    }
  }

  private final long intervalNanos;
  private final IntervalClock clock;
  private final TreeMap<Long, Interval> finished = new TreeMap<>();

  // The interval being recorded, on the recording thread only.
  private long current;
  private long boundary = Long.MIN_VALUE;
  private long calls;
  private long bytes;
  private long failures;
  /** The current interval's failures by type; made at its first failure. */
  private Map<String, Long> failureTypes;
  private Histogram live;
  private ByteBuffer buffer;

  /** A series to record into, cut by {@code clock}. */
  public IntervalSeries(IntervalClock clock) {
    this.clock = clock;
    this.intervalNanos = clock.intervalNanos();
  }

  /** An empty series of {@code intervalNanos} long intervals, to merge others into. */
  public static IntervalSeries empty(long intervalNanos) {
    return new IntervalSeries(intervalNanos);
  }

  private IntervalSeries(long intervalNanos) {
    this.clock = null;
    this.intervalNanos = intervalNanos;
  }

  /**
   * Records one call that ended at {@code endNanos} ({@code nanoTime}), took {@code nanos} and
   * moved {@code callBytes}: the hot path, allocation-free within an interval.
   */
  public void record(long endNanos, long nanos, long callBytes, boolean failed) {
    record(endNanos, nanos, callBytes, failed ? OperationTally.UNKNOWN_FAILURE : null);
  }

  /**
   * As {@link #record(long, long, long, boolean)}, the call's failure by its type ({@link
   * OperationTally#failureType}), or null when it succeeded.
   */
  public void record(long endNanos, long nanos, long callBytes, String failure) {
    if (endNanos >= boundary) {
      startIntervalOf(endNanos);
    }
    calls++;
    bytes += callBytes;
    if (failure != null) {
      failures++;
      if (failureTypes == null) {
        failureTypes = new TreeMap<>();
      }
      failureTypes.merge(failure, 1L, Long::sum);
    }
    live.recordValue(Math.max(1, nanos));
  }

  private void startIntervalOf(long nanoTime) {
    finishInterval();
    if (clock == null) {
      throw new IllegalStateException("a merged series records nothing");
    }
    current = clock.index(nanoTime);
    boundary = clock.endNanos(current);
    if (live == null) {
      live = new Histogram(DIGITS);
    }
  }

  /** Closes the interval being recorded: called once the last call is recorded. */
  public void finishInterval() {
    if (calls > 0) {
      put(new Interval(current, calls, bytes, failures, compress(live, this), failureTypes));
      live.reset();
      calls = 0;
      bytes = 0;
      failures = 0;
      failureTypes = null;
    }
  }

  private static byte[] compress(Histogram h, IntervalSeries reuse) {
    int need = h.getNeededByteBufferCapacity();
    ByteBuffer buf = reuse == null ? null : reuse.buffer;
    if (buf == null || buf.capacity() < need) {
      buf = ByteBuffer.allocate(need);
      if (reuse != null) {
        reuse.buffer = buf;
      }
    }
    buf.clear();
    int n = h.encodeIntoCompressedByteBuffer(buf);
    byte[] out = new byte[n];
    buf.flip();
    buf.get(out);
    return out;
  }

  private void put(Interval i) {
    finished.merge(i.index(), i, Interval::plus);
  }

  /** Adds {@code i} (an interval of a series of the same length). */
  public void add(Interval i) {
    put(i);
  }

  /** Adds {@code other}'s finished intervals into this. */
  public void add(IntervalSeries other) {
    if (other.intervalNanos != intervalNanos) {
      throw new IllegalArgumentException("series of " + other.intervalNanos + " ns intervals"
          + " cannot be added to one of " + intervalNanos + " ns");
    }
    other.finished.values().forEach(this::put);
  }

  /** The intervals' length, ns. */
  public long intervalNanos() {
    return intervalNanos;
  }

  /** The finished intervals, in time order; an interval with no call is absent. */
  public Collection<Interval> intervals() {
    return Collections.unmodifiableCollection(finished.values());
  }

  /** Calls over every finished interval. */
  public long calls() {
    long n = 0;
    for (Interval i : finished.values()) {
      n += i.calls();
    }
    return n;
  }

  /** The finished intervals as lines of text ({@link Interval#toText}). */
  public List<String> toLines() {
    List<String> lines = new ArrayList<>();
    finished.values().forEach(i -> lines.add(i.toText()));
    return lines;
  }
}
