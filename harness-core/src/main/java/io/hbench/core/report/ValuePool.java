package io.hbench.core.report;

import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.IoResult;
import io.hbench.core.result.OperationSummary;
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
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads many records in little memory. A history of thousands of records repeats most of its
 * values: metric names and units, options, settings, the servers' configuration. Read plainly,
 * each is a string and a map of its own, and each number of a series a boxed {@code Double}:
 * 10,000 records of every suite took 460 MB of heap, and most of the time went to the garbage
 * collector. This reader keeps one copy of each short string and of each map of strings, and
 * every list of numbers as an array of doubles (or of longs), for the records of one read. With the pool,
 * that history takes 300 MB, and the collector 0.4 s instead of 5.3 s. Maps keyed by strings are
 * {@link CompactMap}s sharing their keys, and lists are trimmed to what they hold. What only the
 * charts and the last runs' tables use (a list of numbers, a phase's daemons, its I/O figures)
 * is kept as where its bytes are in the results file, read again when first used and held
 * softly then: at 100,000 records (a year of nightly runs) it does not fit in a 1 GB heap, and
 * building it was half of the reading. A results file's server configurations ({@link
 * ServerConfigLine}, each once per file) are read here too and given to the caller, which puts
 * them back into the records that name them.
 */
final class ValuePool {

  /** Strings up to this long are kept once; longer ones (encoded histograms) are unique. */
  private static final int POOLED_LENGTH = 256;

  // Concurrent: a read parses its lines on every core.
  private final Map<String, String> strings = new ConcurrentHashMap<>();
  private final Map<Map<?, ?>, Map<?, ?>> maps = new ConcurrentHashMap<>();
  /** The keys of compact maps, each sequence once. */
  private final Map<List<String>, CompactMap.Keys> keys = new ConcurrentHashMap<>();
  private final ObjectReader reader;
  /** Read a phase's daemons and I/O figures again from their file ({@link InFileLater}). */
  private final ObjectReader daemonsReader;
  private final ObjectReader ioReader;
  private final ObjectReader perTaskReader;
  /** Reads a configuration line, its strings and its map pooled. */
  private final ObjectReader configReader;
  /** The bytes each thread is reading records from and where its parser's offsets count from. */
  private final ThreadLocal<Chunk> chunk = new ThreadLocal<>();

  /**
   * @param file the results file the bytes are of, or null
   * @param fileOffset where {@code bytes[0]} is in it
   */
  private record Chunk(byte[] bytes, int from, java.nio.file.Path file, long fileOffset,
      RecentStrings recent) {}

