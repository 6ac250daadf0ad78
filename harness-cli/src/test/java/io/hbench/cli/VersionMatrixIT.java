package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The version matrix ({@code compat/matrix.sh}) for the one Hadoop version CI runs besides the
 * build's: 3.3.6, the one most likely to break. It is the oldest line operators still run
 * (Dataproc 2.1 to 2.3), its third-party libraries differ most from the build's 3.4.2 (its
 * commons-math3 3.1.1 once kept a wordcount task busy for minutes), it gives Java 17
 * containers none of the module flags 3.4 adds (MAPREDUCE-7449), and its mini cluster needs
 * Mockito. bench.jar goes through 3.3.6's own RunJar, to a cluster of 3.3.6's jars alone in a JVM
 * of its own; every suite that runs on HDFS and YARN must end ok, and hbase-pe and tpch, run
 * without the HBase client and Hive JDBC driver {@code yarn jar} does not give, must refuse in one line.
 */
@Tag("integration")
@Timeout(value = 25, unit = TimeUnit.MINUTES)
class VersionMatrixIT {

  static final String VERSION = "3.3.6";

  /** The matrix's cells that must end ok. */
  static final List<String> CELLS = List.of("terasort", "wordcount", "dfsio-write", "slive",
      "nnthroughput", "fsops", "replay");

  @Test
  void everySuiteIsOkOnHadoop336ThroughItsOwnRunJar() throws Exception {
    // Every cell but dfsio's read, which reads what its write wrote through the same file system
    // calls as the other suites (a job of 25 s in CI); compat/matrix.sh runs it.
    CompatMatrix matrix = CompatMatrix.run("matrix.sh", VERSION, "matrix", 20, String.join(" ",
        CELLS) + " hbase-pe-needs tpch-needs");
    String table = matrix.table();
    Path out = matrix.out();
    for (String suite : CELLS) {
      assertTrue(table.lines().anyMatch(l -> l.startsWith(suite + " ") && l.contains(" ok ")),
          suite + " is not ok on " + VERSION + ":\n" + table);
      ResultRecord r = ResultReader.read(out.resolve(suite + ".jsonl")).get(0);
      assertEquals("ok", r.status(), suite);
      // The client's Hadoop is the cluster's: bench.jar carries none.
      assertEquals(VERSION, r.environment().hadoopVersion(), suite);
      assertEquals("yarn", r.environment().mapreduceFramework(), suite);
    }
    // What yarn jar does not give, asked for as a user would without it: one line, exit 2.
    for (String suite : List.of("hbase-pe-needs", "tpch-needs")) {
      assertTrue(table.lines().anyMatch(l -> l.startsWith(suite + " ")
          && l.contains("refused, as it must")), suite + " on " + VERSION + ":\n" + table);
      assertFalse(Files.exists(out.resolve(suite + ".jsonl")), suite);
    }
    // --metrics (on the dfsio write) read that version's own daemons.
    ResultRecord m = ResultReader.read(out.resolve("dfsio-write.jsonl")).get(0);
    assertTrue(m.phases().get(0).daemons() != null && !m.phases().get(0).daemons().isEmpty(),
        "no daemon figures: " + Files.readString(out.resolve("dfsio-write.log")));
  }
}
