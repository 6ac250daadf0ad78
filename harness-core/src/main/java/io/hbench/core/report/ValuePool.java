package io.hbench.core.report;

import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ServerConfigLine;
import io.hbench.thirdparty.jackson.core.JsonParser;
import io.hbench.thirdparty.jackson.core.JsonToken;
import io.hbench.thirdparty.jackson.databind.BeanDescription;
import io.hbench.thirdparty.jackson.databind.DeserializationConfig;
import io.hbench.thirdparty.jackson.databind.DeserializationContext;
import io.hbench.thirdparty.jackson.databind.JsonDeserializer;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import io.hbench.thirdparty.jackson.databind.ObjectReader;
import io.hbench.thirdparty.jackson.databind.deser.BeanDeserializerModifier;
import io.hbench.thirdparty.jackson.databind.deser.std.DelegatingDeserializer;
import io.hbench.thirdparty.jackson.databind.deser.std.StdDeserializer;
import io.hbench.thirdparty.jackson.databind.deser.std.StringDeserializer;
import io.hbench.thirdparty.jackson.databind.module.SimpleModule;
import io.hbench.thirdparty.jackson.databind.type.CollectionType;
import io.hbench.thirdparty.jackson.databind.type.MapType;
import java.io.IOException;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads many records in little memory. A history of thousands of records repeats most of its
 * values: metric names and units, options, settings, the servers' configuration. Read plainly,
 * each is a string and a map of its own, and each number of a series a boxed {@code Double}:
 * 10,000 records of every suite took 460 MB of heap, and most of the time went to the garbage
 * collector. This reader keeps one copy of each short string and of each map of strings, and
 * every list of numbers as an array of doubles, for the records of one read. With the pool,
 * that history takes 300 MB, and the collector 0.4 s instead of 5.3 s. A list of numbers is
 * kept as its bytes until it is used. A results file's server configurations ({@link
 * ServerConfigLine}, each once per file) are read here too and given to the caller, which puts
 * them back into the records that name them.
 */
final class ValuePool {

  /** Strings up to this long are kept once; longer ones (encoded histograms) are unique. */
  private static final int POOLED_LENGTH = 256;

  // Concurrent: a read parses its lines on every core.
  private final Map<String, String> strings = new ConcurrentHashMap<>();
  private final Map<Map<?, ?>, Map<?, ?>> maps = new ConcurrentHashMap<>();
  private final ObjectReader reader;
  /** Reads a configuration line, its strings and its map pooled. */
  private final ObjectReader configReader;
  /** The bytes each thread is reading records from and where its parser's offsets count from. */
  private final ThreadLocal<Chunk> chunk = new ThreadLocal<>();

  private record Chunk(byte[] bytes, int from) {}

  ValuePool(ObjectMapper base) {
    SimpleModule m = new SimpleModule("hbench-value-pool");
    m.setDeserializers(new io.hbench.thirdparty.jackson.databind.module.SimpleDeserializers() {
      @Override
      public JsonDeserializer<?> findCollectionDeserializer(CollectionType type,
          DeserializationConfig config, BeanDescription bean,
          io.hbench.thirdparty.jackson.databind.jsontype.TypeDeserializer elementTypes,
          JsonDeserializer<?> elements) {
        return type.getRawClass() == List.class && type.getContentType().getRawClass() == Double.class
            ? new Doubles() : null;
      }
    });
    m.addDeserializer(String.class, new PooledStrings());
    m.setDeserializerModifier(new BeanDeserializerModifier() {
      @Override
      public JsonDeserializer<?> modifyMapDeserializer(DeserializationConfig config, MapType type,
          BeanDescription bean, JsonDeserializer<?> deserializer) {
        return type.getKeyType().getRawClass() == String.class
            && type.getContentType().getRawClass() == String.class
            ? new PooledMaps(deserializer) : deserializer;
      }
    });
    ObjectMapper pooled = base.copy().registerModule(m);
    reader = pooled.readerFor(ResultRecord.class);
    configReader = pooled.readerFor(ServerConfigLine.class);
  }

  /**
   * The records of {@code bytes[from, to)}, JSON values one after another (lines of a results
   * file), each given to {@code each} with the offset it starts at. Stops at the first that
   * cannot be read, and returns the offset where that one starts; -1 when all were read.
   */
  int read(byte[] bytes, int from, int to, Records each) {
    chunk.set(new Chunk(bytes, from));
    int start = from;
    try (JsonParser p = reader.createParser(bytes, from, to - from)) {
      while (true) {
        start = nextValue(bytes, start, to);
        if (start == to || p.nextToken() == null) {
          return -1;
        }
        if (ServerConfigLine.startsAt(bytes, start, to)) {
          each.config(configReader.readValue(p));
        } else {
          each.accept(reader.readValue(p), start);
        }
        // Offsets of a parser of part of an array count from its start.
        start = from + (int) p.currentLocation().getByteOffset();
      }
    } catch (IOException | RuntimeException e) {
      each.failed(e instanceof IOException io ? new java.io.UncheckedIOException(io)
          : (RuntimeException) e);
      return start;
    } finally {
      chunk.remove();
    }
  }

  /** The offset of the first byte of {@code bytes[from, to)} that is not white space, or to. */
  static int nextValue(byte[] bytes, int from, int to) {
    int i = from;
    while (i < to && (bytes[i] == ' ' || bytes[i] == '\n' || bytes[i] == '\r' || bytes[i] == '\t')) {
      i++;
    }
    return i;
  }

