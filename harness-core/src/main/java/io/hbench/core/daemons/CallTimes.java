package io.hbench.core.daemons;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ServerCalls;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Where a NameNode call's (or an HBase get's or put's) time went: the client's mean time per call
 * beside the server's own figures for the same phase, the time a call waited in its RPC queue,
 * waited for the namespace lock, and was processed (the RPC methods the suite declares its
 * operation makes, {@link ServerCalls}, from {@code rpcdetailed}), and the rest: the network,
 * the client, the server's reading and answering. The
 * NameNode's times are means over its metrics periods during the phase, in milliseconds whatever
 * its {@code rpc.metrics.timeunit}; a server time above the client's is named, never a negative
 * rest.
 */
@Internal
public final class CallTimes {

  private CallTimes() {}

  /**
   * What records written before suites declared their server calls ({@link ServerCalls}) are
   * read with: the NameNode operations of nnthroughput and fsops, and hbase-pe's get, by name.
   */
  static final ServerCalls UNDECLARED = ServerCalls.NONE
      .nameNode("mkdirs", "mkdirs")
      .nameNode("exists", "getFileInfo")
      .nameNode("fileStatus", "getFileInfo")
      .nameNode("open", "getBlockLocations")
      .nameNode("delete", "delete")
      .nameNode("rename", "rename", "rename2")
      .nameNode("list", "getListing")
      .nameNode("create", "create", "complete")
      .regionServer("get", "get");

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
   * @param wholeMilliseconds whether the server's times are whole milliseconds, rounded down (a
   *     RegionServer's means): its queue and processing times may then each be up to a
   *     millisecond more per RPC, and the rest that much less
   */
  public record Breakdown(String op, String server, double clientMeanMs, double clientP50Ms,
      double queueMs, double lockWaitMs, double processingMs, Double elsewhereMs,
      boolean wholeMilliseconds) {

    /** {@code mkdirs: client mean 12.3 ms (p50 12) = queue 0.1 + lock wait 0 + ...}. */
    public String text() {
      String head = String.format(Locale.ROOT, "%s: client mean %s ms (p50 %s) = queue %s +%s"
          + " processing %s", op, n(clientMeanMs), n(clientP50Ms), n(queueMs),
          wholeMilliseconds ? "" : " lock wait " + n(lockWaitMs) + " +", n(processingMs));
      String rounded = wholeMilliseconds
          ? "; the server counts whole milliseconds, rounded down, so its queue and processing"
              + " times may each be up to 1 ms more per RPC" : "";
      return elsewhereMs == null
          ? head + " ms, more than the client's mean: the server's are means over its metrics"
              + " periods, this load's calls and others'" + rounded
          : head + " + elsewhere " + n(elsewhereMs) + " ms (network, client, reading and"
              + " answering" + rounded + ")";
    }
  }

  private static String n(double v) {
    return DaemonObservations.number(v);
  }

  /**
   * The breakdowns of {@code phase}'s operations that its suite declared server calls for
   * ({@link ServerCalls}); none without the servers' figures.
   */
  public static List<Breakdown> of(PhaseResult phase) {
    List<Breakdown> out = new ArrayList<>();
    if (phase.loads() == null || phase.daemons() == null) {
      return out;
    }
    ServerCalls declared = phase.figure(ServerCalls.FIELD);
    if (declared == null) {
      declared = UNDECLARED;
    }
    for (OperationLoad load : phase.loads()) {
      if (load.calls() == 0 || load.latencyMs() == null) {
        continue;
      }
      List<String> methods = declared.nameNode().get(load.op());
      List<String> operations = declared.regionServer().get(load.op());
      Breakdown b = methods != null ? nameNode(phase, load, methods)
          : operations != null ? regionServer(phase, load, operations) : null;
      if (b != null) {
        out.add(b);
      }
    }
    return out;
  }

