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

  /**
   * Asserts that every line of a results file is a valid record or a valid server configuration
   * line ({@code $defs/server_config_line}), and that every configuration a record names is in
   * the file.
   */
  public static void assertValid(Path resultsFile) throws IOException {
    List<String> lines = Files.readAllLines(resultsFile);
    assertTrue(!lines.isEmpty(), "no records in " + resultsFile);
    Set<String> configs = new java.util.HashSet<>();
    for (String line : lines) {
      if (ServerConfigLine.isOne(line)) {
        Set<ValidationMessage> p = configLineSchema().validate(JSON.readTree(line));
        assertTrue(p.isEmpty(), "configuration line does not match docs/result-schema.json: " + p);
        configs.add(JSON.readTree(line).get("key").asText());
        continue;
      }
      assertValid(line);
      JsonNode environment = JSON.readTree(line).path("environment");
      for (JsonNode s : environment.path("servers")) {
        String key = s.path("config").asText(null);
        assertTrue(key == null || configs.contains(key)
                || environment.path("server_configs").has(key),
            "configuration " + key + " named before its line in " + resultsFile);
      }
    }
  }

  private static JsonSchema configLine;

  /** The schema's {@code $defs/server_config_line}, on its own. */
  private static synchronized JsonSchema configLineSchema() throws IOException {
    if (configLine == null) {
      JsonNode whole = JSON.readTree(Files.readString(locate()));
      com.fasterxml.jackson.databind.node.ObjectNode one =
          (com.fasterxml.jackson.databind.node.ObjectNode) whole.path("$defs")
              .path("server_config_line").deepCopy();
      one.put("$schema", whole.path("$schema").asText());
      configLine = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012).getSchema(one);
    }
    return configLine;
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