  ValuePool(ObjectMapper base) {
    SimpleModule m = new SimpleModule("hbench-value-pool");
    m.setDeserializers(new io.hbench.thirdparty.jackson.databind.module.SimpleDeserializers() {
      @Override
      public JsonDeserializer<?> findCollectionDeserializer(CollectionType type,
          DeserializationConfig config, BeanDescription bean,
          io.hbench.thirdparty.jackson.databind.jsontype.TypeDeserializer elementTypes,
          JsonDeserializer<?> elements) {
        if (type.getRawClass() != List.class) {
          return null;
        }
        Class<?> of = type.getContentType().getRawClass();
        return of == Double.class ? new Numbers(false) : of == Long.class ? new Numbers(true)
            : null;
      }
    });
    m.addDeserializer(String.class, new PooledStrings());
    m.setDeserializerModifier(new BeanDeserializerModifier() {
      @Override
      public JsonDeserializer<?> modifyCollectionDeserializer(DeserializationConfig config,
          CollectionType type, BeanDescription bean, JsonDeserializer<?> deserializer) {
        if (deserializer instanceof Numbers) {
          return deserializer;
        }
        if (type.getContentType().getRawClass() == DaemonFigures.class) {
          // The readers are made after the deserializers that use them: read when used.
          return new InFileLater(new TrimmedLists(deserializer), JsonToken.START_ARRAY,
              ValuePool::stepOverDaemons, Later.DAEMONS);
        }
        if (type.getContentType().getRawClass() == IoResult.TaskIo.class) {
          return new InFileLater(new TrimmedLists(deserializer), JsonToken.START_ARRAY,
              ValuePool::skip, Later.TASK_IO);
        }
        return new TrimmedLists(deserializer);
      }

      @Override
      public JsonDeserializer<?> modifyMapDeserializer(DeserializationConfig config, MapType type,
          BeanDescription bean, JsonDeserializer<?> deserializer) {
        if (type.getKeyType().getRawClass() != String.class) {
          return deserializer;
        }
        io.hbench.thirdparty.jackson.databind.JavaType content = type.getContentType();
        if (content.getRawClass() == OperationSummary.class) {
          return new InFileLater(new PooledMaps(deserializer, false), JsonToken.START_OBJECT,
              ValuePool::skip, Later.IO);
        }
        if (content.getRawClass() == List.class && content.getContentType() != null
            && content.getContentType().getRawClass() == Double.class) {
          return new InFileLater(deserializer, JsonToken.START_OBJECT, ValuePool::stepOverSeries,
              Later.SERIES);
        }
        return new PooledMaps(deserializer, content.getRawClass() == String.class);
      }
    });
    ObjectMapper pooled = base.copy().registerModule(m);
    reader = pooled.readerFor(ResultRecord.class);
    configReader = pooled.readerFor(ServerConfigLine.class);
    daemonsReader = pooled.readerFor(new io.hbench.thirdparty.jackson.core.type.TypeReference<
        List<DaemonFigures>>() {});
    ioReader = pooled.readerFor(new io.hbench.thirdparty.jackson.core.type.TypeReference<
        java.util.LinkedHashMap<String, OperationSummary>>() {});
    perTaskReader = pooled.readerFor(new io.hbench.thirdparty.jackson.core.type.TypeReference<
        List<IoResult.TaskIo>>() {});
  }

  /**
   * The records of {@code bytes[from, to)}, JSON values one after another (lines of a results
   * file), each given to {@code each} with the offset it starts at. Stops at the first that
   * cannot be read, and returns the offset where that one starts; -1 when all were read.
   */
  int read(byte[] bytes, int from, int to, Records each) {
    return read(null, 0, bytes, from, to, each);
  }

