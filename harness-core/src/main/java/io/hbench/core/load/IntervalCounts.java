package io.hbench.core.load;

import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Client counts ({@link ClientCount}) interval by interval: per count's name, how much it grew
 * in each interval ({@link io.hbench.core.stats.IntervalClock}'s index) in which it grew at all;
 * a count kept that never grew has its name and no interval. Counts of several processes add up
 * interval by interval ({@link #plus}). Immutable.
 */
public final class IntervalCounts {

  /** No counts. */
  public static final IntervalCounts NONE = new IntervalCounts(Map.of());

  private final Map<String, SortedMap<Long, Long>> byName;

  /** The counts {@code byName}: name to interval index to the growth in that interval. */
  public IntervalCounts(Map<String, ? extends SortedMap<Long, Long>> byName) {
    Map<String, SortedMap<Long, Long>> copy = new TreeMap<>();
    byName.forEach((name, m) ->
        copy.put(name, Collections.unmodifiableSortedMap(new TreeMap<>(m))));
    this.byName = Collections.unmodifiableMap(copy);
  }

  /** The names of the counts kept. */
  public Set<String> names() {
    return byName.keySet();
  }

  /** Count {@code name}'s growth by interval index; empty when it never grew or is not kept. */
  public SortedMap<Long, Long> of(String name) {
    return byName.getOrDefault(name, Collections.emptySortedMap());
  }

  /** How much {@code name} grew in the intervals {@code [first, end)}. */
  public long sum(String name, long first, long end) {
    long n = 0;
    if (first < end) {
      for (long v : of(name).subMap(first, end).values()) {
        n += v;
      }
    }
    return n;
  }

  /** How much {@code name} grew over the whole load. */
  public long total(String name) {
    return sum(name, Long.MIN_VALUE, Long.MAX_VALUE);
  }

  /** These counts and {@code other}'s (another process's), added interval by interval. */
  public IntervalCounts plus(IntervalCounts other) {
    if (other.byName.isEmpty()) {
      return this;
    }
    Map<String, TreeMap<Long, Long>> sum = new TreeMap<>();
    for (IntervalCounts c : new IntervalCounts[] {this, other}) {
      c.byName.forEach((name, m) -> {
        TreeMap<Long, Long> into = sum.computeIfAbsent(name, k -> new TreeMap<>());
        m.forEach((i, v) -> into.merge(i, v, Long::sum));
      });
    }
    return new IntervalCounts(sum);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof IntervalCounts c && byName.equals(c.byName);
  }

  @Override
  public int hashCode() {
    return byName.hashCode();
  }

  @Override
  public String toString() {
    return byName.toString();
  }
}
