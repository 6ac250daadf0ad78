package io.hbench.core.report;

import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ServerConfigLine;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.IntStream;

/**
 * A large results file's records as they were read, kept in a binary file of their own (the read
 * index) so that reading that results file again takes a fraction of parsing it: a year of
 * nightly runs is a gigabyte of JSON Lines, and parsing it was most of the time of {@code
 * report}, {@code compare} and {@code history}.
 *
 * <p>Derived only, never the only copy of anything. An index names its results file's path,
 * size and time of last change, and the hbench build that wrote it (its jar, and the layout of
 * the record types); one that differs in any of them, or does not read, is ignored and written
 * again from the results file.
 * What a record keeps as where it is in its results file until a chart uses it ({@link
 * ValuePool}) is written as that place. Files under {@link #MIN_BYTES} get none: they parse in
 * well under a second. The directory is {@code $HBENCH_CACHE_DIR/read-index}, else {@code
 * $XDG_CACHE_HOME/hbench/read-index}, else {@code ~/.cache/hbench/read-index}; one that cannot
 * be written means no index, and deleting it loses nothing. {@code HBENCH_READ_INDEX=off} turns
 * it off.
 */
final class ReadIndex {

  /** Results files smaller than this are parsed, not indexed (by the standard index). */
  static final long MIN_BYTES = 4L << 20;
  /** Indexes not written again for this long are removed when another is written. */
  private static final long KEPT_MILLIS = 30L * 24 * 3600 * 1000;
  private static final int MAGIC = 0x48425249; // "HBRI"
  /** Changed whenever how values are written changes: an index of another format is not read. */
  private static final int FORMAT = 1;
  /** Records per block: blocks are written and read on every core, each with its own strings. */
  private static final int BLOCK = 1024;
  /** Strings up to this long are written once per block, later ones as a reference. */
  private static final int SHARED_LENGTH = 256;

  private final Path dir;
  private final long minBytes;

  /** Indexes in {@code dir}, of results files of {@code minBytes} or more. */
  ReadIndex(Path dir, long minBytes) {
    this.dir = dir;
    this.minBytes = minBytes;
  }

  /**
   * This user's read index ({@link ReadIndex}), or null: with {@code HBENCH_READ_INDEX=off}, when
   * no home directory is known, or when this build cannot tell itself from another.
   */
  static ReadIndex standard() {
    if ("off".equalsIgnoreCase(System.getenv("HBENCH_READ_INDEX")) || BUILD == null) {
      return null;
    }
    String base = System.getenv("HBENCH_CACHE_DIR");
    if (base == null || base.isBlank()) {
      String xdg = System.getenv("XDG_CACHE_HOME");
      String home = System.getProperty("user.home");
      if (xdg != null && !xdg.isBlank()) {
        base = Path.of(xdg, "hbench").toString();
      } else if (home != null && !home.isBlank()) {
        base = Path.of(home, ".cache", "hbench").toString();
      } else {
        return null;
      }
    }
    return new ReadIndex(Path.of(base, "read-index"), MIN_BYTES);
  }

  /**
   * A results file as it was when read: its path, size and time of last change, and where the
   * system says so, its identity (device and inode) and the time its inode last changed (which,
   * unlike the time of last change, no one can set back).
   */
  record Stamp(String path, long size, long modified, String identity) {
    static Stamp of(Path file) throws IOException {
      BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
      String identity = String.valueOf(a.fileKey());
      try {
        identity += " " + ((java.nio.file.attribute.FileTime) Files.getAttribute(file,
            "unix:ctime")).toMillis();
      } catch (UnsupportedOperationException | IllegalArgumentException e) {
        // Not a Unix file system: path, size and time of last change.
      }
      return new Stamp(file.toAbsolutePath().normalize().toString(), a.size(),
          a.lastModifiedTime().toMillis(), identity);
    }
  }

  /** A results file's records (before their configurations are put back) and configurations. */
  record Indexed(List<ResultRecord> records, Map<String, Map<String, String>> configs) {}

