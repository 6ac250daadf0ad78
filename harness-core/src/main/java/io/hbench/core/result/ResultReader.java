package io.hbench.core.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Reads a JSON Lines results file back into records. */
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

  public static ResultRecord parse(String line) {
    try {
      return ResultWriter.JSON.readValue(line, ResultRecord.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
