package io.hbench.core.embed;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.LoadOptions;
import io.hbench.core.OptionValues;
import io.hbench.core.error.InvalidInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * What {@code --vary KEY=V1,V2} asks for: the Cartesian product of the varied keys' levels (the
 * cells), each measured once per block of {@code --repeat N} blocks, the cells' order shuffled
 * in each block with a recorded seed (randomised complete blocks). A slow drift (a warming cache,
 * a filling disk, a neighbour's job) then lands on every level alike, instead of on the level
 * measured last as when the levels run one after another.
 *
 * @param factors the varied keys and their levels, in the order given
 * @param sequential measure the cells one after another, every block of a cell before the next
 *     cell ({@code --vary-order sequential}): for showing what drift does, not for measuring
 * @param seed the seed of the shuffle of each block
 */
public record Experiment(List<Factor> factors, boolean sequential, long seed) {

  /** No key varied: the run measures its options as given. */
  public static final Experiment NONE = new Experiment(List.of(), false, 0);

  /**
   * A varied key.
   *
   * @param key a suite option's name without its dashes ({@code threads}), or a Hadoop setting
   *     ({@code dfs.blocksize}), as {@code -D} would set it
   * @param levels its values, in the order given
   */
  public record Factor(String key, List<String> levels) {}

  /**
   * One combination of levels, and what the run measures there.
   *
   * @param index its place in the product, from 0
   * @param levels each varied key's level here, in the factors' order
   * @param options the suite's options with the varied options at their levels
   * @param settings the common options with the varied {@code -D} settings at their levels
   */
  public record Cell(int index, Map<String, String> levels, OptionValues options,
      RunSettings settings) {

    /** {@code threads=4 dfs.blocksize=256m}. */
    public String text() {
      return text(levels);
    }

    /** The text of a cell's levels. */
    public static String text(Map<String, String> levels) {
      List<String> parts = new ArrayList<>();
      levels.forEach((k, v) -> parts.add(k + "=" + v));
      return String.join(" ", parts);
    }
  }

  /** The key of {@code --fs}, which {@code --vary} may vary: the data's file system. */
  static final String FS = "fs";

  public Experiment {
    factors = List.copyOf(factors);
  }

  /** Whether any key is varied. */
  public boolean varies() {
    return !factors.isEmpty();
  }

  /** {@code KEY=V1,V2,...}: one factor; its levels are told apart by commas and must differ. */
  static Factor factor(String text) {
    int eq = text.indexOf('=');
    String key = eq < 0 ? "" : text.substring(0, eq).strip().replaceFirst("^--", "");
    List<String> levels = eq < 0 ? List.of() : List.of(text.substring(eq + 1).split(",", -1));
    if (key.isEmpty() || levels.size() < 2 || levels.stream().anyMatch(String::isBlank)) {
      throw new InvalidInputException("--vary needs KEY=V1,V2[,...] (a suite option or a -D"
          + " setting, and at least two levels), got '" + text + "'");
    }
    if (levels.stream().distinct().count() < levels.size()) {
      throw new InvalidInputException("--vary " + text + ": a level is given twice");
    }
    return new Factor(key, levels.stream().map(String::strip).toList());
  }

  /**
   * The cells of {@code benchmark} run with {@code options} and {@code settings}: one per
   * combination of levels, the first factor's level changing slowest. Without a factor, the one
   * cell of the options as given.
   *
   * @throws InvalidInputException for a key that is neither the suite's option nor a setting, a
   *     key varied twice or also given as an option, or a level the option refuses
   */
  public List<Cell> cells(Benchmark benchmark, OptionValues options, RunSettings settings) {
    if (!varies()) {
      return List.of(new Cell(0, Map.of(), options, settings));
    }
    List<BenchmarkOption<?>> own = LoadOptions.of(benchmark);
    Map<String, BenchmarkOption<?>> byKey = new LinkedHashMap<>();
    List<String> seen = new ArrayList<>();
    for (Factor f : factors) {
      if (seen.contains(f.key())) {
        throw new InvalidInputException("--vary " + f.key() + " is given twice");
      }
      seen.add(f.key());
      BenchmarkOption<?> o = option(benchmark, f.key());
      if (f.key().equals(FS)) {
        // The data's file system, the one shared option a cell may vary: the same work on HDFS,
        // Ozone and an object store, side by side (each level checked as --fs is).
        if (settings.fs() != null) {
          throw new InvalidInputException("--vary fs: also given as --fs; give it once");
        }
        f.levels().forEach(settings::withFs);
      } else if (o != null) {
        byKey.put(f.key(), o);
      } else if (CommonOptions.of(benchmark).stream().anyMatch(
          c -> c.key().equals(f.key().replace('-', '_')))) {
        throw new InvalidInputException("--vary " + f.key() + ": the options every suite shares"
            + " cannot be varied; vary " + benchmark.name() + "'s own options or -D settings");
      } else if (!f.key().contains(".")) {
        throw new InvalidInputException("--vary " + f.key() + ": " + benchmark.name() + " has no"
            + " option --" + f.key() + ", and it is not a Hadoop setting (those have a dot)");
      } else if (settings.defines().containsKey(f.key())) {
        throw new InvalidInputException("--vary " + f.key() + ": also given as -D " + f.key()
            + "; give it once");
      }
    }
    List<Cell> out = new ArrayList<>();
    List<Map<String, String>> combos = new ArrayList<>();
    combos.add(new LinkedHashMap<>());
    for (Factor f : factors) {
      List<Map<String, String>> next = new ArrayList<>();
      for (Map<String, String> c : combos) {
        for (String level : f.levels()) {
          Map<String, String> m = new LinkedHashMap<>(c);
          m.put(f.key(), level);
          next.add(m);
        }
      }
      combos = next;
    }
    for (Map<String, String> levels : combos) {
      Map<String, List<String>> texts = new LinkedHashMap<>(options.texts());
      Map<String, String> defines = new LinkedHashMap<>(settings.defines());
      levels.forEach((key, level) -> {
        BenchmarkOption<?> o = byKey.get(key);
        if (o != null) {
          texts.put(o.name(), List.of(level));
        } else if (!key.equals(FS)) {
          defines.put(key, level);
        }
      });
      OptionValues cellOptions = OptionValues.parseAll(own, texts);
      RunSettings cellSettings = settings.withDefines(defines);
      if (levels.containsKey(FS)) {
        cellSettings = cellSettings.withFs(levels.get(FS));
      }
      out.add(new Cell(out.size(), Collections.unmodifiableMap(levels), cellOptions,
          cellSettings));
    }
    return out;
  }

  /**
   * The order the cells are measured in: block by block, every cell once per block, shuffled
   * per block by the seed; or with {@link #sequential}, every block of a cell before the next.
   *
   * @return for each place, the cell and its 1-based block
   */
  public List<Map.Entry<Cell, Integer>> order(List<Cell> cells, int blocks) {
    List<Map.Entry<Cell, Integer>> out = new ArrayList<>();
    if (sequential) {
      for (Cell c : cells) {
        for (int b = 1; b <= blocks; b++) {
          out.add(Map.entry(c, b));
        }
      }
      return out;
    }
    // One generator per block from a splittable one: java.util.Random's first draws of
    // neighbouring seeds are alike, and two cells came out in the same order in every block.
    java.util.SplittableRandom perBlock = new java.util.SplittableRandom(seed);
    for (int b = 1; b <= blocks; b++) {
      List<Cell> block = new ArrayList<>(cells);
      Collections.shuffle(block, new Random(perBlock.nextLong()));
      for (Cell c : block) {
        out.add(Map.entry(c, b));
      }
    }
    return out;
  }

  /** The keys varied as {@code -D} settings (not the suite's options) among {@code cells}. */
  public static List<String> variedSettings(List<Cell> cells, Benchmark benchmark) {
    List<String> out = new ArrayList<>();
    if (cells.isEmpty()) {
      return out;
    }
    for (String key : cells.get(0).levels().keySet()) {
      if (option(benchmark, key) == null && !key.equals(FS)) {
        out.add(key);
      }
    }
    return out;
  }

  /** The record keys ({@code block_size}) of the suite's options varied among {@code cells}. */
  public static List<String> variedOptions(List<Cell> cells, Benchmark benchmark) {
    List<String> out = new ArrayList<>();
    if (!cells.isEmpty()) {
      for (String key : cells.get(0).levels().keySet()) {
        BenchmarkOption<?> o = option(benchmark, key);
        if (o != null) {
          out.add(o.key());
        } else if (key.equals(FS)) {
          out.add(FS);
        }
      }
    }
    return out;
  }

  /** The suite's option (its load's included) a varied key names, or null for a setting. */
  private static BenchmarkOption<?> option(Benchmark benchmark, String key) {
    return LoadOptions.of(benchmark).stream().filter(d -> d.key().equals(key.replace('-', '_'))
        || d.aliases().contains("--" + key)).findFirst().orElse(null);
  }
}
