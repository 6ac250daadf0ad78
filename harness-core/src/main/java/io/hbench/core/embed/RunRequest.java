package io.hbench.core.embed;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.cluster.ClusterMode;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.text.Console;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;

/**
 * The embedding API: a run of one suite, built with typed setters and run in this process, as
 * JMH's {@code OptionsBuilder} and {@code Runner} are used.
 *
 * <pre>{@code
 * List<ResultRecord> records = RunRequest.suite("terasort")
 *     .option("--sizes", "32M")
 *     .cluster(ClusterMode.MINI)
 *     .listener(r -> System.out.println(r.point() + " " + r.status()))
 *     .build()
 *     .run();
 * }</pre>
 *
 * <p>By default nothing is printed and no results file is written: the records come back from
 * {@link #run()} and through listeners. No shutdown hook, exit or global handler is installed;
 * {@link #cancel()} stops a run from another thread. Bad input throws {@link
 * InvalidInputException} before anything is created.
 */
public final class RunRequest {

  private final RunEngine.Run run;

  private RunRequest(RunEngine.Run run) {
    this.run = run;
  }

  /** The suites on the class path, by name. */
  public static Map<String, Benchmark> suites() {
    Map<String, Benchmark> all = new TreeMap<>();
    for (Benchmark b : ServiceLoader.load(Benchmark.class, RunRequest.class.getClassLoader())) {
      all.put(b.name(), b);
    }
    return all;
  }

  /** A request for the suite named {@code name}; throws {@link InvalidInputException} if none is. */
  public static Builder suite(String name) {
    Benchmark b = suites().get(name);
    if (b == null) {
      throw new InvalidInputException("unknown suite '" + name + "'; known: " + suites().keySet());
    }
    return new Builder(b);
  }

  /** A request for {@code benchmark}. */
  public static Builder suite(Benchmark benchmark) {
    return new Builder(benchmark);
  }

  /**
   * Runs the suite: opens the cluster, measures every point, and returns the records in order
   * (ok and failed alike). Blocks until the run is over or cancelled.
   *
   * @throws IOException when the results file cannot be written
   */
  public List<ResultRecord> run() throws IOException {
    return run.run();
  }

  /** Stops the run under way: running jobs are killed, the point under way is recorded failed. */
  public void cancel() {
    run.cancel();
  }

  /**
   * Builds a {@link RunRequest}. Each setter gives one of the options {@code bench} has, as its
   * command line would ({@link SuiteOptions}): unset, an option has {@code bench}'s default.
   */
  public static final class Builder {
    private final Benchmark benchmark;
    private final Map<String, List<String>> texts = new LinkedHashMap<>();
    private final List<RunListener> listeners = new ArrayList<>();
    private String hadoopConfDir;
    private Console console;
    private boolean printTables;

    private Builder(Benchmark benchmark) {
      // A suite whose options shadow a common one is refused here, before anything runs.
      SuiteOptions.of(benchmark);
      this.benchmark = benchmark;
    }

    private Builder set(BenchmarkOption<?> option, String text) {
      texts.put(option.name(), new ArrayList<>(List.of(text)));
      return this;
    }

    private Builder add(BenchmarkOption<?> option, String text) {
      texts.computeIfAbsent(option.name(), k -> new ArrayList<>()).add(text);
      return this;
    }

    /**
     * An option, as on the command line: {@code option("--sizes", "32M..64M")}; the suite's own,
     * its load's, or a common one.
     */
    public Builder option(String name, String value) {
      texts.put(name, new ArrayList<>(List.of(value)));
      return this;
    }

    /** A flag, such as {@code --keep-results}. */
    public Builder flag(String name) {
      return option(name, "true");
    }

    /** Which cluster to use; {@link ClusterMode#AUTO} by default. */
    public Builder cluster(ClusterMode mode) {
      return set(CommonOptions.CLUSTER, mode.text());
    }

    /** Datanodes of an embedded cluster (1). */
    public Builder datanodes(int n) {
      return set(CommonOptions.DATANODES, Integer.toString(n));
    }

