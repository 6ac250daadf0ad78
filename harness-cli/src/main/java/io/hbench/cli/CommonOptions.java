package io.hbench.cli;

import io.hbench.core.InvalidInputException;
import io.hbench.core.RunSettings;
import io.hbench.core.cluster.ClusterMode;
import io.hbench.core.cluster.KerberosLogin;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/** The options every suite shares, added to each subcommand and read back into RunSettings. */
final class CommonOptions {

  private CommonOptions() {}

  static void addTo(CommandSpec spec, String suite, int defaultRepeat) {
    add(spec,
        OptionSpec.builder("--out")
            .paramLabel("FILE")
            .type(String.class)
            .description(
                "Results file, JSON Lines, appended one record per point as it completes."
                    + " Default: hbench-results/" + suite + "-<run id>.jsonl.")
            .build());
    add(spec,
        OptionSpec.builder("--resume")
            .type(boolean.class)
            .arity("0")
            .description(
                "Finish a run cut short: measure only the points (and repeats) not already"
                    + " recorded ok in --out with the same options, and append them.")
            .build());
    add(spec,
        OptionSpec.builder("--cluster")
            .paramLabel("MODE")
            .type(String.class)
            .defaultValue("auto")
            .description(
                "auto: the configured cluster if fs.defaultFS names one, else an embedded"
                    + " in-process cluster; mini: always embedded (HDFS + YARN); mini-ozone:"
                    + " embedded Ozone + YARN, data on ofs://; conf: always the configured"
                    + " cluster. Default: auto.")
            .build());
    add(spec, datanodes("Datanodes of the embedded cluster. Default: 1."));
    add(spec, defines("Hadoop setting for this run (repeatable), applied after --conf."));
    add(spec,
        OptionSpec.builder("--conf")
            .paramLabel("FILE")
            .type(List.class)
            .auxiliaryTypes(String.class)
            .description(
                "Settings file (repeatable): Hadoop XML, or key=value lines. Read after"
                    + " HADOOP_CONF_DIR.")
            .build());
    add(spec,
        OptionSpec.builder("--principal")
            .paramLabel("NAME")
            .type(String.class)
            .description(
                "Kerberos principal to log in as from --keytab, for a kerberized cluster (its"
                    + " configuration says hadoop.security.authentication=kerberos). Without it,"
                    + " the ticket cache of kinit is used.")
            .build());
    add(spec,
        OptionSpec.builder("--keytab")
            .paramLabel("FILE")
            .type(String.class)
            .description("Keytab holding --principal's key.")
            .build());
    add(spec,
        OptionSpec.builder("--base-dir")
            .paramLabel("DIR")
            .type(String.class)
            .description(
                "Where the suite writes; it creates, and deletes, only directories it marked as"
                    + " its own there. Default: " + RunSettings.defaultBaseDir(suite) + ".")
            .build());
    add(spec,
        OptionSpec.builder("--keep")
            .type(boolean.class)
            .arity("0")
            .description("Keep each point's data after it is measured (default: delete it).")
            .build());
    add(spec,
        OptionSpec.builder("--repeat")
            .paramLabel("N")
            .type(int.class)
            .defaultValue(Integer.toString(defaultRepeat))
            .description("Measure each point N times, warm-up repeats included. Default: "
                + defaultRepeat + ". Each is one record; the tables add their mean and spread."
                + " Also spelled --repeats (fsops) and --runs (disk).")
            .build());
    // Aliases kept from fsops (--repeats) and disk (--runs): same option, not shown twice.
    for (String alias : REPEAT_ALIASES) {
      add(spec, OptionSpec.builder(alias).paramLabel("N").type(int.class).hidden(true).build());
    }
    add(spec,
        OptionSpec.builder("--warmup")
            .paramLabel("N")
            .type(int.class)
            .defaultValue("0")
            .description("The first N repeats of each point are recorded with warmup: true,"
                + " shown, and left out of every summary (the first pays for connection set-up"
                + " and cold caches). Default: 0.")
            .build());
    add(spec,
        OptionSpec.builder("--fs")
            .paramLabel("URI")
            .type(String.class)
            .description(
                "File system for the suite's data, e.g. ofs://om-host/vol/bucket or"
                    + " s3a://bucket; the base directory goes under it. Default: fs.defaultFS.")
            .build());
    add(spec,
        OptionSpec.builder("--label")
            .paramLabel("NAME")
            .type(String.class)
            .description(
                "What this run is compared as in bench report and compare (a cluster, a"
                    + " setting): 1-64 letters, digits and . _ : @ / + -. Default: embedded, the"
                    + " authority of fs.defaultFS, the data file system's, or the host.")
            .build());
    add(spec,
        OptionSpec.builder("--instrument")
            .type(boolean.class)
            .arity("0")
            .description(
                "Count and time every call to the data file system (write, hsync, close,"
                    + " read, create, rename, ...) in this process and in the job's tasks;"
                    + " figures go into each record and a per-task table."
                    + " See docs/instrumented-fs.md.")
            .build());
    add(spec,
        OptionSpec.builder("--metrics")
            .type(boolean.class)
            .arity("0")
            .negatable(true)
            .description(
                "Read the cluster's daemons' own figures (NameNode RPC queue and processing"
                    + " time, datanode bytes and block write time, YARN containers, GC) from"
                    + " their /jmx before, during and after each phase, into each record, with a"
                    + " summary of what stands out. Default: on for the embedded cluster, off for"
                    + " a configured one (--no-metrics, --metrics). See docs/metrics.md.")
            .build());
    add(spec,
        OptionSpec.builder("--metrics-interval")
            .paramLabel("DURATION")
            .type(String.class)
            .description("Time between reads of the daemons' figures during a phase, e.g. 2s."
                + " Default: 5s.")
            .build());
    add(spec, format("The end-of-run tables: text (aligned columns), markdown, csv or json. Default:"
        + " text. Progress goes to stderr, so stdout holds only the tables."));
  }

