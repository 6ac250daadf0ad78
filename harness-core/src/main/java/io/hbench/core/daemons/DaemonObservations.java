package io.hbench.core.daemons;

import static io.hbench.core.daemons.ServerFigure.CALL_QUEUE_LENGTH;
import static io.hbench.core.daemons.ServerFigure.COMPACTION_QUEUE;
import static io.hbench.core.daemons.ServerFigure.CONTAINERS_FAILED;
import static io.hbench.core.daemons.ServerFigure.CONTAINER_LAUNCH_MS;
import static io.hbench.core.daemons.ServerFigure.DEAD_REGION_SERVERS;
import static io.hbench.core.daemons.ServerFigure.FLUSH_IO_MS;
import static io.hbench.core.daemons.ServerFigure.FLUSH_NS;
import static io.hbench.core.daemons.ServerFigure.FLUSH_QUEUE;
import static io.hbench.core.daemons.ServerFigure.FSYNC_NS;
import static io.hbench.core.daemons.ServerFigure.GC_MS;
import static io.hbench.core.daemons.ServerFigure.GET_MS;
import static io.hbench.core.daemons.ServerFigure.HOST_CPU;
import static io.hbench.core.daemons.ServerFigure.HOST_FREE_MEMORY_BYTES;
import static io.hbench.core.daemons.ServerFigure.METADATA_OP_MS;
import static io.hbench.core.daemons.ServerFigure.PACKET_ACK_RTT_NS;
import static io.hbench.core.daemons.ServerFigure.PROCESS_CPU;
import static io.hbench.core.daemons.ServerFigure.PUT_MS;
import static io.hbench.core.daemons.ServerFigure.READ_BLOCK_MS;
import static io.hbench.core.daemons.ServerFigure.READ_IO_MS;
import static io.hbench.core.daemons.ServerFigure.RPC_QUEUE_MS;
import static io.hbench.core.daemons.ServerFigure.SCAN_MS;
import static io.hbench.core.daemons.ServerFigure.SYNC_IO_MS;
import static io.hbench.core.daemons.ServerFigure.VOLUME_FAILURES;
import static io.hbench.core.daemons.ServerFigure.WRITE_BLOCK_MS;
import static io.hbench.core.daemons.ServerFigure.WRITE_IO_MS;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What stands out among the daemons' figures of one phase, as observations with their numbers,
 * never verdicts: a daemon far slower than its peers at the same work, a NameNode whose RPC queue
 * time rose during the phase, a JVM that spent a large share of the phase collecting garbage, a
 * volume or container that failed, a daemon that could not be read.
 */
@Internal
public final class DaemonObservations {

  /** A peer is far off when its figure is at least this many times the others' median. */
  public static final double SKEW = 2.0;

  /**
   * How far the NameNode's RPC queue time must rise above its first sample to be noted: a busy
   * embedded NameNode wanders by a millisecond or two with nothing queued.
   */
  public static final double QUEUE_RISE_MS = 5.0;

  /** A region server's compaction or flush queue this long is worth noting. */
  public static final double QUEUE_LENGTH = 5;

  /** A GC share of the phase's wall time worth noting. */
  public static final double GC_SHARE = 0.10;

  /** A host whose processors were at least this busy over a phase is CPU-bound. */
  public static final double CPU_BOUND = 0.80;

  /** Hosts this idle while the client is CPU-bound leave the client as the bottleneck. */
  public static final double IDLE = 0.50;

  /** Figures compared between peers: mean times per operation, where a slow node shows. */
  private static final List<String> PEER_TIMES = java.util.stream.Stream.of(WRITE_BLOCK_MS,
      READ_BLOCK_MS, PACKET_ACK_RTT_NS, FLUSH_NS, FSYNC_NS, CONTAINER_LAUNCH_MS, GET_MS, PUT_MS,
      SCAN_MS, WRITE_IO_MS, READ_IO_MS, SYNC_IO_MS, FLUSH_IO_MS, METADATA_OP_MS)
      .map(ServerFigure::name).toList();

  /** Below these a difference is noise, however large the ratio. */
  private static double floor(String unit) {
    return "ns".equals(unit) ? 100_000 : 1.0;
  }

  /**
   * One observation.
   *
   * @param daemon the daemon it is about ({@code datanode 127.0.0.1:9866})
   * @param figure the figure it is about, as named in {@link DaemonFigures#metrics()}; null when
   *     it is about the daemon as a whole (not read)
   * @param text what was seen, with its numbers
   */
  public record Observation(String daemon, String figure, String text) {}

  private DaemonObservations() {}

