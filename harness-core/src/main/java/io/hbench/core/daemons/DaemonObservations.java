package io.hbench.core.daemons;

import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
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
  private static final List<String> PEER_TIMES = List.of("write_block_ms", "read_block_ms",
      "packet_ack_rtt_ns", "flush_ns", "fsync_ns", "container_launch_ms", "get_ms", "put_ms",
      "scan_ms", "write_io_ms", "read_io_ms", "sync_io_ms", "flush_io_ms", "metadata_op_ms");

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
      out.add(new Observation(b.server(), "rpc_queue_ms", b.text()));
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
      Metric queue = d.metric("rpc_queue_ms_max");
      List<Double> series = d.series() == null ? null : d.series().get("rpc_queue_ms");
      Double first = series == null ? null : series.stream().filter(v -> v != null).findFirst().orElse(null);
      if (queue != null && first != null && queue.value() - first >= QUEUE_RISE_MS
          && queue.value() >= SKEW * first) {
        Metric length = d.metric("call_queue_length_max");
        out.add(new Observation(name(d), "rpc_queue_ms_max", "RPC queue time rose from "
            + number(first) + " ms to " + number(queue.value()) + " ms"
            + (length == null || length.value() == 0 ? ""
                : "; call queue up to " + number(length.value()))));
      }
      Metric gc = d.metric("gc_ms");
      if (gc != null && phase.seconds() > 0 && gc.value() / 1000 / phase.seconds() >= GC_SHARE) {
        out.add(new Observation(name(d), "gc_ms", "GC took "
            + number(gc.value() / 1000) + " s, "
            + NumberText.fixed(100 * gc.value() / 1000 / phase.seconds(), 0)
            + "% of the phase's " + number(phase.seconds()) + " s"));
      }
      for (String q : List.of("compaction_queue", "flush_queue")) {
        // A region server's queue that builds up: writes will soon be blocked behind it.
        Metric max = d.metric(q + "_max");
        Double before = lowestBeforeHighest(d, q);
        if (max != null && before != null && max.value() >= QUEUE_LENGTH
            && max.value() > before) {
          out.add(new Observation(name(d), q + "_max", q.replace('_', ' ')
              + " grew from " + number(before) + " to " + number(max.value())));
        }
      }
      for (String failures : List.of("volume_failures", "containers_failed",
          "dead_region_servers_max")) {
        Metric m = d.metric(failures);
        if (m != null && m.value() > 0) {
          out.add(new Observation(name(d), failures,
              failures.replace("_max", "").replace('_', ' ') + ": " + number(m.value())));
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
      Metric cpu = d.metric("host_cpu");
      if (d.role().equals("client") || cpu == null) {
        continue;
      }
      byHost.computeIfAbsent(host(d.node(), clientHost), h -> new ArrayList<>()).add(cpu.value());
      Metric free = d.metric("host_free_memory_bytes_min");
      if (free != null && (lowestFree == null || free.value() < lowestFree)) {
        lowestFree = free.value();
      }
    }
    List<Observation> out = new ArrayList<>();
    Map<String, Double> hostCpu = new TreeMap<>();
    byHost.forEach((h, v) -> hostCpu.put(h, v.stream().mapToDouble(Double::doubleValue)
        .average().orElse(0)));
    Metric clientCpu = client == null ? null : client.metric("process_cpu");
    boolean serversRead = !hostCpu.isEmpty();
    if (!serversRead && client != null && client.metric("host_cpu") != null) {
      // Daemons in the client's JVM (the embedded cluster) are read there: one host, the client's.
      hostCpu.put(clientHost, client.metric("host_cpu").value());
      Metric free = client.metric("host_free_memory_bytes_min");
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
      out.add(new Observation("hosts", "host_cpu", text));
    }
    // The client's own host is left out of "the servers' hosts": on one machine (the embedded
    // cluster) they are the same.
    double servers = byHost.isEmpty() ? -1 : hostCpu.entrySet().stream()
        .filter(e -> !e.getKey().equals(clientHost)).mapToDouble(Map.Entry::getValue).max()
        .orElse(-1);
    if (clientCpu != null && clientCpu.value() >= CPU_BOUND && servers >= 0 && servers < IDLE) {
      out.add(new Observation(name(client), "process_cpu", "client-bound: hbench's JVM used "
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
