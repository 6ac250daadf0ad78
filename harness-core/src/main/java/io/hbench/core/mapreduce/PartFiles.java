package io.hbench.core.mapreduce;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Reads a finished job's text output: the lines of its {@code part-*} files, file by file in
 * name order, for suites that validate or summarize what their reduce wrote.
 */
public final class PartFiles {

  /** What to do with one line; may throw to stop. */
  @FunctionalInterface
  public interface LineHandler {
    void line(Path file, String line) throws IOException;
  }

  private PartFiles() {}

  /** The first line of {@code file}; an IOException when it is empty. */
  public static String firstLine(FileSystem fs, Path file) throws IOException {
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(fs.open(file), StandardCharsets.UTF_8))) {
      String line = r.readLine();
      if (line == null) {
        throw new IOException(file + " is empty");
      }
      return line;
    }
  }

  /** Calls {@code handler} for every line of every {@code part-*} file in {@code dir}. */
  public static void forEachLine(FileSystem fs, Path dir, LineHandler handler) throws IOException {
    FileStatus[] parts = fs.listStatus(dir, p -> p.getName().startsWith("part-"));
    java.util.Arrays.sort(parts);
    for (FileStatus st : parts) {
      try (BufferedReader r =
          new BufferedReader(new InputStreamReader(fs.open(st.getPath()), StandardCharsets.UTF_8))) {
        String line;
        while ((line = r.readLine()) != null) {
          handler.line(st.getPath(), line);
        }
      }
    }
  }
}
