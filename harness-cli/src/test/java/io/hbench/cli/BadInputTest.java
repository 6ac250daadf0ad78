package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input: one line on stderr naming the problem, exit code 2, nothing created. */
class BadInputTest {

  @TempDir Path tmp;

  private BenchProcess badRun(String args) {
    Path out = tmp.resolve("results/r.jsonl");
    List<String> argv = new ArrayList<>(Arrays.asList(args.split(" ")));
    argv.add("--out");
    argv.add(out.toString());
    BenchProcess p = BenchProcess.run(null, argv.toArray(String[]::new));
    assertEquals(2, p.exitCode, p.toString());
    assertEquals(1, p.errLines().size(), "exactly one line on stderr:\n" + p);
    assertTrue(p.err.startsWith("bench: "), p.err);
    assertFalse(p.err.contains("Exception"), p.err);
    assertFalse(Files.exists(tmp.resolve("results")), "nothing may be created");
    return p;
  }

  /**
   * What is not bad input: --as-shipped on a suite of queries (tpch has no known defect: it
   * changes nothing), --find-max --maps 0 (the search in this process).
   */
  @Test
  void asShippedAndAnInProcessSearchAreAccepted() {
    Main main = new Main(new io.hbench.core.text.Console(new java.io.PrintStream(
        new java.io.ByteArrayOutputStream()), new java.io.PrintStream(
        new java.io.ByteArrayOutputStream()), false, 10_000), null);
    assertEquals(null, main.check(Main.Check.VALUES, "tpch", "--scales", "0.01",
        "--as-shipped"));
    assertEquals(null, main.check(Main.Check.VALUES, "tpcds", "--scales", "0.01", "--queries",
        "27,3", "--as-shipped"));
    assertEquals(null, main.check(Main.Check.VALUES, "fsops", "--op", "exists", "--duration",
        "5s", "--find-max", "--slo", "p99<5ms", "--maps", "0"));
  }

  @Test
  void resumeWithoutAResultsFileIsRefused() {
    BenchProcess p = BenchProcess.run(null, "terasort", "--sizes", "1M", "--resume",
        "--base-dir", tmp.resolve("base").toString());
    assertEquals(2, p.exitCode, p.toString());
    assertEquals(List.of("bench: --resume needs --out: the results file of the run to finish"),
        p.errLines());
    assertFalse(Files.exists(tmp.resolve("base")), "nothing may be created");
  }

