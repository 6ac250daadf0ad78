package io.hbench.core.report;

import io.hbench.core.result.Metric;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.NumberText;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Records of any number of runs, grouped as report and compare read them: by suite, then label,
 * then point, each point's measured (not warm-up) repeats pooled however many runs they came
 * from. Reads only the typed metrics every record carries, so it needs no code per suite.
 */
final class RecordIndex {

  /**
   * One figure a report shows per point: a metric of a phase.
   *
   * @param phase the phase, or null in a suite whose records have one phase each, named by the
   *     point (fsops' {@code create}, nnthroughput's operations), where the figure is compared
   *     across points whatever the phase is called
   * @param key the metric's key within the phase ({@code seconds}, {@code mb_per_s}, {@code
   *     ops_per_s}); a per-operation key loses its operation when that is the phase's own
   */
  record Figure(String phase, String key) {
    // Written out: the index looks a figure up for every metric of every record, and a record's
    // generated equals and hashCode are slow until the JIT has compiled them.
    @Override
    public boolean equals(Object o) {
      return o == this || o instanceof Figure f && key.equals(f.key)
          && java.util.Objects.equals(phase, f.phase);
    }

    @Override
    public int hashCode() {
      return 31 * (phase == null ? 0 : phase.hashCode()) + key.hashCode();
    }
  }

  /** One suite's records. */
  static final class Suite {
    final String name;
    final Set<String> labels = new LinkedHashSet<>();
    /** Points, with their size in bytes where every record of the point gives one. */
    final Map<String, Double> points = new LinkedHashMap<>();
    final Map<String, List<ResultRecord>> repeats = new LinkedHashMap<>();
    final Map<String, List<ResultRecord>> byLabel = new LinkedHashMap<>();
    /** Every figure seen, with a metric that says its unit, direction and headline. */
    final Map<Figure, Metric> figures = new LinkedHashMap<>();
    /** Each figure's place in a record's array of {@link #byRecord}, in the order first read. */
    private final Map<Figure, Integer> slots = new java.util.HashMap<>();
    /**
     * Each measured record's figures, as {@link #metric} finds them (tables ask for each): an
     * array by figure slot, as long as the slots when it was made. A map per record took a
     * hundred megabytes at a year of nightly runs.
     */
    private final Map<ResultRecord, Metric[]> byRecord = new java.util.IdentityHashMap<>();
    boolean perPhase;

    Suite(String name) {
      this.name = name;
    }

    /** The measured repeats of a point under a label, failed ones included. */
    List<ResultRecord> repeats(String label, String point) {
      return repeats.getOrDefault(label + "\n" + point, List.of());
    }

    /** Points in report order: by size when every point has one, else as first read. */
    List<String> orderedPoints() {
      List<String> out = new ArrayList<>(points.keySet());
      if (points.values().stream().allMatch(x -> x != null)) {
        out.sort(Comparator.comparingDouble(points::get));
      }
      return out;
    }

    /**
     * The points of some labels' records in report order: by size when every one has a size,
     * else as first read in those labels' records, the labels in the order given (as an index of
     * their records alone would order them).
     */
    List<String> orderedPoints(List<String> ofLabels) {
      Set<String> seen = new LinkedHashSet<>();
      for (String label : ofLabels) {
        for (ResultRecord r : byLabel.getOrDefault(label, List.of())) {
          seen.add(r.point());
        }
      }
      List<String> out = new ArrayList<>(seen);
      if (out.stream().allMatch(p -> points.get(p) != null)) {
        out.sort(Comparator.comparingDouble(points::get));
      }
      return out;
    }

    /** Whether every point has a size, and they span at least a decade (a log axis then). */
    boolean sizesSpanADecade() {
      if (points.isEmpty() || points.values().stream().anyMatch(x -> x == null || x <= 0)) {
        return false;
      }
      double min = points.values().stream().mapToDouble(Double::doubleValue).min().orElse(1);
      double max = points.values().stream().mapToDouble(Double::doubleValue).max().orElse(1);
      return max / min >= 10;
    }

    /** The phases of the headline figures, in order (a single null when not per phase). */
    List<String> phases() {
      List<String> out = new ArrayList<>();
      figures.forEach((f, m) -> {
        if (m.isHeadline() && !out.contains(f.phase())) {
          out.add(f.phase());
        }
      });
      return out;
    }

    /** The headline figures of {@code phase}, in the order first read. */
    List<Figure> headlines(String phase) {
      return figures.entrySet().stream()
          .filter(e -> e.getValue().isHeadline()
              && java.util.Objects.equals(e.getKey().phase(), phase))
          .map(Map.Entry::getKey)
          .toList();
    }

    /** The figure's values over the ok repeats of a point under a label. */
    double[] values(String label, String point, Figure f) {
      List<ResultRecord> rs = repeats(label, point);
      double[] v = new double[rs.size()];
      int n = 0;
      for (ResultRecord r : rs) {
        if (!r.ok()) {
          continue;
        }
        Metric m = metric(r, f);
        if (m != null) {
          v[n++] = m.value();
        }
      }
      return java.util.Arrays.copyOf(v, n);
    }

