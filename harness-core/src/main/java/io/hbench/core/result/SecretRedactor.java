package io.hbench.core.result;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of every output. A key is secret when it matches {@code password}, {@code
 * secret}, {@code token}, {@code credential} or {@code access.key} (any case, any separator), or
 * when Hadoop's own {@code hadoop.security.sensitive-config-keys} defaults would hide it.
 */
public final class SecretRedactor {

  public static final String REDACTED = "<redacted>";

  private static final Pattern SECRET =
      Pattern.compile("(?i).*(password|passwd|secret|token|credential|access[._-]?key|account[._-]?key"
          + "|encryption[._-]?key).*");

  private SecretRedactor() {}

  /**
   * Hadoop's own list (hadoop.security.sensitive-config-keys defaults: Azure, ADLS, SSL ...),
   * when Hadoop is on the class path: {@code bench report} reads records with plain {@code java
   * -jar bench.jar}, where only the pattern above applies.
   */
  private static final class Hadoop {
    static final org.apache.hadoop.conf.ConfigRedactor REDACTOR = create();

    private static org.apache.hadoop.conf.ConfigRedactor create() {
      try {
        return new org.apache.hadoop.conf.ConfigRedactor(
            new org.apache.hadoop.conf.Configuration(false));
      } catch (LinkageError e) {
        return null;
      }
    }
  }

  private static boolean hadoopSaysSecret(String key) {
    try {
      return Hadoop.REDACTOR != null && !"x".equals(Hadoop.REDACTOR.redact(key, "x"));
    } catch (LinkageError e) {
      return false;
    }
  }

  public static boolean isSecret(String key) {
    return key != null && (SECRET.matcher(key).matches() || hadoopSaysSecret(key));
  }

  /**
   * {@code value} as it may be written out: hidden whole under a secret key, and otherwise with
   * the credentials a URL inside it carries hidden ({@code --jdbc-url
   * 'jdbc:hive2://h:10000/;password=...'}), and so are secret-named settings of a key=value
   * list ({@code --set javax.jdo.option.ConnectionPassword=...}).
   */
  public static String redact(String key, String value) {
    return isSecret(key) ? REDACTED : redactUri(value);
  }

  private static final Pattern URI_USER_INFO = Pattern.compile("(?<=//)[^/@?#]*@");

  private static final Pattern URI_PARAMETER =
      Pattern.compile("(?<=^|[?&;,])([^=&;,#]+)=([^&;,#]*)");

  /**
   * {@code uri} with its user information ({@code s3a://KEY:SECRET@bucket}, {@code
   * jdbc:hive2://user:pw@host}) and the values of secret-named parameters ({@code ?password=...},
   * {@code ;password=...}) replaced: an endpoint that can be written out.
   */
  public static String redactUri(String uri) {
    if (uri == null) {
      return null;
    }
    String out = URI_USER_INFO.matcher(uri).replaceAll(REDACTED + "@");
    java.util.regex.Matcher m = URI_PARAMETER.matcher(out);
    StringBuilder b = new StringBuilder();
    while (m.find()) {
      String replacement = isSecret(m.group(1)) ? m.group(1) + "=" + REDACTED : m.group();
      m.appendReplacement(b, java.util.regex.Matcher.quoteReplacement(replacement));
    }
    m.appendTail(b);
    return b.toString();
  }

  /** A copy of {@code map} with secret values replaced, keys and order kept. */
  public static Map<String, String> redact(Map<String, String> map) {
    Map<String, String> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(k, redact(k, v)));
    return out;
  }
}
