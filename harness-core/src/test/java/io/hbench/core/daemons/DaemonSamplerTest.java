package io.hbench.core.daemons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.cluster.Daemon.Role;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.daemons.DaemonSampler.Sample;
import io.hbench.core.daemons.DaemonSampler.When;
import io.hbench.core.result.DaemonFigures;
import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How a daemon's reads over a phase become its figures. */
class DaemonSamplerTest {

  private static final Daemon RS =
      new Daemon(Role.REGIONSERVER, "rs:16020", URI.create("http://rs:16030"), 16020);

  private static Sample read(double t, double writes, double memstore, When when) {
    return read(t, writes, memstore, 3, when);
  }

  private static Sample read(double t, double writes, double memstore, double regions, When when) {
    return new Sample(t, Map.of("write_requests", writes, "memstore_bytes", memstore,
        "regions", regions), when);
  }

  @Test
  void anHaNameNodesStateIsEachStateItSaidInOrder() {
    java.util.function.Function<Double, Sample> state = v -> {
      Map<String, Double> values = new java.util.HashMap<>();
      values.put(ServerFigure.HA_ACTIVE, v);
      return new Sample(0, values, When.DURING);
    };
    assertEquals("active->standby", DaemonSampler.haState(List.of(state.apply(1.0),
        state.apply(1.0), state.apply(null), state.apply(0.0), state.apply(0.0))));
    assertEquals("standby", DaemonSampler.haState(List.of(state.apply(0.0))));
    assertEquals("standby->active->standby", DaemonSampler.haState(List.of(state.apply(0.0),
        state.apply(1.0), state.apply(0.0))));
    assertNull(DaemonSampler.haState(List.of(state.apply(null))));
  }

  @Test
  void aCounterGrowsFromTheReadBeforeThePhaseToTheReadAfterIt() {
    DaemonFigures f = DaemonSampler.figures(RS, List.of(read(0, 12, 100, When.START),
        read(1, 300, 200, When.DURING), read(2.5, 512, 300, When.END)), null);
    assertNull(f.unreachable());
    assertEquals(500, f.metric("write_requests").value());
    assertEquals(200, f.metric("memstore_bytes").value());
    assertEquals(300, f.metric("memstore_bytes_max").value());
  }

  @Test
  void withoutTheReadAfterThePhaseACounterIsLeftOutAndTheReasonKept() {
    // A growth from the samples between would be too small (12 to 300, of 500 writes).
    DaemonFigures f = DaemonSampler.figures(RS, List.of(read(0, 12, 100, When.START),
        read(1, 300, 200, When.DURING)), "Connection refused");
    assertNull(f.metric("write_requests"), f.toString());
    assertEquals(150, f.metric("memstore_bytes").value());
    assertEquals(2, f.samples());
    assertTrue(f.unreachable().startsWith("the read after the phase failed (Connection refused)"),
        f.unreachable());
  }

  @Test
  void aCounterThatWentDownWasResetAndIsLeftOut() {
    DaemonFigures f = DaemonSampler.figures(RS, List.of(read(0, 512, 100, When.START),
        read(2, 16, 100, When.END)), null);
    assertNull(f.metric("write_requests"), f.toString());
    assertNull(f.unreachable());
    // Down and up again between the reads: ending above the start is no growth to trust.
    f = DaemonSampler.figures(RS, List.of(read(0, 512, 100, When.START),
        read(1, 16, 100, When.DURING), read(2, 600, 100, When.END)), null);
    assertNull(f.metric("write_requests"), f.toString());
  }

  private static Sample gets(double t, double calls, double meanMs, When when) {
    return new Sample(t, Map.of("get_calls", calls, "get_ms", meanMs), when);
  }

  @Test
  void aRegionServersSubMillisecondGetsReadZeroAndCountAsZeroWhileItsGetsGrow() {
    // Its means are whole milliseconds, rounded down: 0 during the phase, with gets counted, is
    // gets under a millisecond; 0 after the phase, its last period's, is a period without gets.
    DaemonFigures f = DaemonSampler.figures(RS, List.of(gets(0, 10, 0, When.START),
        gets(1, 500, 0, When.DURING), gets(2, 900, 1, When.DURING), gets(3, 1200, 0, When.DURING),
        gets(4, 1200, 0, When.DURING), gets(5, 1200, 0, When.END)), null);
    assertEquals(1190, f.metric("get_calls").value());
    assertEquals(1 / 3.0, f.metric("get_ms").value(), 0.001);
    assertEquals(0, f.metric("get_ms_min").value());
    // Without the count, a 0 is a period without the operation.
    f = DaemonSampler.figures(RS, List.of(new Sample(0, Map.of("put_ms", 0.0), When.START),
        new Sample(1, Map.of("put_ms", 2.0), When.DURING),
        new Sample(2, Map.of("put_ms", 0.0), When.DURING)), null);
    assertEquals(2, f.metric("put_ms").value());
    // A mean read before the phase is the phase before's: with only 0s read during and after
    // it, the phase made no such calls, and has no figure.
    f = DaemonSampler.figures(RS, List.of(new Sample(0, Map.of("rpc_queue_ms", 5.0), When.START),
        new Sample(1, Map.of("rpc_queue_ms", 0.0), When.DURING),
        new Sample(2, Map.of("rpc_queue_ms", 0.0), When.END)), null);
    assertNull(f.metric("rpc_queue_ms"), f.toString());
  }

  @Test
  void aRegionServersRequestsAreLeftOutWhenItsRegionsChanged() {
    // A region that moved in brought its whole count with it.
    DaemonFigures f = DaemonSampler.figures(RS, List.of(read(0, 12, 100, 3, When.START),
        read(2, 9000, 100, 4, When.END)), null);
    assertNull(f.metric("write_requests"), f.toString());
    assertEquals(3.5, f.metric("regions").value());
  }

  @Test
  void aHiveServerCounterMadeDuringThePhaseGrewFromZero() {
    Daemon hs2 = new Daemon(Role.HIVESERVER2, "h:10000", URI.create("http://h:10002"), 10000);
    Map<String, Double> before = new java.util.HashMap<>(Map.of("queries", 3.0));
    before.put("queries_failed", null);
    DaemonFigures f = DaemonSampler.figures(hs2, List.of(new Sample(0, before, When.START),
        new Sample(2, Map.of("queries", 5.0, "queries_failed", 1.0), When.END)), null);
    assertEquals(2, f.metric("queries").value());
    assertEquals(1, f.metric("queries_failed").value());
  }
}