  /**
   * As {@link #read(byte[], int, int, Records)}, the bytes being those of {@code file} from
   * {@code fileOffset} on: a record's lists of numbers are then read again from the file when
   * first used, not kept in memory.
   */
  int read(java.nio.file.Path file, long fileOffset, byte[] bytes, int from, int to,
      Records each) {
    chunk.set(new Chunk(bytes, from, file, fileOffset, new RecentStrings()));
    int start = from;
    try (JsonParser p = reader.createParser(bytes, from, to - from)) {
      while (true) {
        start = nextValue(bytes, start, to);
        if (start == to || p.nextToken() == null) {
          return -1;
        }
        if (ServerConfigLine.startsAt(bytes, start, to)) {
          each.config(configReader.readValue(p), start);
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

    void config(ServerConfigLine c, int start);

    /** Why the record at the offset {@link #read} returns could not be read. */
    void failed(RuntimeException e);
  }

  String pooled(String s) {
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
      if (p.currentToken() != JsonToken.VALUE_STRING) {
        return pooled(StringDeserializer.instance.deserialize(p, ctxt));
      }
      int length = p.getTextLength();
      if (length > POOLED_LENGTH) {
        return p.getText();
      }
      Chunk c = chunk.get();
      return c == null ? pooled(p.getText())
          : c.recent().of(p.getTextCharacters(), p.getTextOffset(), length);
    }
  }

  /**
   * The strings a parser last read, by their characters (one table per {@link #read}, dropped
   * with its chunk): most strings of a history are one of a few hundred, and finding one here
   * makes no string to find it in the pool (making and hashing them was a tenth of a read). A
   * table of strings by their characters' hash, the last one of each slot kept.
   */
  private final class RecentStrings {
    private final String[] slots = new String[1 << 12];

    String of(char[] chars, int from, int length) {
      int h = 0;
      for (int i = from; i < from + length; i++) {
        h = 31 * h + chars[i];
      }
      int slot = (h ^ (h >>> 16)) & (slots.length - 1);
      String s = slots[slot];
      if (s != null && s.length() == length && s.hashCode() == h) {
        int i = 0;
        while (i < length && s.charAt(i) == chars[from + i]) {
          i++;
        }
        if (i == length) {
          return s;
        }
      }
      s = pooled(new String(chars, from, length));
      slots[slot] = s;
      return s;
    }
  }

  /**
   * Maps keyed by strings, as {@link CompactMap}s; maps of strings (options, settings, a server's
   * configuration) also kept once.
   */
  private final class PooledMaps extends DelegatingDeserializer {
    private final boolean ofStrings;

    PooledMaps(JsonDeserializer<?> d, boolean ofStrings) {
      super(d);
      this.ofStrings = ofStrings;
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> d) {
      return new PooledMaps(d, ofStrings);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      Object read = super.deserialize(p, ctxt);
      return read instanceof Map<?, ?> m ? kept(m, ofStrings) : read;
    }
  }

  /** {@code m} as a {@link CompactMap}, and kept once when it is a map of strings. */
  Map<?, ?> kept(Map<?, ?> m, boolean ofStrings) {
    Map<?, ?> compact = m.isEmpty() ? Collections.emptyMap() : CompactMap.of(m, keys);
    return ofStrings ? once(compact) : compact;
  }

  /** The map equal to {@code m} kept first. */
  Map<?, ?> once(Map<?, ?> m) {
    Map<?, ?> kept = maps.putIfAbsent(m, m);
    return kept == null ? m : kept;
  }

  /** The keys of compact maps with these names, in this order. */
  CompactMap.Keys keys(String[] names) {
    return keys.computeIfAbsent(Arrays.asList(names), l -> new CompactMap.Keys(names));
  }

  /** Lists as long as what they hold: an {@code ArrayList} read grows by half again as it fills. */
  private static final class TrimmedLists extends DelegatingDeserializer {
    TrimmedLists(JsonDeserializer<?> d) {
      super(d);
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> d) {
      return new TrimmedLists(d);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      Object read = super.deserialize(p, ctxt);
      if (read instanceof java.util.ArrayList<?> l) {
        l.trimToSize();
      }
      return read;
    }
  }

  /** Steps {@code p} from the start of a value to its end; false when it is not what it should be. */
  @FunctionalInterface
  private interface Step {
    boolean over(JsonParser p) throws IOException;
  }

  /** What a value kept as where it is in its file ({@link InFile}) is, to read it when used. */
  enum Later {
    /** A phase's daemons. */
    DAEMONS,
    /** A phase's I/O per task. */
    TASK_IO,
    /** A phase's I/O per operation. */
    IO,
    /** A daemon's map of series. */
    SERIES
  }

  /** The value that stands for the bytes {@code [at, at + length)} of {@code file}. */
  Object later(Later kind, java.nio.file.Path file, long at, int length) {
    return switch (kind) {
      case DAEMONS -> new LazyList<>(new InFile<>(kind, file, at, length,
          listOf(daemonsReader)));
      case TASK_IO -> new LazyList<>(new InFile<>(kind, file, at, length,
          listOf(perTaskReader)));
      case IO -> new LazyMap<>(new InFile<>(kind, file, at, length, bytes ->
          Collections.unmodifiableMap(ioReader.<Map<String, Object>>readValue(bytes))));
      case SERIES -> new LazyMap<>(new InFile<>(kind, file, at, length, ValuePool::series));
    };
  }

  private static <T> Parse<List<T>> listOf(ObjectReader reader) {
    return bytes -> Collections.unmodifiableList(reader.<List<T>>readValue(bytes));
  }

  /**
   * A value only the charts and the last runs' tables use, kept as where its bytes are in the
   * results file until it is first used ({@link InFile}), after {@code step} checked it. Read
   * without a file (again, when used), as {@code d} reads it. What is kept so:
   * <ul>
   *   <li>a daemon's map of series, each checked to be a list of numbers;
   *   <li>a phase's daemons ({@code --metrics}: their metrics and series, a third of a record),
   *       their series checked;
   *   <li>a phase's I/O figures ({@code --instrument}, per operation and per task), which only
   *       the end of a run's own table shows: stepped over unchecked, bad input when used.
   * </ul>
   */
  private final class InFileLater extends DelegatingDeserializer {
    private final JsonToken start;
    private final Step step;
    private final Later later;

    InFileLater(JsonDeserializer<?> d, JsonToken start, Step step, Later later) {
      super(d);
      this.start = start;
      this.step = step;
      this.later = later;
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> d) {
      return new InFileLater(d, start, step, later);
    }

    @Override
    public Object deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      Chunk c = chunk.get();
      if (c == null || c.file() == null || p.currentToken() != start) {
        return super.deserialize(p, ctxt);
      }
      int from = c.from() + (int) p.currentTokenLocation().getByteOffset();
      if (!step.over(p)) {
        return ctxt.reportInputMismatch(this, "not what a record holds there");
      }
      int to = c.from() + (int) p.currentLocation().getByteOffset();
      return later(later, c.file(), c.fileOffset() + from, to - from);
    }
  }

  /** Steps over any value (its tokens read, not checked). */
  private static boolean skip(JsonParser p) throws IOException {
    p.skipChildren();
    return true;
  }

  /** Steps over a phase's daemons, checking each one's series to be numbers. */
  private static boolean stepOverDaemons(JsonParser p) throws IOException {
    int depth = 0;
    for (JsonToken t = p.nextToken(); ; t = p.nextToken()) {
      if (t == null) {
        return false;
      } else if (t == JsonToken.START_OBJECT || t == JsonToken.START_ARRAY) {
        depth++;
      } else if (t == JsonToken.END_OBJECT || t == JsonToken.END_ARRAY) {
        if (depth-- == 0) {
          return true;
        }
      } else if (t == JsonToken.FIELD_NAME && depth == 1 && "series".equals(p.currentName())
          && p.nextToken() == JsonToken.START_OBJECT && !stepOverSeries(p)) {
        return false;
      }
    }
  }

  /** Parses the bytes of a value read again from its file. */
  @FunctionalInterface
  interface Parse<T> {
    T from(byte[] bytes) throws IOException;
  }

  /**
   * A value kept as where it is in a results file: read again and parsed when first used, and
   * held softly (read again once the collector needed the memory).
   */
  static final class InFile<T> {
    final Later kind;
    final java.nio.file.Path file;
    final long at;
    final int length;
    private final Parse<T> parse;
    private volatile java.lang.ref.SoftReference<T> held;

    InFile(Later kind, java.nio.file.Path file, long at, int length, Parse<T> parse) {
      this.kind = kind;
      this.file = file;
      this.at = at;
      this.length = length;
      this.parse = parse;
    }

    T get(char open, char close) {
      T v = held == null ? null : held.get();
      if (v == null) {
        synchronized (this) {
          v = held == null ? null : held.get();
          if (v == null) {
            try {
              v = parse.from(bytesOf(file, at, length, open, close));
            } catch (IOException e) {
              throw new io.hbench.core.error.InvalidInputException(file + ": a record's figures"
                  + " do not read again (the file changed since, or they are not a record's): "
                  + e.getMessage());
            }
            held = new java.lang.ref.SoftReference<>(v);
          }
        }
      }
      return v;
    }
  }

  /** A map read from its file when first used ({@link InFile}). */
  static final class LazyMap<V> extends java.util.AbstractMap<String, V> {
    final InFile<Map<String, V>> map;

    LazyMap(InFile<Map<String, V>> map) {
      this.map = map;
    }

    private Map<String, V> map() {
      return map.get('{', '}');
    }

    @Override
    public V get(Object key) {
      return map().get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return map().containsKey(key);
    }

    @Override
    public Set<Map.Entry<String, V>> entrySet() {
      return map().entrySet();
    }
  }

  /** A list read from its file when first used ({@link InFile}). */
  static final class LazyList<T> extends AbstractList<T> implements RandomAccess {
    final InFile<List<T>> list;

    LazyList(InFile<List<T>> list) {
      this.list = list;
    }

    @Override
    public T get(int i) {
      return list.get('[', ']').get(i);
    }

    @Override
    public int size() {
      return list.get('[', ']').size();
    }
  }

  /**
   * Steps over the map of series {@code p} stands at the start of, to its end; false when it is
   * not a map of lists of numbers (and nulls).
   */
  private static boolean stepOverSeries(JsonParser p) throws IOException {
    for (JsonToken t = p.nextToken(); t != JsonToken.END_OBJECT; t = p.nextToken()) {
      if (t != JsonToken.FIELD_NAME || p.nextToken() != JsonToken.START_ARRAY) {
        return false;
      }
      for (t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
        if (t != JsonToken.VALUE_NUMBER_FLOAT && t != JsonToken.VALUE_NUMBER_INT
            && t != JsonToken.VALUE_NULL) {
          return false;
        }
      }
    }
    return true;
  }

  /**
   * The bytes {@code [at, at + length)} of {@code source}: a byte array, or a results file read
   * again; a file whose bytes there no longer begin with {@code open} and end with {@code close}
   * changed since it was read.
   */
  private static byte[] bytesOf(Object source, long at, int length, char open, char close) {
    if (source instanceof byte[] b) {
      return b;
    }
    java.nio.file.Path file = (java.nio.file.Path) source;
    byte[] b = new byte[length];
    try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(file)) {
      java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(b);
      while (buf.hasRemaining() && ch.read(buf, at + buf.position()) > 0) {
        // read on
      }
    } catch (IOException e) {
      throw new io.hbench.core.error.InvalidInputException(
          "cannot read " + file + " again: " + e.getMessage());
    }
    if (length < 2 || b[0] != open || b[length - 1] != close) {
      throw new io.hbench.core.error.InvalidInputException(
          file + " changed while it was read (a record's series is not where it was)");
    }
    return b;
  }

