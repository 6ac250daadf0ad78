package io.hbench.core;

import io.hbench.core.cluster.Needs;
import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * A benchmark suite: the one interface a suite implements. Register an implementation in {@code
 * META-INF/services/io.hbench.core.Benchmark}; the CLI builds a subcommand for each one it finds
 * with {@link java.util.ServiceLoader}.
 *
 * <p>A suite says <em>what</em> to run; the core does the measuring. The core parses options,
 * opens the cluster, expands the sweep into {@link Point}s, and for each point (and each repeat)
 * calls {@link #run}, timing every phase the suite runs through its {@link RunContext}, turning
 * an exception or a failed check into a {@code failed} record, and appending one result record
 * per point. A suite never times its own headline figures and never writes results itself.
 * How its records are read (headlines, its own tables) is its {@link
 * io.hbench.core.report.SuiteReport}, found by the suite's name.
 *
 * <p>Options common to every suite ({@code --out}, {@code --cluster}, {@code -D}, {@code --conf},
 * {@code --base-dir}, {@code --keep}, {@code --repeat}, ...) are the core's; {@link #options()}
 * lists only the suite's own.
 *
 * <p>Implementations need a public no-argument constructor and must be stateless between runs.
 */
public interface Benchmark {

  /** The subcommand name, lower case, such as {@code terasort}. */
  String name();

  /** One line for {@code bench --help}. */
  String description();

  /** The suite's own options, in the order {@code --help} shows them. */
  List<BenchmarkOption<?>> options();

  /**
   * What the suite needs with these options: a file system and YARN (the default, for a suite that
   * submits MapReduce jobs), only a file system, a local directory of this machine, and named
   * services ({@code hbase}, {@code hive}). The core opens exactly these, configured or embedded,
   * once per run. Called after {@link #points}, so options are already checked.
   *
   * <p>A suite that needs only a file system and is given its data's file system outright
   * ({@code --fs}, or a {@code --base-dir} URI such as {@code s3a://bucket/dir}) under {@code
   * --cluster auto} opens no cluster at all, only that file system.
   */
  default Needs needs(OptionValues options) {
    return Needs.jobs();
  }

  /**
   * The suite's load, or null when it has none: client calls the core drives, times and places,
   * in this process or with {@code --maps} as map tasks on YARN ({@link LoadSpec}). A suite with
   * a load gets the core's {@link LoadOptions} ({@code --maps}, {@code --duration}, {@code
   * --target-rate}, {@code --warmup-time}) and runs it with {@link RunContext#load(String)}; with
   * {@code --maps} above 0 the core opens YARN too, whatever {@link #needs} says.
   */
  default LoadSpec load() {
    return null;
  }

  /**
   * How many times each point is measured unless {@code --repeat} says otherwise: 1, or more for
   * a suite whose figures are only worth reading with their spread (fsops, disk: 3).
   */
  default int defaultRepeat() {
    return 1;
  }

  /**
   * Expands the parsed options into the points to measure, in order. Called before anything is
   * created, so it is the place to reject inconsistent options with {@link
   * InvalidInputException}.
   */
  List<Point> points(OptionValues options);

  /**
   * Checks what the options name on this machine (a workload file ycsb reads), in the process
   * the user started only, before any cluster is started: unlike {@link #points}, which map tasks
   * call again where those files are not. Throw {@link InvalidInputException} to stop the run
   * with exit code 2.
   */
  default void checkOptions(OptionValues options) {}

  /**
   * Checks inputs that need the cluster (an input directory that must exist), after the cluster
   * is open and before anything is written. Throw {@link InvalidInputException} to stop the run
   * with exit code 2.
   */
  default void checkInputs(OptionValues options, Configuration conf) throws IOException {}

  /**
   * As {@link #checkInputs(OptionValues, Configuration)}, for suites whose inputs live under the
   * base directory (DFSIO's read mode needs the files an earlier write left there). {@code
   * baseDir} is fully qualified and may not exist yet; nothing has been created.
   */
  default void checkInputs(OptionValues options, Configuration conf, Path baseDir)
      throws IOException {
    checkInputs(options, conf);
  }

  /**
   * Called once after the run's last point, whether points passed or failed (not when the run is
   * interrupted): releases what the suite keeps across points outside the base directory, such
   * as the HBase table hbase-pe's writes made for its reads. The base directory is the core's.
   *
   * @param conf the cluster's configuration
   * @param keep whether the user asked to keep the data ({@code --keep})
   */
  default void finish(OptionValues options, Configuration conf, boolean keep) throws IOException {}

  /**
   * Measures one point. Run the work through {@code context} ({@link RunContext#runJob}, {@link
   * RunContext#phase}, {@link RunContext#load(String)}) and record validation with {@link
   * RunContext#check}. Throwing fails the point; the run goes on with the next.
   */
  void run(Point point, OptionValues options, RunContext context) throws Exception;

}
