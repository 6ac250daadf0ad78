package io.hbench.core.result;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.ConfigRedactor;
import org.apache.hadoop.conf.Configuration;

/**
 * Keeps secrets out of every output. A key is secret when it matches {@code password}, {@code
 * secret}, {@code token}, {@code credential} or {@code access.key} (any case, any separator), or
 * when Hadoop's own {@code hadoop.security.sensitive-config-keys} defaults would hide it.
 */
public final class SecretRedactor {

  public static final String REDACTED = "<redacted>";

  private static final Pattern SECRET =
      Pattern.compile("(?i).*(password|passwd|secret|token|credential|access[._-]?key).*");

  private SecretRedactor() {}

  /** Hadoop's own list (hadoop.security.sensitive-config-keys defaults: Azure, ADLS, SSL ...). */
  private static final ConfigRedactor HADOOP = new ConfigRedactor(new Configuration(false));

  public static boolean isSecret(String key) {
    return key != null
        && (SECRET.matcher(key).matches()
            || !"x".equals(HADOOP.redact(key, "x")));
  }

  public static String redact(String key, String value) {
    return isSecret(key) ? REDACTED : value;
  }

  /** A copy of {@code map} with secret values replaced, keys and order kept. */
  public static Map<String, String> redact(Map<String, String> map) {
    Map<String, String> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(k, redact(k, v)));
    return out;
  }
}