  /** A daemon's map of series, as it reads from its bytes (each a {@link DoubleList}). */
  private static Map<String, List<Double>> series(byte[] bytes) throws IOException {
    Map<String, List<Double>> m = new java.util.LinkedHashMap<>();
    try (JsonParser p = LazyNumbers.NUMBERS.createParser(bytes)) {
      p.nextToken();
      for (JsonToken t = p.nextToken(); t == JsonToken.FIELD_NAME; t = p.nextToken()) {
        String name = p.currentName();
        p.nextToken();
        m.put(name, ValuePool.<Double>read(p, false, null, null));
      }
    }
    return Collections.unmodifiableMap(m);
  }

  /** Lists of numbers: of doubles, or of longs (a load's calls and failures per second). */
  private final class Numbers extends StdDeserializer<List<?>> {
    private final boolean longs;

    Numbers(boolean longs) {
      super(List.class);
      this.longs = longs;
    }

    @Override
    public List<?> deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
      if (p.currentToken() != JsonToken.START_ARRAY) {
        return ctxt.reportInputMismatch(this, "a list of numbers was expected");
      }
      // Kept as its bytes until asked for: most series of a history are never drawn.
      Chunk c = chunk.get();
      if (c == null) {
        return read(p, longs, this, ctxt);
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
      return c.file() != null
          ? new LazyNumbers<>(c.file(), c.fileOffset() + start, end - start, longs)
          : new LazyNumbers<>(Arrays.copyOfRange(c.bytes(), start, end), 0, end - start, longs);
    }
  }

