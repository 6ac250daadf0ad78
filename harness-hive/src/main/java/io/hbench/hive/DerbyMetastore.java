package io.hbench.hive;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/**
 * The embedded HiveServer2's metastore database, created as {@code schematool -initSchema -dbType
 * derby} creates one: from Hive's own Derby schema script, which the build takes from Hive's
 * metastore distribution. Unlike DataNucleus's {@code autoCreateAll}, the script also makes the
 * transaction tables, without which Hive's transaction manager (and so {@code tpch --refresh})
 * cannot work.
 */
final class DerbyMetastore {

  /** The script of the metastore schema of Hive 4.0.x, on the class path beside this class. */
  static final String SCRIPT = "hive-schema-4.0.0.derby.sql";

  private DerbyMetastore() {}

  /** The JDBC URL of the metastore database in {@code dir}. */
  static String url(Path dir) {
    return "jdbc:derby:;databaseName=" + dir + ";create=true";
  }

  /** Creates the schema in a new database at {@code dir}, statement by statement. */
  static void create(Path dir) throws IOException {
    List<String> statements = statements(script());
    try (Connection c = DriverManager.getConnection(url(dir));
        Statement s = c.createStatement()) {
      for (String sql : statements) {
        try {
          s.execute(sql);
        } catch (SQLException e) {
          throw new IOException("creating the metastore schema: " + e.getMessage() + " in: "
              + (sql.length() > 120 ? sql.substring(0, 120) + "..." : sql), e);
        }
      }
    } catch (SQLException e) {
      throw new IOException("creating the metastore database in " + dir + ": " + e.getMessage(), e);
    }
  }

  static String script() throws IOException {
    try (InputStream in = DerbyMetastore.class.getResourceAsStream(SCRIPT)) {
      if (in == null) {
        throw new IOException(SCRIPT + " is not on the class path (harness-hive's build unpacks"
            + " it from hive-standalone-metastore-server's bin tarball)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  /** The script's statements: each ends with a semicolon at the end of a line; "--" lines are comments. */
  static List<String> statements(String script) {
    List<String> out = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    for (String line : script.split("\r?\n")) {
      String t = line.strip();
      if (t.isEmpty() || t.startsWith("--")) {
        continue;
      }
      if (t.endsWith(";")) {
        current.append(t, 0, t.length() - 1);
        String sql = current.toString().strip();
        if (!sql.isEmpty()) {
          out.add(sql);
        }
        current.setLength(0);
      } else {
        current.append(t).append('\n');
      }
    }
    if (!current.toString().isBlank()) {
      out.add(current.toString().strip());
    }
    return out;
  }
}