  /**
   * Why {@code phase}'s operations with declared server calls were not taken apart, where the
   * reason is that no read of the server fell inside the phase: a phase shorter than {@code
   * --metrics-interval} has only the reads before and after it, and a server's mean time read
   * after it covers a period after it. One observation per such operation; none where every
   * operation was taken apart, or where the servers' figures are missing for another reason.
   */
  public static List<DaemonObservations.Observation> notTakenApart(PhaseResult phase) {
    List<DaemonObservations.Observation> out = new ArrayList<>();
    if (phase.loads() == null || phase.daemons() == null) {
      return out;
    }
    ServerCalls declared = phase.figure(ServerCalls.FIELD);
    if (declared == null) {
      declared = UNDECLARED;
    }
    java.util.Set<String> done = new java.util.HashSet<>();
    of(phase).forEach(b -> done.add(b.op()));
    for (OperationLoad load : phase.loads()) {
      if (load.calls() == 0 || load.latencyMs() == null || done.contains(load.op())) {
        continue;
      }
      String role = declared.nameNode().containsKey(load.op()) ? "namenode"
          : declared.regionServer().containsKey(load.op()) ? "regionserver" : null;
      // The reads before and after the phase are 2 samples: none fell between them.
      DaemonFigures unread = role == null ? null : phase.daemons().stream()
          .filter(d -> d.role().equals(role) && d.unreachable() == null && d.samples() <= 2)
          .findFirst().orElse(null);
      if (unread != null) {
        out.add(new DaemonObservations.Observation(DaemonObservations.name(unread), null,
            String.format(Locale.ROOT, "%s: not taken apart: no read of the server fell inside"
                + " the phase (%s s); a --metrics-interval shorter than the phase gives one",
                load.op(), n(phase.seconds()))));
      }
    }
    return out;
  }

  private static Breakdown nameNode(PhaseResult phase, OperationLoad load, List<String> methods) {
    // The NameNode that served the calls: under HA, the one whose methods were called.
    DaemonFigures served = null;
    double servedCalls = 0;
    for (DaemonFigures d : phase.daemons()) {
      if (!d.role().equals("namenode")) {
        continue;
      }
      double calls = 0;
      for (String m : methods) {
        calls += value(d, figure(m) + "_calls");
      }
      if (calls > servedCalls) {
        served = d;
        servedCalls = calls;
      }
    }
    if (served == null) {
      return null;
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
    double queue = value(served, ServerFigure.RPC_QUEUE_MS.name()) * rpcsPerCall;
    double lockWait = value(served, ServerFigure.RPC_LOCK_WAIT_MS.name()) * rpcsPerCall;
    return breakdown(load, DaemonObservations.name(served), queue, lockWait, processing, false);
  }

  /**
   * HBase gets and puts, one RPC each (a put only where the suite sends each alone: a buffered
   * one goes out in batches, and is not declared). The RegionServer that served most requests in
   * the phase stands for them all.
   */
  private static Breakdown regionServer(PhaseResult phase, OperationLoad load,
      List<String> operations) {
    DaemonFigures served = null;
    for (DaemonFigures d : phase.daemons()) {
      if (d.role().equals("regionserver")
          && operations.stream().allMatch(o -> d.metric(o + "_ms") != null)
          && (served == null || value(d, ServerFigure.REQUESTS.name()) > value(served, ServerFigure.REQUESTS.name()))) {
        served = d;
      }
    }
    if (served == null) {
      return null;
    }
    double processing = 0;
    for (String o : operations) {
      processing += value(served, o + "_ms");
    }
    double queue = value(served, ServerFigure.RPC_QUEUE_MS.name()) * operations.size();
    return breakdown(load, "regionserver " + served.node(), queue, 0, processing, true);
  }

  private static Breakdown breakdown(OperationLoad load, String server, double queue,
      double lockWait, double processing, boolean wholeMilliseconds) {
    double rest = load.latencyMs().mean() - queue - lockWait - processing;
    return new Breakdown(load.op(), server, load.latencyMs().mean(), load.latencyMs().p50(),
        round(queue), round(lockWait), round(processing), rest < 0 ? null : round(rest),
        wholeMilliseconds);
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
