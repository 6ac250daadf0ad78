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
 * refused rather than misread.
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
    for (Path input : inputs) {
      for (Path file : files(input)) {
        readInto(file, out, warnings);
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

  private static void readInto(Path file, List<ResultRecord> out, Consumer<String> warnings) {
    boolean endsWithNewline = endsWithNewline(file);
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String line = in.readLine();
      int number = 0;
      while (line != null) {
        number++;
        String next = in.readLine();
        if (!line.isBlank()) {
          try {
            out.add(parse(line));
          } catch (RuntimeException e) {
            if (next == null && !endsWithNewline && number > 1) {
              // The writer ends every record with a newline: a crash mid-write leaves this.
              warnings.accept("skipped the last line of " + file + " (line " + number
                  + "): cut short, as a crash mid-write leaves it");
            } else {
              throw new InvalidInputException(file + ":" + number + ": " + problem(e));
            }
          }
        }
        line = next;
      }
    } catch (NoSuchFileException e) {
      throw new InvalidInputException("no such file or directory: " + file);
    } catch (IOException | UncheckedIOException e) {
      throw new InvalidInputException("cannot read " + file + ": " + e.getMessage());
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
    ResultRecord r;
    try {
      r = ResultWriter.JSON.readValue(line, ResultRecord.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
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