  /**
   * The numbers of the array {@code p} stands at the start of, as doubles or as longs; {@code
   * ctxt} null when read outside a record's deserialization (a {@link LazyNumbers}).
   */
  @SuppressWarnings("unchecked")
  private static <T> List<T> read(JsonParser p, boolean longs, JsonDeserializer<?> d,
      DeserializationContext ctxt) throws IOException {
    double[] v = longs ? null : new double[16];
    long[] w = longs ? new long[16] : null;
    BitSet nulls = null;
    int n = 0;
    for (JsonToken t = p.nextToken(); t != JsonToken.END_ARRAY; t = p.nextToken()) {
      if (longs && n == w.length) {
        w = Arrays.copyOf(w, n * 2);
      } else if (!longs && n == v.length) {
        v = Arrays.copyOf(v, n * 2);
      }
      if (t == JsonToken.VALUE_NULL) {
        if (nulls == null) {
          nulls = new BitSet();
        }
        nulls.set(n);
      } else if (t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT) {
        if (longs) {
          w[n] = p.getLongValue();
        } else {
          v[n] = p.getDoubleValue();
        }
      } else if (ctxt != null) {
        return ctxt.reportInputMismatch(d, "a list of numbers was expected");
      } else {
        throw new io.hbench.thirdparty.jackson.core.JsonParseException(p,
            "a list of numbers was expected");
      }
      n++;
    }
    return (List<T>) (longs ? new LongList(Arrays.copyOf(w, n), nulls)
        : new DoubleList(Arrays.copyOf(v, n), nulls));
  }