    /** A Hadoop setting for this run ({@code -D}). */
    public Builder define(String key, String value) {
      return add(CommonOptions.DEFINES, key + "=" + value);
    }

    /**
     * Logs in to a kerberized cluster as {@code principal} from {@code keytab} ({@code
     * --principal}, {@code --keytab}); the login is this process's.
     */
    public Builder kerberos(String principal, String keytab) {
      set(CommonOptions.PRINCIPAL, principal);
      return set(CommonOptions.KEYTAB, keytab);
    }

    /** A settings file, XML or key=value ({@code --conf}). */
    public Builder conf(String file) {
      return add(CommonOptions.CONF, file);
    }

    /** The Hadoop configuration directory to read ({@code HADOOP_CONF_DIR}); none by default. */
    public Builder hadoopConfDir(String dir) {
      hadoopConfDir = dir;
      return this;
    }

    /** Where the suite writes ({@code --base-dir}). */
    public Builder baseDir(String dir) {
      return set(CommonOptions.BASE_DIR, dir);
    }

    /** Keep each point's data ({@code --keep}). */
    public Builder keep(boolean k) {
      return set(CommonOptions.KEEP, Boolean.toString(k));
    }

    /** Times each point is measured; the suite's default unless set. */
    public Builder repeat(int n) {
      return set(CommonOptions.REPEAT, Integer.toString(n));
    }

    /** Warm-up repeats of each point, recorded and left out of summaries (0). */
    public Builder warmup(int n) {
      return set(CommonOptions.WARMUP, Integer.toString(n));
    }

    /** The file system for the data ({@code --fs}). */
    public Builder fileSystem(String uri) {
      return set(CommonOptions.FS, uri);
    }

    /** Count and time file system calls ({@code --instrument}). */
    public Builder instrument(boolean on) {
      return set(CommonOptions.INSTRUMENT, Boolean.toString(on));
    }

    /** What the run is compared as ({@code --label}); derived from the environment by default. */
    public Builder label(String name) {
      return set(CommonOptions.LABEL, name);
    }

    /**
     * Measure only what {@link #resultsFile} does not already hold ok with the same options
     * ({@code --resume}); off by default.
     */
    public Builder resume(boolean on) {
      return set(CommonOptions.RESUME, Boolean.toString(on));
    }

    /**
     * Read the cluster's daemons' own figures during each phase ({@code --metrics}); by default
     * on for the embedded cluster and off for a configured one.
     */
    public Builder metrics(boolean on) {
      return set(CommonOptions.METRICS, Boolean.toString(on));
    }

    /** Time between reads of the daemons' figures during a phase; 5 s by default. */
    public Builder metricsInterval(java.time.Duration interval) {
      return set(CommonOptions.METRICS_INTERVAL, interval.toMillis() + "ms");
    }

    /** Append records to this JSON Lines file as well; none by default. */
    public Builder resultsFile(Path file) {
      return set(CommonOptions.OUT, file.toString());
    }

    /** Show progress here, and with {@code tables} the end-of-run tables; silent by default. */
    public Builder console(Console c, boolean tables) {
      console = c;
      printTables = tables;
      return this;
    }

    /** Receives each record as it is measured. */
    public Builder listener(RunListener l) {
      listeners.add(l);
      return this;
    }

    /** Checks the options and settings; throws {@link InvalidInputException} when one is bad. */
    public RunRequest build() {
      Console c = console != null ? console : silent();
      SuiteOptions.Parsed parsed = SuiteOptions.parse(benchmark, texts, c::status);
      RunSettings settings = RunSettings.of(parsed.common(), hadoopConfDir);
      return new RunRequest(RunEngine.find().prepare(benchmark, parsed.suite(), settings, c,
          printTables ? parsed.common().get(CommonOptions.FORMAT) : null, listeners));
    }

    private static Console silent() {
      PrintStream none = new PrintStream(OutputStream.nullOutputStream());
      return new Console(none, none, false, Long.MAX_VALUE);
    }
  }
}
