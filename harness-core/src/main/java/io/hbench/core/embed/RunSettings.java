package io.hbench.core.embed;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import io.hbench.core.cluster.ClusterMode;
import io.hbench.core.error.InvalidInputException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options every suite shares ({@link CommonOptions}), read from their values: what the core
 * needs of them to run. Made only by {@link #of}.
 *
 * @param out results file (JSON Lines, appended); null for the default under {@code
 *     ./hbench-results/}
 * @param cluster which cluster to use
 * @param datanodes datanodes of an embedded cluster
 * @param defines {@code -D key=value} settings, {@code --principal} and {@code --keytab} among
 *     them
 * @param confFiles {@code --conf} files
 * @param hadoopConfDir {@code HADOOP_CONF_DIR}, or null
 * @param baseDir where the suite writes; null for {@code /benchmarks/hbench/<suite>}
 * @param keep keep the data after each point
 * @param repeat times each point is measured, warm-up repeats included
 * @param warmup the first repeats of each point that are recorded with {@code warmup: true} and
 *     left out of summaries (the first pays for connection set-up and cold caches)
 * @param fs the file system for the suite's data ({@code --fs}, e.g. {@code ofs://om/}); null for
 *     {@code fs.defaultFS}
 * @param instrument count and time file system calls with the instrumented file system
 * @param label what the run is compared as ({@code --label}); null to derive it from the
 *     environment ({@link io.hbench.core.result.Environment#defaultLabel()})
 * @param resume finish the run whose records are in {@code out} ({@code --resume}): measure only
 *     what is not already recorded ok there with the same options
 * @param metrics read the cluster's daemons' own figures during each phase ({@code --metrics});
 *     null: on for the embedded cluster, off for a configured one
 * @param metricsInterval time between those reads during a phase
 * @param recorded the common options as every record's {@code options} shows them, keyed by
 *     {@link BenchmarkOption#key()}
 * @param experiment the keys varied ({@code --vary}), their order and seed; {@link
 *     Experiment#NONE} when none is
 * @param requestPrices {@code --request-prices}: the file of an object store's prices, read as
 *     the run opens; null when none is given
 */
public record RunSettings(
    Path out,
    ClusterMode cluster,
    int datanodes,
    Map<String, String> defines,
    List<String> confFiles,
    String hadoopConfDir,
    String baseDir,
    boolean keep,
    int repeat,
    int warmup,
    String fs,
    boolean instrument,
    String label,
    boolean resume,
    Boolean metrics,
    java.time.Duration metricsInterval,
    Map<String, String> recorded,
    Experiment experiment,
    Path requestPrices) {

  public RunSettings {
    if (resume && out == null) {
      throw new InvalidInputException(
          "--resume needs --out: the results file of the run to finish");
    }
    if (metricsInterval.toMillis() < 100) {
      throw new InvalidInputException("--metrics-interval must be at least 100ms, got "
          + metricsInterval.toMillis() + "ms");
    }
    if (warmup >= repeat) {
      throw new InvalidInputException("--warmup " + warmup + " leaves no repeat of " + repeat
          + " to summarize");
    }
    if (fs != null) {
      java.net.URI u;
      try {
        u = new java.net.URI(fs);
      } catch (java.net.URISyntaxException e) {
        throw new InvalidInputException("invalid --fs '" + fs + "': " + e.getReason());
      }
      if (u.getScheme() == null) {
        throw new InvalidInputException(
            "invalid --fs '" + fs + "': give a file system URI such as hdfs://nn:8020/ or ofs://om/");
      }
    }
    if (label != null) {
      io.hbench.core.result.ResultRecord.checkLabel(label);
    }
    defines = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(defines));
    confFiles = List.copyOf(confFiles);
    recorded = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(recorded));
  }

  /**
   * The settings the common options' values give.
   *
   * @param o the values of {@link CommonOptions#of}
   * @param hadoopConfDir {@code HADOOP_CONF_DIR}, or null
   */
  public static RunSettings of(OptionValues o, String hadoopConfDir) {
    Map<String, String> defines = new LinkedHashMap<>();
    o.get(CommonOptions.DEFINES).forEach(e -> defines.put(e.getKey(), e.getValue()));
    // Settings, so that --conf files and -D can carry them too, and the record says who ran.
    CommonOptions.kerberos(o, defines);
    CommonOptions.taskJava(o, defines);
    return new RunSettings(
        blank(o.get(CommonOptions.OUT)) == null ? null : Path.of(o.get(CommonOptions.OUT)),
        o.get(CommonOptions.CLUSTER), o.get(CommonOptions.DATANODES), defines,
        o.get(CommonOptions.CONF), hadoopConfDir, blank(o.get(CommonOptions.BASE_DIR)),
        o.get(CommonOptions.KEEP), o.get(CommonOptions.REPEAT), o.get(CommonOptions.WARMUP),
        blank(o.get(CommonOptions.FS)), o.get(CommonOptions.INSTRUMENT),
        blank(o.get(CommonOptions.LABEL)), o.get(CommonOptions.RESUME),
        o.get(CommonOptions.METRICS), o.get(CommonOptions.METRICS_INTERVAL), o.asText(),
        experiment(o), blank(o.get(CommonOptions.REQUEST_PRICES).strip()) == null ? null
            : Path.of(o.get(CommonOptions.REQUEST_PRICES).strip()));
  }

  private static Experiment experiment(OptionValues o) {
    List<Experiment.Factor> factors = o.get(CommonOptions.VARY);
    if (factors.isEmpty()) {
      if (!o.get(CommonOptions.VARY_SEED).isEmpty()
          || !o.get(CommonOptions.VARY_ORDER).equals("random")) {
        throw new InvalidInputException("--vary-order and --vary-seed go with --vary");
      }
      return Experiment.NONE;
    }
    String seed = o.get(CommonOptions.VARY_SEED);
    long s;
    if (seed.isEmpty()) {
      s = java.util.concurrent.ThreadLocalRandom.current().nextLong(1L << 48);
    } else {
      try {
        s = Long.parseLong(seed.strip());
      } catch (NumberFormatException e) {
        throw new InvalidInputException("invalid --vary-seed '" + seed + "': give a whole number");
      }
    }
    return new Experiment(factors, o.get(CommonOptions.VARY_ORDER).equals("sequential"), s);
  }

  private static String blank(String s) {
    return s == null || s.isEmpty() ? null : s;
  }

  /** These settings with {@code baseDir} as the base directory. */
  public RunSettings withBaseDir(String dir) {
    return new RunSettings(
        out, cluster, datanodes, defines, confFiles, hadoopConfDir, dir, keep, repeat, warmup, fs,
        instrument, label, resume, metrics, metricsInterval, recorded, experiment, requestPrices);
  }

  /** These settings with {@code d} as the {@code -D} settings: a cell of {@code --vary}. */
  public RunSettings withDefines(Map<String, String> d) {
    return new RunSettings(
        out, cluster, datanodes,
        java.util.Collections.unmodifiableMap(new LinkedHashMap<>(d)), confFiles, hadoopConfDir, baseDir, keep, repeat,
        warmup, fs, instrument, label, resume, metrics, metricsInterval, recorded, experiment,
        requestPrices);
  }

  /** These settings with {@code uri} as the data's file system: a cell of {@code --vary fs}. */
  public RunSettings withFs(String uri) {
    return new RunSettings(
        out, cluster, datanodes, defines, confFiles, hadoopConfDir, baseDir, keep, repeat, warmup,
        uri, instrument, label, resume, metrics, metricsInterval, recorded, experiment,
        requestPrices);
  }

  /** The default base directory of a suite. */
  public static String defaultBaseDir(String suite) {
    return "/benchmarks/hbench/" + suite;
  }

  /**
   * These settings as the record's {@code options} show them: the recorded common options, with
   * the results file and base directory as the run resolved them.
   */
  public Map<String, String> asText(String suite, Path resolvedOut) {
    Map<String, String> m = new LinkedHashMap<>(recorded);
    m.put("out", resolvedOut.toString());
    m.put("base_dir", baseDir == null ? defaultBaseDir(suite) : baseDir);
    if (fs != null) {
      m.put("fs", fs);
    }
    return m;
  }
}
