package io.hbench.hdfs.replay;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Audit lines as the NameNode's default logger writes them, read from files as a trace. */
class AuditTraceTest {

  static final String PROXY = "2026-11-27 10:00:01,250 INFO FSNamesystem.audit: allowed=true"
      + "\tugi=alice (auth:PROXY) via hive/gw1@EXAMPLE.COM (auth:KERBEROS)\tip=/10.1.2.3"
      + "\tcmd=rename (options=[OVERWRITE])\tsrc=/warehouse/t/part-0\tdst=/warehouse/t/part-1"
      + "\tperm=alice:hadoop:rw-r--r--\tproto=rpc\tcallerContext=HIVE_QUERY_ID:q1";
  static final String PLAIN = "2026-11-27 10:00:00,000 INFO FSNamesystem.audit: allowed=false"
      + "\tugi=bob (auth:SIMPLE)\tip=/10.1.2.4\tcmd=open\tsrc=/data/x y\tdst=null\tperm=null"
      + "\tproto=webhdfs";

  @TempDir
  Path dir;

  @Test
  void readsEveryFieldOfTheDefaultLoggersLine() {
    AuditCommand c = AuditCommand.parse(PROXY);
    assertEquals("alice", c.user(), "the proxied user, not the real one");
    assertEquals("10.1.2.3", c.ip());
    assertEquals("rename (options=[OVERWRITE])", c.cmd());
    assertEquals("/warehouse/t/part-0", c.src());
    assertEquals("/warehouse/t/part-1", c.dst());
    assertEquals("alice:hadoop:rw-r--r--", c.perm());
    assertEquals(1000 + 250, c.millis() - AuditCommand.parse(PLAIN).millis());
    AuditCommand p = AuditCommand.parse(PLAIN);
    assertEquals(false, p.allowed());
    assertEquals("/data/x y", p.src(), "a path with a space");
    assertNull(p.dst());
    assertNull(p.perm());
    assertEquals("webhdfs", p.proto());
  }

  @Test
  void aLineThatIsNotAnAuditLineIsNone() {
    assertNull(AuditCommand.parse("2026-11-27 10:00:00,000 INFO namenode.FSNamesystem: Roll Edit Log"));
    assertNull(AuditCommand.parse("2026-13-27 10:00:00,000 INFO FSNamesystem.audit: allowed=true"
        + "\tugi=a\tip=/1.2.3.4\tcmd=open\tsrc=/a\tdst=null\tperm=null"));
    assertNull(AuditCommand.parse("allowed=true\tugi=a\tip=/1.2.3.4\tcmd=open\tsrc=/a"));
    assertNull(AuditCommand.parse("2026-11-27 10:00:00,000 INFO FSNamesystem.audit: allowed=true"
        + "\tugi=a\tip=/1.2.3.4\tsrc=/a"), "no command");
  }

  @Test
  void aWrittenLineReadsBackAsItself() {
    AuditCommand c = AuditCommand.parse(PLAIN);
    assertEquals(c, AuditCommand.parse(c.toLine()));
  }

  /**
   * A directory of logs, one compressed: read together in time order, the malformed lines
   * counted and the first shown with their file and line.
   */
  @Test
  void aDirectoryOfPlainAndCompressedLogsIsOneTraceInTimeOrder() throws Exception {
    Path logs = Files.createDirectory(dir.resolve("logs"));
    Files.write(logs.resolve("hdfs-audit.log"), List.of(PROXY, "garbage", "", PLAIN.replace(
        "10:00:00,000", "10:00:02,000")));
    try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(logs.resolve(
        "hdfs-audit.log.1.gz")))) {
      out.write((PLAIN + "\n").getBytes(StandardCharsets.UTF_8));
    }
    Files.writeString(logs.resolve(".hidden"), "not read");
    AuditTrace t = AuditTrace.read(new Configuration(), logs.toString());
    assertEquals(3, t.commands().size());
    assertEquals(List.of("open", "rename (options=[OVERWRITE])", "open"),
        t.commands().stream().map(AuditCommand::cmd).toList());
    assertEquals(1, t.malformed());
    assertEquals(List.of("hdfs-audit.log:2: garbage"), t.firstMalformed());
  }

  @Test
  void aFileWithNoAuditLineOrNoFileIsBadInput() throws Exception {
    Path junk = Files.write(dir.resolve("junk.log"), List.of("a", "b"));
    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> AuditTrace.read(new Configuration(), junk.toString()));
    assertTrue(e.getMessage().contains("no audit line among 2 lines, first: junk.log:1: a"),
        e.getMessage());
    e = assertThrows(InvalidInputException.class,
        () -> AuditTrace.read(new Configuration(), dir.resolve("none").toString()));
    assertTrue(e.getMessage().endsWith("no such file or directory"), e.getMessage());
  }
}
