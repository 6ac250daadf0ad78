package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code bench <suite> --help} after the load and the common options moved into the core: every
 * option a suite had before is still listed (by its new name where it has one, its old spelling
 * named there), and the load options it gained are documented.
 */
class SuiteHelpTest {

  /** Every suite's own options before the move (hbench f138fec), as their help listed them. */
  static final Map<String, List<String>> BEFORE = Map.ofEntries(
      Map.entry("terasort", List.of("--sizes", "--maps", "--reduces", "--block-size")),
      Map.entry("teragen", List.of("--size", "--output", "--maps", "--block-size")),
      Map.entry("teravalidate", List.of("--input", "--expect-checksum")),
      Map.entry("wordcount", List.of("--sizes", "--input", "--vocabulary", "--zipf-exponent",
          "--seed", "--keep-input", "--maps", "--reduces")),
      Map.entry("dfsio", List.of("--mode", "--files", "--size", "--buffer-size",
          "--storage-policy", "--compression")),
      Map.entry("slive", List.of("--maps", "--ops-per-map", "--files", "--mix", "--read-size",
          "--write-size", "--block-size", "--duration", "--seed")),
      Map.entry("disk", List.of("--path", "--block-size", "--size", "--direct", "--fsync")),
      Map.entry("nnthroughput", List.of("--op", "--mode", "--maps", "--threads", "--files",
          "--files-per-dir", "--dirs", "--dirs-per-dir", "--close", "--use-existing",
          "--keep-results", "--datanodes", "--reports", "--blocks-per-report",
          "--blocks-per-file", "--nodes-to-decommission", "--node-replication-limit",
          "--total-blocks", "--replication")),
      Map.entry("fsops", List.of("--op", "--threads", "--iterations", "--file-size",
          "--buffer-size", "--file-path", "--maps", "--duration", "--target-rate",
          "--warmup-time")),
      Map.entry("hbase-pe", List.of("--command", "--rows", "--size", "--clients", "--maps",
          "--value-size", "--columns", "--families", "--presplit", "--auto-flush", "--multi-put",
          "--multi-get", "--write-buffer", "--caching", "--compress", "--block-encoding",
          "--bloom", "--in-memory", "--wal", "--replicas", "--table", "--keep-table",
          "--sample-rate", "--async", "--seed", "--duration", "--target-rate", "--warmup-time")),
      Map.entry("tpch", List.of("--scales", "--format", "--partitioned", "--reload", "--queries",
          "--seed", "--streams", "--refresh", "--engine", "--set", "--query-timeout", "--jobs",
          "--check", "--gen-maps", "--jdbc-url", "--user", "--password")));

  /** The options every suite had. */
  static final List<String> COMMON = List.of("--out", "--resume", "--cluster", "--datanodes",
      "-D", "--conf", "--principal", "--keytab", "--base-dir", "--keep", "--repeat", "--warmup",
      "--fs", "--label", "--instrument", "--[no-]metrics", "--metrics-interval",
      "--format");

  /** Options now listed under another name, and the name. */
  static final Map<String, String> RENAMED = Map.of(
      "nnthroughput --datanodes", "--simulated-datanodes",
      "tpch --format", "--file-format");

  private static String help(String suite) {
    BenchProcess p = BenchProcess.run(null, suite, "--help");
    assertEquals(0, p.exitCode, p.toString());
    // A description picocli could not format is printed raw, after a warning on stderr.
    assertFalse(p.err.contains("WARN"), p.err);
    return p.out.replaceAll("\\s+", " ");
  }

  private static boolean lists(String help, String option) {
    return help.contains(" " + option + "=") || help.contains(" " + option + " ")
        || help.contains(" " + option + ",") || help.contains("[" + option);
  }

  @Test
  void everySuiteKeepsEveryOptionItHad() {
    List<String> missing = new ArrayList<>();
    BEFORE.forEach((suite, own) -> {
      String help = help(suite);
      List<String> all = new ArrayList<>(own);
      all.addAll(COMMON);
      for (String option : all) {
        String now = RENAMED.getOrDefault(suite + " " + option, option);
        if (!lists(help, now)) {
          missing.add(suite + " " + now);
        }
        if (!now.equals(option) && !help.contains("Formerly " + option)) {
          missing.add(suite + " " + now + " does not name its former spelling " + option);
        }
      }
      // --repeat's old spellings are still accepted, and named.
      if (!help.contains("Also spelled --repeats, --runs")) {
        missing.add(suite + " --repeats/--runs");
      }
    });
    assertEquals(List.of(), missing);
  }

  @Test
  void theLoadOptionsAreTheCoresForEverySuiteWithALoad() {
    for (String suite : List.of("fsops", "nnthroughput", "slive", "hbase-pe", "ycsb")) {
      String help = help(suite);
      for (String option : List.of("--maps", "--duration", "--target-rate", "--warmup-time")) {
        assertTrue(lists(help, option), suite + " " + option);
      }
      assertTrue(help.contains("map tasks on YARN"), suite);
      assertTrue(help.contains("e.g. 30s or 5m (a bare number is seconds)"), suite);
      // Percent signs as written, not a format string's.
      assertTrue(help.contains("bare: 7.5%,7."), suite);
      assertTrue(help.contains("p99.9<50ms,errors<0.1%."), suite);
    }
    // YCSB's -p, as its users type it.
    assertTrue(help("ycsb").contains("Also spelled -p."));
    // Slive's clients are map tasks unless told otherwise, as SliveTest's are.
    assertTrue(help("slive").contains("0: in this process. Default: 4."));
    assertTrue(help("fsops").contains("0: in this process. Default: 0."));
  }
}
