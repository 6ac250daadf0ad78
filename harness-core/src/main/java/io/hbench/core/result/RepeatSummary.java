package io.hbench.core.result;

import io.hbench.core.stats.Spread;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One point's figures over its repeats, computed by the core from the records alone: for each
 * metric of a phase, its median over the {@code ok} repeats that are not warm-up, with the {@link
 * Spread} of those values in {@link Metric#spread}. Records are written one per repeat as each
 * completes, so this is where a spread over repeats comes from: the console's mean row and
 * {@code bench report} read it, and a reader of old files gets the same figures.
 *
 * @param point the point's label
 * @param measured repeats measured, warm-up ones left out
 * @param ok of those, the ones that completed and validated
 * @param phases per phase name, its summarized metrics in the order the first ok repeat has them
 */
public record RepeatSummary(
    String point, int measured, int ok, Map<String, List<Metric>> phases) {

  public RepeatSummary {
    Map<String, List<Metric>> copy = new LinkedHashMap<>();
    phases.forEach((k, v) -> copy.put(k, List.copyOf(v)));
    phases = java.util.Collections.unmodifiableMap(copy);
  }

  /**
   * The summary of {@code point} among {@code records}: any mix of points, but of one suite and
   * label (a caller comparing runs groups by those first).
   */
  public static RepeatSummary of(List<ResultRecord> records, String point) {
    List<ResultRecord> repeats =
        records.stream().filter(r -> r.point().equals(point) && !r.isWarmup()).toList();
    List<ResultRecord> ok = repeats.stream().filter(ResultRecord::ok).toList();
    Map<String, Map<String, List<Metric>>> byPhase = new LinkedHashMap<>();
    for (ResultRecord r : ok) {
      for (PhaseResult p : r.phases()) {
        Map<String, List<Metric>> byKey = byPhase.computeIfAbsent(p.name(), k -> new LinkedHashMap<>());
        // Every record carries its metrics: written by the runner, or completed by the reader.
        for (Metric m : p.metrics()) {
          byKey.computeIfAbsent(m.key(), k -> new ArrayList<>()).add(m);
        }
      }
    }
    Map<String, List<Metric>> phases = new LinkedHashMap<>();
    byPhase.forEach((phase, byKey) -> {
      List<Metric> summarized = new ArrayList<>();
      byKey.values().forEach(ms -> summarized.add(summarize(ms)));
      phases.put(phase, summarized);
    });
    return new RepeatSummary(point, repeats.size(), ok.size(), phases);
  }

  private static Metric summarize(List<Metric> values) {
    Metric first = values.get(0);
    Spread s = Spread.of(values.stream().map(Metric::value).toList());
    return new Metric(first.name(), first.op(), first.unit(), s.median(), first.better(),
        first.headline(), s);
  }

  /** The summarized metric {@code key} ({@code seconds}, {@code create/ops_per_s}) of a phase. */
  public Metric metric(String phase, String key) {
    return phases.getOrDefault(phase, List.of()).stream()
        .filter(m -> m.key().equals(key))
        .findFirst()
        .orElse(null);
  }
}
