package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DerbyMetastoreTest {

  @Test
  void theScriptSplitsIntoStatementsWithoutCommentsOrSemicolons() throws Exception {
    List<String> statements = DerbyMetastore.statements(DerbyMetastore.script());
    assertTrue(statements.size() > 200, "statements: " + statements.size());
    assertTrue(statements.get(0).startsWith("CREATE FUNCTION \"APP\".\"NUCLEUS_ASCII\""), statements.get(0));
    for (String s : statements) {
      assertTrue(!s.startsWith("--") && !s.endsWith(";"), s);
    }
    assertEquals(List.of("CREATE TABLE T (A INT)", "INSERT INTO T\nVALUES (1)"),
        DerbyMetastore.statements("-- a comment\nCREATE TABLE T (A INT);\n\nINSERT INTO T\n  VALUES (1) ;\n"));
  }

  @Test
  void theDatabaseHasTheTransactionTablesAndHivesSchemaVersion(@TempDir Path dir) throws Exception {
    System.setProperty("derby.stream.error.file", dir.resolve("derby.log").toString());
    Path db = dir.resolve("metastore_db");
    DerbyMetastore.create(db);
    Set<String> tables = new TreeSet<>();
    try (Connection c = DriverManager.getConnection(DerbyMetastore.url(db));
        Statement s = c.createStatement()) {
      try (ResultSet rs = c.getMetaData().getTables(null, "APP", "%", new String[] {"TABLE"})) {
        while (rs.next()) {
          tables.add(rs.getString("TABLE_NAME"));
        }
      }
      // DataNucleus's autoCreateAll made the metastore's own tables but not these.
      assertTrue(tables.containsAll(Set.of("TBLS", "PARTITIONS", "TXNS", "TXN_COMPONENTS",
          "HIVE_LOCKS", "NEXT_WRITE_ID", "TXN_TO_WRITE_ID")), tables.toString());
      try (ResultSet rs = s.executeQuery("SELECT SCHEMA_VERSION FROM APP.VERSION")) {
        assertTrue(rs.next());
        assertEquals("4.0.0", rs.getString(1));
      }
    }
  }
}