    /** The figure's metric in a measured record, or null when it has none. */
    Metric metric(ResultRecord r, Figure f) {
      Metric[] indexed = byRecord.get(r);
      Integer slot = slots.get(f);
      return indexed == null || slot == null || slot >= indexed.length ? null : indexed[slot];
    }

    /**
     * Whether a point ran {@code phase}: false only when its records ran phases and none was
     * this one (nnthroughput's {@code create} point has no {@code open}); a point whose records
     * failed before any phase is in every phase's table, where it shows as failed.
     */
    boolean ran(String point, String phase) {
      if (phase == null) {
        return true;
      }
      boolean anyPhase = false;
      for (String label : labels) {
        for (ResultRecord r : repeats(label, point)) {
          for (PhaseResult p : r.phases()) {
            if (phase.equals(p.name())) {
              return true;
            }
            anyPhase = true;
          }
        }
      }
      return !anyPhase;
    }

    /** Failed measured repeats of a point under a label. */
    int failed(String label, String point) {
      return (int) repeats(label, point).stream().filter(r -> !r.ok()).count();
    }
  }

  private final Map<String, Suite> suites = new LinkedHashMap<>();

  RecordIndex(List<ResultRecord> records) {
    Map<String, List<ResultRecord>> bySuite = new LinkedHashMap<>();
    for (ResultRecord r : records) {
      bySuite.computeIfAbsent(r.suite(), k -> new ArrayList<>()).add(r);
    }
    // Each suite on a core of its own: a year of nightly runs is 100,000 records.
    for (Suite s : bySuite.entrySet().parallelStream()
        .map(e -> suite(e.getKey(), e.getValue())).toList()) {
      suites.put(s.name, s);
    }
  }

  /** The suite of {@code records}, all of that suite. */
  private static Suite suite(String name, List<ResultRecord> records) {
    FigureNames figures = new FigureNames();
    Suite s = new Suite(name);
    s.perPhase = records.stream().anyMatch(r -> r.phases().size() > 1);
    for (ResultRecord r : records) {
      s.labels.add(r.label());
      s.byLabel.computeIfAbsent(r.label(), k -> new ArrayList<>()).add(r);
      Double x = r.params() != null && r.params().get("size_bytes") instanceof Number n
          ? n.doubleValue() : null;
      if (!s.points.containsKey(r.point())) {
        s.points.put(r.point(), x);
      } else if (x == null || !x.equals(s.points.get(r.point()))) {
        s.points.put(r.point(), null);
      }
      if (r.isWarmup()) {
        continue;
      }
      s.repeats.computeIfAbsent(r.label() + "\n" + r.point(), k -> new ArrayList<>()).add(r);
      Metric[] ofRecord = new Metric[s.slots.size() + 8];
      Metric[] ofPhase = r.phases().size() == 1 ? ofRecord : new Metric[ofRecord.length];
      for (PhaseResult p : r.phases()) {
        for (Metric m : p.metrics()) {
          Figure f = figures.of(s.perPhase ? p.name() : null, p, m);
          Metric known = s.figures.get(f);
          if (known == null || known.op() == null && m.op() != null) {
            s.figures.put(f, m);
          }
          int slot = s.slots.computeIfAbsent(f, k -> s.slots.size());
          if (slot >= ofPhase.length) {
            int n = Math.max(slot + 1, ofPhase.length * 2);
            boolean one = ofPhase == ofRecord;
            ofRecord = java.util.Arrays.copyOf(ofRecord, n);
            ofPhase = one ? ofRecord : java.util.Arrays.copyOf(ofPhase, n);
          }
          // The first phase that has the figure gives it. Within a phase, a load's metric over
          // the phase's: records written before a phase held one metric per figure had the
          // phase's MB/s beside its load's, and the load's, over the calls' window, is the figure.
          Metric inPhase = ofPhase[slot];
          if (inPhase == null || inPhase.op() == null && m.op() != null) {
            ofPhase[slot] = m;
          }
        }
        if (ofPhase != ofRecord) {
          for (int i = 0; i < ofPhase.length; i++) {
            if (ofPhase[i] != null) {
              if (ofRecord[i] == null) {
                ofRecord[i] = ofPhase[i];
              }
              ofPhase[i] = null;
            }
          }
        }
      }
      int used = ofRecord.length;
      while (used > 0 && ofRecord[used - 1] == null) {
        used--;
      }
      s.byRecord.put(r, java.util.Arrays.copyOf(ofRecord, used));
    }
    return s;
  }

  /**
   * One {@link Figure} for each phase and metric name: the index makes one per metric of every
   * record, and a history repeats the same few (the reader keeps their names once).
   */
  private static final class FigureNames {
    private final Map<List<String>, Figure> known = new java.util.HashMap<>();

