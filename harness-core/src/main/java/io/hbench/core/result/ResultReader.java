package io.hbench.core.result;

import io.hbench.core.InvalidInputException;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * Reads JSON Lines results files back into records. Records of schema {@code hbench.result/1}
 * are converted to the current schema as they are read; a record of an unknown schema is
 * refused rather than misread. A record measured in a cell of {@code --vary} is read with the
 * cell in its label ({@link ResultRecord#comparedAs}), so that every reader tells cells apart.
 */
public final class ResultReader {

  private ResultReader() {}

  public static List<ResultRecord> read(Path file) throws IOException {
    List<ResultRecord> out = new ArrayList<>();
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      if (!line.isBlank()) {
        out.add(parse(line));
      }
    }
    return out;
  }

  /**
   * Reads every record of {@code inputs}: files, or directories whose {@code .jsonl} files (at
   * any depth, in name order) are read. A last line cut short by a crash mid-write is skipped and
   * reported to {@code warnings}; any other problem (a missing file, a line that is not a record,
   * an unknown schema, no record at all) is bad input naming the file and line.
   */
  public static List<ResultRecord> readAll(List<Path> inputs, Consumer<String> warnings) {
    List<ResultRecord> out = new ArrayList<>();
    // One pool for the whole read: records of one history repeat each other's values.
    ValuePool pool = new ValuePool(ResultWriter.JSON);
    for (Path input : inputs) {
      for (Path file : files(input)) {
        readInto(file, out, warnings, pool);
      }
    }
    if (out.isEmpty()) {
      throw new InvalidInputException("no result records in " + String.join(", ",
          inputs.stream().map(Path::toString).toList()));
    }
    return out;
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

  private static void readInto(Path file, List<ResultRecord> out, Consumer<String> warnings,
      ValuePool pool) {
    boolean endsWithNewline = endsWithNewline(file);
    try (java.io.InputStream in = Files.newInputStream(file)) {
      // Lines as UTF-8 bytes, parsed as such: no decoding to a String first.
      LineBytes lines = new LineBytes(in);
      List<byte[]> batch = new ArrayList<>(BATCH);
      byte[] line = lines.next();
      int number = 0;
      while (line != null) {
        number++;
        byte[] next = lines.next();
        batch.add(line);
        if (batch.size() == BATCH || next == null) {
          parse(batch, number - batch.size() + 1, next == null && !endsWithNewline, file, out,
              warnings, pool);
          batch.clear();
        }
        line = next;
      }
    } catch (NoSuchFileException e) {
      throw new InvalidInputException("no such file or directory: " + file);
    } catch (IOException | UncheckedIOException e) {
      throw new InvalidInputException("cannot read " + file + ": " + e.getMessage());
    }
  }

  /** Lines parsed at once, on every core: parsing is most of the time of reading a history. */
  private static final int BATCH = 512;

  /**
   * Parses {@code lines} (the first is line {@code first} of {@code file}) in parallel, and adds
   * their records in order. The batch's last line may be cut short ({@code mayBeCut}): the
   * writer ends every record with a newline, so a crash mid-write leaves such a line; it is
   * skipped with a warning. Any other line that is not a record is bad input.
   */
  private static void parse(List<byte[]> lines, int first, boolean mayBeCut, Path file,
      List<ResultRecord> out, Consumer<String> warnings, ValuePool pool) {
    Object[] parsed = java.util.stream.IntStream.range(0, lines.size()).parallel()
        .mapToObj(i -> {
          byte[] l = lines.get(i);
          if (LineBytes.isBlank(l)) {
            return null;
          }
          try {
            return checked(pool.read(l));
          } catch (RuntimeException e) {
            return e;
          }
        }).toArray();
    for (int i = 0; i < parsed.length; i++) {
      int number = first + i;
      if (parsed[i] instanceof RuntimeException e) {
        if (mayBeCut && i == parsed.length - 1 && number > 1) {
          warnings.accept("skipped the last line of " + file + " (line " + number
              + "): cut short, as a crash mid-write leaves it");
        } else {
          throw new InvalidInputException(file + ":" + number + ": " + problem(e));
        }
      } else if (parsed[i] != null) {
        out.add((ResultRecord) parsed[i]);
      }
    }
  }

  /** A stream's lines as bytes, without their line ends. */
  private static final class LineBytes {
    private final java.io.InputStream in;
    private final byte[] buffer = new byte[1 << 16];
    private String text;
    private int pos;
    private int end;

    LineBytes(java.io.InputStream in) {
      this.in = in;
    }

    /** The next line, or null at the end of the stream. */
    byte[] next() throws IOException {
      java.io.ByteArrayOutputStream longLine = null;
      while (true) {
        if (pos == end) {
          end = in.read(buffer);
          pos = 0;
          if (end <= 0) {
            end = 0;
            return longLine == null ? null : longLine.toByteArray();
          }
          // The buffer's bytes as Latin-1 text, one byte a char, for String.indexOf to find
          // the line ends: the JDK's compiled search, not a loop of ours over every byte.
          text = new String(buffer, 0, end, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        int nl = text.indexOf('\n', pos);
        if (nl < 0) {
          nl = end;
        }
        if (nl < end) {
          byte[] line;
          if (longLine == null) {
            line = java.util.Arrays.copyOfRange(buffer, pos, nl);
          } else {
            longLine.write(buffer, pos, nl - pos);
            line = longLine.toByteArray();
          }
          pos = nl + 1;
          return line;
        }
        if (longLine == null) {
          longLine = new java.io.ByteArrayOutputStream(2 * (end - pos));
        }
        longLine.write(buffer, pos, end - pos);
        pos = end;
      }
    }

    static boolean isBlank(byte[] line) {
      for (byte b : line) {
        if (b != ' ' && b != '\t' && b != '\r') {
          return false;
        }
      }
      return true;
    }
  }

  private static String problem(RuntimeException e) {
    if (e instanceof IllegalArgumentException && e.getMessage() != null
        && e.getMessage().startsWith("unsupported result schema")) {
      return e.getMessage();
    }
    return "not an hbench result record (JSON Lines of hbench.result/1 or /2)";
  }

  private static boolean endsWithNewline(Path file) {
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(file.toFile(), "r")) {
      if (f.length() == 0) {
        return true;
      }
      f.seek(f.length() - 1);
      return f.read() == '\n';
    } catch (IOException e) {
      return true;
    }
  }

  public static ResultRecord parse(String line) {
    try {
      return checked(ResultWriter.JSON.readValue(line, ResultRecord.class));
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
