package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * replay's trace files, written through the command as a user runs it and with no cluster: a
 * synthetic trace, and an anonymized copy of it that holds no name of the original and is the
 * same for the same key.
 */
class ReplayTraceFilesTest {

  @TempDir
  Path tmp;

  private ResultRecord ok(String... args) throws Exception {
    Path out = tmp.resolve("r-" + System.nanoTime() + ".jsonl");
    String[] all = java.util.stream.Stream.concat(java.util.Arrays.stream(args),
        java.util.stream.Stream.of("--out", out.toString())).toArray(String[]::new);
    BenchProcess p = BenchProcess.run(null, all);
    assertEquals(0, p.exitCode, p.toString());
    List<ResultRecord> records = ResultReader.read(out);
    assertEquals(1, records.size());
    assertTrue(records.get(0).ok(), records.get(0).failure());
    assertEquals("passed", records.get(0).validation().status(), "the written trace read back");
    return records.get(0);
  }

  @Test
  void aSyntheticTraceAndItsAnonymizedCopies() throws Exception {
    Path trace = tmp.resolve("audit.log");
    ok("replay", "--synthesize", trace.toString(), "--commands", "2000", "--duration", "10s",
        "--users", "3");
    String original = Files.readString(trace);
    assertEquals(2000, original.lines().count());
    assertTrue(original.contains("ugi=user2 (auth:SIMPLE)") && original.contains("/user/user2/"));
    Path a = tmp.resolve("a.log.gz");
    Path b = tmp.resolve("b.log.gz");
    ok("replay", "--trace", trace.toString(), "--anonymize", "k1", "--write-trace", a.toString());
    ok("replay", "--trace", trace.toString(), "--anonymize", "k1", "--write-trace", b.toString());
    assertArrayEquals(Files.readAllBytes(a), Files.readAllBytes(b), "the same key, the same trace");
    Path c = tmp.resolve("c.log");
    ok("replay", "--trace", a.toString(), "--anonymize", "k2", "--write-trace", c.toString());
    String twice = Files.readString(c);
    assertEquals(2000, twice.lines().count());
    assertFalse(twice.contains("user") || twice.contains("10.0.0."), twice.lines().findFirst().get());
    // No path component or user of the input is one of the output.
    String after = Files.readString(c);
    for (boolean paths : new boolean[] {true, false}) {
      java.util.Set<String> was = names(original, paths);
      java.util.Set<String> now = names(after, paths);
      java.util.Set<String> kept = new java.util.TreeSet<>(was);
      kept.retainAll(now);
      assertTrue(kept.isEmpty(), "left as they were: " + kept);
      assertEquals(was.size(), now.size(), "one replacement for each name");
    }
  }

  /** Every path component of a trace, or every user and group. */
  private static java.util.Set<String> names(String trace, boolean paths) {
    java.util.Set<String> out = new java.util.TreeSet<>();
    for (String line : trace.lines().toList()) {
      for (String field : line.split("\t")) {
        if (paths && (field.startsWith("src=") || field.startsWith("dst="))) {
          for (String part : field.substring(4).split("/")) {
            if (!part.isEmpty() && !part.equals("null")) {
              out.add(part);
            }
          }
        } else if (!paths && field.startsWith("ugi=")) {
          out.add(field.substring(4, field.indexOf(' ')));
        } else if (!paths && field.startsWith("perm=") && !field.equals("perm=null")) {
          String[] p = field.substring(5).split(":");
          out.add(p[0]);
          out.add(p[1]);
        }
      }
    }
    return out;
  }
}
