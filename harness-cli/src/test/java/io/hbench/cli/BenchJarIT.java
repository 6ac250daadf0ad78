package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * {@code bench.jar} under plain {@code java -jar}, where no Hadoop class is on the class path:
 * help lists every suite (so every suite must load without Hadoop), and a run says in one line
 * to use {@code yarn jar}, with exit code 2.
 */
@Tag("integration")
class BenchJarIT {

  private static final Path JAR = Path.of("target", "bench.jar").toAbsolutePath();

  private record Result(int exit, String out, String err) {}

  private static Result run(String... args) throws Exception {
    assertTrue(Files.isRegularFile(JAR), "bench.jar must be built before integration tests");
    List<String> cmd = new ArrayList<>(List.of(
        System.getProperty("java.home") + File.separator + "bin" + File.separator + "java",
        "-jar", JAR.toString()));
    cmd.addAll(List.of(args));
    Process p = new ProcessBuilder(cmd).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Result(p.waitFor(), out, err);
  }

  /** The artifacts bench.jar carries unrelocated, by their jars' names: their own copies. */
  private static final List<String> CARRIED_AS_THEY_ARE = List.of("tpch-", "tpcds-");

  /**
   * Every class bench.jar carries is hbench's, relocated under {@code io.hbench.shaded}, or of a
   * package that no jar of Hadoop's, HBase's or Hive's class path (the tests' own) also has:
   * under {@code yarn jar} a cluster's copy would be loaded instead, as commons-math3 3.1.1 was
   * on Hadoop 3.3, whose Zipf sampler kept a wordcount task busy for minutes.
   */
  @Test
  void noPackageBenchJarLeavesUnrelocatedIsAlsoOnAClustersClassPath() throws Exception {
    java.util.Set<String> unrelocated = new java.util.TreeSet<>();
    try (java.util.jar.JarFile jar = new java.util.jar.JarFile(JAR.toFile())) {
      jar.stream().map(java.util.jar.JarEntry::getName)
          .filter(n -> n.endsWith(".class") && n.contains("/") && !n.startsWith("io/hbench/"))
          .map(n -> n.substring(0, n.lastIndexOf('/')))
          .forEach(unrelocated::add);
    }
    java.util.Map<String, java.util.Set<String>> alsoIn = new java.util.TreeMap<>();
    int jars = 0;
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      String name = Path.of(entry).getFileName().toString();
      if (!entry.endsWith(".jar") || CARRIED_AS_THEY_ARE.stream().anyMatch(name::startsWith)
          || name.startsWith("harness-")) {
        continue;
      }
      jars++;
      try (java.util.jar.JarFile j = new java.util.jar.JarFile(entry)) {
        j.stream().map(java.util.jar.JarEntry::getName).filter(n -> n.endsWith(".class")
                && n.contains("/") && unrelocated.contains(n.substring(0, n.lastIndexOf('/'))))
            .forEach(n -> alsoIn.computeIfAbsent(n.substring(0, n.lastIndexOf('/')),
                k -> new java.util.TreeSet<>()).add(name));
      }
    }
    assertTrue(jars > 100, "the tests' class path has Hadoop's, HBase's and Hive's jars: " + jars);
    assertTrue(unrelocated.stream().allMatch(p -> p.startsWith("io/trino/")), unrelocated.toString());
    assertTrue(alsoIn.isEmpty(), "bench.jar leaves these packages unrelocated, and a cluster's"
        + " class path has them too (relocate them in harness-cli/pom.xml): " + alsoIn);
    java.util.Set<String> roots = new java.util.TreeSet<>();
    unrelocated.forEach(p -> roots.add(String.join(".", java.util.Arrays.asList(p.split("/"))
        .subList(0, Math.min(3, p.split("/").length)))));
    System.out.println("BenchJarIT: " + unrelocated.size() + " packages unrelocated in bench.jar"
        + " (under " + String.join(", ", roots) + "), none in the " + jars
        + " jars of Hadoop's, HBase's and Hive's class path");
  }

  /** The JDK's own packages: the classes every JVM has. */
  private static final List<String> THE_JDKS = List.of("java/", "javax/", "jdk/", "sun/",
      "com/sun/", "org/w3c/", "org/xml/", "org/ietf/");

  /**
   * What bench.jar's classes may name without carrying it, and why: the cluster's own API, which
   * must be the cluster's. Anything else would be whatever copy the cluster happens to ship.
   */
  private static final java.util.Map<String, String> THE_CLUSTERS = new java.util.LinkedHashMap<>();

  static {
    THE_CLUSTERS.put("org/apache/hadoop/", "Hadoop's API, HBase's (hbase mapredcp), Ozone's and"
        + " Hive's (its JDBC driver)");
    THE_CLUSTERS.put("org/apache/hive/", "Hive's JDBC driver");
    THE_CLUSTERS.put("org/apache/log4j/", "Hadoop's logging, which hbench's console sets up:"
        + " only the cluster's own has Hadoop's loggers");
    THE_CLUSTERS.put("com/google/j2objc/annotations/", "annotations on Guava's classes, never"
        + " read");
    THE_CLUSTERS.put("software/amazon/awssdk/", "the AWS SDK S3A runs on (hadoop-aws's):"
        + " StoreResponses is an interceptor in S3A's own client, so it must be that SDK's");
  }

  /**
   * Every class bench.jar's classes name at run time is in bench.jar, the JDK's, or the
   * cluster's own API ({@link #THE_CLUSTERS}): no behaviour comes from a cluster's copy of a
   * third-party library (tpch's and tpcds's Guava would have been Hadoop 3.3's 27.0).
   */
  @Test
  void everyClassBenchJarNamesIsItsOwnTheJdksOrTheClustersApi() throws Exception {
    java.util.Map<String, java.util.Set<String>> named = new java.util.TreeMap<>();
    java.util.Set<String> carried = new java.util.HashSet<>();
    try (java.util.jar.JarFile jar = new java.util.jar.JarFile(JAR.toFile())) {
      for (java.util.jar.JarEntry e : java.util.Collections.list(jar.entries())) {
        String n = e.getName();
        if (!n.endsWith(".class") || n.startsWith("META-INF/")) {
          continue;
        }
        carried.add(n.substring(0, n.length() - ".class".length()));
        try (java.io.InputStream in = jar.getInputStream(e)) {
          for (String c : ClassReferences.of(in.readAllBytes())) {
            named.computeIfAbsent(c, k -> new java.util.TreeSet<>()).add(n);
          }
        }
      }
    }
    java.util.Map<String, java.util.Set<String>> elsewhere = new java.util.TreeMap<>();
    java.util.Map<String, Integer> fromCluster = new java.util.LinkedHashMap<>();
    for (var e : named.entrySet()) {
      String c = e.getKey();
      if (carried.contains(c) || THE_JDKS.stream().anyMatch(c::startsWith)) {
        continue;
      }
      String prefix = THE_CLUSTERS.keySet().stream().filter(c::startsWith).findFirst().orElse(null);
      if (prefix == null) {
        elsewhere.put(c, e.getValue());
      } else {
        fromCluster.merge(prefix, 1, Integer::sum);
      }
    }
    assertTrue(elsewhere.isEmpty(), "bench.jar's classes name classes it does not carry, which a"
        + " cluster would supply from whatever copy it has (carry them relocated in"
        + " harness-cli/pom.xml): " + elsewhere);
    assertTrue(named.containsKey("io/hbench/shaded/guava/collect/ImmutableList"),
        "tpch's Guava is bench.jar's own, relocated");
    assertFalse(named.keySet().stream().anyMatch(c -> c.startsWith("com/google/common/")));
    System.out.println("BenchJarIT: " + carried.size() + " classes in bench.jar name "
        + named.size() + " classes; outside it and the JDK only the cluster's own API: "
        + fromCluster);
  }

  /**
   * tpch's and tpcds's generators run from bench.jar alone, with nothing but the JDK beside it:
   * the Guava they call is bench.jar's own.
   */
  @Test
  void tpchAndTpcdsGenerateRowsFromBenchJarAlone() throws Exception {
    try (java.net.URLClassLoader alone = new java.net.URLClassLoader(
        new java.net.URL[] {JAR.toUri().toURL()}, ClassLoader.getPlatformClassLoader())) {
      Class<?> tpch = alone.loadClass("io.trino.tpch.TpchTable");
      Object lineitem = tpch.getMethod("getTable", String.class).invoke(null, "lineitem");
      Iterable<?> rows = (Iterable<?>) tpch.getMethod("createGenerator", double.class, int.class,
          int.class).invoke(lineitem, 0.001, 1, 1);
      Object first = rows.iterator().next();
      String line = (String) first.getClass().getMethod("toLine").invoke(first);
      assertTrue(line.startsWith("1|"), line);

      Class<?> session = alone.loadClass("io.trino.tpcds.Session");
      Class<?> table = alone.loadClass("io.trino.tpcds.Table");
      Object item = table.getMethod("getTable", String.class).invoke(null, "item");
      Object s = session.getMethod("getDefaultSession").invoke(null);
      s = session.getMethod("withScale", double.class).invoke(s, 1.0);
      s = session.getMethod("withTable", table).invoke(s, item);
      Iterable<?> items = (Iterable<?>) alone.loadClass("io.trino.tpcds.Results")
          .getMethod("constructResults", table, session).invoke(null, item, s);
      List<?> row = (List<?>) ((List<?>) items.iterator().next()).get(0);
      assertEquals("1", row.get(0), row.toString());
    }
  }

  @Test
  void helpListsEverySuiteWithoutHadoop() throws Exception {
    Result r = run("--help");
    assertEquals(0, r.exit(), r.err());
    for (String suite : new String[] {"terasort", "teragen", "teravalidate", "dfsio", "wordcount",
        "slive", "disk", "nnthroughput", "fsops", "hbase-pe", "tpch"}) {
      assertTrue(r.out().contains("  " + suite + " "), suite + " missing from:\n" + r.out());
    }
    assertFalse(r.err().contains("Exception"), r.err());
  }

  /** bench.jar carries no HBase: the suite's options and help load none of its classes. */
  @Test
  void hbasePeHelpNeedsNoHBase() throws Exception {
    Result r = run("hbase-pe", "--help");
    assertEquals(0, r.exit(), r.err());
    assertTrue(r.out().contains("--wal=on|off|async") && r.out().contains("COMMAND"), r.out());
    Result bad = run("hbase-pe", "sequentialWrite", "--wal", "maybe");
    assertEquals(2, bad.exit(), bad.err());
    assertTrue(bad.err().contains("invalid value 'maybe' for --wal"), bad.err());
  }

  @Test
  void aRunWithoutHadoopSaysToUseYarnJar() throws Exception {
    Result r = run("wordcount", "--sizes", "1M");
    assertEquals(2, r.exit(), r.out() + r.err());
    assertEquals(1, r.err().strip().lines().count(), r.err());
    assertTrue(r.err().contains("yarn jar"), r.err());
  }

  /** Reading results needs no Hadoop: report, its page and compare run with plain java -jar. */
  @Test
  void reportAndCompareRunWithoutHadoop(@org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp)
      throws Exception {
    java.nio.file.Path a = tmp.resolve("a.jsonl");
    java.nio.file.Path b = tmp.resolve("b.jsonl");
    try (var wa = io.hbench.core.result.ResultWriter.open(a);
        var wb = io.hbench.core.result.ResultWriter.open(b)) {
      // With a service, whose endpoint is redacted as it is read.
      var env = io.hbench.core.report.Records.env("3.4.2", 1).withServices(List.of(
          new io.hbench.core.result.ServiceInfo("hdfs", "embedded", "3.4.2", "hdfs://127.0.0.1:1",
              java.util.Map.of("datanodes", 1))));
      for (int i = 1; i <= 4; i++) {
        // Tied values: the test takes its normal approximation, with its own classes.
        wa.append(io.hbench.core.report.Records.sort("A", "1M", 1, i, "ok", 2 + (i / 2) * 0.01, env));
        wb.append(io.hbench.core.report.Records.sort("B", "1M", 1, i, "ok", 3 + i * 0.01, env));
      }
    }
    Result report = run("report", a.toString(), b.toString());
    assertEquals(0, report.exit(), report.err());
    assertTrue(report.out().startsWith("terasort · teragen"), report.out());
    Result html = run("report", "--html", tmp.resolve("r.html").toString(), a.toString());
    assertEquals(0, html.exit(), html.err());
    assertTrue(java.nio.file.Files.size(tmp.resolve("r.html")) > 50_000, "uPlot is inlined");
    Result compare = run("compare", a.toString(), b.toString());
    assertEquals(0, compare.exit(), compare.err());
    assertTrue(compare.out().contains("worse"), compare.out());
    assertFalse(compare.err().contains("Exception"), compare.err());
  }

  /**
   * The read side of every suite needs none of its run-time classes: with nothing but bench.jar
   * on the class path, report (its tables and its page) and compare read records of every suite,
   * each suite's own tables included, and load no Hadoop, HBase or Hive class.
   */
  @Test
  void reportAndCompareOfEverySuitesRecordsRunWithBenchJarAlone(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path tmp) throws Exception {
    String records = java.nio.file.Path.of(BenchJarIT.class
        .getResource("/records/every-suite.jsonl").toURI()).toString();
    Result report = run("report", records);
    assertEquals(0, report.exit(), report.err());
    for (String title : List.of("File system operations", "NameNode throughput",
        "HBase PerformanceEvaluation workloads", "TPC-H on Hive", "DFSIO", "Slive",
        "Disk (dd-style)", "terasort · teragen", "wordcount")) {
      assertTrue(report.out().contains(title), title + " missing from:\n" + report.out());
    }
    assertFalse(report.err().contains("Exception") || report.err().contains("Error"), report.err());
    Result html = run("report", "--html", tmp.resolve("every.html").toString(), records);
    assertEquals(0, html.exit(), html.err());
    java.nio.file.Path copy = tmp.resolve("again.jsonl");
    java.nio.file.Files.copy(java.nio.file.Path.of(records), copy);
    Result compare = run("compare", records, copy.toString());
    assertEquals(0, compare.exit(), compare.err());
    for (String suite : List.of("fsops", "nnthroughput", "hbase-pe", "tpch", "dfsio", "slive",
        "disk", "terasort", "wordcount", "teragen")) {
      assertTrue(compare.out().contains(suite), suite + " missing from:\n" + compare.out());
    }
    assertFalse(compare.err().contains("Exception") || compare.err().contains("Error"),
        compare.err());
  }

  /**
   * Where Hadoop is on the class path (bench-standalone.jar's lib/, a Hadoop client's), the read
   * side still loads none of it: report, its page, compare (of two files and by label) and
   * history of every suite's records, each in a JVM of its own whose class loading is logged.
   */
  @Test
  void theReadSideLoadsNoHadoopClassWhereHadoopIsOnTheClassPath(
      @org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
    String records = Path.of(BenchJarIT.class.getResource("/records/every-suite.jsonl").toURI())
        .toString();
    Path copy = tmp.resolve("again.jsonl");
    Files.copy(Path.of(records), copy);
    // The same records under a second label, for compare --by label.
    Path relabelled = tmp.resolve("relabelled.jsonl");
    Files.writeString(relabelled, Files.readString(copy)
        .replace("\"label\":\"fixture\"", "\"label\":\"again\""));
    List<List<String>> commands = List.of(List.of("report", records),
        List.of("report", "--html", tmp.resolve("r.html").toString(), records),
        List.of("compare", records, copy.toString()),
        List.of("compare", "--by", "label", records, relabelled.toString()),
        List.of("history", records, copy.toString()));
    for (List<String> command : commands) {
      Path classes = tmp.resolve("classes-" + String.join("-", command).hashCode() + ".log");
      Path out = tmp.resolve("out.log");
      Process p = BenchProcess.start(tmp, null, out,
          List.of("-Xlog:class+load=info:file=" + classes), java.util.Map.of(), command);
      assertEquals(0, p.waitFor(), command + ": " + Files.readString(out));
      List<String> loaded = Files.readAllLines(classes);
      assertTrue(loaded.stream().anyMatch(l -> l.contains("io.hbench.core.report.")), command
          + ": the log holds the classes loaded");
      assertTrue(loaded.stream().noneMatch(l -> l.contains(" org.apache.hadoop.")),
          command + " loaded Hadoop classes: " + loaded.stream()
              .filter(l -> l.contains(" org.apache.hadoop.")).limit(10).toList());
    }
  }

  @Test
  void runningOutOfMemoryIsOneLineSayingWhatToDo(@org.junit.jupiter.api.io.TempDir Path tmp)
      throws Exception {
    byte[] records = Files.readAllBytes(
        Path.of(BenchJarIT.class.getResource("/records/every-suite.jsonl").toURI()));
    Path many = tmp.resolve("many.jsonl");
    try (var out = Files.newOutputStream(many)) {
      for (int i = 0; i < 400; i++) {
        out.write(records);
      }
    }
    Path log = tmp.resolve("out.log");
    Process p = BenchProcess.start(tmp, null, log, List.of("-Xmx32m"), java.util.Map.of(),
        List.of("report", many.toString()));
    assertEquals(1, p.waitFor(), Files.readString(log));
    List<String> said = Files.readAllLines(log);
    assertEquals(1, said.size(), String.join("\n", said));
    assertTrue(said.get(0).startsWith("bench: report ran out of memory in a heap of"),
        said.get(0));
  }
}
