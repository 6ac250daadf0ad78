package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import io.hbench.thirdparty.jackson.annotation.JsonPropertyOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * A line of a results file that is not a record: one server configuration, written once per
 * file before the first record whose servers run with it. Records name it by its key ({@link
 * ServerFingerprint#config()}); readers put it back into each such record's {@link
 * Environment#serverConfigs()}. A configuration is a quarter of a record's bytes and the same
 * night after night, so a history holds each once instead of once per record.
 *
 * @param schema {@value #SCHEMA}
 * @param key its key: the first 12 hex digits of the SHA-256 of its sorted settings
 * @param config its settings, as {@link Environment#serverConfigs()} holds them
 */
@JsonPropertyOrder({"schema", "key", "config"})
public record ServerConfigLine(
    @JsonProperty("schema") String schema,
    @JsonProperty("key") String key,
    @JsonProperty("config") Map<String, String> config) {

  /** The schema of a configuration line. */
  public static final String SCHEMA = "hbench.server-config/1";

  private static final byte[] SCHEMA_FIELD = "\"schema\"".getBytes(StandardCharsets.UTF_8);
  private static final byte[] SCHEMA_VALUE =
      ("\"" + SCHEMA.substring(0, SCHEMA.indexOf('/') + 1)).getBytes(StandardCharsets.UTF_8);

  /** A configuration line of {@code config} under {@code key}. */
  public static ServerConfigLine of(String key, Map<String, String> config) {
    return new ServerConfigLine(SCHEMA, key, config);
  }

  /**
   * {@code c}, when it is a configuration line of this schema with a key and settings; one of
   * another version is refused rather than misread.
   *
   * @throws IllegalArgumentException naming what is wrong
   */
  public static ServerConfigLine checked(ServerConfigLine c) {
    if (!SCHEMA.equals(c.schema())) {
      throw new IllegalArgumentException("unsupported server configuration schema '" + c.schema()
          + "' (this hbench reads " + SCHEMA + ")");
    }
    if (c.key() == null || c.config() == null) {
      throw new IllegalArgumentException("not a server configuration line: key or config missing");
    }
    return c;
  }

  /**
   * Whether the line at {@code bytes[from, to)} is a configuration line (not a record): it
   * begins with its schema, {@code {"schema":"hbench.server-config/}, white space allowed.
   */
  public static boolean startsAt(byte[] bytes, int from, int to) {
    int i = space(bytes, from, to);
    if (i == to || bytes[i] != '{') {
      return false;
    }
    i = space(bytes, i + 1, to);
    if (!at(bytes, i, to, SCHEMA_FIELD)) {
      return false;
    }
    i = space(bytes, i + SCHEMA_FIELD.length, to);
    if (i == to || bytes[i] != ':') {
      return false;
    }
    return at(bytes, space(bytes, i + 1, to), to, SCHEMA_VALUE);
  }

  /** Whether {@code line} is a configuration line (not a record). */
  public static boolean isOne(String line) {
    byte[] start = line.substring(0, Math.min(line.length(), 200))
        .getBytes(StandardCharsets.UTF_8);
    return startsAt(start, 0, start.length);
  }

  private static int space(byte[] b, int i, int to) {
    while (i < to && (b[i] == ' ' || b[i] == '\t' || b[i] == '\r' || b[i] == '\n')) {
      i++;
    }
    return i;
  }

  private static boolean at(byte[] b, int i, int to, byte[] what) {
    return to - i >= what.length && java.util.Arrays.equals(b, i, i + what.length, what, 0,
        what.length);
  }
}
