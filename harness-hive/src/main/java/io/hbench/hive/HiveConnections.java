package io.hbench.hive;

import io.hbench.core.cluster.ServiceProbe;
import io.hbench.core.result.SecretRedactor;
import io.hbench.core.result.ServiceInfo;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Map;

/**
 * The one place hbench opens a connection to HiveServer2, and the one place a Hive error becomes
 * text: every message passes through {@link #safe} so that a password in the URL (Hive's driver
 * repeats the URL in its errors) or given with {@code --password} never reaches an output.
 */
final class HiveConnections {

  /** How long a HiveServer2 has to accept a connection before the run gives up. */
  static final int CONNECT_SECONDS = 20;

  private HiveConnections() {}

  /**
   * Refuses, in one line, a run whose class path has no Hive JDBC driver: {@code bench.jar}
   * carries none, and under {@code yarn jar} it comes from {@code HADOOP_CLASSPATH}.
   */
  static void requireDriver() {
    try {
      Class.forName("org.apache.hive.jdbc.HiveDriver", false, HiveConnections.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new io.hbench.core.error.InvalidInputException("no Hive JDBC driver on the class path:"
          + " bench.jar carries none; run HADOOP_CLASSPATH=/path/to/hive-jdbc-<version>-standalone.jar"
          + " yarn jar bench.jar ...");
    }
  }

  /** A connection to {@code url}, opened within {@link #CONNECT_SECONDS}. */
  static Connection open(String url, String user, String password) throws SQLException {
    // Registers the driver: DriverManager's service lookup misses it under some class loaders.
    try {
      Class.forName("org.apache.hive.jdbc.HiveDriver");
    } catch (ClassNotFoundException e) {
      throw new SQLException("no Hive JDBC driver on the class path: add hive-jdbc's standalone"
          + " jar to HADOOP_CLASSPATH", e);
    }
    DriverManager.setLoginTimeout(CONNECT_SECONDS);
    return DriverManager.getConnection(url, user == null ? "" : user, password == null ? "" : password);
  }

  /**
   * Connects once and describes the server for the record, failing with one line when it does not
   * answer within {@link #CONNECT_SECONDS}.
   */
  static ServiceInfo describe(String url, String user, String password, String origin)
      throws IOException {
    // The driver's own login timeout does not cover every hang; the probe's cap does.
    return ServiceProbe.ask("hive", CONNECT_SECONDS + 5, () -> {
      try (Connection c = open(url, user, password)) {
        String version = c.getMetaData().getDatabaseProductVersion();
        return new ServiceInfo("hive", origin, version, url, Map.of("hiveserver2", 1));
      }
    }, "hive: no answer from HiveServer2 at " + SecretRedactor.redactUri(url) + " within "
        + CONNECT_SECONDS + " s", cause -> "hive: cannot connect to HiveServer2 at "
        + SecretRedactor.redactUri(url) + ": " + safe(rootMessage(cause), password)
        + kerberosHint(url));
  }

  /**
   * What to add when a kerberized client names no server principal: Hive's driver then tries a
   * plain login, and the server's refusal does not say why.
   */
  static String kerberosHint(String url) {
    boolean kerberized;
    try {
      kerberized = org.apache.hadoop.security.UserGroupInformation.isSecurityEnabled();
    } catch (RuntimeException e) {
      kerberized = false;
    }
    return kerberized && !url.contains("principal=") && !url.contains("serviceDiscoveryMode=")
        ? " (the client is kerberized: name HiveServer2's principal in the URL, e.g."
            + " ;principal=hive/_HOST@EXAMPLE.COM)"
        : "";
  }

  /** The innermost message of {@code t}, on one line. */
  static String rootMessage(Throwable t) {
    Throwable root = t;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    String m = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
    String first = t.getMessage() == null ? "" : t.getMessage();
    String text = first.isEmpty() || first.contains(m) ? m : first + ": " + m;
    return text.replaceAll("\\s+", " ").trim();
  }

  /** {@code message} with any URL's credentials and the password itself hidden. */
  static String safe(String message, String password) {
    if (message == null) {
      return null;
    }
    String out = message;
    if (password != null && !password.isEmpty()) {
      out = out.replace(password, SecretRedactor.REDACTED);
    }
    // URLs inside the text: credentials in user info and password-like parameters.
    return SecretRedactor.redactUri(out);
  }
}