  /** What stands out in {@code phase}; empty when nothing does or it has no daemons' figures. */
  public static List<Observation> of(PhaseResult phase) {
    List<Observation> out = new ArrayList<>();
    List<DaemonFigures> all = phase.daemons();
    if (all == null) {
      return out;
    }
    for (DaemonFigures d : all) {
      if (d.unreachable() != null) {
        out.add(new Observation(name(d), null,
            (d.samples() == 0 ? "not read: " : "") + d.unreachable()));
      }
    }
    for (DaemonFigures d : all) {
      if (d.haState() != null && d.haState().contains("->")) {
        out.add(new Observation(name(d), null, "its HA state changed during the phase: "
            + d.haState().replace("->", " to ")));
      }
    }
    out.addAll(hostLoad(all));
    for (CallTimes.Breakdown b : CallTimes.of(phase)) {
      out.add(new Observation(b.server(), RPC_QUEUE_MS.name(), b.text()));
    }
    out.addAll(CallTimes.notTakenApart(phase));
    // Only a role with peers can have a daemon that stands out among them.
    java.util.Set<String> roles = new java.util.HashSet<>();
    boolean peers = false;
    for (DaemonFigures d : all) {
      peers |= !roles.add(d.role());
    }
    for (String figure : peers ? PEER_TIMES : List.<String>of()) {
      out.addAll(skew(all, figure));
    }
    for (DaemonFigures d : all) {
      Metric queue = d.metric(RPC_QUEUE_MS.max());
      List<Double> series = d.series() == null ? null : d.series().get(RPC_QUEUE_MS.name());
      Double first = series == null ? null : series.stream().filter(v -> v != null).findFirst().orElse(null);
      if (queue != null && first != null && queue.value() - first >= QUEUE_RISE_MS
          && queue.value() >= SKEW * first) {
        Metric length = d.metric(CALL_QUEUE_LENGTH.max());
        out.add(new Observation(name(d), RPC_QUEUE_MS.max().name(), "RPC queue time rose from "
            + number(first) + " ms to " + number(queue.value()) + " ms"
            + (length == null || length.value() == 0 ? ""
                : "; call queue up to " + number(length.value()))));
      }
      Metric gc = d.metric(GC_MS.key());
      if (gc != null && phase.seconds() > 0 && gc.value() / 1000 / phase.seconds() >= GC_SHARE) {
        out.add(new Observation(name(d), GC_MS.name(), "GC took "
            + number(gc.value() / 1000) + " s, "
            + NumberText.fixed(100 * gc.value() / 1000 / phase.seconds(), 0)
            + "% of the phase's " + number(phase.seconds()) + " s"));
      }
      for (ServerFigure q : List.of(COMPACTION_QUEUE, FLUSH_QUEUE)) {
        // A region server's queue that builds up: writes will soon be blocked behind it.
        Metric max = d.metric(q.max());
        Double before = lowestBeforeHighest(d, q.name());
        if (max != null && before != null && max.value() >= QUEUE_LENGTH
            && max.value() > before) {
          out.add(new Observation(name(d), q.max().name(), q.name().replace('_', ' ')
              + " grew from " + number(before) + " to " + number(max.value())));
        }
      }
      for (MetricKey failures : List.of(VOLUME_FAILURES.key(), CONTAINERS_FAILED.key(),
          DEAD_REGION_SERVERS.max())) {
        Metric m = d.metric(failures);
        if (m != null && m.value() > 0) {
          out.add(new Observation(name(d), failures.name(),
              failures.name().replace("_max", "").replace('_', ' ') + ": " + number(m.value())));
        }
      }
    }
    return out;
  }

