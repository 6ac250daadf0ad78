package io.hbench.core.result;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;

/**
 * Checks records against docs/result-schema.json with a real JSON Schema validator (networknt,
 * draft 2020-12), so the published schema and what hbench writes cannot drift apart. Shared with
 * the integration tests through harness-core's test jar.
 */
public final class ResultSchema {

  private static final ObjectMapper JSON = new ObjectMapper();
  private static JsonSchema schema;

  private ResultSchema() {}

  private static synchronized JsonSchema schema() {
    if (schema == null) {
      Path file = locate();
      try {
        schema = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012)
            .getSchema(JSON.readTree(file.toFile()));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return schema;
  }

  /** docs/result-schema.json, found from the module's directory upwards. */
  private static Path locate() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null) {
      Path f = dir.resolve("docs/result-schema.json");
      if (Files.isRegularFile(f)) {
        return f;
      }
      dir = dir.getParent();
    }
    throw new IllegalStateException("docs/result-schema.json not found above " + Path.of("").toAbsolutePath());
  }

  /** The schema's complaints about one JSON line; empty when it is valid. */
  public static Set<ValidationMessage> problems(String line) {
    try {
      JsonNode node = JSON.readTree(line);
      return schema().validate(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Asserts that every line of a results file is a valid record. */
  public static void assertValid(Path resultsFile) throws IOException {
    List<String> lines = Files.readAllLines(resultsFile);
    assertTrue(!lines.isEmpty(), "no records in " + resultsFile);
    for (String line : lines) {
      assertValid(line);
    }
  }

  /** Asserts that {@code line} is a valid record. */
  public static void assertValid(String line) {
    Set<ValidationMessage> p = problems(line);
    assertTrue(p.isEmpty(), "record does not match docs/result-schema.json: " + p + "\n" + line);
  }

  /** Asserts that {@code record}, as the writer writes it, is valid. */
  public static void assertValid(ResultRecord record) {
    try {
      assertValid(ResultWriter.JSON.writeValueAsString(record));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
