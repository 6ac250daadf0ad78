package io.hbench.core.engine;

import io.hbench.core.embed.Experiment;
import io.hbench.core.embed.RunPlan;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.report.ResultReader;
import io.hbench.core.result.ResultRecord;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * What {@code --resume} finds in the results file: the measurements (point and repeat) of the
 * suite already recorded {@code ok} with the same options and settings. Records of other suites
 * are ignored; a record of the same suite with other options is refused, since its points would
 * not be the same measurement.
 */
final class RecordedPoints {

  /** Options that may differ between the run and its resumption. */
  private static final Set<String> NOT_COMPARED = Set.of("out");

  private final Set<String> ok;

  private RecordedPoints(Set<String> ok) {
    this.ok = ok;
  }

  /**
   * Reads {@code file} (none yet: nothing recorded) for {@code suite} measured with {@code
   * options} and {@code config}, as records hold them (redacted).
   *
   * @throws InvalidInputException when a record of the suite was measured with other options
   */
  static RecordedPoints read(Path file, String suite, Map<String, String> options,
      Map<String, String> config) {
    return read(file, suite, options, config, List.of(), List.of());
  }

  /**
   * As {@link #read(Path, String, Map, Map)} for a run of {@code --vary}: the varied options
   * ({@code variedOptions}, as records key them) and settings may differ between records, each
   * cell's measurements are told apart.
   */
  static RecordedPoints read(Path file, String suite, Map<String, String> options,
      Map<String, String> config, List<String> variedOptions, List<String> variedSettings) {
    Set<String> ok = new HashSet<>();
    if (!Files.exists(file)) {
      return new RecordedPoints(ok);
    }
    List<ResultRecord> records;
    try {
      records = Files.size(file) == 0 ? List.of() : ResultReader.readAll(List.of(file), w -> {});
    } catch (java.io.IOException e) {
      throw new InvalidInputException("--resume: cannot read " + file + ": " + e.getMessage());
    }
    for (ResultRecord r : records) {
      if (!suite.equals(r.suite())) {
        continue;
      }
      String differs = firstDifference(compared(options, variedOptions),
          compared(r.options(), variedOptions), "");
      if (differs == null) {
        differs = firstDifference(compared(config, variedSettings),
            compared(r.config(), variedSettings), "-D ");
      }
      if (differs != null) {
        throw new InvalidInputException("--resume: " + file + " holds " + suite + " records of"
            + " other options (" + differs + "); give the same options, or another --out");
      }
      if (r.ok()) {
        ok.add(key(r.point(), r.repeat(), r.cell()));
      }
    }
    return new RecordedPoints(ok);
  }

  /** Whether {@code m} is already recorded ok. */
  boolean has(RunPlan.Measurement m) {
    return ok.contains(key(m.point().label(), m.repeat(), m.cell().levels()));
  }

  private static String key(String point, int repeat, Map<String, String> cell) {
    return point + "\u0000" + repeat + "\u0000" + Experiment.Cell.text(cell);
  }

  private static Map<String, String> compared(Map<String, String> options, List<String> varied) {
    Map<String, String> m = new TreeMap<>(options == null ? Map.of() : options);
    m.keySet().removeAll(NOT_COMPARED);
    m.keySet().removeAll(varied);
    return m;
  }

  /** The first key whose values differ, as "key: here vs there", or null. */
  private static String firstDifference(Map<String, String> now, Map<String, String> then,
      String prefix) {
    Set<String> keys = new java.util.TreeSet<>(now.keySet());
    keys.addAll(then.keySet());
    for (String k : keys) {
      if (!Objects.equals(now.get(k), then.get(k))) {
        return prefix + k + ": " + shown(now.get(k)) + " now, " + shown(then.get(k)) + " there";
      }
    }
    return null;
  }

  private static String shown(String v) {
    return v == null ? "unset" : v.isEmpty() ? "''" : v;
  }
}