  /**
   * How busy the servers' hosts were (each host's CPU as its daemons' JVMs saw it, averaged over
   * the phase), whether some were CPU-bound, and whether the client was: its own process using
   * most of its host's processors while the servers' hosts were not busy.
   */
  private static List<Observation> hostLoad(List<DaemonFigures> all) {
    DaemonFigures client = all.stream().filter(d -> d.role().equals("client")).findFirst()
        .orElse(null);
    String clientHost = client == null ? null : client.node();
    Map<String, List<Double>> byHost = new TreeMap<>();
    Double lowestFree = null;
    for (DaemonFigures d : all) {
      Metric cpu = d.metric(HOST_CPU.key());
      if (d.role().equals("client") || cpu == null) {
        continue;
      }
      byHost.computeIfAbsent(host(d.node(), clientHost), h -> new ArrayList<>()).add(cpu.value());
      Metric free = d.metric(HOST_FREE_MEMORY_BYTES.min());
      if (free != null && (lowestFree == null || free.value() < lowestFree)) {
        lowestFree = free.value();
      }
    }
    List<Observation> out = new ArrayList<>();
    Map<String, Double> hostCpu = new TreeMap<>();
    byHost.forEach((h, v) -> hostCpu.put(h, v.stream().mapToDouble(Double::doubleValue)
        .average().orElse(0)));
    Metric clientCpu = client == null ? null : client.metric(PROCESS_CPU.key());
    boolean serversRead = !hostCpu.isEmpty();
    if (!serversRead && client != null && client.metric(HOST_CPU.key()) != null) {
      // Daemons in the client's JVM (the embedded cluster) are read there: one host, the client's.
      hostCpu.put(clientHost, client.metric(HOST_CPU.key()).value());
      Metric free = client.metric(HOST_FREE_MEMORY_BYTES.min());
      lowestFree = free == null ? null : free.value();
    }
    if (!hostCpu.isEmpty()) {
      double mean = hostCpu.values().stream().mapToDouble(Double::doubleValue).average().orElse(0);
      List<String> busy = hostCpu.entrySet().stream().filter(e -> e.getValue() >= CPU_BOUND)
          .map(Map.Entry::getKey).toList();
      String busiest = hostCpu.entrySet().stream().max(Map.Entry.comparingByValue())
          .map(Map.Entry::getKey).orElse("");
      String text = busy.isEmpty()
          ? "host CPU " + percent(mean) + " mean over " + hostCpu.size() + " host"
              + (hostCpu.size() == 1 ? "" : "s") + ", highest " + percent(hostCpu.get(busiest))
              + " on " + busiest
          : "CPU-bound on " + busy.size() + " of " + hostCpu.size() + " host"
              + (hostCpu.size() == 1 ? "" : "s") + " (" + String.join(", ", busy) + ": "
              + percent(busy.stream().mapToDouble(hostCpu::get).average().orElse(0)) + " mean)";
      if (lowestFree != null) {
        text += "; free memory down to " + number(lowestFree / (1L << 30)) + " GiB";
      }
      if (clientCpu != null) {
        text += "; client process " + percent(clientCpu.value()) + " CPU";
      }
      out.add(new Observation("hosts", HOST_CPU.name(), text));
    }
    // The client's own host is left out of "the servers' hosts": on one machine (the embedded
    // cluster) they are the same.
    double servers = byHost.isEmpty() ? -1 : hostCpu.entrySet().stream()
        .filter(e -> !e.getKey().equals(clientHost)).mapToDouble(Map.Entry::getValue).max()
        .orElse(-1);
    if (clientCpu != null && clientCpu.value() >= CPU_BOUND && servers >= 0 && servers < IDLE) {
      out.add(new Observation(name(client), PROCESS_CPU.name(), "client-bound: hbench's JVM used "
          + percent(clientCpu.value()) + " of its host's processors"
          + (servers < 0 ? "" : ", the servers' hosts at most " + percent(servers))));
    }
    return out;
  }

  /**
   * The host part of a node's name; a loopback name ({@code 127.0.0.1}, localhost) is the
   * client's host, whose name the client's figures carry.
   */
  static String host(String node, String clientHost) {
    String h = node.lastIndexOf(':') > 0 ? node.substring(0, node.lastIndexOf(':')) : node;
    boolean loopback = h.equals("localhost") || h.startsWith("127.");
    return loopback ? (clientHost == null ? "localhost" : clientHost) : h;
  }

  private static String percent(double fraction) {
    return Math.round(fraction * 100) + "%";
  }

  /** Daemons of one role whose mean of {@code figure} is far above the median of their peers'. */
  private static List<Observation> skew(List<DaemonFigures> all, String figure) {
    List<DaemonFigures> peers = all.stream().filter(d -> d.metric(figure) != null).toList();
    List<Observation> out = new ArrayList<>();
    for (DaemonFigures d : peers) {
      List<DaemonFigures> others = peers.stream()
          .filter(o -> o != d && o.role().equals(d.role())).toList();
      if (others.isEmpty()) {
        continue;
      }
      double median = median(others.stream().map(o -> o.metric(figure).value()).toList());
      Metric m = d.metric(figure);
      if (m.value() >= SKEW * median && m.value() - median >= floor(m.unit())) {
        out.add(new Observation(name(d), figure, figure + " "
            + number(m.value()) + " " + m.unit() + ", "
            + (median > 0 ? number(m.value() / median) : "many") + " times the median of its "
            + others.size() + " peer" + (others.size() == 1 ? "" : "s") + " (" + number(median)
            + " " + m.unit() + ")"));
      }
    }
    return out;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted(Comparator.naturalOrder()).toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /**
   * The lowest sample of {@code figure} up to its highest one: a queue that grew shows a lower
   * value before its peak; one that only drained does not. Null without samples.
   */
  private static Double lowestBeforeHighest(DaemonFigures d, String figure) {
    List<Double> v = d.series() == null ? null : d.series().get(figure);
    if (v == null) {
      return null;
    }
    int peak = -1;
    for (int i = 0; i < v.size(); i++) {
      if (v.get(i) != null && (peak < 0 || v.get(i) > v.get(peak))) {
        peak = i;
      }
    }
    Double low = null;
    for (int i = 0; i <= peak; i++) {
      if (v.get(i) != null && (low == null || v.get(i) < low)) {
        low = v.get(i);
      }
    }
    return low;
  }

  /**
   * How observations and the report name a daemon: its role and node, and a NameNode of an HA
   * pair its state ({@code namenode nn1:8020 (active)}).
   */
  public static String name(DaemonFigures d) {
    return d.role() + " " + d.node() + (d.haState() == null ? "" : " (" + d.haState() + ")");
  }

  /** Three significant figures, without a trailing .0. */
  static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    return new java.math.BigDecimal(v).round(new java.math.MathContext(3)).stripTrailingZeros()
        .toPlainString();
  }
}
