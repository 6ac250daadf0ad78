package io.hbench.core.result;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * A typed name in a result record: a point's parameter ({@code params}) or one of a phase's
 * extras ({@code figures}). It is written and read back through the same constant, so the value
 * comes back with its type and no reader casts a string-keyed value:
 *
 * <pre>{@code
 * static final Field<Size> SIZE = Field.of("size_bytes", Size.class, Size::bytes, Size::ofBytes);
 * points.add(Point.of("64M").with(SIZE, size));       // recorded as 67108864
 * Size size = record.param(SIZE);                      // read back as a Size
 * }</pre>
 *
 * <p>A record holds plain JSON values (numbers, strings, booleans, lists, maps); {@code encode}
 * turns a value into one and {@code decode} turns what a record holds back, whichever number type
 * the JSON reader chose for it.
 *
 * @param <T> the value's type
 */
public final class Field<T> {

  private final String name;
  private final Class<?> type;
  private final Function<T, Object> encode;
  private final Function<Object, T> decode;

  private Field(String name, Class<?> type, Function<T, Object> encode, Function<Object, T> decode) {
    if (!name.matches("[a-z][a-z0-9_.]*")) {
      throw new IllegalArgumentException("a field's name is snake_case: " + name);
    }
    this.name = name;
    this.type = Objects.requireNonNull(type);
    this.encode = Objects.requireNonNull(encode);
    this.decode = Objects.requireNonNull(decode);
  }

  /**
   * A field recorded as it is: {@code Integer}, {@code Long}, {@code Double}, {@code String} or
   * {@code Boolean}.
   */
  public static <T> Field<T> of(String name, Class<T> type) {
    return new Field<>(name, type, v -> v, plain(name, type));
  }

  /**
   * A field recorded as {@code encode} turns it (an enum by its name, a size in bytes) and read
   * back with {@code decode} from the plain value.
   */
  public static <T, R> Field<T> of(String name, Class<T> type, Function<T, R> encode,
      Class<R> recordedAs, Function<R, T> decode) {
    Function<Object, R> plain = plain(name, recordedAs);
    return new Field<>(name, type, encode::apply, v -> decode.apply(plain.apply(v)));
  }

  /**
   * A record of the core's result model ({@code type}, with Jackson's annotations) kept as the
   * JSON object it writes, read back as {@code type}.
   */
  public static <T> Field<T> json(String name, Class<T> type) {
    io.hbench.thirdparty.jackson.databind.ObjectMapper json = ResultWriter.JSON;
    return new Field<>(name, type, v -> json.convertValue(v, Map.class), v -> {
      try {
        return json.convertValue(v, type);
      } catch (IllegalArgumentException e) {
        throw wrong(name, v, "a " + type.getSimpleName());
      }
    });
  }

  /** A map from names to plain values of {@code valueType} (a duration per query). */
  public static <V> Field<Map<String, V>> mapOf(String name, Class<V> valueType) {
    Function<Object, V> element = plain(name, valueType);
    return new Field<>(name, Map.class, v -> v, v -> {
      if (!(v instanceof Map<?, ?> m)) {
        throw wrong(name, v, "a map");
      }
      Map<String, V> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(String.valueOf(k), element.apply(x)));
      return out;
    });
  }

  /** A list of plain values of {@code elementType}. */
  public static <V> Field<List<V>> listOf(String name, Class<V> elementType) {
    Function<Object, V> element = plain(name, elementType);
    return new Field<>(name, List.class, v -> v, v -> {
      if (!(v instanceof List<?> l)) {
        throw wrong(name, v, "a list");
      }
      List<V> out = new ArrayList<>(l.size());
      l.forEach(x -> out.add(element.apply(x)));
      return out;
    });
  }

  /** The name it is recorded under. */
  public String name() {
    return name;
  }

  /** {@code value} as a record holds it. */
  public Object encode(T value) {
    return encode.apply(Objects.requireNonNull(value, name));
  }

  /**
   * What a record holds under this name, with its type; null when it holds nothing. Throws
   * {@link IllegalArgumentException} for a value of another kind.
   */
  public T decode(Object recorded) {
    return recorded == null ? null : decode.apply(recorded);
  }

  /** This field's value in {@code values} (a record's params or a phase's figures), or null. */
  public T in(Map<String, ?> values) {
    return values == null ? null : decode(values.get(name));
  }

  /** Whether {@code value} is of this field's type: points keep their values as given. */
  public boolean accepts(Object value) {
    return type.isInstance(value);
  }

  @SuppressWarnings("unchecked")
  private static <T> Function<Object, T> plain(String name, Class<T> type) {
    if (type == Integer.class) {
      return v -> (T) (Integer) number(name, v).intValue();
    }
    if (type == Long.class) {
      return v -> (T) (Long) number(name, v).longValue();
    }
    if (type == Double.class) {
      return v -> (T) (Double) number(name, v).doubleValue();
    }
    if (type == String.class) {
      return v -> (T) String.valueOf(v);
    }
    if (type == Boolean.class) {
      return v -> {
        if (v instanceof Boolean b) {
          return (T) b;
        }
        throw wrong(name, v, "true or false");
      };
    }
    throw new IllegalArgumentException(name + ": a plain field is a number, a string or a"
        + " boolean, not " + type.getSimpleName() + "; give encode and decode");
  }

  private static Number number(String name, Object v) {
    if (v instanceof Number n) {
      return n;
    }
    throw wrong(name, v, "a number");
  }

  private static IllegalArgumentException wrong(String name, Object v, String kind) {
    return new IllegalArgumentException(
        "recorded " + name + " is " + v + " (" + v.getClass().getSimpleName() + "), not " + kind);
  }

  @Override
  public String toString() {
    return name;
  }
}
