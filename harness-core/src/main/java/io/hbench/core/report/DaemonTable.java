package io.hbench.core.report;

import io.hbench.core.annotation.Internal;
import io.hbench.core.daemons.DaemonObservations;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import java.util.ArrayList;
import java.util.List;

/**
 * The bottleneck summary of a run with {@code --metrics}: per point and phase, what stood out on
 * the cluster's daemons ({@link DaemonObservations}), one observation a row.
 */
@Internal
public final class DaemonTable {

  private DaemonTable() {}

  /** The table, or null when no phase has the daemons' figures. */
  public static Table render(List<ResultRecord> records) {
    List<List<String>> rows = new ArrayList<>();
    boolean any = false;
    int daemons = 0;
    for (ResultRecord r : records) {
      for (PhaseResult p : r.phases()) {
        if (p.daemons() == null) {
          continue;
        }
        any = true;
        daemons = Math.max(daemons, p.daemons().size());
        for (DaemonObservations.Observation o : DaemonObservations.of(p)) {
          rows.add(List.of(r.pointAndRepeat(), p.name(),
              o.daemon(), o.text()));
        }
      }
    }
    if (!any) {
      return null;
    }
    String title = "What stood out on the cluster's daemons (--metrics)";
    String note = "From each daemon's own /jmx, read before, during and after each phase;"
        + " every figure is in the records (phases[].daemons). See docs/metrics.md.";
    if (rows.isEmpty()) {
      return Table.remark(title, "Nothing stood out on the " + daemons + " daemons read. " + note);
    }
    return Table.of(title, List.of("point", "phase", "daemon", "observation"), rows, note);
  }
}