  /** The index of {@code file} as {@code stamp} says it is, or null when there is none to use. */
  Indexed read(Path file, Stamp stamp, ValuePool pool) {
    Path index = indexOf(stamp);
    if (stamp.size() < minBytes || !Files.isRegularFile(index)) {
      return null;
    }
    try {
      if (Files.size(index) > Integer.MAX_VALUE - 64) {
        return null; // more than one array holds: parsed
      }
      ByteBuffer in = ByteBuffer.wrap(Files.readAllBytes(index));
      if (in.getInt() != MAGIC || in.getInt() != FORMAT || in.getLong() != MODEL
          || !stamp.equals(new Stamp(utf(in), in.getLong(), in.getLong(), utf(in)))) {
        return null;
      }
      int blocks = in.getInt();
      List<ByteBuffer> parts = new ArrayList<>();
      for (int i = 0; i < blocks; i++) {
        int length = in.getInt();
        int sum = in.getInt();
        ByteBuffer part = in.slice(in.position(), length);
        if (checksum(part) != sum) {
          return null;
        }
        parts.add(part);
        in.position(in.position() + length);
      }
      if (in.hasRemaining()) {
        return null;
      }
      List<List<Object>> read = IntStream.range(0, blocks).parallel()
          .mapToObj(i -> new Decoder(parts.get(i), file, pool).values()).toList();
      @SuppressWarnings("unchecked")
      Map<String, Map<String, String>> configs =
          (Map<String, Map<String, String>>) read.get(0).get(0);
      List<ResultRecord> records = new ArrayList<>();
      for (int i = 1; i < blocks; i++) {
        for (Object r : read.get(i)) {
          records.add((ResultRecord) r);
        }
      }
      return new Indexed(records, configs);
    } catch (IOException | RuntimeException | LinkageError e) {
      // Not what this hbench writes (cut short, or of another build): parsed again.
      return null;
    }
  }

  /**
   * Writes the index of {@code file} read as {@code stamp} says, when it is large enough and every
   * value of its records can be written; quietly none when the directory cannot be written.
   */
  void write(Path file, Stamp stamp, List<ResultRecord> records,
      Map<String, Map<String, String>> configs) {
    if (stamp.size() < minBytes) {
      return;
    }
    try {
      List<List<?>> blocks = new ArrayList<>();
      blocks.add(List.of(new LinkedHashMap<>(configs)));
      for (int i = 0; i < records.size(); i += BLOCK) {
        blocks.add(records.subList(i, Math.min(records.size(), i + BLOCK)));
      }
      List<ByteBuffer> written = blocks.parallelStream()
          .map(b -> new Encoder(file).block(b)).toList();
      Encoder head = new Encoder(file);
      head.room(16);
      head.out.putInt(MAGIC).putInt(FORMAT).putLong(MODEL);
      head.utf(stamp.path());
      head.room(16);
      head.out.putLong(stamp.size()).putLong(stamp.modified());
      head.utf(stamp.identity());
      head.room(4);
      head.out.putInt(written.size());
      if (!Files.isDirectory(dir)) {
        // The user's alone, as the results it copies may name their hosts.
        Files.createDirectories(dir.getParent());
        try {
          Files.createDirectory(dir, java.nio.file.attribute.PosixFilePermissions.asFileAttribute(
              java.nio.file.attribute.PosixFilePermissions.fromString("rwx------")));
        } catch (UnsupportedOperationException e) {
          Files.createDirectory(dir);
        } catch (java.nio.file.FileAlreadyExistsException e) {
          // Made by another hbench meanwhile.
        }
      }
      Path tmp = Files.createTempFile(dir, "index", ".tmp");
      try {
        // Each block written as it is, after its length and checksum: no copy of the whole.
        try (java.nio.channels.FileChannel ch = java.nio.channels.FileChannel.open(tmp,
            java.nio.file.StandardOpenOption.WRITE)) {
          writeAll(ch, head.out.flip());
          for (ByteBuffer b : written) {
            writeAll(ch, ByteBuffer.allocate(8).putInt(b.remaining()).putInt(checksum(b)).flip());
            writeAll(ch, b);
          }
        }
        Files.move(tmp, indexOf(stamp), StandardCopyOption.REPLACE_EXISTING,
            StandardCopyOption.ATOMIC_MOVE);
      } finally {
        Files.deleteIfExists(tmp);
      }
      prune();
    } catch (IOException | RuntimeException | OutOfMemoryError e) {
      // A value it cannot write (Unindexable), a directory it cannot write, or no memory left
      // for the index beside the records read: no index, the results file is parsed the next
      // time too. What was made for it is dropped on return.
    }
  }

  private static void writeAll(java.nio.channels.FileChannel ch, ByteBuffer b) throws IOException {
    while (b.hasRemaining()) {
      ch.write(b);
    }
  }

