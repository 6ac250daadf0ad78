package io.hbench.core.daemons;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.cluster.Daemon;
import io.hbench.core.cluster.Daemon.Role;
import io.hbench.core.daemons.DaemonSampler.Sample;
import io.hbench.core.daemons.DaemonSampler.When;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The figures hbench reads back by name are constants of the catalogue it samples. */
class ServerFigureTest {

  @Test
  void everyFigureConstantIsInTheCatalogueTheSamplerReads() throws Exception {
    List<String> constants = new ArrayList<>();
    for (Field f : ServerFigure.class.getDeclaredFields()) {
      if (Modifier.isStatic(f.getModifiers()) && f.getType() == ServerFigure.class) {
        ServerFigure figure = (ServerFigure) f.get(null);
        assertTrue(ServerFigure.ALL.contains(figure), f.getName());
        constants.add(f.getName());
      }
    }
    assertTrue(constants.size() >= 30, constants.toString());
  }

  @Test
  void aGaugeIsWrittenUnderTheKeysItsReadersAskFor() {
    Daemon rs = new Daemon(Role.REGIONSERVER, "rs:16020", URI.create("http://rs:16030"), 16020);
    String memstore = ServerFigure.MEMSTORE_BYTES.name();
    DaemonFigures f = DaemonSampler.figures(rs, List.of(
        new Sample(0, Map.of(memstore, 100.0), When.START),
        new Sample(1, Map.of(memstore, 400.0), When.DURING),
        new Sample(2, Map.of(memstore, 100.0), When.END)), null);
    Metric max = f.metric(ServerFigure.MEMSTORE_BYTES.max());
    assertEquals(400, max.value());
    assertEquals(Metric.BYTES, max.unit());
    assertEquals(200, f.metric(ServerFigure.MEMSTORE_BYTES.key()).value());
    assertEquals(100, f.metric(ServerFigure.MEMSTORE_BYTES.min()).value());
    assertEquals("memstore_bytes_max", ServerFigure.MEMSTORE_BYTES.max().name());
  }
}
