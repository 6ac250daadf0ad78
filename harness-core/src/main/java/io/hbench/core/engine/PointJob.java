package io.hbench.core.engine;

import io.hbench.core.PointInTask;
import io.hbench.core.error.PhaseFailedException;
import io.hbench.core.fs.Instrumentation;
import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.mapreduce.JobIo;
import io.hbench.core.mapreduce.JvmReportingOutputFormat;
import io.hbench.core.mapreduce.StartBarrier;
import io.hbench.core.result.IoResult;
import io.hbench.core.result.JobJvms;
import io.hbench.core.text.Console;
import java.io.IOException;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/**
 * What a point's MapReduce job carries besides the suite's own settings, and what is read back
 * from it once the clock stopped: the point its tasks work for ({@link PointInTask}), the start
 * barrier its maps wait at ({@link StartBarrier}, released by this process while the job runs),
 * where its ApplicationMaster and tasks report their JVMs, and with {@code --instrument} where
 * its tasks leave their file system figures. {@link JobPhase} then runs the job.
 */
final class PointJob {

  private final String phase;
  private final Job job;
  private final FileSystem fs;
  private final Path jvmDir;
  private final Path sideDir;
  private final JobPhase.WhileRunning during;

  private PointJob(String phase, Job job, FileSystem fs, Path jvmDir, Path sideDir,
      JobPhase.WhileRunning during) {
    this.phase = phase;
    this.job = job;
    this.fs = fs;
    this.jvmDir = jvmDir;
    this.sideDir = sideDir;
    this.during = during;
  }

  /**
   * Prepares {@code job}, the phase {@code phase} of the point {@code point}, whose directory is
   * {@code pointDir} (on {@code dirs}' file system).
   *
   * @param instrumented whether its tasks report their file system figures ({@code
   *     --instrument})
   * @param storeCounts whether its tasks count their requests of the data's object store
   * @param during the suite's work while the job runs; null for none, when a start barrier the
   *     job asks for is released instead
   */
  static PointJob prepare(String phase, Job job, PointInTask.Identity point,
      OwnedDirectories dirs, Path pointDir, boolean instrumented, boolean storeCounts,
      Console console, String label,
      JobPhase.WhileRunning during) throws IOException, ClassNotFoundException {
    PointInTask.put(job.getConfiguration(), point);
    FileSystem fs = dirs.fileSystem();
    FileSystem uncounted = Instrumentation.uncounted(fs);
    if (during == null && StartBarrier.wanted(job)) {
      Path startDir = dirs.create(new Path(pointDir, "_start-" + phase));
      job.getConfiguration().set(StartBarrier.DIR, uncounted.makeQualified(startDir).toString());
      during = j -> StartBarrier.release(j, uncounted, startDir, console, label, phase);
    }
    Path jvmDir = new Path(pointDir, "_jvms-" + phase);
    JvmReportingOutputFormat.prepare(job, uncounted.makeQualified(jvmDir));
    if (storeCounts && "s3a".equals(uncounted.getScheme())) {
      io.hbench.core.mapreduce.StoreCountingOutputFormat.prepare(job, uncounted.getUri());
    }
    Path sideDir = null;
    if (instrumented) {
      sideDir = new Path(pointDir, "_io-" + phase);
      JobIo.prepare(job, sideDir);
    }
    return new PointJob(phase, job, fs, jvmDir, sideDir, during);
  }

  /** The work while the job runs: the suite's, or the release of the start barrier; or null. */
  JobPhase.WhileRunning during() {
    return during;
  }

  /** The JVMs its ApplicationMaster and tasks reported; null when none did. */
  JobJvms jvms() throws IOException {
    return JvmReportingOutputFormat.collect(fs, jvmDir);
  }

  /**
   * Its successful tasks' file system figures ({@code --instrument}), merged from their side
   * files; a job none of whose tasks reported fails the phase. Null without {@code --instrument}.
   */
  IoResult taskIo() throws IOException, InterruptedException, PhaseFailedException {
    if (sideDir == null) {
      return null;
    }
    IoResult tasks = JobIo.collect(job, fs, sideDir);
    if (tasks == null) {
      throw new PhaseFailedException(phase + ": --instrument: no task of job " + job.getJobID()
          + " reported its file system figures");
    }
    return tasks;
  }
}