  /**
   * Removes indexes not written for {@link #KEPT_MILLIS} (of results files moved or deleted) and
   * what a process killed while writing one left, a day on.
   */
  private void prune() throws IOException {
    long now = System.currentTimeMillis();
    try (var s = Files.list(dir)) {
      for (Path p : s.toList()) {
        String name = p.getFileName().toString();
        long age = now - Files.getLastModifiedTime(p).toMillis();
        if ((name.endsWith(".idx") && age > KEPT_MILLIS)
            || (name.endsWith(".tmp") && age > 24L * 3600 * 1000)) {
          Files.deleteIfExists(p);
        }
      }
    }
  }

  private Path indexOf(Stamp stamp) {
    return dir.resolve(java.util.HexFormat.of().formatHex(sha256(stamp.path()), 0, 16) + ".idx");
  }

  private static byte[] sha256(String text) {
    try {
      return java.security.MessageDigest.getInstance("SHA-256")
          .digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException(e); // every JDK has it
    }
  }

  // Each value is a tag and what follows it.
  private static final byte NULL = 0;
  private static final byte FALSE = 1;
  private static final byte TRUE = 2;
  private static final byte INT = 3;
  private static final byte LONG = 4;
  private static final byte DOUBLE = 5;
  /** A string not seen before in the block (it gets the next number), and one seen. */
  private static final byte STRING = 6;
  private static final byte SEEN = 7;
  /** A string too long to be seen again (an encoded histogram). */
  private static final byte LONG_STRING = 8;
  private static final byte LIST = 9;
  private static final byte MAP = 10;
  /** A record or an enum of the result model: its type's number (a name when new) and values. */
  private static final byte RECORD = 11;
  private static final byte ENUM = 12;
  /** Kept as where it is in the results file ({@link ValuePool.Later}, offset, length). */
  private static final byte LATER = 13;
  /** A list of numbers kept as where it is (longs or doubles, offset, length). */
  private static final byte NUMBERS_LATER = 14;
  private static final byte DOUBLES = 15;
  private static final byte LONGS = 16;
  /** A map whose keys, in order, a map before it in the block had: their number, then values. */
  private static final byte SAME_KEYS = 17;

  /** A value of a record that the index has no way to write: no index for its file. */
  private static final class Unindexable extends RuntimeException {
    Unindexable(String what) {
      super(what, null, false, false);
    }
  }

  /** A type of the result model, as written: its values in order, and made from them. */
  private record Shape(Class<?> type, Method[] accessors, Constructor<?> canonical) {
    static final ClassValue<Shape> OF = new ClassValue<>() {
      @Override
      protected Shape computeValue(Class<?> type) {
        RecordComponent[] c = type.getRecordComponents();
        Method[] get = new Method[c.length];
        Class<?>[] types = new Class<?>[c.length];
        for (int i = 0; i < c.length; i++) {
          get[i] = c[i].getAccessor();
          types[i] = c[i].getType();
        }
        try {
          Constructor<?> canonical = type.getDeclaredConstructor(types);
          // Checked once here, not at each of a history's millions of calls.
          canonical.setAccessible(true);
          for (Method m : get) {
            m.setAccessible(true);
          }
          return new Shape(type, get, canonical);
        } catch (NoSuchMethodException | RuntimeException e) {
          throw new Unindexable(type.getName());
        }
      }
    };
  }

  /** Whether {@code type} is one of the result model's records or enums: all an index names. */
  private static boolean ofModel(Class<?> type) {
    return (type.isRecord() || type.isEnum()) && type.getName().startsWith("io.hbench.core.result.");
  }

  /**
   * The hbench build and the layout of its result model: the jar (or the read side's classes)
   * this class was loaded from, by path, size and time of last change; each record's components
   * and their types, each enum's constants, the format and the kinds of values kept in their
   * file. An index written by another build is not read: it may read records otherwise (a
   * label derived, a schema upgraded) even where the layout is the same.
   */
  private static final String BUILD = build();
  private static final long MODEL = model();

