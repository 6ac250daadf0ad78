package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.report.ResultReader;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.FaultRecord;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.tools.DFSHAAdmin;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench embedded-cluster} as a user starts it: {@code java -jar bench-standalone.jar
 * embedded-cluster ...} in a process of its own, for {@code --ha} and for each {@code --with}
 * the docs name; bench runs from this process (another one) with its configuration directory as
 * {@code HADOOP_CONF_DIR}; SIGTERM (Ctrl-C's) stops it and leaves its temporary directory empty.
 */
@Tag("integration")
@Timeout(value = 12, unit = TimeUnit.MINUTES)
class EmbeddedClusterCommandIT {

  @TempDir Path tmp;

  private static final Path JAR = Path.of("target", "bench-standalone.jar").toAbsolutePath();

  /** A running {@code embedded-cluster} process. */
  private final class Started implements AutoCloseable {
    final Path conf;
    final Path log;
    final Path javaTmp;
    final Process proc;

    Started(String name, String... args) throws Exception {
      assertTrue(Files.isRegularFile(JAR), "bench-standalone.jar is built before the tests");
      conf = tmp.resolve(name + "-conf");
      log = tmp.resolve(name + ".log");
      javaTmp = Files.createDirectories(tmp.resolve(name + "-tmp"));
      List<String> cmd = new ArrayList<>(List.of(
          Path.of(System.getProperty("java.home"), "bin", "java").toString(),
          "-Djava.io.tmpdir=" + javaTmp, "-jar", JAR.toString(), "embedded-cluster",
          "--conf-dir", conf.toString()));
      cmd.addAll(List.of(args));
      proc = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(log.toFile())
          .start();
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
      while (!log().contains("hbench: embedded cluster up")) {
        assertTrue(proc.isAlive(), "embedded-cluster " + String.join(" ", args)
            + " exited " + (proc.isAlive() ? "" : proc.exitValue()) + ":\n" + log());
        assertTrue(System.nanoTime() < deadline, "not up after 3 minutes:\n" + log());
        Thread.sleep(200);
      }
    }

    String log() throws Exception {
      return Files.exists(log) ? Files.readString(log) : "";
    }

    /** The client configuration it wrote, as a tool reading the directory would load it. */
    Configuration client() {
      Configuration c = new Configuration();
      for (String site : new String[] {"core-site.xml", "hdfs-site.xml"}) {
        c.addResource(new org.apache.hadoop.fs.Path(conf.resolve(site).toUri()));
      }
      return c;
    }

    @Override
    public void close() throws Exception {
      proc.destroy();
      assertTrue(proc.waitFor(2, TimeUnit.MINUTES), "embedded-cluster stops on SIGTERM");
      try (Stream<Path> left = Files.list(javaTmp)) {
        List<String> names = left.map(p -> p.getFileName().toString())
            .filter(n -> n.startsWith("hbench-") || n.startsWith("jetty-")).toList();
        assertEquals(List.of(), names, "nothing of the cluster is left:\n" + log());
      }
      assertFalse(log().contains("\tat "), "no stack trace while it ran and stopped:\n" + log());
    }
  }

  /** The file-status calls a NameNode has served ({@code exists} is one), from its /jmx. */
  private static long fileInfoOps(java.net.URI jmx) throws Exception {
    return io.hbench.core.cluster.JmxReader.webService(jmx).path("beans").get(0)
        .path("FileInfoOps").asLong();
  }

  private int haAdmin(Configuration conf, String... args) throws Exception {
    DFSHAAdmin admin = new DFSHAAdmin();
    admin.setConf(new Configuration(conf));
    return admin.run(args);
  }

  /**
   * {@code --ha} as docs/getting-started.md types it: two NameNodes of hbench-ns and YARN. From
   * this process, fsops with --metrics reads both NameNodes, names the active one and the
   * failover made during its load; dfsio's job runs on YARN over the nameservice.
   */
  @Test
  void anHaPairServesRunsOfAnotherProcessAndAFailoverIsNamed() throws Exception {
    try (Started ha = new Started("ha", "--ha")) {
      assertTrue(ha.log().contains("hdfs as an HA pair (nn1 active, nn2 standby, nameservice"
          + " hbench-ns)"), ha.log());
      Configuration client = ha.client();
      assertEquals("hdfs://hbench-ns", client.get("fs.defaultFS"));
      assertEquals("nn1,nn2", client.get("dfs.ha.namenodes.hbench-ns"));
      Path out = tmp.resolve("ha.jsonl");
      CompletableFuture<BenchProcess> run = CompletableFuture.supplyAsync(() -> BenchProcess.run(
          ha.conf.toString(), "fsops", "--op", "exists", "--threads", "2", "--duration", "8s",
          "--repeat", "1", "--metrics", "--metrics-interval", "1s", "--out", out.toString()));
      // The failover once the load's calls reach nn1: a fixed 4 s wait was once shorter than the
      // run's start on a busy machine, and the failover came before the load.
      java.net.URI nn1 = java.net.URI.create("http://"
          + client.get("dfs.namenode.http-address.hbench-ns.nn1")
          + "/jmx?qry=Hadoop:service=NameNode,name=NameNodeActivity");
      long before = fileInfoOps(nn1);
      long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
      while (fileInfoOps(nn1) < before + 200) {
        assertFalse(run.isDone(), () -> "the load ended before it reached nn1: " + run.join());
        assertTrue(System.nanoTime() < deadline, "the load did not reach nn1 in 2 minutes");
        Thread.sleep(100);
      }
      Thread.sleep(1000); // --metrics has read nn1 active at least once
      assertEquals(0, haAdmin(client, "-transitionToStandby", "nn1"));
      assertEquals(0, haAdmin(client, "-transitionToActive", "nn2"));
      BenchProcess p = run.get(3, TimeUnit.MINUTES);
      ResultRecord r = ResultReader.read(out).get(0);
      assertEquals("configured", r.environment().cluster(), p.toString());
      String failover = r.environment().namenodeFailover();
      assertNotNull(failover, p.toString());
      assertTrue(failover.matches("NameNode \\S+ was active when the point began, \\S+ when it"
          + " ended"), failover);
      assertTrue((p.out + p.err).contains(failover), p.toString());
      // A failover fails nothing by itself: the point fails only if calls did.
      OperationLoad load = r.phase("exists").load("exists");
      assertEquals(load.failures() == 0, r.ok(), r.failure());
      List<DaemonFigures> namenodes = r.phase("exists").daemons().stream()
          .filter(d -> d.role().equals("namenode")).toList();
      assertEquals(2, namenodes.size(), r.phase("exists").daemons().toString());
      namenodes.forEach(d -> assertTrue(d.samples() >= 2, d.toString()));
      // Each NameNode's state over the load, from its own /jmx: one handed over to the other.
      assertEquals(List.of("active->standby", "standby->active"),
          namenodes.stream().map(DaemonFigures::haState).sorted().toList(), namenodes.toString());
      assertTrue(p.out.contains("(active->standby)") && p.out.contains("its HA state changed"),
          p.out);
      assertEquals(1, r.phase("exists").daemons().stream()
          .filter(d -> d.role().equals("datanode") && d.samples() >= 2).count());

      // A MapReduce job over the nameservice, from this process: nn2 active now.
      Path dfsio = tmp.resolve("dfsio.jsonl");
      BenchProcess job = BenchProcess.run(ha.conf.toString(), "dfsio", "--mode", "write",
          "--files", "2", "--size", "1M", "--metrics", "--out", dfsio.toString());
      ResultRecord d = ResultReader.read(dfsio).get(0);
      assertTrue(d.ok(), job.toString());
      assertTrue(d.phase("write").jobId().startsWith("job_"), job.toString());
      List<String> states = d.phase("write").daemons().stream()
          .filter(x -> x.role().equals("namenode")).map(DaemonFigures::haState).sorted().toList();
      assertEquals(List.of("active", "standby"), states);
      // The job's container logs are kept 5 s, not YARN's 3 hours: the NodeManager holds an
      // application until they are deleted, and its stop waited 17 s for each it held.
      Configuration yarnSite = new Configuration(false);
      yarnSite.addResource(new org.apache.hadoop.fs.Path(ha.conf.resolve("yarn-site.xml").toUri()));
      assertEquals("5", yarnSite.get("yarn.nodemanager.log.retain-seconds"));

      // docs/disrupt.md's failover, twice in one load, from this process, as the issue's
      // acceptance types it (no --mode: --disrupt makes nnthroughput drive the cluster's
      // NameNodes): the outage each time, the NameNodes' stamps, the worst and the spread.
      Path failovers = tmp.resolve("failover.jsonl");
      BenchProcess f = BenchProcess.run(ha.conf.toString(), "nnthroughput",
          "--op", "fileStatus", "--target-rate", "200", "--duration", "18s", "--disrupt",
          "failover-namenode@6s", "--disrupt-cycles", "2", "--repeat", "1", "--out",
          failovers.toString());
      System.out.println("EmbeddedClusterCommandIT failover:\n" + f.err);
      ResultRecord n = ResultReader.read(failovers).get(0);
      assertTrue(n.ok(), f.toString());
      FaultRecord fr = n.phases().stream().map(ph -> ph.figure(FaultRecord.FIELD))
          .filter(java.util.Objects::nonNull).findFirst().orElseThrow();
      assertEquals(2, fr.cycles());
      assertEquals(2, fr.faults().size(), fr.toString());
      // nn2 was active after the manual failover above: the first cycle hands over to nn1,
      // the second back to nn2.
      assertTrue(fr.faults().get(0).target().startsWith("nn2 (") && fr.faults().get(0).target()
          .contains(") to nn1 ("), fr.faults().get(0).target());
      assertTrue(fr.faults().get(1).target().startsWith("nn1 ("), fr.faults().get(1).target());
      for (FaultRecord.Fault fault : fr.faults()) {
        assertNotNull(fault.figures(), fault.toString());
        // The NameNodes' own stamps from /jmx: the new active one's transition, after the
        // action was issued.
        assertTrue(fault.stamps().stream().anyMatch(st -> st.what().equals("last_ha_transition")
            && st.value().equals("active") && st.atMillis() >= fault.issuedMillis()),
            fault.stamps().toString());
      }
      FaultRecord.Summary summary = fr.byAction().get(0);
      assertEquals("failover-namenode", summary.action());
      assertEquals(2, summary.faults());
      double a = fr.faults().get(0).figures().unavailableSeconds();
      double b = fr.faults().get(1).figures().unavailableSeconds();
      assertEquals(Math.max(a, b), summary.worst().unavailableSeconds(), 1e-9);
      assertEquals(Math.abs(a - b), summary.spread().unavailableSeconds(), 1e-3);
      assertTrue(f.err.contains("disrupt failover-namenode (cycle 2): unavailable "), f.err);
    }
  }

  /** The services docs/getting-started.md and the perf scripts start with --with, each alone. */
  @Test
  void eachDocumentedSetOfServicesStartsServesAndStops() throws Exception {
    try (Started hdfs = new Started("hdfs", "--with", "hdfs")) {
      assertTrue(hdfs.log().contains("(hdfs at hdfs://"), hdfs.log());
      assertFalse(hdfs.log().contains("yarn at"), hdfs.log());
      // A lost datanode is declared dead in 14 s and its blocks copied again at once, so that
      // --disrupt shutdown-datanode measures re-replication within a short load (disrupt.md).
      Configuration site = hdfs.client();
      assertEquals(1, site.getInt("dfs.heartbeat.interval", 3));
      assertEquals(2000, site.getInt("dfs.namenode.heartbeat.recheck-interval", 300_000));
      assertEquals(5, site.getInt("dfs.namenode.reconstruction.pending.timeout-sec", 300));
      assertEquals(50, site.getInt("dfs.namenode.replication.work.multiplier.per.iteration", 2));
      Path out = tmp.resolve("hdfs.jsonl");
      BenchProcess p = BenchProcess.run(hdfs.conf.toString(), "fsops", "--op", "exists",
          "--threads", "1", "--iterations", "20", "--repeat", "1", "--out", out.toString());
      assertTrue(ResultReader.read(out).get(0).ok(), p.toString());
    }
    try (Started nn = new Started("namenode", "--with", "namenode")) {
      assertTrue(nn.log().contains("embedded namenode cluster (in-process: namenode)"), nn.log());
      try (org.apache.hadoop.fs.FileSystem fs =
          org.apache.hadoop.fs.FileSystem.newInstance(nn.client())) {
        assertTrue(fs.mkdirs(new org.apache.hadoop.fs.Path("/it-nn-only/a/b")));
        assertEquals(0, ((org.apache.hadoop.hdfs.DistributedFileSystem) fs).getDataNodeStats(
            org.apache.hadoop.hdfs.protocol.HdfsConstants.DatanodeReportType.ALL).length);
      }
    }
    try (Started hbase = new Started("hbase", "--with", "hdfs,hbase")) {
      assertTrue(Files.exists(hbase.conf.resolve("hbase-site.xml")), hbase.log());
      Path out = tmp.resolve("hbase.jsonl");
      BenchProcess p = BenchProcess.run(hbase.conf.toString(), "hbase-pe", "sequentialWrite",
          "--rows", "500", "--out", out.toString());
      assertTrue(ResultReader.read(out).get(0).ok(), p.toString());
    }
    try (Started hive = new Started("hive", "--with", "hdfs,yarn,hive")) {
      String url = hive.log().replaceAll("(?s).*hive at (jdbc:hive2://\\S+?)\\).*", "$1");
      assertTrue(url.startsWith("jdbc:hive2://127.0.0.1:"), hive.log());
      try (java.sql.Connection c = java.sql.DriverManager.getConnection(url, "hbench", "");
          java.sql.ResultSet rs = c.createStatement().executeQuery("SELECT 1 + 1")) {
        assertTrue(rs.next());
        assertEquals(2, rs.getInt(1));
      }
    }
    try (Started ozone = new Started("ozone", "--with", "ozone,yarn")) {
      assertTrue(ozone.log().contains("ozone at ofs://"), ozone.log());
      assertTrue(ozone.log().contains("yarn at "), ozone.log());
    }
  }
}
