package io.hbench.core;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One measured point of a sweep, such as "terasort at 64M". Its parameters go into the result
 * record; a suite adds the values it works out while running (maps, reduces) through {@link
 * RunContext#param}.
 *
 * @param label short name for tables and progress lines, such as {@code 64M}
 * @param params the point's parameters, in the order they should be shown
 */
public record Point(String label, Map<String, Object> params) {

  public Point {
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  public static Point of(String label, Map<String, Object> params) {
    return new Point(label, params);
  }
}
