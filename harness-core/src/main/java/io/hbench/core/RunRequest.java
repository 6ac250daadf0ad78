package io.hbench.core;

import io.hbench.core.cluster.ClusterMode;
import io.hbench.core.report.Console;
import io.hbench.core.result.ResultRecord;
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

  private final Benchmark benchmark;
  private final OptionValues options;
  private final RunSettings settings;
  private final BenchmarkRunner runner;

  private RunRequest(Benchmark benchmark, OptionValues options, RunSettings settings,
      BenchmarkRunner runner) {
    this.benchmark = benchmark;
    this.options = options;
    this.settings = settings;
    this.runner = runner;
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
    return runner.run(benchmark, options, settings).records();
  }

  /** Stops the run under way: running jobs are killed, the point under way is recorded failed. */
  public void cancel() {
    runner.cancel();
  }

  /** Builds a {@link RunRequest}; every setter has the default {@code bench} would use. */
  public static final class Builder {
    private final Benchmark benchmark;
    private final Map<String, String> options = new LinkedHashMap<>();
    private final Map<String, String> defines = new LinkedHashMap<>();
    private final List<String> confFiles = new ArrayList<>();
    private final List<RunListener> listeners = new ArrayList<>();
    private ClusterMode cluster = ClusterMode.AUTO;
    private int datanodes = 1;
    private String hadoopConfDir;
    private String baseDir;
    private boolean keep;
    private Integer repeat;
    private int warmup;
    private String fs;
    private boolean instrument;
    private String label;
    private boolean resume;
    private Boolean metrics;
    private java.time.Duration metricsInterval;
    private Path resultsFile;
    private Console console;
    private boolean printTables;

    private Builder(Benchmark benchmark) {
      this.benchmark = benchmark;
    }

    /** A suite option, as on the command line: {@code option("--sizes", "32M..64M")}. */
    public Builder option(String name, String value) {
      options.put(name, value);
      return this;
    }

    /** A suite flag, such as {@code --keep-results}. */
    public Builder flag(String name) {
      options.put(name, "true");
      return this;
    }

    /** Which cluster to use; {@link ClusterMode#AUTO} by default. */
    public Builder cluster(ClusterMode mode) {
      cluster = mode;
      return this;
    }

    /** Datanodes of an embedded cluster (1). */
    public Builder datanodes(int n) {
      datanodes = n;
      return this;
    }

    /** A Hadoop setting for this run ({@code -D}). */
    public Builder define(String key, String value) {
      defines.put(key, value);
      return this;
    }

    /**
     * Logs in to a kerberized cluster as {@code principal} from {@code keytab} ({@code
     * --principal}, {@code --keytab}); the login is this process's.
     */
    public Builder kerberos(String principal, String keytab) {
      define(io.hbench.core.cluster.KerberosLogin.PRINCIPAL, principal);
      return define(io.hbench.core.cluster.KerberosLogin.KEYTAB, keytab);
    }

    /** A settings file, XML or key=value ({@code --conf}). */
    public Builder conf(String file) {
      confFiles.add(file);
      return this;
    }

    /** The Hadoop configuration directory to read ({@code HADOOP_CONF_DIR}); none by default. */
    public Builder hadoopConfDir(String dir) {
      hadoopConfDir = dir;
      return this;
    }

    /** Where the suite writes ({@code --base-dir}). */
    public Builder baseDir(String dir) {
      baseDir = dir;
      return this;
    }

    /** Keep each point's data ({@code --keep}). */
    public Builder keep(boolean k) {
      keep = k;
      return this;
    }

    /** Times each point is measured; the suite's default unless set. */
    public Builder repeat(int n) {
      repeat = n;
      return this;
    }

    /** Warm-up repeats of each point, recorded and left out of summaries (0). */
    public Builder warmup(int n) {
      warmup = n;
      return this;
    }

    /** The file system for the data ({@code --fs}). */
    public Builder fileSystem(String uri) {
      fs = uri;
      return this;
    }

    /** Count and time file system calls ({@code --instrument}). */
    public Builder instrument(boolean on) {
      instrument = on;
      return this;
    }

    /** What the run is compared as ({@code --label}); derived from the environment by default. */
    public Builder label(String name) {
      label = name;
      return this;
    }

    /**
     * Measure only what {@link #resultsFile} does not already hold ok with the same options
     * ({@code --resume}); off by default.
     */
    public Builder resume(boolean on) {
      resume = on;
      return this;
    }

    /**
     * Read the cluster's daemons' own figures during each phase ({@code --metrics}); by default
     * on for the embedded cluster and off for a configured one.
     */
    public Builder metrics(boolean on) {
      metrics = on;
      return this;
    }

    /** Time between reads of the daemons' figures during a phase; 5 s by default. */
    public Builder metricsInterval(java.time.Duration interval) {
      metricsInterval = interval;
      return this;
    }

    /** Append records to this JSON Lines file as well; none by default. */
    public Builder resultsFile(Path file) {
      resultsFile = file;
      return this;
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
      OptionValues values = OptionValues.parse(benchmark.options(), options);
      RunSettings settings = new RunSettings(resultsFile, cluster, datanodes, defines, confFiles,
          hadoopConfDir, baseDir, keep, repeat == null ? benchmark.defaultRepeat() : repeat,
          warmup, fs, instrument, label, resume, metrics, metricsInterval);
      Console c = console != null ? console : silent();
      return new RunRequest(benchmark, values, settings,
          new BenchmarkRunner(c, resultsFile != null,
              printTables ? io.hbench.core.report.TableFormat.TEXT : null, false, listeners));
    }

    private static Console silent() {
      PrintStream none = new PrintStream(OutputStream.nullOutputStream());
      return new Console(none, none, false, Long.MAX_VALUE);
    }
  }
}
