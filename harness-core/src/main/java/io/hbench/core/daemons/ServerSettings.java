package io.hbench.core.daemons;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.SecretRedactor;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * Which of a server's settings describe how it is set up, as recorded in its fingerprint and
 * compared between runs: those not left at their version's default, secrets redacted, and none of
 * the volatile ones, which differ between any two servers or runs without saying anything about
 * either (addresses and ports, directories and files, ids and host names, timestamps, and what
 * the server's RPC layer sets in its own configuration as it starts).
 */
@Internal
public final class ServerSettings {

  private ServerSettings() {}

  /** One element of a value that is an address: {@code host:port}, {@code 0.0.0.0:8020}. */
  private static final Pattern HOST_PORT = Pattern.compile("[\\w.\\-\\[\\]]*:\\d+");

  /** A URI with a port ({@code hdfs://nn:8020}, {@code http://rm:8088/ws}). */
  private static final Pattern URI_WITH_PORT = Pattern.compile("[a-z][\\w+.-]*://[^/]*:\\d+(/.*)?");

  /** A path or a file URI, with a datanode's storage type before it ({@code [SSD]file:/d1}). */
  private static final Pattern PATH =
      Pattern.compile("(\\[\\w+])?(file:|hdfs:|/)[^,]*");

  /** Names whose last part is an identity: ids, host names, timestamps, epochs. */
  private static final Pattern IDENTITY_KEY = Pattern.compile(
      "(?i)(.*[._-])?(id|ids|uuid|clusterid|hostname|hostnames|host|timestamp|epoch)");

  /** Set by a server's own RPC layer and option parser as it starts, not by anyone's choice. */
  private static final Pattern SET_BY_THE_SERVER = Pattern.compile(
      "rpc\\.engine\\..*|mapreduce\\.client\\.genericoptionsparser\\.used"
          + "|dfs\\.(namenode|datanode)\\.startup|yarn\\.is\\.minicluster");

  /**
   * Whether {@code key} with {@code value} is volatile: an address, a port, a path, an id, a host
   * name or a timestamp, whichever setting holds it.
   */
  public static boolean isVolatile(String key, String value) {
    if (SET_BY_THE_SERVER.matcher(key).matches()) {
      return true;
    }
    String v = value == null ? "" : value.trim();
    String last = key.substring(key.lastIndexOf('.') + 1);
    if (IDENTITY_KEY.matcher(last).matches() && !v.matches("(?i)true|false")) {
      return true;
    }
    if (v.isEmpty()) {
      return false;
    }
    for (String part : v.split(",")) {
      String p = part.trim();
      if (!(HOST_PORT.matcher(p).matches() || URI_WITH_PORT.matcher(p).matches()
          || PATH.matcher(p).matches())) {
        return false;
      }
    }
    return true;
  }

  /**
   * Whether a setting comes from its version's defaults ({@code core-default.xml}, {@code
   * hbase-default.xml} ...): the version recorded beside it says what it is.
   */
  public static boolean isDefault(String resource) {
    return resource != null && resource.endsWith("-default.xml");
  }

  /** The settings of a server to record, from its whole configuration by key. */
  public static Map<String, String> recorded(Map<String, String> settings) {
    Map<String, String> out = new TreeMap<>();
    settings.forEach((k, v) -> {
      if (!isVolatile(k, v)) {
        out.put(k, SecretRedactor.redact(k, v == null ? "" : v));
      }
    });
    return out;
  }

  /** The key identical settings are stored under: a hash of them, 12 hex digits. */
  public static String key(Map<String, String> recorded) {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      new TreeMap<>(recorded).forEach((k, v) ->
          sha.update((k + '\u0000' + v + '\n').getBytes(StandardCharsets.UTF_8)));
      return HexFormat.of().formatHex(sha.digest()).substring(0, 12);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