  /** embedded-cluster takes no --out: its bad input must start nothing and write no --conf-dir. */
  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "hdfs,nosuch; no embedded service 'nosuch'",
        "hdfs,ozone,hdfs; at most two stores per cluster, each once: hdfs,ozone,hdfs",
        ",; --with names no service"
      })
  void embeddedClusterRejects(String with, String expected) {
    Path confDir = tmp.resolve("conf");
    BenchProcess p =
        BenchProcess.run(null, "embedded-cluster", "--with", with, "--conf-dir", confDir.toString());
    assertEquals(2, p.exitCode, p.toString());
    assertEquals(1, p.errLines().size(), "exactly one line on stderr:\n" + p);
    assertTrue(p.err.contains(expected), p.err);
    assertFalse(Files.exists(confDir), "nothing may be created");
  }

  @Test
  void embeddedClusterRefusesHaWithAnotherStore() {
    Path confDir = tmp.resolve("conf");
    BenchProcess p = BenchProcess.run(null, "embedded-cluster", "--ha", "--with", "ozone",
        "--conf-dir", confDir.toString());
    assertEquals(2, p.exitCode, p.toString());
    assertEquals(List.of("bench: --ha starts HDFS as an HA pair: it cannot go with ozone"),
        p.errLines(), p.toString());
    assertFalse(Files.exists(confDir), "nothing may be created");
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "terasort --sizes 10X; unknown unit 'X'",
        "terasort --sizes 1M --format xml; invalid value 'xml' for --format: use text, markdown, csv, json",
        "terasort --sizes 64M..32M; below the start",
        "terasort --sizes 0; greater than zero",
        "terasort --sizes 1G..2G:0; greater than zero",
        "terasort --sizes 1K..10M:1; more than 1000",
        "terasort --sizes 50; smaller than one 100-byte record",
        "terasort; --sizes",
        "terasort --sizes 1M --bogus; unknown option",
        "terasort --sizes 1M --maps 0; at least 1",
        "terasort --sizes 1M --maps many; not a whole number",
        "terasort --sizes 1M --repeat 0; --repeat",
        "fsops --op mkdirs --principal bench@EXAMPLE.COM; --principal and --keytab go together",
        "fsops --op mkdirs --principal b@R --keytab pom.xml; the embedded cluster does not use Kerberos",
        "fsops --op mkdirs --principal b@R --keytab no.keytab; --keytab no.keytab: no such readable file",
        "terasort --sizes 1M --cluster bogus; --cluster",
        "terasort --sizes 1M --conf /no/such/file.xml; does not exist",
        "terasort --sizes 1M --cluster conf; no cluster is configured",
        "terasort --sizes 1M --cluster conf -D fs.defaultFS=hdfs://127.0.0.1:1; cannot reach",
        "nosuchsuite --sizes 1M; unknown suite 'nosuchsuite'",
        "teragen --size 1Q; unknown unit",
        "teravalidate; --input",
        "teragen --size 1M --fs not-a-uri; invalid --fs",
        "teragen --size 1M --fs file:///tmp/hbench-x --instrument; --instrument cannot wrap file://",
        "terasort --sizes 1M --cluster mini-oz; --cluster",
        "fsops --op mkdirs --cluster mini-namenode; (stores in this jar: hdfs, ozone)",
        "disk; --path DIR is required",
        "disk --path /no/such/dir; is not an existing directory",
        "disk --path /tmp --size 1000K --block-size 3K; not a multiple of --block-size",
        "disk --path /tmp --size 100000T; does not fit",
        "disk --path /tmp --runs 0; at least 1",
        "disk --path /tmp --repeat 2 --runs 3; not both",
        "disk --path /tmp --fs hdfs://127.0.0.1:1/; --fs does not apply",
        "dfsio; missing required option: '--mode=MODE'",
        "dfsio --mode scribble; unknown mode 'scribble'",
        "dfsio --mode write --buffer-size 128M; --buffer-size must be between",
        "dfsio --mode random-read --compression gzip; --compression cannot be used with --mode random-read",
        "dfsio --mode read --storage-policy ALL_SSD; --storage-policy applies to --mode write only",
        "dfsio --mode write --files 0; at least 1",
        "dfsio --mode write --fs gs://bench-bucket/; its connector is not on the class path: add the GCS connector",
        "wordcount; missing --sizes",
        "wordcount --sizes 1500K; multiples of 1M",
        "wordcount --sizes 1M --input /x; --sizes or --input, not both",
        "wordcount --sizes 1M --zipf-exponent 0; --zipf-exponent",
        "slive --mix create=1,copy=2; unknown operation 'copy'",
        "slive --mix create=x; weight of create is not a whole number",
        "slive --mix read=0; no operation has a weight above 0",
        "slive --ops-per-map 0; at least 1",
        "nnthroughput --mode rpc --maps 2; --maps runs one of",
        "nnthroughput --op chmod; unknown --op 'chmod'",
        "nnthroughput --op create --mode fast; invalid value 'fast' for --mode: use direct, rpc",
        "nnthroughput --op create,,open; an empty element in the list",
        "nnthroughput --op create,chmod; unknown --op 'chmod'",
        "nnthroughput --op create,replication --mode rpc; only --mode direct",
        "nnthroughput --op create --maps 2 --mode direct; --maps needs --mode rpc",
        "fsops --op create_write --duration 5s --until-stable 5%,2; invalid value '5%,2' for --until-stable",
        "fsops --op create_write --until-stable; --until-stable needs --duration",
        "fsops --op create_write --duration 5s --interval 1ms; invalid value '1ms' for --interval",
        "fsops --op create_write --hlog /nonexistent-dir/run.hlog; --hlog /nonexistent-dir/run.hlog: no directory",
        "fsops --op exists --duration 5s --find-max; --find-max needs --slo",
        "fsops --op exists --duration 5s --find-max --slo p99; invalid value 'p99' for --slo",
        "fsops --op exists --find-max --slo p99<5ms; --find-max needs --duration",
        "fsops --op exists --duration 5s --slo p99<5ms; --slo is the objective of --find-max",
        "fsops --op exists --duration 30s --disrupt shutdown-datanode@10s; --disrupt needs --target-rate",
        "fsops --op exists --target-rate 10 --disrupt shutdown-datanode@10s; --disrupt needs --duration",
        "fsops --op exists --target-rate 10 --duration 30s --disrupt stop-datanode@10s; unknown action 'stop-datanode'",
        "fsops --op exists --target-rate 10 --duration 30s --disrupt shutdown-datanode@40s; past the load's end",
        "fsops --op exists --target-rate 10 --duration 30s --disrupt shutdown-datanode@2s; needs a control window",
        "fsops --op exists --target-rate 10 --duration 30s --disrupt-cycles 2; --disrupt-cycles repeats --disrupt's actions",
        "fsops --op exists --target-rate 10 --duration 30s --disrupt shutdown-datanode@10s --disrupt-cycles 9; too short to show a recovery",
        "fsops --op exists --duration 30s --disrupt shutdown-datanode@10s --find-max --slo p99<5ms; drop --find-max",
        "fsops --op exists --target-rate 10 --duration 30s --disrupt shutdown-datanode@10s --until-stable; drop --until-stable",
        "fsops --op exists --target-rate 10 --duration 30s --disrupt kill-task-container@10s; run the load on map tasks (--maps N)",
        "nnthroughput --mode direct --op mkdirs --target-rate 10 --duration 30s --disrupt failover-namenode@10s; with no cluster to disrupt",
        "fsops --op exists --duration 5s --find-max --slo p99<5ms --target-rate 10; drop --target-rate",
        "fsops --op exists --duration 5s --find-max --slo p99<5ms,errors<0%; an error share above 0%",
        "fsops --op exists --duration 5s --find-max --slo p99<5ms --maps -1; invalid value '-1' for --maps: must be at least 0",
        "fsops --op exists --as-shipped; unknown option: '--as-shipped'",
        "terasort --sizes 1M --as-shipped; unknown option: '--as-shipped'",
        "hbase-pe sequentialWrite --duration 5s --find-max --slo p99<5ms; --duration does not apply to sequentialWrite",
        "fsops --op exists --duration 5s --hlog /proc/hbench-never.hlog; --hlog /proc/hbench-never.hlog: cannot be written",
        "nnthroughput --op replication --mode rpc; only --mode direct",
        "nnthroughput --op blockReport --mode rpc --maps 2; --maps runs one of",
        "nnthroughput --op create --threads 0; at least 1",
        "nnthroughput --op create --files-per-dir 1; at least 2",
        "nnthroughput --op replication --datanodes 1; --nodes-to-decommission",
        "fsops; --op",
        "fsops --op copy; unknown --op 'copy'",
        "fsops --op list --repeats 2 --warmup 2; leaves no repeat",
        "terasort --sizes 1M --warmup 1; leaves no repeat of 1 to summarize",
        "terasort --sizes 1M --metrics-interval 50ms; --metrics-interval must be at least 100ms",
        "terasort --sizes 1M --metrics-interval often; invalid value 'often' for --metrics-interval",
        "terasort --sizes 1M --label a,b; invalid --label 'a,b': 1 to 64 letters",
        "terasort --sizes 1M --tag version; --tag needs NAME=VALUE",
        "fsops --op exists --vary threads=4; --vary needs KEY=V1,V2[,...]",
        "fsops --op exists --vary speed=1,2; --vary speed: fsops has no option --speed",
        "fsops --op exists --vary repeat=1,2; --vary repeat: the options every suite shares cannot be varied",
        "fsops --op exists --vary fs=hdfs:///,bucket; invalid --fs 'bucket'",
        "fsops --op exists --fs s3a://b/ --vary fs=hdfs:///,s3a://c/; --vary fs: also given as --fs",
        "fsops --op exists --vary-order sequential --vary fs=file:///tmp/hbench-never/,foo://x/; cannot reach the file system foo://x",
        "fsops --op exists --request-prices no-such-prices.txt; --request-prices: cannot read no-such-prices.txt",
        "fsops --op exists --vary threads=0,4; invalid value '0' for --threads",
        "fsops --op exists --vary-seed 3; --vary-order and --vary-seed go with --vary",
        "fsops --op exists --vary threads=1,2 --vary-seed x; invalid --vary-seed 'x'",
        "terasort --sizes 1M --tag v=3.4,3.5; --tag needs NAME=VALUE",
        "fsops --op clean --duration 5s; --duration does not apply to clean",
        "nnthroughput --op blockReport --duration 5s; --duration applies to the namespace operations",
        "nnthroughput --op create --duration 5s --keep-results; --keep-results and --use-existing go with a count",
        "hbase-pe; missing COMMAND (the word after the suite's name, or --command)",
        "hbase-pe randomRaed; unknown command 'randomRaed'",
        "hbase-pe randomRead --command scan; COMMAND given twice",
        "hbase-pe randomRead scan; unmatched argument",
        "hbase-pe sequentialWrite --multi-put 5; --multi-put needs --auto-flush",
        "hbase-pe randomRead --table no:such:name; invalid value 'no:such:name' for --table",
        "hbase-pe sequentialWrite --duration 5s; --duration does not apply to sequentialWrite",
        "ycsb g; --workload: no workload 'g' (a, b, c, d, e, f, or a YCSB workload file)",
        "ycsb a -p readproportion=1.5; workload a: readproportion=1.5: a proportion from 0 to 1",
        "ycsb a -p requestdistribution=normal; requestdistribution=normal: one of uniform, zipfian, latest, hotspot",
        "ycsb a --records -5; invalid value '-5' for --records: must be at least 0",
        "ycsb a -p recordcount=-5; recordcount=-5: a count of 0 or more",
        "ycsb a -p nokey; invalid value 'nokey' for --property: KEY=VALUE",
        "ycsb a --records 0; the load phase needs recordcount (--records) of at least 1",
        "ycsb a --phase run --operations 0; needs operationcount (--operations) of at least 1",
        "ycsb a -p table=no:such:name; invalid table name 'no:such:name'",
        "tpch --queries 23; TPC-H has queries 1 to 22, not 23",
        "tpch --queries 3-1; the range 3-1 runs backwards",
        "tpch --scales 1..x; 'x' is not a number",
        "tpch --scales 0.001; scale factors start at 0.01",
        "tpch --check --scales 10; --check checks answers by value up to SF 1",
        "tpch --set nokey; 'nokey' is not key=value",
        "tpch --password pw; --password needs --jdbc-url",
        "tpch --engine tez; the embedded HiveServer2 has no Tez",
        "tpch --refresh --file-format parquet; --refresh needs --file-format orc",
        // tpch's old --format (its tables' storage) is still read as --file-format, with a note
        // that is left out when the input is bad.
        "tpch --refresh --format parquet; --refresh needs --file-format orc",
        "tpch --file-format markdown; invalid value 'markdown' for --file-format: use orc, parquet, textfile",
        "tpch --file-format orc --format parquet; give --file-format or --format (its former name), not both",
        "terasort --format parquet --sizes 1M; invalid value 'parquet' for --format: use text, markdown, csv, json",
        "nnthroughput --mode rpc --op blockReport --datanodes 3; --datanodes 3 is ambiguous here",
        "tpch --refresh --check; use one or the other",
        "tpch --refresh --partitioned; --refresh with --partitioned is not offered",
        "tpcds --queries 100; TPC-DS has queries 1 to 99, not 100",
        "tpcds --queries 15b; query 15 has no part b",
        "tpcds --queries q3,x; 'x' is not a query",
        "tpcds --scales 0; scale factors start at 0.01",
        "tpcds --scales -1; scale factors start at 0.01",
        "tpcds --engine tez; the embedded HiveServer2 has no Tez",
        "replay; replay needs --trace PATH",
        "replay --trace /no/such/audit.log; --trace /no/such/audit.log: no such file or directory",
        "replay --trace pom.xml; no audit line among",
        "replay --trace pom.xml --synthesize new.log; give --trace (replay a log) or --synthesize (write one), not both",
        "replay --synthesize pom.xml --duration 1s; pom.xml exists: replay writes a new file",
        "replay --synthesize /tmp/hbench-bad-never.log; --synthesize needs --duration",
        "replay --synthesize /tmp/hbench-bad-never.log --duration 1s --mix create=1,bogus=2; unknown command 'bogus'",
        "replay --trace pom.xml --rate-factor 0; for --rate-factor: must be more than 0",
        "replay --trace pom.xml --rate-factor -2; for --rate-factor: must be more than 0",
        "replay --trace pom.xml --empty-files; --empty-files is how --seed-namespace seeds",
        "replay --trace pom.xml --target-rate 10; use --rate-factor",
        "replay --trace pom.xml --write-trace /tmp/hbench-bad-never.log; --write-trace writes an anonymized copy of --trace",
        "replay --trace pom.xml --partition-by host; use ip, user, path",
        "replay --synthesize /tmp/hbench-bad-never.log --duration 1s --missing 150; invalid value '150' for --missing: must be at most 100",
        "replay --trace pom.xml --max-failures 101; a percentage from 0 to 100",
        "replay --trace pom.xml --max-failures many; not a percentage",
        "fsops --op list --duration 5x; give a duration such as",
        "fsops --op list --target-rate fast; for --target-rate: not a number",
        "fsops --op clean --maps 2; --maps does not apply to clean",
        "fsops --op single_read --file-path file:///no/such/file --base-dir file:///tmp/hbench-bad; is not an existing file",
        "fsops --op exists --base-dir s3a://bench/x -D fs.s3a.endpoint=http://127.0.0.1:1 -D fs.s3a.path.style.access=true -D fs.s3a.access.key=a -D fs.s3a.secret.key=b; cannot reach"
      })
  void rejected(String args, String expected) {
    BenchProcess p = badRun(args);
    assertTrue(p.err.contains(expected), "expected '" + expected + "' in: " + p.err);
  }

  /** A YCSB workload file is read as YCSB reads it, and a bad value in it named by file and key. */
  @Test
  void aBadYcsbWorkloadFileIsOneLine() throws Exception {
    Path file = tmp.resolve("workload-bad");
    Files.writeString(file, "recordcount=1000\noperationcount=1000\nreadproportion=0.5\n"
        + "updateproportion=-0.5\nrequestdistribution=zipfian\n");
    BenchProcess p = badRun("ycsb " + file);
    assertTrue(p.err.contains(file + ": updateproportion=-0.5: a proportion from 0 to 1"), p.err);
    Files.writeString(file, "recordcount=-1000\n");
    p = badRun("ycsb " + file);
    assertTrue(p.err.contains(file + ": recordcount=-1000: a count of 0 or more"), p.err);
    Files.writeString(file, "requestdistribution=exponential\n");
    p = badRun("ycsb " + file);
    assertTrue(p.err.contains(file + ": requestdistribution=exponential: one of uniform,"), p.err);
    Files.delete(file);
  }

  @Test
  void helpListsTheSuites() {
    BenchProcess p = BenchProcess.run(null, "--help");
    assertEquals(0, p.exitCode);
    for (String suite :
        new String[] {"terasort", "teragen", "teravalidate", "dfsio", "wordcount", "slive",
          "disk", "nnthroughput", "fsops", "replay", "hbase-pe", "ycsb", "tpch", "tpcds",
          "embedded-cluster"}) {
      assertTrue(p.out.contains("  " + suite + " "), suite + " missing from:\n" + p.out);
    }
  }

  @Test
  void suiteHelpShowsEveryOptionWithItsDefault() {
    BenchProcess p = BenchProcess.run(null, "terasort", "--help");
    assertEquals(0, p.exitCode);
    String help = p.out.replaceAll("\\s+", " ");
    for (String opt :
        new String[] {
          "--maps=N", "--reduces=N", "--block-size=SIZE", "--out=FILE", "--cluster=MODE",
          "--datanodes=N", "--base-dir=DIR", "--repeat=N"
        }) {
      int at = help.indexOf(opt + " ");
      assertTrue(at >= 0, opt + " missing from help");
      String rest = help.substring(at, Math.min(help.length(), at + 400));
      int next = rest.indexOf(" --", opt.length());
      String text = next > 0 ? rest.substring(0, next) : rest;
      assertTrue(text.contains("Default:"), "no default shown for " + opt + ": " + text);
    }
    assertTrue(help.contains("--sizes=SIZES"));
    assertTrue(help.contains("powers of 1024"));
  }
}
