package io.hbench.mapreduce.terasort;

import io.hbench.core.fs.OwnedDirectories;
import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapred.FileAlreadyExistsException;
import org.apache.hadoop.mapred.InvalidJobConfException;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordWriter;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.output.FileOutputFormat;
import org.apache.hadoop.mapreduce.security.TokenCache;

/**
 * Writes bare 100-byte records. Unlike FileOutputFormat it accepts an output directory that
 * already exists when hbench created it (it carries hbench's marker), so outputs can be created
 * and marked before the job runs.
 */
public final class TeraOutputFormat extends FileOutputFormat<Text, Text> {

  /** Replication of the files written; unset means the file system's default. */
  public static final String REPLICATION = "hbench.tera.output.replication";

  /**
   * Whether each output file is {@code hsync}ed before it is closed (default true), as Hadoop's
   * TeraOutputFormat does ({@code mapreduce.terasort.final.sync}), so both pay the same price.
   */
  public static final String FINAL_SYNC = "hbench.tera.final-sync";

  @Override
  public void checkOutputSpecs(JobContext job) throws IOException {
    Path out = getOutputPath(job);
    if (out == null) {
      throw new InvalidJobConfException("no output directory set");
    }
    Configuration conf = job.getConfiguration();
    TokenCache.obtainTokensForNamenodes(job.getCredentials(), new Path[] {out}, conf);
    FileSystem fs = out.getFileSystem(conf);
    if (fs.exists(out) && !fs.exists(new Path(out, OwnedDirectories.MARKER))) {
      throw new FileAlreadyExistsException("output directory " + out + " already exists");
    }
  }

  @Override
  public RecordWriter<Text, Text> getRecordWriter(TaskAttemptContext context) throws IOException {
    Configuration conf = context.getConfiguration();
    Path file = getDefaultWorkFile(context, "");
    FileSystem fs = file.getFileSystem(conf);
    short replication = (short) conf.getInt(REPLICATION, fs.getDefaultReplication(file));
    FSDataOutputStream out =
        fs.create(
            file,
            false,
            conf.getInt("io.file.buffer.size", 4096),
            replication,
            // The job's block size, not the cached FileSystem's default.
            conf.getLongBytes("dfs.blocksize", fs.getDefaultBlockSize(file)));
    boolean finalSync = conf.getBoolean(FINAL_SYNC, true);
    return new RecordWriter<>() {
      @Override
      public void write(Text key, Text value) throws IOException {
        out.write(key.getBytes(), 0, key.getLength());
        out.write(value.getBytes(), 0, value.getLength());
      }

      @Override
      public void close(TaskAttemptContext c) throws IOException {
        if (finalSync) {
          out.hsync();
        }
        out.close();
      }
    };
  }
}
