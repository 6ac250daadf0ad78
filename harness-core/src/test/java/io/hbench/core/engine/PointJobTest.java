package io.hbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.PointInTask;
import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.mapreduce.InstrumentedOutputFormat;
import io.hbench.core.mapreduce.JvmReportingOutputFormat;
import io.hbench.core.mapreduce.StartBarrier;
import io.hbench.core.text.Console;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A point's job made ready before {@link JobPhase} runs it: what it carries and where. */
class PointJobTest {

  @TempDir java.nio.file.Path tmp;

  private final Console console = new Console(
      new java.io.PrintStream(java.io.OutputStream.nullOutputStream()),
      new java.io.PrintStream(java.io.OutputStream.nullOutputStream()), false, 10_000);

  private static final PointInTask.Identity POINT = new PointInTask.Identity(
      "io.hbench.SomeSuite", Map.of("--size", List.of("1M")), "1M", Map.of("size_bytes", 1L),
      "file:/base", "file:/base/run-1/1M", "run-1");

  private OwnedDirectories dirs() throws Exception {
    return new OwnedDirectories(FileSystem.getLocal(new Configuration(false)),
        new Path(tmp.resolve("base").toUri()), "run-1");
  }

  private Path pointDir(OwnedDirectories dirs) throws Exception {
    return dirs.create(new Path(tmp.resolve("base/run-1/1M").toUri()));
  }

  @Test
  void aJobCarriesItsPointAndReportsItsJvmsAndNoMore() throws Exception {
    OwnedDirectories dirs = dirs();
    Job job = Job.getInstance(new Configuration(false));
    PointJob prepared = PointJob.prepare("sort", job, POINT, dirs, pointDir(dirs), false, true,
        console, "1M", null);
    assertTrue(job.getConfiguration().get("hbench.point").contains("\"run-1\""));
    assertEquals(JvmReportingOutputFormat.class, job.getOutputFormatClass());
    assertTrue(job.getConfiguration().get("hbench.jvms.dir").endsWith("/1M/_jvms-sort"),
        job.getConfiguration().get("hbench.jvms.dir"));
    assertNull(job.getConfiguration().get(StartBarrier.DIR), "no barrier asked for");
    assertNull(prepared.during());
    assertNull(prepared.taskIo(), "no --instrument");
    assertNull(prepared.jvms(), "no JVM reported yet");
  }

  @Test
  void aBarrierAskedForIsMadeInThePointsDirectoryAndReleasedWhileTheJobRuns() throws Exception {
    OwnedDirectories dirs = dirs();
    Job job = Job.getInstance(new Configuration(false));
    StartBarrier.together(job, 2);
    PointJob prepared = PointJob.prepare("write", job, POINT, dirs, pointDir(dirs), false, true,
        console, "1M", null);
    String dir = job.getConfiguration().get(StartBarrier.DIR);
    assertNotNull(dir);
    assertTrue(dir.endsWith("/1M/_start-write"), dir);
    assertTrue(Files.isDirectory(tmp.resolve("base/run-1/1M/_start-write")), "made, and owned");
    assertNotNull(prepared.during(), "this process releases it");

    // A suite's own work while the job runs is kept: it tells the tasks when to start itself.
    Job conducted = Job.getInstance(new Configuration(false));
    StartBarrier.together(conducted, 2);
    JobPhase.WhileRunning suites = j -> { };
    assertSame(suites, PointJob.prepare("load", conducted, POINT, dirs, pointDir(dirs), false, true,
        console, "1M", suites).during());
    assertNull(conducted.getConfiguration().get(StartBarrier.DIR));
  }

  @Test
  void anInstrumentedJobsTasksLeaveTheirFiguresBesideItsJvms() throws Exception {
    OwnedDirectories dirs = dirs();
    Job job = Job.getInstance(new Configuration(false));
    PointJob.prepare("read", job, POINT, dirs, pointDir(dirs), true, true, console, "1M", null);
    // Both report through output formats, one wrapping the other.
    assertEquals(InstrumentedOutputFormat.class, job.getOutputFormatClass());
    String side = job.getConfiguration().get(io.hbench.core.mapreduce.TaskIoReport.DIRECTORY_KEY);
    assertTrue(side.endsWith("/1M/_io-read"), side);
  }
}
