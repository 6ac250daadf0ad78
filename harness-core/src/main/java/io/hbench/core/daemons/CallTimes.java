package io.hbench.core.daemons;

import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a NameNode call's (or an HBase get's) time went: the client's mean time per call beside
 * the server's own figures for the same phase, the time a call waited in its RPC queue, waited for the namespace
 * lock, and was processed (the RPC methods the client's operation makes, from {@code
 * rpcdetailed}), and the rest: the network, the client, the server's reading and answering. The
 * NameNode's times are means over its metrics periods during the phase, in milliseconds whatever
 * its {@code rpc.metrics.timeunit}; a server time above the client's is named, never a negative
 * rest.
 */
public final class CallTimes {

  private CallTimes() {}

  /** The NameNode methods each client operation calls, once each per call. */
  static final Map<String, List<String>> METHODS = Map.of(
      "mkdirs", List.of("mkdirs"),
      "exists", List.of("getFileInfo"),
      "fileStatus", List.of("getFileInfo"),
      "open", List.of("getBlockLocations"),
      "delete", List.of("delete"),
      "rename", List.of("rename", "rename2"),
      "list", List.of("getListing"),
      "create", List.of("create", "complete"));

  /**
   * One operation's call, taken apart.
   *
   * @param op the client's operation
   * @param server the server that served it: {@code namenode nn1:8020}, {@code regionserver
   *     rs1:16020} (the busiest, where several did)
   * @param clientMeanMs the client's mean time per call
   * @param clientP50Ms the client's median
   * @param queueMs per call, the time its RPCs waited in the NameNode's call queue
   * @param lockWaitMs per call, the time they waited for the namespace lock
   * @param processingMs per call, the time the NameNode processed them
   * @param elsewhereMs the rest of the client's mean; null when the server's figures exceed it
   */
  public record Breakdown(String op, String server, double clientMeanMs, double clientP50Ms,
      double queueMs, double lockWaitMs, double processingMs, Double elsewhereMs) {

    /** {@code mkdirs: client mean 12.3 ms (p50 12) = queue 0.1 + lock wait 0 + ...}. */
    public String text() {
      String head = String.format(Locale.ROOT, "%s: client mean %s ms (p50 %s) = queue %s +"
          + " lock wait %s + processing %s", op, n(clientMeanMs), n(clientP50Ms), n(queueMs),
          n(lockWaitMs), n(processingMs));
      return elsewhereMs == null
          ? head + " ms, more than the client's mean: the server's are means over its metrics"
              + " periods, this load's calls and others'"
          : head + " + elsewhere " + n(elsewhereMs) + " ms (network, client, reading and"
              + " answering)";
    }
  }

  private static String n(double v) {
    return DaemonObservations.number(v);
  }

  /** The breakdowns of {@code phase}'s NameNode operations; none without the NameNode's figures. */
  public static List<Breakdown> of(PhaseResult phase) {
    List<Breakdown> out = new ArrayList<>();
    if (phase.loads() == null || phase.daemons() == null) {
      return out;
    }
    for (OperationLoad load : phase.loads()) {
      if (Boolean.TRUE.equals(load.step()) || load.calls() == 0 || load.latencyMs() == null) {
        continue;
      }
      if (load.op().equals("get")) {
        Breakdown b = regionServerGet(phase, load);
        if (b != null) {
          out.add(b);
        }
        continue;
      }
      List<String> methods = METHODS.get(load.op());
      if (methods == null) {
        continue;
      }
      // The NameNode that served the calls: under HA, the one whose methods were called.
      DaemonFigures served = null;
      double servedCalls = 0;
      for (DaemonFigures d : phase.daemons()) {
        if (!d.role().equals("namenode")) {
          continue;
        }
        double calls = 0;
        for (String m : methods) {
          Metric c = d.metric(figure(m) + "_calls");
          calls += c == null ? 0 : c.value();
        }
        if (calls > servedCalls) {
          served = d;
          servedCalls = calls;
        }
      }
      if (served == null) {
        continue;
      }
      double processing = 0;
      for (String m : methods) {
        Metric c = served.metric(figure(m) + "_calls");
        Metric t = served.metric(figure(m) + "_ms");
        if (c != null && t != null) {
          processing += c.value() * t.value();
        }
      }
      double rpcsPerCall = servedCalls / load.calls();
      processing /= load.calls();
      double queue = value(served, "rpc_queue_ms") * rpcsPerCall;
      double lockWait = value(served, "rpc_lock_wait_ms") * rpcsPerCall;
      double rest = load.latencyMs().mean() - queue - lockWait - processing;
      out.add(new Breakdown(load.op(), "namenode " + served.node(), load.latencyMs().mean(),
          load.latencyMs().p50(), round(queue), round(lockWait), round(processing),
          rest < 0 ? null : round(rest)));
    }
    return out;
  }

  /**
   * An HBase get: one RPC per call (puts are left out: the client's buffer sends them in
   * batches, so a put's server time is not part of one call's). The RegionServer that served
   * most requests in the phase stands for them all.
   */
  private static Breakdown regionServerGet(PhaseResult phase, OperationLoad load) {
    DaemonFigures served = null;
    for (DaemonFigures d : phase.daemons()) {
      if (d.role().equals("regionserver") && d.metric("get_ms") != null
          && (served == null || value(d, "requests") > value(served, "requests"))) {
        served = d;
      }
    }
    if (served == null) {
      return null;
    }
    double queue = value(served, "rpc_queue_ms");
    double processing = value(served, "get_ms");
    double rest = load.latencyMs().mean() - queue - processing;
    return new Breakdown(load.op(), "regionserver " + served.node(), load.latencyMs().mean(),
        load.latencyMs().p50(), round(queue), 0, round(processing), rest < 0 ? null : round(rest));
  }

  private static double value(DaemonFigures d, String name) {
    Metric m = d.metric(name);
    return m == null ? 0 : m.value();
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  /** The figure name of a method: {@code rpc_get_file_info}. */
  static String figure(String method) {
    return ServerFigure.methodFigure(method);
  }
}
