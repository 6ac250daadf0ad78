package io.hbench.core.daemons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.daemons.DaemonObservations.Observation;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
import io.hbench.core.result.PhaseResult;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DaemonObservationsTest {

  private static DaemonFigures datanode(String node, double writeMs) {
    return new DaemonFigures("datanode", node, null, 3,
        List.of(Metric.of("write_block_ms", Metric.MILLISECONDS, writeMs, Metric.Better.LOWER)), null);
  }

  private static List<Observation> of(double seconds, DaemonFigures... daemons) {
    return DaemonObservations.of(
        new PhaseResult("write", seconds, 0, null, null).withDaemons(List.of(daemons)));
  }

  @Test
  void aDatanodeFarSlowerThanItsPeersIsNamedWithItsNumbers() {
    List<Observation> seen = of(10, datanode("a:1", 1000), datanode("b:2", 10), datanode("c:3", 14));
    assertEquals(1, seen.size(), seen.toString());
    assertEquals("datanode a:1", seen.get(0).daemon());
    assertEquals("write_block_ms 1000 ms, 83.3 times the median of its 2 peers (12 ms)",
        seen.get(0).text());
  }

  @Test
  void peersAlikeOrApartByLessThanAMillisecondAreNotNoted() {
    assertEquals(List.of(), of(10, datanode("a:1", 30), datanode("b:2", 20), datanode("c:3", 25)));
    // Three times the others, but 0.6 ms apart: noise.
    assertEquals(List.of(), of(10, datanode("a:1", 0.9), datanode("b:2", 0.3), datanode("c:3", 0.3)));
  }

  @Test
  void aRisingQueueTimeAndALargeGcShareAreNoted() {
    DaemonFigures nn = new DaemonFigures("namenode", "nn:8020", null, 4,
        List.of(Metric.of("rpc_queue_ms_max", Metric.MILLISECONDS, 12, Metric.Better.LOWER),
            Metric.of("call_queue_length_max", Metric.COUNT, 40, Metric.Better.LOWER),
            Metric.of("gc_ms", Metric.MILLISECONDS, 1500, Metric.Better.LOWER)),
        Map.of("t", List.of(0.0, 5.0, 10.0, 10.5),
            "rpc_queue_ms", Arrays.asList(null, 0.1, 12.0, 3.0)));
    List<Observation> seen = of(10, nn);
    assertEquals(List.of(
        new Observation("namenode nn:8020", "rpc_queue_ms_max", "RPC queue time rose from 0.1 ms to 12 ms; call queue up to 40"),
        new Observation("namenode nn:8020", "gc_ms", "GC took 1.5 s, 15% of the phase's 10 s")), seen);
  }

  private static DaemonFigures regionServer(Double... flushQueue) {
    List<Double> v = Arrays.asList(flushQueue);
    double max = v.stream().mapToDouble(Double::doubleValue).max().orElse(0);
    return new DaemonFigures("regionserver", "rs:16020", null, v.size(),
        List.of(Metric.of("flush_queue_max", Metric.COUNT, max, Metric.Better.LOWER)),
        Map.of("t", List.of(0.0, 5.0, 10.0).subList(0, v.size()), "flush_queue", v));
  }

  @Test
  void aFlushQueueThatBuiltUpIsNotedAndOneThatDrainedIsNot() {
    assertEquals(List.of(new Observation("regionserver rs:16020", "flush_queue_max",
        "flush queue grew from 0 to 7")), of(10, regionServer(0.0, 7.0, 2.0)));
    assertEquals(List.of(), of(10, regionServer(7.0, 3.0, 0.0)));
  }

  @Test
  void aQueueTimeWanderingByAMillisecondIsNotNoted() {
    // Seen in CI on the embedded cluster: 0 ms to 1.27 ms with nothing queued.
    DaemonFigures nn = new DaemonFigures("namenode", "nn:8020", null, 3,
        List.of(Metric.of("rpc_queue_ms_max", Metric.MILLISECONDS, 1.27, Metric.Better.LOWER),
            Metric.of("call_queue_length_max", Metric.COUNT, 0, Metric.Better.LOWER)),
        Map.of("t", List.of(0.0, 5.0, 5.5), "rpc_queue_ms", List.of(0.0, 1.27, 0.4)));
    assertEquals(List.of(), of(10, nn));
  }

  @Test
  void anUnreadDaemonAndFailedVolumesAreNoted() {
    DaemonFigures gone = new DaemonFigures("datanode", "d:1", "Connection refused", 0, null, null);
    DaemonFigures failing = new DaemonFigures("datanode", "e:2", null, 2,
        List.of(Metric.of("volume_failures", Metric.COUNT, 1, Metric.Better.NONE)), null);
    List<Observation> seen = of(10, gone, failing);
    assertEquals(List.of(new Observation("datanode d:1", null, "not read: Connection refused"),
        new Observation("datanode e:2", "volume_failures", "volume failures: 1")), seen);
  }

  @Test
  void withoutTheDaemonsFiguresThereIsNothingToSay() {
    assertTrue(DaemonObservations.of(new PhaseResult("write", 1, 0, null, null)).isEmpty());
  }

  private static DaemonFigures onHost(String role, String node, double hostCpu, double processCpu) {
    return new DaemonFigures(role, node, null, 5, List.of(
        Metric.of("host_cpu", ServerFigure.FRACTION, hostCpu, Metric.Better.LOWER),
        Metric.of("process_cpu", ServerFigure.FRACTION, processCpu, Metric.Better.LOWER),
        Metric.of("host_free_memory_bytes_min", Metric.BYTES, 3L << 30, Metric.Better.LOWER)),
        null);
  }

  @Test
  void hostsWhoseProcessorsWereBusyAreCalledCpuBoundWithTheirNumbers() {
    List<Observation> seen = of(10, onHost("namenode", "nn:8020", 0.30, 0.1),
        onHost("datanode", "dn1:9866", 0.92, 0.5), onHost("datanode", "dn2:9866", 0.88, 0.5),
        onHost("nodemanager", "dn1:8041", 0.90, 0.1), onHost("client", "edge", 0.2, 0.1));
    assertEquals(List.of(new Observation("hosts", "host_cpu",
        "CPU-bound on 2 of 3 hosts (dn1, dn2: 90% mean); free memory down to 3 GiB;"
            + " client process 10% CPU")), seen);
  }

  /** A server on loopback is on the client's host: the client is not bound beside it. */
  @Test
  void aClientBesideServersOnItsOwnHostIsNotCalledClientBound() {
    List<Observation> seen = of(10, onHost("namenode", "localhost:8020", 0.9, 0.9),
        onHost("client", "edge", 0.9, 0.95));
    assertEquals(List.of(new Observation("hosts", "host_cpu", "CPU-bound on 1 of 1 host (edge:"
        + " 90% mean); free memory down to 3 GiB; client process 95% CPU")), seen);
  }

  @Test
  void hostsNotBusyAreSummedUpAndABusyClientBesideThemIsTheBottleneck() {
    List<Observation> seen = of(10, onHost("namenode", "nn:8020", 0.10, 0.05),
        onHost("datanode", "127.0.0.1:9866", 0.20, 0.1), onHost("client", "edge", 0.97, 0.95));
    assertEquals(List.of(
        new Observation("hosts", "host_cpu", "host CPU 15% mean over 2 hosts, highest 20% on"
            + " edge; free memory down to 3 GiB; client process 95% CPU"),
        new Observation("client edge", "process_cpu", "client-bound: hbench's JVM used 95% of"
            + " its host's processors, the servers' hosts at most 10%")), seen);
  }
}
