package io.hbench.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import io.hbench.core.result.Field;

/**
 * One measured point of a sweep, such as "terasort at 64M". Its parameters go into the result
 * record; a suite adds the values it works out while running (maps, reduces) through {@link
 * RunContext#param}.
 *
 * <p>A suite works out what a point means once, in {@link Benchmark#points}, and hands it to
 * {@link Benchmark#run} as typed parameters ({@link Field}s): {@code run} reads {@code
 * point.get(SIZE)}, never re-parses the label or casts a map value, and a report reads the same
 * field back from the record ({@code record.param(SIZE)}).
 *
 * <pre>{@code
 * static final Field<Size> SIZE = Field.of("size_bytes", Size.class, Size::bytes, Long.class, Size::ofBytes);
 * ...
 * points.add(Point.of(size.toString()).with(SIZE, size));   // in points()
 * Size size = point.get(SIZE);                              // in run()
 * }</pre>
 */
public final class Point {

  private final String label;
  private final Map<String, Object> params;
  private final Map<Field<?>, Object> values;

  private Point(String label, Map<String, Object> params, Map<Field<?>, Object> values) {
    this.label = Objects.requireNonNull(label);
    this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
  }

  /** A point with no parameters yet; add them with {@link #with}. */
  public static Point of(String label) {
    return new Point(label, Map.of(), Map.of());
  }

  /** A point with parameters that are recorded only, not read back by the suite. */
  public static Point of(String label, Map<String, Object> params) {
    return new Point(label, params, Map.of());
  }

  /** This point with {@code param} set: recorded, and returned by {@link #get}. */
  public <T> Point with(Field<T> param, T value) {
    Objects.requireNonNull(value, param.name());
    Map<String, Object> p = new LinkedHashMap<>(params);
    p.put(param.name(), param.encode(value));
    Map<Field<?>, Object> v = new LinkedHashMap<>(values);
    v.put(param, value);
    return new Point(label, p, v);
  }

  /** This point with a parameter that is recorded only. */
  public Point with(String name, Object value) {
    Map<String, Object> p = new LinkedHashMap<>(params);
    p.put(name, value);
    return new Point(label, p, values);
  }

  /** The value {@link #with} set for {@code param}; throws if the point has none. */
  @SuppressWarnings("unchecked")
  public <T> T get(Field<T> param) {
    Object v = values.get(param);
    if (v == null) {
      throw new IllegalArgumentException("point " + label + " has no parameter " + param.name());
    }
    return (T) v;
  }

  /** Short name for tables and progress lines, such as {@code 64M}. */
  public String label() {
    return label;
  }

  /** The parameters as recorded, in the order they should be shown. */
  public Map<String, Object> params() {
    return params;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Point p
        && p.label.equals(label)
        && p.params.equals(params)
        && p.values.equals(values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(label, params);
  }

  @Override
  public String toString() {
    return "Point[" + label + ", " + params + "]";
  }
}
