package io.hbench.core.daemons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.PhaseFigures;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ServerCalls;
import java.util.List;
import org.junit.jupiter.api.Test;

class CallTimesTest {

  private static OperationLoad load(String op, long calls, double mean, double p50) {
    return new OperationLoad(op, calls, 0, null, 0, 1.0, (double) calls,
        new OperationLoad.Latency(mean, p50, mean, mean, mean, mean), null, null, null, null);
  }

  private static Metric ms(String name, double v) {
    return Metric.of(name, Metric.MILLISECONDS, v, Metric.Better.LOWER);
  }

  private static Metric count(String name, double v) {
    return Metric.of(name, Metric.COUNT, v, Metric.Better.NONE);
  }

  private static PhaseResult phase(OperationLoad load, DaemonFigures... daemons) {
    return new PhaseResult(load.op(), 1, 0, null, null).withLoads(List.of(load))
        .withDaemons(List.of(daemons));
  }

  @Test
  void aCallIsItsQueueLockWaitProcessingAndTheRest() {
    DaemonFigures nn = new DaemonFigures("namenode", "nn:8020", null, 5, List.of(
        ms("rpc_queue_ms", 9), ms("rpc_lock_wait_ms", 0.5), count("rpc_mkdirs_calls", 1000),
        ms("rpc_mkdirs_ms", 0.4)), null);
    List<CallTimes.Breakdown> b = CallTimes.of(phase(load("mkdirs", 1000, 12, 11), nn));
    assertEquals(1, b.size());
    assertEquals(new CallTimes.Breakdown("mkdirs", "namenode nn:8020", 12, 11, 9, 0.5, 0.4, 2.1, false), b.get(0));
    assertEquals("mkdirs: client mean 12 ms (p50 11) = queue 9 + lock wait 0.5 + processing 0.4"
        + " + elsewhere 2.1 ms (network, client, reading and answering)", b.get(0).text());
  }

  @Test
  void anOperationOfTwoCallsCountsBothAndTheActiveNameNodeIsTheOneCalled() {
    DaemonFigures standby = new DaemonFigures("namenode", "nn2:8020", null, 5, List.of(
        ms("rpc_queue_ms", 50)), null);
    DaemonFigures active = new DaemonFigures("namenode", "nn1:8020", null, 5, List.of(
        ms("rpc_queue_ms", 1), count("rpc_create_calls", 100), ms("rpc_create_ms", 2),
        count("rpc_complete_calls", 100), ms("rpc_complete_ms", 1)), null);
    CallTimes.Breakdown b = CallTimes.of(phase(load("create", 100, 10, 9), standby, active)).get(0);
    assertEquals("namenode nn1:8020", b.server());
    // Two RPCs a call: twice the queue time, and both methods' processing.
    assertEquals(2, b.queueMs());
    assertEquals(3, b.processingMs());
    assertEquals(5, b.elsewhereMs());
  }

  @Test
  void serverTimesAboveTheClientsLeaveNoNegativeRest() {
    DaemonFigures nn = new DaemonFigures("namenode", "nn:8020", null, 5, List.of(
        ms("rpc_queue_ms", 30), count("rpc_get_file_info_calls", 10),
        ms("rpc_get_file_info_ms", 1)), null);
    CallTimes.Breakdown b = CallTimes.of(phase(load("exists", 10, 5, 5), nn)).get(0);
    assertNull(b.elsewhereMs());
    assertTrue(b.text().contains("more than the client's mean"), b.text());
    assertEquals("rpc_get_file_info", CallTimes.figure("getFileInfo"));
  }

  @Test
  void operationsOfNoNameNodeMethodOrWithoutItsFiguresAreLeftOut() {
    DaemonFigures nn = new DaemonFigures("namenode", "nn:8020", null, 5, List.of(
        ms("rpc_queue_ms", 1)), null);
    assertEquals(List.of(), CallTimes.of(phase(load("create_write", 10, 5, 5), nn)));
    assertEquals(List.of(), CallTimes.of(phase(load("mkdirs", 10, 5, 5), nn)));
  }

  /** A phase as a record holds it: its suite's declaration written out and read back. */
  private static PhaseResult declared(ServerCalls calls, List<OperationLoad> loads,
      DaemonFigures... daemons) throws Exception {
    io.hbench.thirdparty.jackson.databind.ObjectMapper json =
        new io.hbench.thirdparty.jackson.databind.ObjectMapper();
    String written = json.writeValueAsString(
        new PhaseFigures("run").figure(ServerCalls.FIELD, calls).figures());
    @SuppressWarnings("unchecked")
    java.util.Map<String, Object> read = json.readValue(written, java.util.Map.class);
    return new PhaseResult("run", 1, 0, null, null).withLoads(loads)
        .withDaemons(List.of(daemons)).withFigures(read);
  }