  /**
   * A list of numbers read from its bytes when first asked for: bytes kept, or where they are in
   * a results file (most series of a history are never drawn; a year of them does not fit in
   * memory).
   */
  static final class LazyNumbers<T> extends AbstractList<T> implements RandomAccess {
    private static final io.hbench.thirdparty.jackson.core.JsonFactory NUMBERS =
        ResultReader.factory();
    /** Its bytes, or the file they are in. */
    Object source;
    final long at;
    final int length;
    /** Of longs, not doubles. */
    final boolean longs;
    /** Held strongly when read from bytes kept, softly when read from a file (read again). */
    private volatile Object values;

    LazyNumbers(Object source, long at, int length, boolean longs) {
      this.source = source;
      this.at = at;
      this.length = length;
      this.longs = longs;
    }

    private byte[] bytes() {
      return bytesOf(source, at, length, '[', ']');
    }

    @SuppressWarnings("unchecked")
    private List<T> held() {
      Object v = values;
      return v instanceof java.lang.ref.SoftReference<?> soft ? (List<T>) soft.get()
          : (List<T>) v;
    }

    private List<T> values() {
      List<T> v = held();
      if (v == null) {
        synchronized (this) {
          v = held();
          if (v == null) {
            byte[] bytes = bytes();
            try (JsonParser p = NUMBERS.createParser(bytes)) {
              p.nextToken();
              v = read(p, longs, null, null);
            } catch (IOException e) {
              // Its bytes were checked to be JSON when read, not that it holds only numbers:
              // bad input, said in one line.
              throw new io.hbench.core.error.InvalidInputException(
                  "a record's list of numbers is not one: " + new String(bytes, 0,
                      Math.min(bytes.length, 80), java.nio.charset.StandardCharsets.UTF_8));
            }
            if (source instanceof byte[]) {
              values = v;
              source = null;
            } else {
              values = new java.lang.ref.SoftReference<>(v);
            }
          }
        }
      }
      return v;
    }

    @Override
    public T get(int i) {
      return values().get(i);
    }

    @Override
    public int size() {
      return values().size();
    }
  }

  /** An unmodifiable list of numbers over an array of them, nulls where the record had none. */
  private abstract static class NumberList<T> extends AbstractList<T> implements RandomAccess {
    final int size;
    final BitSet nulls;

    NumberList(int size, BitSet nulls) {
      this.size = size;
      this.nulls = nulls;
    }

    abstract T at(int i);

    @Override
    public T get(int i) {
      java.util.Objects.checkIndex(i, size);
      return nulls != null && nulls.get(i) ? null : at(i);
    }

    @Override
    public int size() {
      return size;
    }
  }

  /** Of longs. */
  static final class LongList extends NumberList<Long> {
    final long[] values;

    LongList(long[] values, BitSet nulls) {
      super(values.length, nulls);
      this.values = values;
    }

    @Override
    Long at(int i) {
      return values[i];
    }
  }

  /** Of doubles. */
  static final class DoubleList extends NumberList<Double> {
    final double[] values;

    DoubleList(double[] values, BitSet nulls) {
      super(values.length, nulls);
      this.values = values;
    }

    @Override
    Double at(int i) {
      return values[i];
    }
  }
}