    Figure of(String figurePhase, PhaseResult p, Metric m) {
      List<String> id = java.util.Arrays.asList(figurePhase, p.name(), m.op(), m.name());
      Figure f = known.get(id);
      if (f == null) {
        f = new Figure(figurePhase, key(p, m));
        known.put(id, f);
      }
      return f;
    }
  }

  /** A metric's key as figures name it: the operation dropped when it is the phase's own. */
  private static String key(PhaseResult p, Metric m) {
    return io.hbench.core.result.PhaseMetrics.figureKey(p.name(), m);
  }

  List<Suite> suites() {
    return List.copyOf(suites.values());
  }

  /** How a figure is headed in a table: {@code seconds}, {@code MB/s}, {@code create ops/s}. */
  static String heading(Figure f, Metric m) {
    String name = f.key().replace("mb_per_s", "MB/s").replace("_mb_s", " MB/s")
        .replace("ops_per_s", "ops/s").replace("_per_s", "/s").replace('_', ' ');
    if (Metric.MILLISECONDS.equals(m.unit()) || Metric.SECONDS.equals(m.unit())) {
      name = name.equals("seconds") ? "seconds" : name + " " + m.unit();
    }
    return name;
  }

  /** A figure as the tables print it: two decimals, none from 10,000 up, 3 digits below 1. */
  static String number(double v) {
    double a = Math.abs(v);
    return a >= 10_000 ? NumberText.fixed(v, 0)
        : a >= 1 || a == 0 ? NumberText.fixed(v, 2)
        : NumberText.significant(v, 3);
  }

  /** Settings that tell runs apart without being a difference between clusters. */
  private static final Set<String> RUN_OPTIONS = Set.of("out", "label", "repeat", "warmup");

  /**
   * The prefix of the JVMs' keys: runs recorded before tasks reported them have none, which is
   * no difference ({@link Comparison}).
   */
  static final String JVMS = "jvms.";

  /** Every recorded environment fact and setting of some records, with the values seen. */
  static Map<String, Set<String>> settings(List<ResultRecord> records) {
    Map<String, Set<String>> m = new java.util.TreeMap<>();
    // What many records share (a history's nights on one cluster) is gone through once: the
    // settings maps the reader's pool keeps once, by identity; environments and the JVMs, by
    // their values.
    Set<Object> configs = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
    Map<String, Set<Object>> options = new java.util.HashMap<>();
    Set<List<Object>> environments = new java.util.HashSet<>();
    Set<Object> jvmsSeen = new java.util.HashSet<>();
    for (ResultRecord r : records) {
      var e = r.environment();
      if (e != null && environments.add(java.util.Arrays.asList(e.hbenchVersion(),
          e.hadoopVersion(), e.cluster(), e.datanodes(), e.nodeManagers(), e.java(), e.os(),
          e.cpus(), e.services()))) {
        put(m, "environment.hbench_version", e.hbenchVersion());
        put(m, "environment.hadoop_version", e.hadoopVersion());
        put(m, "environment.cluster", e.cluster());
        put(m, "environment.datanodes", e.datanodes());
        put(m, "environment.node_managers", e.nodeManagers());
        put(m, "environment.java", e.java());
        put(m, "environment.os", e.os());
        put(m, "environment.cpus", e.cpus());
        if (e.services() != null) {
          for (var s : e.services()) {
            put(m, "service." + s.name() + ".version", s.version());
            s.nodes().forEach((role, n) -> put(m, "service." + s.name() + "." + role, n));
          }
        }
      }
      // The JVMs the jobs' tasks and ApplicationMasters said they ran in.
      if (r.phases() != null) {
        for (var p : r.phases()) {
          Object raw = p.figures() == null ? null
              : p.figures().get(io.hbench.core.result.JobJvms.FIELD.name());
          if (raw != null && jvmsSeen.add(raw)) {
            var jvms = io.hbench.core.result.JobJvms.FIELD.in(p.figures());
            if (jvms != null && jvms.tasks() != null) {
              jvms.tasks().forEach(j -> put(m, JVMS + "tasks", j.text()));
            }
            if (jvms != null && jvms.am() != null) {
              jvms.am().forEach(j -> put(m, JVMS + "am", j.text()));
            }
          }
        }
      }
      if (r.config() != null && configs.add(r.config())) {
        r.config().forEach((k, v) -> put(m, "config." + k, v));
      }
      if (r.options() != null && options.computeIfAbsent(r.suite(),
          k -> java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>()))
          .add(r.options())) {
        r.options().forEach((k, v) -> {
          if (!RUN_OPTIONS.contains(k)) {
            put(m, "options." + r.suite() + "." + k, v);
          }
        });
      }
    }
    return m;
  }

  private static void put(Map<String, Set<String>> m, String key, Object value) {
    if (value != null) {
      m.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(String.valueOf(value));
    }
  }

}