  @Test
  void onlyWhatTheSuiteDeclaresIsTakenApartWhateverTheOperationsAreCalled() throws Exception {
    DaemonFigures nn = new DaemonFigures("namenode", "nn:8020", null, 5, List.of(
        ms("rpc_queue_ms", 1), count("rpc_get_listing_calls", 10), ms("rpc_get_listing_ms", 2),
        count("rpc_create_calls", 10), ms("rpc_create_ms", 2),
        count("rpc_complete_calls", 10), ms("rpc_complete_ms", 1)), null);
    // Slive's create writes data and its ls is one getListing: only ls is declared.
    ServerCalls slive = ServerCalls.NONE.nameNode("ls", "getListing");
    List<CallTimes.Breakdown> b = CallTimes.of(declared(slive,
        List.of(load("create", 10, 40, 40), load("ls", 10, 5, 5), load("read", 10, 5, 5)), nn));
    assertEquals(List.of("ls"), b.stream().map(CallTimes.Breakdown::op).toList());
    assertEquals(new CallTimes.Breakdown("ls", "namenode nn:8020", 5, 5, 1, 0, 2, 2.0, false), b.get(0));
    // A load that declares nothing (hbase-pe's batched gets) is never matched by name.
    assertEquals(List.of(), CallTimes.of(declared(ServerCalls.NONE,
        List.of(load("create", 10, 40, 40)), nn)));
  }

  @Test
  void anHBaseCallIsTheRegionServersQueueAndOperationTimesPerCall() throws Exception {
    DaemonFigures idle = new DaemonFigures("regionserver", "rs2:16020", null, 5, List.of(
        count("requests", 3), ms("rpc_queue_ms", 0), ms("get_ms", 0), ms("put_ms", 0)), null);
    DaemonFigures rs = new DaemonFigures("regionserver", "rs1:16020", null, 5, List.of(
        count("requests", 3000), ms("rpc_queue_ms", 0.25), ms("get_ms", 0.5), ms("put_ms", 1.5)),
        null);
    ServerCalls ycsb = ServerCalls.NONE.regionServer("update", "put")
        .regionServer("read_modify_write", "get", "put");
    List<CallTimes.Breakdown> b = CallTimes.of(declared(ycsb,
        List.of(load("update", 1000, 3, 2.5), load("read_modify_write", 500, 5, 4)), idle, rs));
    assertEquals(new CallTimes.Breakdown("update", "regionserver rs1:16020", 3, 2.5, 0.25, 0,
        1.5, 1.25, true), b.get(0));
    assertEquals("update: client mean 3 ms (p50 2.5) = queue 0.25 + processing 1.5 + elsewhere"
        + " 1.25 ms (network, client, reading and answering; the server counts whole"
        + " milliseconds, rounded down, so its queue and processing times may each be up to 1 ms"
        + " more per RPC)",
        b.get(0).text());
    // A read and a write: two RPCs, each queued, and both operations' times.
    assertEquals(new CallTimes.Breakdown("read_modify_write", "regionserver rs1:16020", 5, 4,
        0.5, 0, 2, 2.5, true), b.get(1));
  }

  @Test
  void aPhaseWithNoReadInsideItSaysWhyItsCallsWereNotTakenApart() throws Exception {
    // Sub-millisecond puts in a phase shorter than --metrics-interval: read before and after it
    // only, the server's mean time (of a period after the phase) says nothing of its calls.
    DaemonFigures readTwice = new DaemonFigures("regionserver", "rs1:16020", null, 2, List.of(
        count("requests", 3000), ms("rpc_queue_ms", 0)), null);
    ServerCalls ycsb = ServerCalls.NONE.regionServer("update", "put");
    PhaseResult shortPhase = declared(ycsb, List.of(load("update", 1000, 3, 2.5)), readTwice);
    assertEquals(List.of(), CallTimes.of(shortPhase));
    assertEquals(List.of(new DaemonObservations.Observation("regionserver rs1:16020", null,
        "update: not taken apart: no read of the server fell inside the phase (1 s); a"
            + " --metrics-interval shorter than the phase gives one")),
        CallTimes.notTakenApart(shortPhase));
    assertTrue(DaemonObservations.of(shortPhase).contains(CallTimes.notTakenApart(shortPhase).get(0)));
    // Read during the phase and still without a time: not this reason, and nothing is claimed.
    DaemonFigures readOften = new DaemonFigures("regionserver", "rs1:16020", null, 6, List.of(
        count("requests", 3000), ms("rpc_queue_ms", 0)), null);
    assertEquals(List.of(), CallTimes.notTakenApart(
        declared(ycsb, List.of(load("update", 1000, 3, 2.5)), readOften)));
    // Taken apart: nothing to explain.
    DaemonFigures timed = new DaemonFigures("regionserver", "rs1:16020", null, 2, List.of(
        count("requests", 3000), ms("rpc_queue_ms", 0), ms("put_ms", 1)), null);
    assertEquals(List.of(), CallTimes.notTakenApart(
        declared(ycsb, List.of(load("update", 1000, 3, 2.5)), timed)));
  }

  @Test
  void aRegionServerOperationWithoutATimePerCallIsRefused() {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> ServerCalls.NONE.regionServer("scan", "scan"));
    assertTrue(e.getMessage().contains("'scan'"), e.getMessage());
  }
}
