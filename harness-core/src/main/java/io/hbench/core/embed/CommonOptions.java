package io.hbench.core.embed;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.OptionValues;
import io.hbench.core.cluster.ClusterMode;
import io.hbench.core.cluster.KerberosLogin;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.report.TableFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The options every suite shares, declared here once as {@link BenchmarkOption}s: the CLI builds
 * them into every subcommand, the embedding API's setters ({@link RunRequest.Builder}) give them
 * as text, {@link RunSettings} is read from their values, and the record's {@code options} are
 * their texts. A suite declares none of them, and one that declares an option of the same name
 * is refused ({@link SuiteOptions}).
 */
public final class CommonOptions {

  public static final BenchmarkOption<String> OUT =
      BenchmarkOption.text("--out", "FILE", "Results file, JSON Lines, appended one record per"
          + " point as it completes. Default: hbench-results/<suite>-<run id>.jsonl.", "");
  public static final BenchmarkOption<Boolean> RESUME =
      BenchmarkOption.flag("--resume", "Finish a run cut short: measure only the points (and"
          + " repeats) not already recorded ok in --out with the same options, and append them.")
          .unrecorded();
  public static final BenchmarkOption<ClusterMode> CLUSTER =
      BenchmarkOption.of("--cluster", "MODE", "auto: the configured cluster if fs.defaultFS names"
          + " one, else an embedded in-process cluster; mini: always embedded (HDFS + YARN);"
          + " mini-ozone: embedded Ozone + YARN, data on ofs://; conf: always the configured"
          + " cluster.", "auto", ClusterMode::parse);
  public static final BenchmarkOption<Integer> DATANODES =
      BenchmarkOption.integer("--datanodes", "Datanodes of the embedded cluster.", "1", 1);
  public static final BenchmarkOption<List<Map.Entry<String, String>>> DEFINES =
      BenchmarkOption.repeatable("-D", "KEY=VALUE", "Hadoop setting for this run (repeatable),"
          + " applied after --conf.", CommonOptions::setting).unrecorded();
  public static final BenchmarkOption<List<String>> CONF =
      BenchmarkOption.repeatable("--conf", "FILE", "Settings file (repeatable): Hadoop XML, or"
          + " key=value lines. Read after HADOOP_CONF_DIR.", f -> f);
  public static final BenchmarkOption<String> PRINCIPAL =
      BenchmarkOption.text("--principal", "NAME", "Kerberos principal to log in as from"
          + " --keytab, for a kerberized cluster (its configuration says"
          + " hadoop.security.authentication=kerberos). Without it, the ticket cache of kinit is"
          + " used.", "").unrecorded();
  public static final BenchmarkOption<String> KEYTAB =
      BenchmarkOption.text("--keytab", "FILE", "Keytab holding --principal's key.", "")
          .unrecorded();
  public static final BenchmarkOption<String> TASK_JAVA_HOME =
      BenchmarkOption.text("--task-java-home", "DIR", "Run the jobs' ApplicationMaster and tasks"
          + " on the Java 17 (or later) installed at DIR on every node, for a cluster whose"
          + " NodeManagers run Java 8 or 11: sets their JAVA_HOME and Java 17's --add-opens"
          + " flags. See docs/getting-started.md.", "");
  public static final BenchmarkOption<String> TASK_JDK_ARCHIVE =
      BenchmarkOption.text("--task-jdk-archive", "URI", "As --task-java-home, with a JDK"
          + " tarball (.tar.gz, .tgz or .zip) on the cluster's file system, unpacked beside"
          + " each container as one of the job's archives.", "");
  public static final BenchmarkOption<String> BASE_DIR =
      BenchmarkOption.text("--base-dir", "DIR", "Where the suite writes; it creates, and deletes,"
          + " only directories it marked as its own there. Default: /benchmarks/hbench/<suite>.",
          "");
  public static final BenchmarkOption<Boolean> KEEP =
      BenchmarkOption.flag("--keep", "Keep each point's data after it is measured (default:"
          + " delete it).");
  public static final BenchmarkOption<Integer> REPEAT =
      BenchmarkOption.integer("--repeat", "Measure each point N times, warm-up repeats included."
          + " Each is one record; the tables add their mean and spread.", "1", 1)
          // Kept from fsops (--repeats) and disk (--runs), which had their own.
          .alias("--repeats", "--runs");
  public static final BenchmarkOption<Integer> WARMUP =
      BenchmarkOption.integer("--warmup", "The first N repeats of each point are recorded with"
          + " warmup: true, shown, and left out of every summary (the first pays for connection"
          + " set-up and cold caches).", "0", 0);
  public static final BenchmarkOption<String> FS =
      BenchmarkOption.text("--fs", "URI", "File system for the suite's data, e.g."
          + " ofs://om-host/vol/bucket or s3a://bucket; the base directory goes under it."
          + " Default: fs.defaultFS.", "");
  public static final BenchmarkOption<String> LABEL =
      BenchmarkOption.text("--label", "NAME", "What this run is compared as in bench report and"
          + " compare (a cluster, a setting): 1-64 letters, digits and . _ : @ / + -. Default:"
          + " embedded, the authority of fs.defaultFS, the data file system's, or the host.", "");
  public static final BenchmarkOption<List<Map.Entry<String, String>>> TAGS =
      BenchmarkOption.repeatable("--tag", "NAME=VALUE", "Something this run is known by"
          + " (repeatable), such as version=3.4.1 or commit=5e1f0c2: recorded with every"
          + " record, for bench history --by NAME. NAME: letters, digits and . _ -; VALUE: up to"
          + " 128 characters, no comma.", CommonOptions::tag);
  public static final BenchmarkOption<List<Experiment.Factor>> VARY =
      BenchmarkOption.repeatable("--vary", "KEY=V1,V2[,...]", "Measure at each level of KEY"
          + " (repeatable: every combination of the keys' levels, a cell each): a suite option"
          + " without its dashes (threads=4,16) or a -D setting (dfs.blocksize=128m,256m; on the"
          + " embedded cluster its servers are restarted with it). With --repeat N, every cell"
          + " is measured once in each of N blocks, in an order shuffled per block, so that drift"
          + " over the run does not pass for a level's effect. bench report adds each key's main"
          + " effect. See docs/experiments.md.", Experiment::factor);
  public static final BenchmarkOption<String> VARY_ORDER =
      BenchmarkOption.choice("--vary-order", "random: each block's cells in a shuffled order"
          + " (the default, and the design the main effects assume); sequential: every block of"
          + " one cell before the next cell, as levels are often run by hand, to see what drift"
          + " does to such a run.", "random", "random", "sequential");
  public static final BenchmarkOption<String> VARY_SEED =
      BenchmarkOption.text("--vary-seed", "N", "Seed of the blocks' shuffle; default: a random"
          + " one. Each record keeps the seed it was measured with.", "");
  public static final BenchmarkOption<Boolean> INSTRUMENT =
      BenchmarkOption.flag("--instrument", "Count and time every call to the data file system"
          + " (write, hsync, close, read, create, rename, ...) in this process and in the job's"
          + " tasks; figures go into each record and a per-task table. See"
          + " docs/instrumented-fs.md.");
  public static final BenchmarkOption<String> REQUEST_PRICES =
      BenchmarkOption.text("--request-prices", "FILE", "Prices of an object store's requests and"
          + " bytes (lines such as store_put_requests = 0.005 / 1000, with currency and source):"
          + " each phase on S3A gets its estimated cost. See docs/object-stores.md.", "");
  public static final BenchmarkOption<Boolean> METRICS =
      BenchmarkOption.switchable("--metrics", "Read the cluster's daemons' own figures (NameNode"
          + " RPC queue and processing time, datanode bytes and block write time, YARN"
          + " containers, GC) from their /jmx before, during and after each phase, into each"
          + " record, with a summary of what stands out. Default: on for the embedded cluster,"
          + " off for a configured one (--no-metrics, --metrics). See docs/metrics.md.")
          .unrecorded();
  public static final BenchmarkOption<Duration> METRICS_INTERVAL =
      BenchmarkOption.duration("--metrics-interval", "Time between reads of the daemons' figures"
          + " during a phase, e.g. 2s.", "5s").unrecorded();
  public static final BenchmarkOption<TableFormat> FORMAT =
      BenchmarkOption.choice("--format", "FORMAT", "The end-of-run tables: text (aligned"
          + " columns), markdown, csv or json. Progress goes to stderr, so stdout holds only the"
          + " tables.", "text", List.of(TableFormat.values()), TableFormat::text).unrecorded();

