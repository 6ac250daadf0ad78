package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ServiceInfo;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * hbench's HBase client (2.6) against an HBase 2.5 server ({@code compat/hbase-matrix.sh}): a
 * mini cluster from HBase 2.5.11's own artifacts, with the Hadoop 3.4.1 they bring, in a JVM of
 * its own, and every hbase-pe command and ycsb's workload a run at it by the bench command a user
 * types. The record names the servers' versions, not the client's.
 */
@Tag("integration")
@Timeout(value = 15, unit = TimeUnit.MINUTES)
class HBaseServerVersionIT {

  static final String VERSION = "2.5.11-hadoop3";

  @Test
  void hbasePeAndYcsbAreOkOnAnHBase25Server() throws Exception {
    Path out = CompatMatrix.run("hbase-matrix.sh", VERSION, "hbase-matrix", 12).out();
    for (String suite : List.of("hbase-pe", "ycsb")) {
      List<ResultRecord> records = ResultReader.read(out.resolve(suite + ".jsonl"));
      assertFalse(records.isEmpty(), suite);
      for (ResultRecord r : records) {
        assertTrue(r.ok(), suite + " " + r.point() + ": " + r.failure());
        assertEquals("passed", r.validation().status(), suite + " " + r.point());
        // The servers' versions, as they give them: the Master's, and the NameNode's (its
        // /jmx), never the client's Hadoop 3.4.2.
        assertEquals(VERSION, service(r, "hbase").version(), suite);
        assertEquals("3.4.1", service(r, "hdfs").version(), suite);
        assertEquals(io.hbench.core.cluster.ClusterEnvironment.clientVersion(),
            r.environment().hadoopVersion());
      }
    }
    // Every hbase-pe command, and --metrics read the 2.5 RegionServer's own figures.
    assertEquals(18, ResultReader.read(out.resolve("hbase-pe.jsonl")).size());
    ResultRecord run = ResultReader.read(out.resolve("ycsb.jsonl")).get(1);
    DaemonFigures rs = run.phase("run").daemons().stream()
        .filter(d -> d.role().equals("regionserver")).findFirst()
        .orElseThrow(() -> new AssertionError(run.phase("run").daemons()));
    assertTrue(rs.metric("get_calls").value() > 0, rs.toString());
  }

  private static ServiceInfo service(ResultRecord r, String name) {
    return r.environment().services().stream().filter(s -> s.name().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError(name + " in " + r.environment().services()));
  }
}
