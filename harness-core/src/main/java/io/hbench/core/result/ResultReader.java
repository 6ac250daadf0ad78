package io.hbench.core.result;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a JSON Lines results file back into records. Records of schema {@code hbench.result/1}
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

  public static ResultRecord parse(String line) {
    ResultRecord r;
    try {
      r = ResultWriter.JSON.readValue(line, ResultRecord.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    if (SchemaUpgrade.V1.equals(r.schema())) {
      return SchemaUpgrade.upgrade(r);
    }
    if (!ResultRecord.SCHEMA.equals(r.schema())) {
      throw new IllegalArgumentException(
          "unsupported result schema '" + r.schema() + "' (this hbench reads "
              + SchemaUpgrade.V1 + " and " + ResultRecord.SCHEMA + ")");
    }
    // Records of /2 written before --label existed have none: derived as a run would.
    return r.label() != null ? r : r.withLabel(SchemaUpgrade.defaultLabel(r));
  }
}