  private CommonOptions() {}

  /** Every common option of {@code suite}, in the order {@code --help} shows them. */
  public static List<BenchmarkOption<?>> of(Benchmark suite) {
    List<BenchmarkOption<?>> all = new ArrayList<>(List.of(OUT, RESUME, CLUSTER, DATANODES,
        DEFINES, CONF, PRINCIPAL, KEYTAB, TASK_JAVA_HOME, TASK_JDK_ARCHIVE, BASE_DIR, KEEP));
    all.add(REPEAT.withDefault(Integer.toString(suite.defaultRepeat())));
    all.addAll(List.of(WARMUP, FS, LABEL, TAGS, VARY, VARY_ORDER, VARY_SEED, INSTRUMENT, REQUEST_PRICES, METRICS,
        METRICS_INTERVAL, FORMAT));
    return all;
  }

  /** {@code key=value} as one setting; anything else is refused naming {@code -D}. */
  static Map.Entry<String, String> setting(String text) {
    int eq = text.indexOf('=');
    if (eq <= 0 || text.substring(0, eq).isBlank()) {
      throw new InvalidInputException("-D needs key=value, got '" + text + "'");
    }
    return Map.entry(text.substring(0, eq).strip(), text.substring(eq + 1));
  }

  /** {@code name=value} as one tag; the record keeps tags comma-joined, so a value has no comma. */
  static Map.Entry<String, String> tag(String text) {
    int eq = text.indexOf('=');
    String name = eq < 0 ? text : text.substring(0, eq);
    String value = eq < 0 ? "" : text.substring(eq + 1);
    if (!name.matches("[A-Za-z0-9._-]{1,64}") || value.isEmpty() || value.length() > 128
        || value.contains(",") || !value.strip().equals(value)) {
      throw new InvalidInputException("--tag needs NAME=VALUE (NAME: letters, digits and . _ -;"
          + " VALUE: 1 to 128 characters, no comma), got '" + text + "'");
    }
    return Map.entry(name, value);
  }