  private static long model() {
    TreeSet<String> seen = new TreeSet<>();
    List<Type> todo = new ArrayList<>(List.of(ResultRecord.class, ServerConfigLine.class));
    StringBuilder all = new StringBuilder("format " + FORMAT + Arrays.toString(
        ValuePool.Later.values()) + BUILD);
    while (!todo.isEmpty()) {
      Type t = todo.remove(todo.size() - 1);
      if (t instanceof ParameterizedType p) {
        todo.addAll(Arrays.asList(p.getActualTypeArguments()));
      } else if (t instanceof Class<?> c && ofModel(c) && seen.add(c.getName())) {
        all.append(';').append(c.getName());
        if (c.isEnum()) {
          all.append(Arrays.toString(c.getEnumConstants()));
        } else {
          for (RecordComponent rc : c.getRecordComponents()) {
            all.append(',').append(rc.getName()).append(':').append(rc.getGenericType());
            todo.add(rc.getGenericType());
          }
        }
      }
    }
    return ByteBuffer.wrap(sha256(all.toString())).getLong();
  }

  /** A block's checksum: an index whose bytes changed is not read. */
  private static int checksum(ByteBuffer b) {
    java.util.zip.CRC32C sum = new java.util.zip.CRC32C();
    sum.update(b.duplicate());
    return (int) sum.getValue();
  }

