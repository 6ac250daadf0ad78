package io.hbench.hdfs.replay;

import io.hbench.core.load.Schedule;
import io.hbench.hdfs.replay.ReplayOptions.PartitionBy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A trace as one process's client threads replay it: the commands replay can make, split among
 * all the load's clients by {@code --partition-by} (each key's commands in their order, on one
 * thread; keys dealt to the clients in the order they first appear), this
 * process's parts, and when each command is due: {@code (t - t0) / rateFactor} after the start,
 * {@code t0} the trace's first line. Commands no call can make are counted by name, as are those
 * the NameNode refused when they were recorded ({@code allowed=false}), which are not replayed.
 */
final class ReplayTimetable {

  final long t0;
  final long lastMillis;
  final AuditCommand[][] commands;
  final ReplayedCall[][] calls;
  final long[][] dueNanos;
  /** Commands of the whole trace that no call can make, by name. */
  final Map<String, Long> unsupported;
  /** Commands of the whole trace the NameNode refused when it logged them. */
  final long refused;
  /** Commands of the whole trace that are replayed, over every process. */
  final long replayed;

  private ReplayTimetable(long t0, long lastMillis, AuditCommand[][] commands,
      ReplayedCall[][] calls, long[][] dueNanos, Map<String, Long> unsupported, long refused,
      long replayed) {
    this.t0 = t0;
    this.lastMillis = lastMillis;
    this.commands = commands;
    this.calls = calls;
    this.dueNanos = dueNanos;
    this.unsupported = unsupported;
    this.refused = refused;
    this.replayed = replayed;
  }

  /**
   * The share of {@code trace} of clients {@code firstClient} to {@code firstClient + threads -
   * 1} of {@code clients}.
   */
  static ReplayTimetable of(List<AuditCommand> trace, double rateFactor, PartitionBy by,
      int clients, int firstClient, int threads) {
    long t0 = trace.get(0).millis();
    List<List<AuditCommand>> mine = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      mine.add(new ArrayList<>());
    }
    Map<String, Long> unsupported = new TreeMap<>();
    long refused = 0;
    long replayed = 0;
    Map<String, Integer> clientOf = new java.util.HashMap<>();
    for (AuditCommand c : trace) {
      if (!c.allowed()) {
        refused++;
        continue;
      }
      if (ReplayedCall.of(c.cmd()) == null || c.src() == null) {
        unsupported.merge(c.cmd(), 1L, Long::sum);
        continue;
      }
      replayed++;
      String key = switch (by) {
        case IP -> c.ip();
        case USER -> c.user();
        case PATH -> c.src();
      };
      // Keys go to clients in the order they first appear: as even as the keys allow, and the
      // same in every process that reads the trace.
      Integer order = clientOf.get(key);
      if (order == null) {
        order = clientOf.size();
        clientOf.put(key, order);
      }
      int client = order % clients - firstClient;
      if (client >= 0 && client < threads) {
        mine.get(client).add(c);
      }
    }
    AuditCommand[][] commands = new AuditCommand[threads][];
    ReplayedCall[][] calls = new ReplayedCall[threads][];
    long[][] due = new long[threads][];
    for (int t = 0; t < threads; t++) {
      List<AuditCommand> part = mine.get(t);
      commands[t] = part.toArray(new AuditCommand[0]);
      calls[t] = new ReplayedCall[part.size()];
      due[t] = new long[part.size()];
      for (int i = 0; i < part.size(); i++) {
        calls[t][i] = ReplayedCall.of(part.get(i).cmd());
        due[t][i] = Math.round((part.get(i).millis() - t0) * 1e6 / rateFactor);
      }
    }
    return new ReplayTimetable(t0, trace.get(trace.size() - 1).millis(), commands, calls, due,
        unsupported, refused, replayed);
  }

  /** Commands each of this process's threads replays. */
  long[] perThread() {
    long[] n = new long[commands.length];
    for (int t = 0; t < n.length; t++) {
      n[t] = commands[t].length;
    }
    return n;
  }

  /** When each command is due, for the core to start it then. */
  Schedule schedule() {
    return (t, i) -> dueNanos[t][(int) i];
  }
}
