package io.hbench.core.report;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.Metric;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.apache.commons.statistics.inference.AlternativeHypothesis;
import org.apache.commons.statistics.inference.WilcoxonSignedRankTest;

/**
 * The main effect of each key a {@code --vary} run varied, per headline figure: each level
 * against the key's first level within each block (the cells of a block ran close together in
 * time, in an order shuffled per block), the median of those ratios over the blocks and their
 * range, and a Wilcoxon signed-rank test over the blocks. Blocks are a record's repeat; other
 * keys' levels are averaged within a block.
 */
@Internal
public final class MainEffects {

  private static final WilcoxonSignedRankTest SIGNED_RANK =
      WilcoxonSignedRankTest.withDefaults().with(AlternativeHypothesis.TWO_SIDED);

  private MainEffects() {}

  /**
   * One effect: a level of a key against the key's first level, on one figure.
   *
   * @param figure {@code phase:figure}
   * @param key the varied key
   * @param level the level
   * @param blocks the blocks with both levels measured
   * @param median the figure's median over the blocks at this level
   * @param effect the median over the blocks of (level / first level) - 1; 0 for the first
   * @param low the smallest such ratio - 1
   * @param high the largest
   * @param p the two-sided p-value of the signed-rank test; NaN for the first level
   */
  public record Effect(String figure, String key, String level, int blocks, double median,
      double effect, double low, double high, double p) {}

  /** Every run's effects: per suite, point and label, in the order the records came. */
  public static Map<String, List<Effect>> of(List<ResultRecord> records) {
    Map<String, List<Effect>> out = new LinkedHashMap<>();
    groups(records).forEach((name, rs) -> out.put(name, effects(rs)));
    return out;
  }

  /** The ok records of cells, by suite, point and label. */
  private static Map<String, List<ResultRecord>> groups(List<ResultRecord> records) {
    Map<String, List<ResultRecord>> groups = new LinkedHashMap<>();
    for (ResultRecord r : records) {
      if (!r.cell().isEmpty() && r.ok() && !r.isWarmup() && r.phases() != null) {
        groups.computeIfAbsent(r.suite() + " " + r.point() + " · " + baseLabel(r),
            k -> new ArrayList<>()).add(r);
      }
    }
    return groups;
  }

  /** The tables of {@link #of}: one per suite, point and label. */
  public static List<Table> tables(List<ResultRecord> records) {
    List<Table> out = new ArrayList<>();
    Map<String, List<ResultRecord>> byName = groups(records);
    byName.forEach((name, rs) -> {
      List<Effect> effects = effects(rs);
      List<List<String>> rows = new ArrayList<>();
      for (Effect e : effects) {
        boolean base = Double.isNaN(e.p());
        rows.add(List.of(e.figure(), e.key(), e.level(), String.valueOf(e.blocks()),
            RecordIndex.number(e.median()), base ? "base" : percent(e.effect()),
            base ? "" : percent(e.low()) + " to " + percent(e.high()),
            base ? "" : String.format(Locale.ROOT, "%.2g", e.p())));
      }
      ResultRecord any = rs.get(0);
      Object order = any.params().get("vary_order");
      int blocks = (int) rs.stream().mapToInt(ResultRecord::repeat).distinct()
          .count();
      String note = "Each level against the key's first level in the same block, the median"
          + " over the blocks and their range; p: Wilcoxon signed-rank test over the blocks,"
          + " two-sided (with " + blocks + " blocks it cannot go below "
          + String.format(Locale.ROOT, "%.2g", Math.min(1, 2 / Math.pow(2, blocks))) + "). "
          + ("sequential".equals(order)
              ? "The cells ran one after another (--vary-order sequential): drift over the run"
                  + " is read as an effect of the levels run last."
              : "Cells in an order shuffled per block, seed " + any.params().get("vary_seed")
                  + ".");
      out.add(Table.of("Main effects · " + name, List.of("figure", "key", "level", "blocks",
          "median", "effect", "range over blocks", "p"), rows, note));
    });
    return out;
  }

  private static String percent(double fraction) {
    return NumberText.signed(fraction * 100, 1) + "%";
  }

  /** The label a record was run with, without its cell ({@link ResultRecord#comparedAs}). */
  static String baseLabel(ResultRecord r) {
    String suffix = "";
    for (Map.Entry<String, String> e : r.cell().entrySet()) {
      suffix += " " + e.getKey() + "=" + e.getValue();
    }
    String l = r.label() == null ? "" : r.label();
    return l.endsWith(suffix) ? l.substring(0, l.length() - suffix.length()) : l;
  }

  private static List<Effect> effects(List<ResultRecord> rs) {
    Set<String> keys = new LinkedHashSet<>(rs.get(0).cell().keySet());
    // Figures with a better direction, the suites' headlines, in the order the records have them.
    Set<String> figures = new LinkedHashSet<>();
    for (ResultRecord r : rs) {
      for (PhaseResult p : r.phases()) {
        if (p.metrics() != null) {
          for (Metric m : p.metrics()) {
            if (m.better() != null && m.isHeadline()) {
              figures.add(p.name() + ":" + PhaseMetrics.figureKey(p.name(), m));
            }
          }
        }
      }
    }
    List<Effect> out = new ArrayList<>();
    for (String figure : figures) {
      for (String key : keys) {
        TreeSet<String> levels = new TreeSet<>(History::versionOrder);
        rs.forEach(r -> levels.add(r.cell().get(key)));
        // block -> level -> the figure's values there (over the other keys' levels)
        Map<Integer, Map<String, List<Double>>> byBlock = new TreeMap<>();
        for (ResultRecord r : rs) {
          Double v = value(r, figure);
          if (v != null) {
            byBlock.computeIfAbsent(r.repeat(), b -> new TreeMap<>())
                .computeIfAbsent(r.cell().get(key), l -> new ArrayList<>()).add(v);
          }
        }
        String first = levels.first();
        for (String level : levels) {
          List<Double> at = new ArrayList<>();
          List<Double> base = new ArrayList<>();
          for (Map<String, List<Double>> block : byBlock.values()) {
            if (block.containsKey(level) && block.containsKey(first)) {
              at.add(mean(block.get(level)));
              base.add(mean(block.get(first)));
            }
          }
          if (at.isEmpty()) {
            continue;
          }
          double[] ratios = new double[at.size()];
          for (int i = 0; i < ratios.length; i++) {
            ratios[i] = base.get(i) == 0 ? Double.NaN : at.get(i) / base.get(i) - 1;
          }
          double[] sorted = ratios.clone();
          Arrays.sort(sorted);
          double p = Double.NaN;
          if (!level.equals(first)) {
            double[] x = at.stream().mapToDouble(Double::doubleValue).toArray();
            double[] y = base.stream().mapToDouble(Double::doubleValue).toArray();
            boolean same = Arrays.equals(x, y);
            p = same ? 1 : SIGNED_RANK.test(x, y).getPValue();
          }
          out.add(new Effect(figure, key, level, at.size(), median(at.stream()
              .mapToDouble(Double::doubleValue).sorted().toArray()), median(sorted), sorted[0],
              sorted[sorted.length - 1], p));
        }
      }
    }
    return out;
  }

  private static Double value(ResultRecord r, String figure) {
    for (PhaseResult p : r.phases()) {
      if (p.metrics() != null) {
        for (Metric m : p.metrics()) {
          if (figure.equals(p.name() + ":" + PhaseMetrics.figureKey(p.name(), m))) {
            return m.value();
          }
        }
      }
    }
    return null;
  }

  private static double mean(List<Double> v) {
    return v.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  private static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