  /**
   * This build of hbench: the jar its classes were loaded from, by path, size and time of last
   * change, or in a directory of classes (a build's target/classes), every class of the read
   * side and the result model so; null when it cannot be told (then no index).
   */
  private static String build() {
    try {
      Path from = Path.of(ReadIndex.class.getProtectionDomain().getCodeSource().getLocation()
          .toURI());
      List<Path> files = new ArrayList<>();
      if (Files.isRegularFile(from)) {
        files.add(from);
      } else {
        for (String pkg : List.of("io/hbench/core/report", "io/hbench/core/result")) {
          try (var s = Files.list(from.resolve(pkg))) {
            s.filter(f -> f.toString().endsWith(".class")).sorted().forEach(files::add);
          }
        }
      }
      StringBuilder b = new StringBuilder();
      for (Path f : files) {
        BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class);
        b.append(';').append(f).append(' ').append(a.size()).append(' ')
            .append(a.lastModifiedTime().toMillis());
      }
      return b.toString();
    } catch (Exception e) {
      return null;
    }
  }

  private static String utf(ByteBuffer in) {
    byte[] b = new byte[in.getInt()];
    in.get(b);
    return new String(b, StandardCharsets.UTF_8);
  }

  /** Writes values to a growing buffer. */
  private static final class Encoder {
    private final Path file;
    ByteBuffer out = ByteBuffer.allocate(1 << 16);
    private final Map<String, Integer> strings = new HashMap<>();
    private final Map<Class<?>, Integer> types = new HashMap<>();
    private final Map<List<String>, Integer> keySets = new HashMap<>();

    Encoder(Path file) {
      this.file = file;
    }

    /** The values, written: the buffer's bytes from 0 to its limit. */
    ByteBuffer block(List<?> values) {
      room(5);
      out.putInt(values.size());
      for (Object v : values) {
        value(v);
      }
      return out.flip();
    }

    void room(int n) {
      if (out.remaining() < n) {
        // Doubled, in longs: a block past 1 GB is refused by the allocation, not wrapped round.
        ByteBuffer bigger = ByteBuffer.allocate(Math.toIntExact(
            Math.max(2L * out.capacity(), (long) out.position() + n)));
        bigger.put(out.array(), 0, out.position());
        out = bigger;
      }
    }

    private void tag(byte t) {
      room(1);
      out.put(t);
    }

    private void varint(long v) {
      room(10);
      while ((v & ~0x7FL) != 0) {
        out.put((byte) ((v & 0x7F) | 0x80));
        v >>>= 7;
      }
      out.put((byte) v);
    }

    void utf(String s) {
      byte[] b = s.getBytes(StandardCharsets.UTF_8);
      room(4 + b.length);
      out.putInt(b.length).put(b);
    }

    private void type(Class<?> c) {
      Integer n = types.get(c);
      if (n != null) {
        varint(n);
      } else {
        varint(types.size());
        types.put(c, types.size());
        utf(c.getName());
      }
    }

    void value(Object v) {
      if (v == null) {
        tag(NULL);
      } else if (v instanceof String s) {
        string(s);
      } else if (v instanceof Boolean b) {
        tag(b ? TRUE : FALSE);
      } else if (v instanceof Integer i) {
        tag(INT);
        long l = i; // as a long: an int's own zigzag sign-extends wrong from 2^30 on
        varint((l << 1) ^ (l >> 63));
      } else if (v instanceof Long l) {
        tag(LONG);
        varint((l << 1) ^ (l >> 63));
      } else if (v instanceof Double d) {
        tag(DOUBLE);
        room(8);
        out.putDouble(d);
      } else if (v instanceof ValuePool.LazyNumbers<?> n) {
        numbers(n);
      } else if (v instanceof ValuePool.LazyList<?> l) {
        later(l.list);
      } else if (v instanceof ValuePool.LazyMap<?> m) {
        later(m.map);
      } else if (v instanceof ValuePool.DoubleList d) {
        tag(DOUBLES);
        varint(d.values.length);
        room(8 * d.values.length);
        for (double x : d.values) {
          out.putDouble(x);
        }
        nulls(d.nulls);
      } else if (v instanceof ValuePool.LongList l) {
        tag(LONGS);
        varint(l.values.length);
        for (long x : l.values) {
          varint((x << 1) ^ (x >> 63));
        }
        nulls(l.nulls);
      } else if (v instanceof List<?> l) {
        tag(LIST);
        varint(l.size());
        for (Object x : l) {
          value(x);
        }
      } else if (v instanceof Map<?, ?> m) {
        map(m);
      } else if (v instanceof Enum<?> e && ofModel(e.getDeclaringClass())) {
        tag(ENUM);
        type(e.getDeclaringClass());
        varint(e.ordinal());
      } else if (v instanceof Record r && ofModel(r.getClass())) {
        tag(RECORD);
        type(r.getClass());
        for (Method get : Shape.OF.get(r.getClass()).accessors()) {
          try {
            value(get.invoke(r));
          } catch (ReflectiveOperationException e) {
            throw new Unindexable(get.toString());
          }
        }
      } else {
        throw new Unindexable(v.getClass().getName());
      }
    }

    /** A map: its keys once per block (most maps of a history have one of a few key sets). */
    private void map(Map<?, ?> m) {
      String[] names = new String[m.size()];
      Object[] values = new Object[m.size()];
      int i = 0;
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (!(e.getKey() instanceof String k)) {
          throw new Unindexable("a map not keyed by strings");
        }
        names[i] = k;
        values[i++] = e.getValue();
      }
      Integer seen = keySets.get(Arrays.asList(names));
      if (seen != null) {
        tag(SAME_KEYS);
        varint(seen);
      } else {
        keySets.put(Arrays.asList(names), keySets.size());
        tag(MAP);
        varint(names.length);
        for (String k : names) {
          string(k);
        }
      }
      for (Object x : values) {
        value(x);
      }
    }

    private void string(String s) {
      if (s.length() > SHARED_LENGTH) {
        tag(LONG_STRING);
        utf(s);
        return;
      }
      Integer n = strings.get(s);
      if (n != null) {
        tag(SEEN);
        varint(n);
      } else {
        strings.put(s, strings.size());
        tag(STRING);
        utf(s);
      }
    }

    private void nulls(BitSet nulls) {
      long[] words = nulls == null ? new long[0] : nulls.toLongArray();
      varint(words.length);
      room(8 * words.length);
      for (long w : words) {
        out.putLong(w);
      }
    }

    private void numbers(ValuePool.LazyNumbers<?> n) {
      if (!file.equals(n.source)) {
        throw new Unindexable("numbers not in the file indexed");
      }
      tag(NUMBERS_LATER);
      tag(n.longs ? TRUE : FALSE);
      varint(n.at);
      varint(n.length);
    }

    private void later(ValuePool.InFile<?> f) {
      if (!file.equals(f.file)) {
        throw new Unindexable("a value not in the file indexed");
      }
      tag(LATER);
      varint(f.kind.ordinal());
      varint(f.at);
      varint(f.length);
    }
  }

  /** Reads the values of a block back, strings and maps kept once as the parser keeps them. */
  private static final class Decoder {
    private final ByteBuffer in;
    private final Path file;
    private final ValuePool pool;
    private final List<String> strings = new ArrayList<>();
    private final List<Class<?>> types = new ArrayList<>();
    /** The key sets of the block's maps, in the order first written. */
    private final List<CompactMap.Keys> keySets = new ArrayList<>();
    private final List<Integer> keyCounts = new ArrayList<>();

    Decoder(ByteBuffer in, Path file, ValuePool pool) {
      this.in = in;
      this.file = file;
      this.pool = pool;
    }

    List<Object> values() {
      int n = in.getInt();
      List<Object> out = new ArrayList<>(n);
      for (int i = 0; i < n; i++) {
        out.add(value());
      }
      if (in.hasRemaining()) {
        throw new IllegalStateException("a block longer than its values");
      }
      return out;
    }

    private long varint() {
      long v = 0;
      for (int shift = 0; ; shift += 7) {
        byte b = in.get();
        v |= (long) (b & 0x7F) << shift;
        if (b >= 0) {
          return v;
        }
      }
    }

    private long zigzag() {
      long v = varint();
      return (v >>> 1) ^ -(v & 1);
    }

    /** A map of the block's {@code n}-th key set: its values, read now. */
    private Map<?, ?> map(int n) {
      Object[] values = new Object[keyCounts.get(n)];
      if (values.length == 0) {
        return java.util.Collections.emptyMap();
      }
      boolean ofStrings = true;
      for (int i = 0; i < values.length; i++) {
        values[i] = value();
        ofStrings &= values[i] instanceof String;
      }
      CompactMap<?> m = new CompactMap<>(keySets.get(n), values);
      // Maps of strings (options, settings, configurations) kept once, as the parser keeps them.
      return ofStrings ? pool.once(m) : m;
    }

    private BitSet nulls() {
      long[] words = new long[(int) varint()];
      for (int i = 0; i < words.length; i++) {
        words[i] = in.getLong();
      }
      return words.length == 0 ? null : BitSet.valueOf(words);
    }

    private Class<?> type() {
      int n = (int) varint();
      if (n < types.size()) {
        return types.get(n);
      }
      String name = utf(in);
      Class<?> c;
      try {
        c = Class.forName(name, false, ReadIndex.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(name);
      }
      if (!ofModel(c)) {
        throw new IllegalStateException("not of the result model: " + name);
      }
      types.add(c);
      return c;
    }

    private Object value() {
      byte tag = in.get();
      switch (tag) {
        case NULL:
          return null;
        case FALSE:
          return Boolean.FALSE;
        case TRUE:
          return Boolean.TRUE;
        case INT:
          return (int) zigzag();
        case LONG:
          return zigzag();
        case DOUBLE:
          return in.getDouble();
        case STRING: {
          String s = pool.pooled(utf(in));
          strings.add(s);
          return s;
        }
        case SEEN:
          return strings.get((int) varint());
        case LONG_STRING:
          return utf(in);
        case LIST: {
          int n = (int) varint();
          List<Object> l = new ArrayList<>(n);
          for (int i = 0; i < n; i++) {
            l.add(value());
          }
          return l;
        }
        case MAP: {
          String[] names = new String[(int) varint()];
          for (int i = 0; i < names.length; i++) {
            names[i] = (String) value();
          }
          keySets.add(names.length == 0 ? null : pool.keys(names));
          keyCounts.add(names.length);
          return map(keySets.size() - 1);
        }
        case SAME_KEYS:
          return map((int) varint());
        case ENUM:
          return type().getEnumConstants()[(int) varint()];
        case RECORD: {
          Shape s = Shape.OF.get(type());
          Object[] args = new Object[s.accessors().length];
          for (int i = 0; i < args.length; i++) {
            args[i] = value();
          }
          try {
            return s.canonical().newInstance(args);
          } catch (InvocationTargetException | InstantiationException | IllegalAccessException e) {
            throw new IllegalStateException(s.type().getName(), e);
          }
        }
        case LATER:
          return pool.later(ValuePool.Later.values()[(int) varint()], file, varint(),
              (int) varint());
        case NUMBERS_LATER: {
          boolean longs = in.get() == TRUE;
          long at = varint();
          return new ValuePool.LazyNumbers<>(file, at, (int) varint(), longs);
        }
        case DOUBLES: {
          double[] v = new double[(int) varint()];
          for (int i = 0; i < v.length; i++) {
            v[i] = in.getDouble();
          }
          return new ValuePool.DoubleList(v, nulls());
        }
        case LONGS: {
          long[] v = new long[(int) varint()];
          for (int i = 0; i < v.length; i++) {
            v[i] = zigzag();
          }
          return new ValuePool.LongList(v, nulls());
        }
        default:
          throw new IllegalStateException("tag " + tag);
      }
    }
  }
}