  /** {@code --format text|markdown|csv|json}, default text. */
  static OptionSpec format(String description) {
    return OptionSpec.builder("--format")
        .paramLabel("FORMAT")
        .type(String.class)
        .defaultValue("text")
        .description(description)
        .build();
  }

  /** The {@code --format} given, or text. */
  static io.hbench.core.report.TableFormat format(ParseResult sub) {
    String text = sub.matchedOptionValue("--format", "text");
    io.hbench.core.report.TableFormat f = io.hbench.core.report.TableFormat.parse(text);
    if (f == null) {
      throw new InvalidInputException(
          "invalid --format '" + text + "': one of text, markdown, csv, json");
    }
    return f;
  }

  /**
   * The format of a run's end-of-run tables: {@code --format}'s, unless the suite declares a
   * {@code --format} of its own (tpch's table storage; see {@link #add}), when they are text.
   */
  static io.hbench.core.report.TableFormat tables(ParseResult sub,
      List<io.hbench.core.BenchmarkOption<?>> suiteOptions) {
    boolean suites = suiteOptions.stream().anyMatch(o -> o.name().equals("--format"));
    return suites ? io.hbench.core.report.TableFormat.TEXT : format(sub);
  }

  /**
   * Adds a common option unless the suite declares one of that name itself (nnthroughput's
   * {@code --datanodes} counts simulated datanodes): the suite's own meaning wins, and the run
   * takes the common option's default.
   */
  private static void add(CommandSpec spec, OptionSpec option) {
    if (spec.findOption(option.longestName()) == null) {
      spec.addOption(option);
    }
  }

  /** {@code --datanodes N}, default 1. */
  static OptionSpec datanodes(String description) {
    return OptionSpec.builder("--datanodes")
        .paramLabel("N")
        .type(int.class)
        .defaultValue("1")
        .description(description)
        .build();
  }

  /** {@code -D KEY=VALUE}, repeatable. */
  static OptionSpec defines(String description) {
    return OptionSpec.builder("-D")
        .paramLabel("KEY=VALUE")
        .type(Map.class)
        .auxiliaryTypes(String.class, String.class)
        .description(description)
        .build();
  }

  /** Other names of {@code --repeat}, from the suites that had their own. */
  static final List<String> REPEAT_ALIASES = List.of("--repeats", "--runs");

  /** {@code --repeat}, or the alias given instead. */
  private static int repeat(ParseResult sub) {
    for (String alias : REPEAT_ALIASES) {
      if (sub.hasMatchedOption(alias)) {
        if (sub.hasMatchedOption("--repeat")) {
          throw new InvalidInputException("give --repeat or " + alias + ", not both");
        }
        return sub.matchedOptionValue(alias, 1);
      }
    }
    return sub.commandSpec().findOption("--repeat").getValue();
  }

  static RunSettings settings(ParseResult sub, String hadoopConfDir) {
    String out = sub.matchedOptionValue("--out", null);
    Map<String, String> defines = sub.matchedOptionValue("-D", Map.of());
    for (String key : defines.keySet()) {
      if (key.isBlank() || defines.get(key) == null) {
        throw new InvalidInputException("-D needs key=value, got '" + key + "'");
      }
    }
    String principal = sub.matchedOptionValue("--principal", null);
    String keytab = sub.matchedOptionValue("--keytab", null);
    if (principal != null || keytab != null) {
      // Settings, so that --conf files and -D can carry them too, and the record says who ran.
      defines = new java.util.LinkedHashMap<>(defines);
      if (principal != null) {
        defines.put(KerberosLogin.PRINCIPAL, principal);
      }
      if (keytab != null) {
        defines.put(KerberosLogin.KEYTAB, keytab);
      }
    }
    List<String> confs = sub.matchedOptionValue("--conf", List.of());
    String metricsInterval = sub.matchedOptionValue("--metrics-interval", null);
    return new RunSettings(
        out == null ? null : Path.of(out),
        ClusterMode.parse(sub.commandSpec().findOption("--cluster").getValue()),
        sub.commandSpec().findOption("--datanodes").getValue() instanceof Integer n ? n : 1,
        defines,
        confs,
        hadoopConfDir,
        sub.matchedOptionValue("--base-dir", null),
        sub.hasMatchedOption("--keep"),
        repeat(sub),
        sub.commandSpec().findOption("--warmup").getValue(),
        sub.matchedOptionValue("--fs", null),
        sub.hasMatchedOption("--instrument"),
        sub.matchedOptionValue("--label", null),
        sub.hasMatchedOption("--resume"),
        sub.hasMatchedOption("--metrics") ? sub.matchedOptionValue("--metrics", Boolean.TRUE) : null,
        metricsInterval == null ? null
            : io.hbench.core.BenchmarkOption.parseDuration("--metrics-interval", metricsInterval));
  }
}
