package io.hbench.core.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * A directory of hbench's own in {@code java.io.tmpdir} for the scratch files Hadoop's client
 * code would otherwise leave in its default places in /tmp, removed on {@link #close()}. A process
 * killed meanwhile leaves it claimed ({@link DeadRunDirectories}): the next embedded cluster or
 * local job removes it. Settings the user gave are kept: only a place still at Hadoop's default
 * is moved here.
 */
public final class ScratchDirectory implements AutoCloseable {

  /** The local runner's staging root (JTConfig's key): its default is a fixed path in /tmp. */
  static final String STAGING_ROOT = "mapreduce.jobtracker.staging.root.dir";

  static final String LOCAL_DIR = "mapreduce.cluster.local.dir";

  /** mapred-default.xml's and core-default.xml's values, unexpanded. */
  private static final String DEFAULT_LOCAL_DIR = "${hadoop.tmp.dir}/mapred/local";

  private static final String DEFAULT_TMP_DIR = "/tmp/hadoop-${user.name}";

  private final Path dir;

  private ScratchDirectory(Path dir) {
    this.dir = dir;
  }

  private static ScratchDirectory create() throws IOException {
    DeadRunDirectories.removeAll();
    Path dir = Files.createTempDirectory(DeadRunDirectories.SCRATCH_PREFIX);
    try {
      DeadRunDirectories.claim(dir);
    } catch (IOException | RuntimeException e) {
      DeadRunDirectories.deleteTree(dir);
      throw e;
    }
    return new ScratchDirectory(dir);
  }

  /**
   * For one job in MapReduce's local runner: left to itself the runner stages every job in {@code
   * /tmp/hadoop/mapred/staging/<user><random>} (on the local file system, whatever the default
   * one) and its tasks' files in {@code hadoop.tmp.dir}, {@code /tmp/hadoop-<user>}, and leaves a
   * directory in each for every job. Points {@code jobConf}'s staging and local directories here.
   */
  public static ScratchDirectory forLocalJob(Configuration jobConf) throws IOException {
    ScratchDirectory s = create();
    if (jobConf.get(STAGING_ROOT) == null) {
      jobConf.set(STAGING_ROOT, s.dir.resolve("staging").toString());
    }
    if (DEFAULT_LOCAL_DIR.equals(jobConf.getRaw(LOCAL_DIR)) && tmpAtDefault(jobConf)) {
      jobConf.set(LOCAL_DIR, s.dir.resolve("local").toString());
    }
    return s;
  }

  private static boolean tmpAtDefault(Configuration conf) {
    return DEFAULT_TMP_DIR.equals(conf.getRaw("hadoop.tmp.dir"));
  }

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
