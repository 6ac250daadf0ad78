package io.hbench.core.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * Where one job in MapReduce's local runner keeps its files: a directory of its own in {@code
 * java.io.tmpdir}, removed when the job is done. Left to itself the local runner stages every job
 * in {@code /tmp/hadoop/mapred/staging/<user><random>} (on the local file system, whatever the
 * default one) and its tasks' files in {@code hadoop.tmp.dir}, {@code /tmp/hadoop-<user>}, and
 * leaves a directory in each for every job. Settings the user gave for either are kept. A process
 * killed mid-job leaves this one claimed ({@link DeadRunDirectories}): the next embedded cluster
 * or local job removes it.
 */
public final class LocalRunnerDirectory implements AutoCloseable {

  /** The local runner's staging root (JTConfig's key): its default is a fixed path in /tmp. */
  static final String STAGING_ROOT = "mapreduce.jobtracker.staging.root.dir";

  static final String LOCAL_DIR = "mapreduce.cluster.local.dir";

  private final Path dir;

  private LocalRunnerDirectory(Path dir) {
    this.dir = dir;
  }

  /**
   * Makes the directory and points {@code jobConf}'s staging and local directories into it;
   * first removes those of runs that are gone.
   */
  public static LocalRunnerDirectory forJob(Configuration jobConf) throws IOException {
    DeadRunDirectories.removeAll();
    Path dir = Files.createTempDirectory(DeadRunDirectories.LOCAL_JOB_PREFIX);
    try {
      DeadRunDirectories.claim(dir);
    } catch (IOException | RuntimeException e) {
      DeadRunDirectories.deleteTree(dir);
      throw e;
    }
    // Only where the runner would use its defaults in /tmp: a place the user chose stays.
    if (jobConf.get(STAGING_ROOT) == null) {
      jobConf.set(STAGING_ROOT, dir.resolve("staging").toString());
    }
    if (DEFAULT_LOCAL_DIR.equals(jobConf.getRaw(LOCAL_DIR))
        && DEFAULT_TMP_DIR.equals(jobConf.getRaw("hadoop.tmp.dir"))) {
      jobConf.set(LOCAL_DIR, dir.resolve("local").toString());
    }
    return new LocalRunnerDirectory(dir);
  }

  /** mapred-default.xml's and core-default.xml's values, unexpanded. */
  private static final String DEFAULT_LOCAL_DIR = "${hadoop.tmp.dir}/mapred/local";

  private static final String DEFAULT_TMP_DIR = "/tmp/hadoop-${user.name}";

  /** The directory. */
  public Path path() {
    return dir;
  }

  /** Removes the directory and everything in it. */
  @Override
  public void close() {
    DeadRunDirectories.release(dir);
  }
}
