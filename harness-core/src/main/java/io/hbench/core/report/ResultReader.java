package io.hbench.core.report;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.Environment;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ServerConfigLine;
import io.hbench.core.result.ServerFingerprint;
import io.hbench.core.result.ResultWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Reads JSON Lines results files back into records. Records of schema {@code hbench.result/1}
 * are converted to the current schema as they are read; a record of an unknown schema is
 * refused rather than misread. A record measured in a cell of {@code --vary} is read with the
 * cell in its label ({@link ResultRecord#comparedAs}), so that every reader tells cells apart.
 * A file's server configurations ({@link ServerConfigLine}) are put back into the records of that
 * file that name them; a record whose configuration its file lacks (copied alone into another
 * file) reads without it ({@link ServerDifferences#missingConfigurations}).
 */
public final class ResultReader {

  /** Reads records as {@link io.hbench.core.result.ResultWriter} writes them. */
  private static final io.hbench.thirdparty.jackson.databind.ObjectMapper JSON =
      new io.hbench.thirdparty.jackson.databind.ObjectMapper(factory());

  /** A parser factory for results: numbers with Jackson's fast double parser (exact, as the JDK's). */
  static io.hbench.thirdparty.jackson.core.JsonFactory factory() {
    return io.hbench.thirdparty.jackson.core.JsonFactory.builder()
        .enable(io.hbench.thirdparty.jackson.core.StreamReadFeature.USE_FAST_DOUBLE_PARSER)
        .build();
  }


  private ResultReader() {}

  /** Every record of {@code file}, each line strictly (a line cut short is an error). */
  public static List<ResultRecord> read(Path file) throws IOException {
    List<ResultRecord> out = new ArrayList<>();
    Map<String, Map<String, String>> configs = new HashMap<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (ServerConfigLine.isOne(line)) {
        ServerConfigLine c = ServerConfigLine.checked(JSON.readValue(line, ServerConfigLine.class));
        configs.put(c.key(), c.config());
      } else if (!line.isBlank()) {
        out.add(parse(line));
      }
    }
    withConfigs(out, 0, configs);
    return out;
  }

  /**
   * Puts the configurations of a file ({@code configs}) back into its records, {@code
   * records[from..]}: each record gets those its servers name (a record that holds its own, as
   * before configuration lines, keeps them), in the order its servers name them, as the
   * record was before it was written. Records naming the same ones share one map.
   */
  private static void withConfigs(List<ResultRecord> records, int from,
      Map<String, Map<String, String>> configs) {
    Map<List<String>, Map<String, Map<String, String>>> shared = new HashMap<>();
    for (int i = from; i < records.size(); i++) {
      ResultRecord r = records.get(i);
      Environment e = r.environment();
      if (e == null || e.servers() == null) {
        continue;
      }
      List<String> keys = e.servers().stream().map(ServerFingerprint::config)
          .filter(java.util.Objects::nonNull).distinct().toList();
      Map<String, Map<String, String>> own = e.serverConfigs();
      if (keys.isEmpty() || (own != null && own.keySet().containsAll(keys))) {
        continue;
      }
      Map<String, Map<String, String>> found = shared.computeIfAbsent(keys, k -> {
        Map<String, Map<String, String>> m = new java.util.LinkedHashMap<>();
        k.forEach(key -> {
          Map<String, String> c = configs.get(key);
          if (c != null) {
            m.put(key, c);
          }
        });
        return java.util.Collections.unmodifiableMap(m);
      });
      if (own != null) {
        Map<String, Map<String, String>> both = new java.util.LinkedHashMap<>(found);
        both.putAll(own);
        found = both;
      }
      records.set(i, r.withEnvironment(e.withServers(e.servers(), found)));
    }
  }

  /**
   * Reads every record of {@code inputs}: files, or directories whose {@code .jsonl} files (at
   * any depth, in name order) are read. A last line cut short by a crash mid-write is skipped and
   * reported to {@code warnings}; any other problem (a missing file, a line that is not a record,
   * an unknown schema, no record at all) is bad input naming the file and line.
   */
  public static List<ResultRecord> readAll(List<Path> inputs, Consumer<String> warnings) {
    return readAll(inputs, warnings, ReadIndex.standard());
  }

  /** As {@link #readAll(List, Consumer)}, large files through {@code index} (null: none). */
  static List<ResultRecord> readAll(List<Path> inputs, Consumer<String> warnings,
      ReadIndex index) {
    List<ResultRecord> out = new ArrayList<>();
    // One pool for the whole read: records of one history repeat each other's values.
    ValuePool pool = new ValuePool(JSON);
    for (Path input : inputs) {
      for (Path file : files(input)) {
        int first = out.size();
        ReadIndex.Stamp stamp = index == null ? null : stamp(file);
        ReadIndex.Indexed indexed = stamp == null ? null : index.read(file, stamp, pool);
        Map<String, Map<String, String>> configs;
        if (indexed != null) {
          out.addAll(indexed.records());
          configs = indexed.configs();
        } else {
          configs = new java.util.concurrent.ConcurrentHashMap<>();
          boolean[] warned = {false};
          readInto(file, out, configs, w -> {
            warned[0] = true;
            warnings.accept(w);
          }, pool);
          // Indexed only as read whole and unchanged while it was read.
          if (stamp != null && !warned[0] && stamp.equals(stamp(file))) {
            index.write(file, stamp, out.subList(first, out.size()), configs);
          }
        }
        withConfigs(out, first, configs);
      }
    }
    if (out.isEmpty()) {
      throw new InvalidInputException("no result records in " + String.join(", ",
          inputs.stream().map(Path::toString).toList()));
    }
    return out;
  }

  /** The file as it is now, or null when that cannot be told (then it is not indexed). */
  private static ReadIndex.Stamp stamp(Path file) {
    try {
      return ReadIndex.Stamp.of(file);
    } catch (IOException e) {
      return null;
    }
  }

  private static List<Path> files(Path input) {
    if (!Files.exists(input)) {
      throw new InvalidInputException("no such file or directory: " + input);
    }
    if (!Files.isDirectory(input)) {
      return List.of(input);
    }
    try (Stream<Path> s = Files.walk(input)) {
      List<Path> files = s.filter(p -> p.getFileName().toString().endsWith(".jsonl"))
          .filter(Files::isRegularFile)
          .sorted()
          .toList();
      if (files.isEmpty()) {
        throw new InvalidInputException("no .jsonl results files in " + input);
      }
      return files;
    } catch (IOException e) {
      throw new InvalidInputException("cannot read " + input + ": " + e.getMessage());
    }
  }

  /**
   * Reads {@code file} in chunks of whole lines, each parsed in pieces on every core straight
   * from the chunk: no line is copied out of it, nor scanned for its end but by the parser.
   */
  private static void readInto(Path file, List<ResultRecord> out,
      Map<String, Map<String, String>> configs, Consumer<String> warnings, ValuePool pool) {
    try (java.io.InputStream in = Files.newInputStream(file)) {
      byte[] buffer = new byte[CHUNK];
      int filled = 0;
      long chunkAt = 0;
      boolean end = false;
      boolean first = true;
      while (true) {
        while (filled < buffer.length && !end) {
          int n = in.read(buffer, filled, buffer.length - filled);
          if (n < 0) {
            end = true;
          } else {
            filled += n;
          }
        }
        int from = 0;
        if (first && filled >= 3 && buffer[0] == (byte) 0xEF && buffer[1] == (byte) 0xBB
            && buffer[2] == (byte) 0xBF) {
          from = 3;
        }
        first = false;
        int lines = lastLineEnd(buffer, from, filled) + 1;
        if (lines == 0 && !end) {
          // A line longer than the chunk.
          buffer = java.util.Arrays.copyOf(buffer, buffer.length * 2);
          first = from > 0;
          continue;
        }
        parse(buffer, Math.max(from, 0), Math.max(lines, from), chunkAt, file, out, configs, pool);
        if (end) {
          lastLine(buffer, Math.max(lines, from), filled, chunkAt, file, out, configs, warnings,
              pool);
          return;
        }
        System.arraycopy(buffer, lines, buffer, 0, filled - lines);
        chunkAt += lines;
        filled -= lines;
      }
    } catch (NoSuchFileException e) {
      throw new InvalidInputException("no such file or directory: " + file);
    } catch (IOException | UncheckedIOException e) {
      throw new InvalidInputException("cannot read " + file + ": " + e.getMessage());
    }
  }

  /** Bytes read at once: whole lines of them are parsed together. */
  private static final int CHUNK = 4 << 20;

  /** Pieces a chunk is parsed in, per core: parsing is most of the time of reading a history. */
  private static final int PIECES_PER_CORE = 4;

  /** The offset of the last line end in {@code b[from, to)}, or -1. */
  private static int lastLineEnd(byte[] b, int from, int to) {
    for (int i = to - 1; i >= from; i--) {
      if (b[i] == '\n') {
        return i;
      }
    }
    return -1;
  }

  /** The offset just past the first line end at or after {@code at} in {@code b[.., to)}. */
  private static int nextLine(byte[] b, int at, int to) {
    for (int i = at; i < to; i++) {
      if (b[i] == '\n') {
        return i + 1;
      }
    }
    return to;
  }

  /** A piece of a chunk, read: its records, and where and why it stopped early, if it did. */
  private static final class Piece implements ValuePool.Records {
    final List<ResultRecord> records = new ArrayList<>();
    final Map<String, Map<String, String>> configs;
    int failedAt = -1;
    RuntimeException problem;

    Piece(Map<String, Map<String, String>> configs) {
      this.configs = configs;
    }

    @Override
    public void config(ServerConfigLine c, int start) {
      if (problem != null) {
        return;
      }
      try {
        ServerConfigLine.checked(c);
        configs.putIfAbsent(c.key(), c.config());
      } catch (RuntimeException e) {
        failedAt = start;
        problem = e;
      }
    }

    @Override
    public void accept(ResultRecord r, int start) {
      if (problem != null) {
        return;
      }
      try {
        records.add(checked(r));
      } catch (RuntimeException e) {
        failedAt = start;
        problem = e;
      }
    }

    @Override
    public void failed(RuntimeException e) {
      problem = e;
    }
  }

  /**
   * Parses the whole lines {@code b[from, to)} (at {@code chunkAt} in {@code file}) in pieces,
   * in parallel, and adds their records in order; a line that is not a record is bad input
   * naming its line.
   */
  private static void parse(byte[] b, int from, int to, long chunkAt, Path file,
      List<ResultRecord> out, Map<String, Map<String, String>> configs, ValuePool pool) {
    if (from >= to) {
      return;
    }
    int pieces = PIECES_PER_CORE * Runtime.getRuntime().availableProcessors();
    List<Integer> starts = new ArrayList<>();
    starts.add(from);
    for (int i = 1; i < pieces; i++) {
      int at = nextLine(b, from + (int) ((long) (to - from) * i / pieces), to);
      if (at > starts.get(starts.size() - 1) && at < to) {
        starts.add(at);
      }
    }
    starts.add(to);
    List<Piece> read = java.util.stream.IntStream.range(0, starts.size() - 1).parallel()
        .mapToObj(i -> {
          Piece piece = new Piece(configs);
          int stopped = pool.read(file, chunkAt, b, starts.get(i), starts.get(i + 1), piece);
          if (piece.failedAt < 0 && stopped >= 0) {
            piece.failedAt = stopped;
          }
          return piece;
        }).toList();
    for (Piece piece : read) {
      out.addAll(piece.records);
      if (piece.problem != null) {
        throw new InvalidInputException(file + ":" + lineAt(file, chunkAt + piece.failedAt)
            + ": " + problem(piece.problem));
      }
    }
  }

  /**
   * The file's last line when it does not end with a line end: a record cut short by a crash
   * mid-write (the writer ends every record with one) is skipped with a warning, unless it is
   * the only line.
   */
  private static void lastLine(byte[] b, int from, int to, long chunkAt, Path file,
      List<ResultRecord> out, Map<String, Map<String, String>> configs,
      Consumer<String> warnings, ValuePool pool) {
    if (ValuePool.nextValue(b, from, to) == to) {
      return;
    }
    // A configuration line cut short is dropped with the record it came before.
    Piece piece = new Piece(new HashMap<>());
    int stopped = pool.read(file, chunkAt, b, from, to, piece);
    if (piece.problem == null && stopped < 0) {
      out.addAll(piece.records);
      configs.putAll(piece.configs);
      return;
    }
    long line = lineAt(file, chunkAt + from);
    if (line > 1 && piece.records.isEmpty()) {
      warnings.accept("skipped the last line of " + file + " (line " + line
          + "): cut short, as a crash mid-write leaves it");
      return;
    }
    throw new InvalidInputException(file + ":" + line + ": " + problem(piece.problem));
  }

  /** The line of {@code file} that the byte at {@code offset} is on: read again, to say so. */
  private static long lineAt(Path file, long offset) {
    long line = 1;
    try (java.io.InputStream in = new java.io.BufferedInputStream(Files.newInputStream(file))) {
      for (long i = 0; i < offset; i++) {
        int c = in.read();
        if (c < 0) {
          break;
        }
        if (c == '\n') {
          line++;
        }
      }
    } catch (IOException e) {
      return line;
    }
    return line;
  }

  private static String problem(RuntimeException e) {
    if (e instanceof IllegalArgumentException && e.getMessage() != null
        && e.getMessage().startsWith("unsupported ")) {
      return e.getMessage();
    }
    return "not an hbench result record (JSON Lines of hbench.result/1 or /2)";
  }

  /** One record's line; its server configurations are those the line holds, if any. */
  public static ResultRecord parse(String line) {
    if (ServerConfigLine.isOne(line)) {
      throw new IllegalArgumentException("a server configuration, not a result record");
    }
    try {
      return checked(JSON.readValue(line, ResultRecord.class));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A record read: checked, upgraded from /1, its label derived or its cell added to it. */
  private static ResultRecord checked(ResultRecord r) {
    if (r == null || r.schema() == null) {
      throw new IllegalArgumentException("not a result record: no schema");
    }
    if (SchemaUpgrade.V1.equals(r.schema())) {
      return SchemaUpgrade.upgrade(r);
    }
    if (!ResultRecord.SCHEMA.equals(r.schema())) {
      throw new IllegalArgumentException(
          "unsupported result schema '" + r.schema() + "' (this hbench reads "
              + SchemaUpgrade.V1 + " and " + ResultRecord.SCHEMA + ")");
    }
    if (r.suite() == null || r.point() == null || r.status() == null || r.phases() == null) {
      throw new IllegalArgumentException("not a result record: suite, point, status or phases missing");
    }
    // Records of /2 written before --label existed have none: derived as a run would. A cell of
    // --vary is read as a label of its own ({@link ResultRecord#comparedAs}).
    return (r.label() != null ? r : r.withLabel(SchemaUpgrade.defaultLabel(r))).comparedAs();
  }
}
