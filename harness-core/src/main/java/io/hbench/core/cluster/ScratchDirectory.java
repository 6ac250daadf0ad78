package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * A directory of hbench's own in {@code java.io.tmpdir} for the scratch files Hadoop's client
 * code would otherwise leave in its default places in /tmp, removed on {@link #close()}. A process
 * killed meanwhile leaves it claimed ({@link DeadRunDirectories}): the next embedded cluster,
 * local job or S3A run removes it. Settings the user gave are kept: only a place still at
 * Hadoop's default is moved here.
 */
@Internal
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

  static final String S3A_BUFFER_DIR = "fs.s3a.buffer.dir";

  private static final String DEFAULT_S3A_BUFFER_DIR = "${env.LOCAL_DIRS:-${hadoop.tmp.dir}}/s3a";

  /**
   * Runs after Hadoop closes its cached file systems at exit ({@code FileSystem}'s hook, 10): a
   * file system closing may still write a last buffer.
   */
  private static final int PROCESS_HOOK_PRIORITY = 5;

  private static ScratchDirectory forProcess;

  /** Whether this process is a run ({@link #ownedByThisProcess}). */
  private static boolean processIsTheRun;

  /**
   * Says that this process is the run (the {@code bench} command): S3A's buffers may then go to
   * a directory of the process's own ({@link #forS3aBuffers}), which a hook removes as the
   * process exits. Called by the command, never by the core: a tool that embeds hbench keeps its
   * process's shutdown hooks as they were.
   */
  public static synchronized void ownedByThisProcess() {
    if (!processIsTheRun) {
      processIsTheRun = true;
      org.apache.hadoop.util.ShutdownHookManager.get().addShutdownHook(
          ScratchDirectory::releaseProcessDirectory, PROCESS_HOOK_PRIORITY);
    }
  }

  private static synchronized void releaseProcessDirectory() {
    if (forProcess != null) {
      forProcess.close();
      forProcess = null;
    }
  }

  /**
   * For S3A's upload buffers, which it keeps in {@code hadoop.tmp.dir/s3a} and leaves that
   * directory behind: in a process that is the run, points {@code conf}'s buffer directory into
   * the process's scratch directory, made at the first call and removed as the process exits. One
   * for the process, not one per run: Hadoop's cache of file systems keeps an S3A client, with
   * the buffer directory it was made with, for the whole JVM; so a run embedded in another tool's
   * process, which must outlive it, leaves S3A's buffers where S3A puts them. Nothing is changed
   * when the user chose a place.
   */
  public static void forS3aBuffers(Configuration conf) throws IOException {
    if (processOwned() && DEFAULT_S3A_BUFFER_DIR.equals(conf.getRaw(S3A_BUFFER_DIR))
        && tmpAtDefault(conf)) {
      conf.set(S3A_BUFFER_DIR, processDirectory().dir.resolve("s3a").toString());
    }
  }

  private static synchronized boolean processOwned() {
    return processIsTheRun;
  }

  private static synchronized ScratchDirectory processDirectory() throws IOException {
    if (forProcess == null) {
      forProcess = create();
    }
    return forProcess;
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
