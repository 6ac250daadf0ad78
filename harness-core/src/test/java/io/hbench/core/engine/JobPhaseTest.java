package io.hbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.PhaseFailedException;
import io.hbench.core.mapreduce.NumberRangeInputFormat;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.text.Console;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.JobStatus;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.output.NullOutputFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A job run as a phase, on MapReduce's local runner: what the phase records of a job that
 * succeeds, what a failed job says, and that client-side work before and during the job belongs
 * to the phase (a failure while it runs kills the job).
 */
class JobPhaseTest {

  enum Records { COUNTED }

  /** Counts its numbers; fails at {@code hbench.test.fail-at} when that is set. */
  static class CountingMapper extends Mapper<LongWritable, NullWritable, NullWritable, NullWritable> {
    @Override
    protected void map(LongWritable n, NullWritable v, Context context) {
      if (n.get() == context.getConfiguration().getLong("hbench.test.fail-at", -1)) {
        throw new IllegalStateException("number " + n.get() + " refused by the test");
      }
      context.getCounter(Records.COUNTED).increment(1);
    }
  }

  @TempDir Path dir;
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final JobPhase phase =
      new JobPhase(new Console(new PrintStream(printed), new PrintStream(printed), false, 60_000));

  private Job job(long numbers, int maps) throws IOException {
    Configuration conf = new Configuration(false);
    conf.set("mapreduce.framework.name", "local");
    conf.set("fs.defaultFS", "file:///");
    conf.set("hadoop.tmp.dir", dir.resolve("tmp").toString());
    conf.set("mapreduce.jobtracker.staging.root.dir", dir.resolve("staging").toString());
    Job job = Job.getInstance(conf, "job-phase-test");
    job.setJarByClass(JobPhaseTest.class);
    job.setMapperClass(CountingMapper.class);
    job.setNumReduceTasks(0);
    job.setInputFormatClass(NumberRangeInputFormat.class);
    job.setOutputFormatClass(NullOutputFormat.class);
    NumberRangeInputFormat.configure(job, numbers, maps, 100);
    return job;
  }

  @Test
  void aJobThatSucceedsIsRecordedWithItsRecordsTasksAndTime() throws Exception {
    Job job = job(1000, 2);
    PhaseResult r = phase.run("count", "p1", job, 100_000, Records.COUNTED,
        () -> Thread.sleep(300), null);
    assertEquals("count", r.name());
    assertEquals(1000L, r.records(), "the record counter's value");
    assertEquals(100_000L, r.bytes());
    assertEquals(2, r.tasks().get("maps"), "one map per range, as the local runner ran them");
    assertEquals(0, r.tasks().get("reduces"));
    assertEquals(job.getJobID().toString(), r.jobId());
    assertTrue(r.seconds() >= 0.3, "the work before submission is in the phase's time: "
        + r.seconds());
    assertTrue(job.getConfiguration().get("mapreduce.job.tags").contains("hbench"),
        "tagged so that the next run finds it: " + job.getConfiguration().get("mapreduce.job.tags"));
    assertTrue(printed.toString().contains("count"), "a progress line: " + printed);
  }

  @Test
  void aFailedJobFailsThePhaseWithItsTasksError() throws Exception {
    Job job = job(100, 1);
    job.getConfiguration().setLong("hbench.test.fail-at", 42);
    PhaseFailedException e = assertThrows(PhaseFailedException.class,
        () -> phase.run("count", "p1", job, 0, Records.COUNTED, null, null));
    assertTrue(e.getMessage().startsWith("count job " + job.getJobID() + " failed"),
        e.getMessage());
    assertTrue(e.getMessage().contains("number 42 refused by the test"), e.getMessage());
  }

  @Test
  void aFailureWhileTheJobRunsKillsItAndIsThrown() throws Exception {
    Job job = job(1_000_000_000L, 1);
    AtomicReference<Job> seen = new AtomicReference<>();
    IllegalStateException thrown = new IllegalStateException("the conductor gave up");
    IllegalStateException e = assertThrows(IllegalStateException.class,
        () -> phase.run("count", "p1", job, 0, Records.COUNTED, null, running -> {
          seen.set(running);
          throw thrown;
        }));
    assertSame(thrown, e);
    assertSame(job, seen.get(), "the work is given the submitted job");
    assertTrue(job.isComplete(), "killed, not left running");
    assertEquals(JobStatus.State.KILLED, job.getJobState());
  }
}
