package io.hbench.hdfs.replay;

import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.report.SuiteReport;
import io.hbench.core.report.Table;
import io.hbench.core.result.OperationLoad;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * How replay's records are read: one row per command and per user with its count, commands
 * whose target was missing, failures, rate, latency from the due time and the time inside the
 * call; and per replay how late its commands started and whether it fell behind. The rate over
 * time beside the trace's own is in the HTML report's charts.
 */
public final class ReplayReport implements SuiteReport {

  @Override
  public String suite() {
    return "replay";
  }

  @Override
  public Set<String> headlines() {
    return Set.of(OperationLoad.OPS_PER_S.ofEveryOperation());
  }

  @Override
  public boolean commonTable() {
    return false;
  }

  @Override
  public List<Table> tables(List<ResultRecord> records) {
    List<List<String>> commands = new ArrayList<>();
    List<List<String>> users = new ArrayList<>();
    List<List<String>> timing = new ArrayList<>();
    for (ResultRecord r : records) {
      PhaseResult p = r.ok() ? r.phase(ReplayLoad.OP) : null;
      if (p == null || p.loads() == null) {
        continue;
      }
      Map<String, Long> invalid = p.figure(ReplayFields.INVALID_BY_COMMAND);
      String point = r.pointAndRepeat();
      for (OperationLoad l : p.loads()) {
        boolean user = l.op().startsWith(ReplayLoad.USER) && !l.op().endsWith(ConcurrentLoad.SERVICE);
        if (user || !l.isStep()) {
          OperationLoad service = p.load(l.op() + ConcurrentLoad.SERVICE);
          (user ? users : commands).add(row(point, user ? l.op().substring(ReplayLoad.USER.length())
              : l.op(), l, service, user ? null : invalid == null ? 0L : invalid.getOrDefault(l.op(), 0L)));
        }
      }
      OperationLoad late = p.load(ReplayLoad.OP + ConcurrentLoad.LATENESS);
      Boolean behind = p.figure(ReplayFields.FELL_BEHIND);
      timing.add(List.of(point, String.valueOf(r.params().get("rate_factor")),
          fmt(r.param(ReplayFields.TRACE_SECONDS)), fmt(late == null ? null : late.windowSeconds()),
          late == null || late.latencyMs() == null ? "-" : fmt(late.latencyMs().p50()),
          late == null || late.latencyMs() == null ? "-" : fmt(late.latencyMs().p99()),
          fmt(p.figure(ReplayFields.LATENESS_MAX)), behind == null ? "-" : behind ? "yes" : "no"));
    }
    if (commands.isEmpty()) {
      return List.of();
    }
    users.sort(java.util.Comparator.comparing((List<String> row) -> row.get(0))
        .thenComparing(row -> row.get(1)));
    List<String> header = List.of("point", "%s", "count", "invalid", "failed", "ops/s",
        "p50 ms", "p99 ms", "p99.9 ms", "service p99 ms");
    String note = "latency from each command's due time (start + (t - t0) / rate factor);"
        + " service: the time inside the call alone; invalid: its target was missing.";
    return List.of(
        Table.of("Replay by command", header.stream().map(h -> h.replace("%s", "command")).toList(),
            commands, note),
        Table.of("Replay by user", header.stream().map(h -> h.replace("%s", "user")).toList(),
            users, note),
        Table.of("Replay timing", List.of("point", "rate factor", "trace s", "replay s",
            "late p50 ms", "late p99 ms", "latest s", "fell behind"), timing,
            "late: how long after its due time a command started; fell behind: more than 1% of"
            + " the commands started later than --max-lateness."));
  }

  private static List<String> row(String point, String name, OperationLoad l,
      OperationLoad service, Long invalid) {
    OperationLoad.Latency lat = l.latencyMs();
    return List.of(point, name, String.valueOf(l.calls()), invalid == null ? "-" : String.valueOf(invalid),
        String.valueOf(l.failures()), fmt(l.opsPerSecond() != null ? l.opsPerSecond()
            : l.calls() / Math.max(1e-9, l.windowSeconds())),
        lat == null ? "-" : fmt(lat.p50()), lat == null ? "-" : fmt(lat.p99()),
        lat == null ? "-" : fmt(lat.p999()),
        service == null || service.latencyMs() == null ? "-" : fmt(service.latencyMs().p99()));
  }

  private static String fmt(Double v) {
    return v == null ? "-" : NumberText.whole(v);
  }
}