  /**
   * The settings {@code --task-java-home} and {@code --task-jdk-archive} give, as {@code -D}
   * would ({@link io.hbench.core.mapreduce.TaskJava}); a malformed one is refused.
   */
  static void taskJava(OptionValues o, Map<String, String> defines) {
    String home = o.get(TASK_JAVA_HOME).isBlank() ? null : o.get(TASK_JAVA_HOME).strip();
    String archive = o.get(TASK_JDK_ARCHIVE).isBlank() ? null : o.get(TASK_JDK_ARCHIVE).strip();
    String problem = taskJavaProblem(home, archive);
    if (problem != null) {
      throw new InvalidInputException(problem);
    }
    if (home != null) {
      defines.put(io.hbench.core.mapreduce.TaskJava.JAVA_HOME, home);
    }
    if (archive != null) {
      defines.put(io.hbench.core.mapreduce.TaskJava.JDK_ARCHIVE, archive);
    }
  }

  /**
   * Checks {@code --task-java-home} and {@code --task-jdk-archive}'s form (here, not in {@link
   * io.hbench.core.mapreduce.TaskJava}: options are read where no Hadoop class is, and a run
   * then says to use {@code yarn jar}): an absolute directory, or an archive URI of a {@code .tar.gz},
   * {@code .tgz} or {@code .zip}; not both. Returns null when fine, else what is wrong.
   */
  static String taskJavaProblem(String javaHome, String archive) {
    if (javaHome != null && archive != null) {
      return "--task-java-home and --task-jdk-archive cannot be used together";
    }
    if (javaHome != null && !javaHome.startsWith("/")) {
      return "--task-java-home must be an absolute directory (present on every node), got '"
          + javaHome + "'";
    }
    if (archive != null) {
      try {
        if (new java.net.URI(archive).getFragment() != null) {
          return "--task-jdk-archive: no #fragment, hbench names the link itself";
        }
      } catch (java.net.URISyntaxException e) {
        return "--task-jdk-archive: not a URI: " + e.getReason();
      }
      String lower = archive.toLowerCase(java.util.Locale.ROOT);
      if (!(lower.endsWith(".tar.gz") || lower.endsWith(".tgz") || lower.endsWith(".zip"))) {
        return "--task-jdk-archive must name a .tar.gz, .tgz or .zip of a JDK, got '" + archive
            + "'";
      }
    }
    return null;
  }

  /** The Kerberos settings {@code --principal} and {@code --keytab} give, as {@code -D} would. */
  static void kerberos(OptionValues o, Map<String, String> defines) {
    if (!o.get(PRINCIPAL).isEmpty()) {
      defines.put(KerberosLogin.PRINCIPAL, o.get(PRINCIPAL));
    }
    if (!o.get(KEYTAB).isEmpty()) {
      defines.put(KerberosLogin.KEYTAB, o.get(KEYTAB));
    }
  }
}
