package io.hbench.core;

import io.hbench.core.cluster.ClusterMode;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options every suite shares, owned by the core.
 *
 * @param out results file (JSON Lines, appended); null for the default under {@code
 *     ./hbench-results/}
 * @param cluster which cluster to use
 * @param datanodes datanodes of an embedded cluster
 * @param defines {@code -D key=value} settings
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
    java.time.Duration metricsInterval) {

  /** Time between reads of the daemons' figures unless {@code --metrics-interval} says. */
  public static final java.time.Duration DEFAULT_METRICS_INTERVAL = java.time.Duration.ofSeconds(5);

  /** Settings of a run that is not a resumption. */
  public RunSettings(Path out, ClusterMode cluster, int datanodes, Map<String, String> defines,
      List<String> confFiles, String hadoopConfDir, String baseDir, boolean keep, int repeat,
      int warmup, String fs, boolean instrument, String label) {
    this(out, cluster, datanodes, defines, confFiles, hadoopConfDir, baseDir, keep, repeat, warmup,
        fs, instrument, label, false, null, DEFAULT_METRICS_INTERVAL);
  }

  public RunSettings {
    if (resume && out == null) {
      throw new InvalidInputException(
          "--resume needs --out: the results file of the run to finish");
    }
    if (metricsInterval == null) {
      metricsInterval = DEFAULT_METRICS_INTERVAL;
    }
    if (metricsInterval.toMillis() < 100) {
      throw new InvalidInputException("--metrics-interval must be at least 100ms, got "
          + metricsInterval.toMillis() + "ms");
    }
    if (datanodes < 1) {
      throw new InvalidInputException("--datanodes must be at least 1, got " + datanodes);
    }
    if (repeat < 1) {
      throw new InvalidInputException("--repeat must be at least 1, got " + repeat);
    }
    if (warmup < 0) {
      throw new InvalidInputException("--warmup must be at least 0, got " + warmup);
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
    defines = Map.copyOf(new LinkedHashMap<>(defines));
    confFiles = List.copyOf(confFiles);
  }

  /** These settings with {@code baseDir} as the base directory. */
  public RunSettings withBaseDir(String dir) {
    return new RunSettings(
        out, cluster, datanodes, defines, confFiles, hadoopConfDir, dir, keep, repeat, warmup, fs,
        instrument, label, resume, metrics, metricsInterval);
  }

  /** The defaults, as {@code bench <suite>} with no common options would use. */
  public static RunSettings defaults() {
    return new RunSettings(
        null, ClusterMode.AUTO, 1, Map.of(), List.of(), null, null, false, 1, 0, null, false,
        null);
  }

  /** The default base directory of a suite. */
  public static String defaultBaseDir(String suite) {
    return "/benchmarks/hbench/" + suite;
  }

  /** These settings as text, for the record's {@code options}. */
  Map<String, String> asText(String suite, Path resolvedOut) {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("out", resolvedOut.toString());
    m.put("cluster", cluster.text());
    m.put("datanodes", Integer.toString(datanodes));
    m.put("conf", String.join(",", confFiles));
    m.put("base_dir", baseDir == null ? defaultBaseDir(suite) : baseDir);
    m.put("keep", Boolean.toString(keep));
    m.put("repeat", Integer.toString(repeat));
    m.put("warmup", Integer.toString(warmup));
    m.put("fs", fs == null ? "" : fs);
    m.put("instrument", Boolean.toString(instrument));
    m.put("label", label == null ? "" : label);
    return m;
  }
}
