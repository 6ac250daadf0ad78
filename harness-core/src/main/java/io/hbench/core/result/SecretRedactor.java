package io.hbench.core.result;

import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Keeps secrets out of every output. A key is secret when it matches {@code password}, {@code
 * pwd}, {@code secret}, {@code token}, {@code credential} or {@code access.key} (any case, any
 * separator), or when Hadoop's own {@code hadoop.security.sensitive-config-keys} default would
 * hide it.
 *
 * <p>Values are hidden where they stand (under a secret key, as a URL's {@code user:password@},
 * as a secret-named parameter of a URL or a {@code key=value} list), and {@link #redactText}
 * hides them anywhere else text carries them: each secret value this process has seen ({@link
 * #remember}), and AWS access key ids ({@code AKIA...}, {@code ASIA...}) wherever they appear.
 * hbench's console streams, result files and HTML reports all pass through it.
 */
public final class SecretRedactor {

  public static final String REDACTED = "<redacted>";

  private static final Pattern SECRET =
      Pattern.compile("(?i).*(password|passwd|pwd|passphrase|secret|token|credential"
          + "|access[._-]?key|account[._-]?key|encryption[._-]?key|private[._-]?key).*");

  /** AWS access key ids: long-term ({@code AKIA}) and temporary ({@code ASIA}). */
  private static final Pattern AWS_KEY_ID =
      Pattern.compile("(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])");

  /**
   * In free text, a URL's user and password ({@code user:pw@}) right after a {@code //}; a user
   * alone is no secret.
   */
  private static final Pattern TEXT_USER_INFO =
      Pattern.compile("[^/@\\s?#:\"']*:[^/@\\s?#\"']*@");

  /**
   * Shorter values, numbers and booleans are hidden where they stand but not searched for
   * elsewhere: {@code dfs.block.access.token.enable=true} must not hide every "true".
   */
  private static final int MIN_REMEMBERED = 6;

  private static final Pattern NOT_A_SECRET = Pattern.compile("(?i)[0-9.:-]*|true|false|<redacted>");

  /** Secret values seen in this process, longest first, to hide wherever else they turn up. */
  private static volatile List<String> known = List.of();

  private static final Set<String> KNOWN = ConcurrentHashMap.newKeySet();

  private SecretRedactor() {}

  /**
   * Hadoop's own list, the default of {@code hadoop.security.sensitive-config-keys} (S3A, Azure,
   * OAuth, SSL ...) as Hadoop 3.4 compiles it in ({@code CommonConfigurationKeysPublic}), each
   * pattern found anywhere in a key as Hadoop's {@code ConfigRedactor} finds it. Copied rather
   * than read from Hadoop so that reading records loads no Hadoop class and hides the same keys
   * with or without Hadoop on the class path; {@code SecretRedactorTest} fails when the Hadoop
   * hbench is built with has another list.
   */
  static final String HADOOP_SENSITIVE_KEYS = "secret$,password$,username$,ssl.keystore.pass$,"
      + "fs.s3.*[Ss]ecret.?[Kk]ey,fs.s3a.*.server-side-encryption.key,fs.s3a.encryption.algorithm,"
      + "fs.s3a.encryption.key,fs.azure\\.account.key.*,credential$,oauth.*secret,"
      + "oauth.*password,oauth.*token,hadoop.security.sensitive-config-keys";

  private static final List<Pattern> HADOOP_SENSITIVE =
      java.util.Arrays.stream(HADOOP_SENSITIVE_KEYS.split(",")).map(String::trim)
          .filter(r -> !r.isEmpty()).map(Pattern::compile).toList();

  private static boolean hadoopSaysSecret(String key) {
    for (Pattern p : HADOOP_SENSITIVE) {
      if (p.matcher(key).find()) {
        return true;
      }
    }
    return false;
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
    if (isSecret(key)) {
      remember(value);
      return REDACTED;
    }
    return redactText(redactUri(value));
  }

  /**
   * Hides {@code secret} in everything this process writes from now on ({@link #redactText}).
   * Values under secret keys and credentials found in URLs are remembered as they are redacted.
   */
  public static void remember(String secret) {
    if (secret == null) {
      return;
    }
    String s = secret.strip();
    if (s.length() < MIN_REMEMBERED || NOT_A_SECRET.matcher(s).matches() || !KNOWN.add(s)) {
      return;
    }
    // As a JSON string writes it, for the result records.
    KNOWN.add(s.replace("\\", "\\\\").replace("\"", "\\\""));
    synchronized (KNOWN) {
      known = KNOWN.stream().sorted(Comparator.comparingInt(String::length).reversed()).toList();
    }
  }

  /**
   * Remembers the secrets a command line carries: values of secret-named options and settings
   * ({@code --password x}, {@code -Dfs.s3a.secret.key=x}, {@code --set k=v}) and the credentials
   * of URLs, before anything is parsed, so that no message about them can show them.
   */
  public static void learn(String... args) {
    String previous = null;
    for (String arg : args) {
      if (arg == null) {
        continue;
      }
      if (previous != null && previous.startsWith("-") && !previous.contains("=")
          && isSecret(previous.replaceFirst("^-+", ""))) {
        remember(arg);
      }
      String word = arg.startsWith("-D") ? arg.substring(2) : arg.replaceFirst("^-+", "");
      int eq = word.indexOf('=');
      if (eq > 0 && isSecret(word.substring(0, eq))) {
        remember(word.substring(eq + 1));
      }
      // Run for what they remember: a URL's password, a secret-named parameter's value.
      redactUri(arg);
      redactParameters(arg);
      previous = arg;
    }
  }

  /**
   * {@code text} with every secret it may carry hidden: the values {@link #remember}ed, AWS access
   * key ids, URLs' {@code user:password@}, and values of secret-named {@code key=value} pairs.
   * Used on everything hbench writes: console lines, result records, reports.
   */
  public static String redactText(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = text;
    for (String secret : known) {
      if (out.contains(secret)) {
        out = out.replace(secret, REDACTED);
      }
    }
    if (out.contains("AKIA") || out.contains("ASIA")) {
      out = AWS_KEY_ID.matcher(out).replaceAll(REDACTED);
    }
    if (out.indexOf('@') >= 0) {
      out = redactUserInfo(out);
    }
    return redactParameters(out);
  }

  /**
   * Each {@code user:password@} right after a {@code //}, hidden (its password remembered). Found
   * from each {@code //} rather than by a look-behind tried at every character: a report's page
   * is megabytes long.
   */
  static String redactUserInfo(String text) {
    Matcher m = TEXT_USER_INFO.matcher(text);
    StringBuilder out = null;
    int copied = 0;
    int slashes = text.indexOf("//");
    while (slashes >= 0) {
      int from = slashes + 2;
      if (m.region(from, text.length()).lookingAt()) {
        String userInfo = m.group();
        remember(userInfo.substring(userInfo.indexOf(':') + 1, userInfo.length() - 1));
        if (out == null) {
          out = new StringBuilder(text.length());
        }
        out.append(text, copied, from).append(REDACTED).append('@');
        copied = m.end();
        slashes = text.indexOf("//", copied);
      } else {
        slashes = text.indexOf("//", slashes + 1);
      }
    }
    return out == null ? text : out.append(text, copied, text.length()).toString();
  }

  /**
   * {@code key=value} in free text, as settings, URL parameters and messages write it (a key of
   * letters, digits and {@code _ . -}; a value up to white space or one of {@code &;,#"'<>)\}),
   * with a secret-named key: its value hidden and remembered. Found from each {@code =}: the
   * pattern {@code ([A-Za-z0-9_.\-]+)=([^\s&;,#"'<>)\\]*)} tried every word of a long text
   * as a key (a report of 10,000 records: 280 ms).
   */
  private static String redactParameters(String text) {
    return redactParameters(text, SecretRedactor::remember);
  }

  /** As {@link #redactParameters(String)}, each secret value found given to {@code found}. */
  static String redactParameters(String text, java.util.function.Consumer<String> found) {
    StringBuilder b = null;
    int last = 0;
    int scanned = 0;
    // A page repeats its few keys (class=, id=) thousands of times: each is judged once.
    Map<String, Boolean> secretKeys = new java.util.HashMap<>();
    int eq = text.indexOf('=');
    while (eq >= 0) {
      int keyStart = eq;
      while (keyStart > scanned && isKeyChar(text.charAt(keyStart - 1))) {
        keyStart--;
      }
      if (keyStart == eq) {
        eq = text.indexOf('=', eq + 1);
        continue;
      }
      int valueEnd = eq + 1;
      while (valueEnd < text.length() && isValueChar(text.charAt(valueEnd))) {
        valueEnd++;
      }
      scanned = valueEnd;
      String value = secretKeys.computeIfAbsent(text.substring(keyStart, eq),
          SecretRedactor::isSecret) ? text.substring(eq + 1, valueEnd) : "";
      if (!value.isEmpty() && !value.equals(REDACTED)) {
        found.accept(value);
        if (b == null) {
          b = new StringBuilder(text.length());
        }
        b.append(text, last, eq + 1).append(REDACTED);
        last = valueEnd;
      }
      eq = valueEnd < text.length() ? text.indexOf('=', valueEnd) : -1;
    }
    return b == null ? text : b.append(text, last, text.length()).toString();
  }

  private static boolean isKeyChar(char c) {
    return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
        || c == '.' || c == '-';
  }

  private static boolean isValueChar(char c) {
    return " \t\n\u000B\f\r&;,#\"'<>)\\".indexOf(c) < 0;
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
    if (uri == null || uri.indexOf('@') < 0 && uri.indexOf('=') < 0) {
      return uri; // no user info and no parameter: nothing to redact (most of them, read back)
    }
    Matcher info = URI_USER_INFO.matcher(uri);
    while (info.find()) {
      String userInfo = info.group();
      int colon = userInfo.indexOf(':');
      if (colon >= 0) {
        remember(userInfo.substring(colon + 1, userInfo.length() - 1));
      }
    }
    String out = info.replaceAll(REDACTED + "@");
    Matcher m = URI_PARAMETER.matcher(out);
    StringBuilder b = new StringBuilder();
    while (m.find()) {
      boolean secret = isSecret(m.group(1));
      if (secret) {
        remember(m.group(2));
      }
      String replacement = secret ? m.group(1) + "=" + REDACTED : m.group();
      m.appendReplacement(b, Matcher.quoteReplacement(replacement));
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
