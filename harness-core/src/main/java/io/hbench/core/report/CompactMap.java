package io.hbench.core.report;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An unmodifiable map of a record read back, in its insertion order, as an array of values beside
 * an array of keys that every map of the same keys shares ({@link Keys}): a history of 100,000
 * records holds millions of small maps (a daemon's series, a job's counters, a point's params)
 * whose keys repeat record after record. A {@code LinkedHashMap} spends about 40 bytes an entry
 * and a table; this spends 4 bytes an entry.
 */
final class CompactMap<V> extends AbstractMap<String, V> {

  /** The keys of maps, in order, with an index by name when there are many. */
  static final class Keys {
    private final String[] names;
    private final Map<String, Integer> index;

    Keys(String[] names) {
      this.names = names;
      Map<String, Integer> byName = null;
      if (names.length > LINEAR) {
        byName = new HashMap<>(names.length * 2);
        for (int i = 0; i < names.length; i++) {
          byName.putIfAbsent(names[i], i);
        }
      }
      this.index = byName;
    }

    int indexOf(Object key) {
      if (index != null) {
        Integer i = index.get(key);
        return i == null ? -1 : i;
      }
      for (int i = 0; i < names.length; i++) {
        if (names[i].equals(key)) {
          return i;
        }
      }
      return -1;
    }
  }

  /** Maps up to this many keys are searched key by key. */
  private static final int LINEAR = 8;

  private final Keys keys;
  private final Object[] values;

  CompactMap(Keys keys, Object[] values) {
    this.keys = keys;
    this.values = values;
  }

  /**
   * {@code m} as a compact map, its keys shared through {@code pool} (by their list); null keys
   * or a map that is not of strings are left as they are.
   */
  static Map<?, ?> of(Map<?, ?> m, Map<List<String>, Keys> pool) {
    String[] names = new String[m.size()];
    Object[] values = new Object[m.size()];
    int i = 0;
    for (Map.Entry<?, ?> e : m.entrySet()) {
      if (!(e.getKey() instanceof String k)) {
        return m;
      }
      names[i] = k;
      values[i++] = e.getValue();
    }
    Keys keys = pool.computeIfAbsent(Arrays.asList(names), l -> new Keys(names));
    return new CompactMap<>(keys, values);
  }

  @Override
  public int size() {
    return values.length;
  }

  @Override
  public boolean containsKey(Object key) {
    return keys.indexOf(key) >= 0;
  }

  @Override
  @SuppressWarnings("unchecked")
  public V get(Object key) {
    int i = keys.indexOf(key);
    return i < 0 ? null : (V) values[i];
  }

  @Override
  public Set<Map.Entry<String, V>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public int size() {
        return values.length;
      }

      @Override
      public Iterator<Map.Entry<String, V>> iterator() {
        return new Iterator<>() {
          private int next;

          @Override
          public boolean hasNext() {
            return next < values.length;
          }

          @Override
          @SuppressWarnings("unchecked")
          public Map.Entry<String, V> next() {
            if (next >= values.length) {
              throw new NoSuchElementException();
            }
            int i = next++;
            return new SimpleImmutableEntry<>(keys.names[i], (V) values[i]);
          }
        };
      }
    };
  }
}