  /** Where {@link #read} gives the records and the configuration lines it reads. */
  interface Records {
    void accept(ResultRecord r, int start);

    void config(ServerConfigLine c);

    /** Why the record at the offset {@link #read} returns could not be read. */
    void failed(RuntimeException e);
  }

  private String pooled(String s) {
    if (s == null || s.length() > POOLED_LENGTH) {
      return s;
    }
    String kept = strings.putIfAbsent(s, s);
    return kept == null ? s : kept;
  }

  private final class PooledStrings extends StdDeserializer<String> {
    PooledStrings() {
      super(String.class);
    }

    @Override
    public String deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      return pooled(StringDeserializer.instance.deserialize(p, ctxt));
    }
  }

  /** Maps of strings (options, settings, a server's configuration) kept once, unmodifiable. */
  private final class PooledMaps extends DelegatingDeserializer {
    PooledMaps(JsonDeserializer<?> d) {
      super(d);
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> d) {
      return new PooledMaps(d);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      return pooledMap(super.deserialize(p, ctxt));
    }

    private Object pooledMap(Object read) {
      if (!(read instanceof Map<?, ?> m)) {
        return read;
      }
      Map<?, ?> unmodifiable = Collections.unmodifiableMap(m);
      Map<?, ?> kept = maps.putIfAbsent(unmodifiable, unmodifiable);
      return kept == null ? unmodifiable : kept;
    }
  }

  /** A JSON array of numbers (and nulls) as a list over a {@code double[]}, read when first used. */
  private final class Doubles extends StdDeserializer<List<Double>> {
    Doubles() {
      super(List.class);
    }

    @Override
    public List<Double> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      if (p.currentToken() != JsonToken.START_ARRAY) {
        return ctxt.reportInputMismatch(this, "a list of numbers was expected");
      }
      // Kept as its bytes until asked for: most series of a history are never drawn.
      Chunk c = chunk.get();
      if (c == null) {
        return read(p, this, ctxt);
      }
      int start = c.from() + (int) p.currentTokenLocation().getByteOffset();
      // Stepped over token by token: numbers are checked to be numbers, not converted.
      for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
        if (t != JsonToken.VALUE_NUMBER_FLOAT && t != JsonToken.VALUE_NUMBER_INT
            && t != JsonToken.VALUE_NULL) {
          return ctxt.reportInputMismatch(this, "a list of numbers was expected");
        }
      }
      int end = c.from() + (int) p.currentLocation().getByteOffset();
      return new LazyDoubles(Arrays.copyOfRange(c.bytes(), start, end));
    }
  }

  /**
   * The numbers of the array {@code p} stands at the start of; {@code ctxt} null when read
   * outside a record's deserialization (a {@link LazyDoubles}).
   */
  private static DoubleList read(JsonParser p, JsonDeserializer<?> d, DeserializationContext ctxt)
      throws IOException {
    double[] v = new double[16];
    BitSet nulls = null;
    int n = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (n == v.length) {
        v = Arrays.copyOf(v, n * 2);
      }
      if (t == JsonToken.VALUE_NULL) {
        if (nulls == null) {
          nulls = new BitSet();
        }
        nulls.set(n);
      } else if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
        v[n] = p.getDoubleValue();
      } else if (ctxt != null) {
        return ctxt.reportInputMismatch(d, "a list of numbers was expected");
      } else {
        throw new io.hbench.thirdparty.jackson.core.JsonParseException(p,
            "a list of numbers was expected");
      }
      n++;
    }
    return new DoubleList(Arrays.copyOf(v, n), nulls);
  }

  /** A list of numbers read from its bytes when first asked for. */
  static final class LazyDoubles extends AbstractList<Double> implements RandomAccess {
    private static final io.hbench.thirdparty.jackson.core.JsonFactory NUMBERS =
        ResultReader.factory();
    private byte[] bytes;
    private volatile DoubleList values;

    LazyDoubles(byte[] bytes) {
      this.bytes = bytes;
    }

    private DoubleList values() {
      DoubleList v = values;
      if (v == null) {
        synchronized (this) {
          v = values;
          if (v == null) {
            try (JsonParser p = NUMBERS.createParser(bytes)) {
              p.nextToken();
              v = read(p, null, null);
            } catch (IOException e) {
              // Its bytes were checked to be JSON when read, not that it holds only numbers:
              // bad input, said in one line.
              throw new io.hbench.core.error.InvalidInputException(
                  "a record's list of numbers is not one: " + new String(bytes, 0,
                      Math.min(bytes.length, 80), java.nio.charset.StandardCharsets.UTF_8));
            }
            values = v;
            bytes = null;
          }
        }
      }
      return v;
    }

    @Override
    public Double get(int i) {
      return values().get(i);
    }

    @Override
    public int size() {
      return values().size();
    }
  }

  /** An unmodifiable list of doubles, nulls where the record had none. */
  static final class DoubleList extends AbstractList<Double> implements RandomAccess {
    private final double[] values;
    private final BitSet nulls;

    DoubleList(double[] values, BitSet nulls) {
      this.values = values;
      this.nulls = nulls;
    }

    @Override
    public Double get(int i) {
      if (i < 0 || i >= values.length) {
        throw new IndexOutOfBoundsException(i);
      }
      return nulls != null && nulls.get(i) ? null : values[i];
    }

    @Override
    public int size() {
      return values.length;
    }
  }
}
