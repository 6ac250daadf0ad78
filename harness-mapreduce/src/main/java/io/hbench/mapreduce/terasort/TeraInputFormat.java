package io.hbench.mapreduce.terasort;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.InputSplit;
import org.apache.hadoop.mapreduce.JobContext;
import org.apache.hadoop.mapreduce.RecordReader;
import org.apache.hadoop.mapreduce.TaskAttemptContext;
import org.apache.hadoop.mapreduce.lib.input.FileInputFormat;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Reads files of bare 100-byte records as (10-byte key, 90-byte value). A split owns every record
 * that starts inside it, so records are never cut at split boundaries.
 */
public class TeraInputFormat extends FileInputFormat<Text, Text> {

  /** The same records, one split per whole file: TeraValidate checks each file in one map. */
  public static final class WholeFile extends TeraInputFormat {
    @Override
    protected boolean isSplitable(JobContext context, Path file) {
      return false;
    }
  }

  @Override
  public RecordReader<Text, Text> createRecordReader(InputSplit split, TaskAttemptContext context) {
    return new Reader();
  }

  /** Reads the records of one split; the position of the current record is {@link #index()}. */
  public static final class Reader extends RecordReader<Text, Text> {
    private static final int BUFFER = 128 * 1024;

    private FSDataInputStream raw;
    private InputStream in;
    private long firstIndex;
    private long index = -1;
    private long count;
    private final byte[] buf = new byte[TeraRecord.LENGTH];
    private final Text key = new Text();
    private final Text value = new Text();
    private Path file;

    @Override
    public void initialize(InputSplit split, TaskAttemptContext context) throws IOException {
      FileSplit fs = (FileSplit) split;
      file = fs.getPath();
      FileSystem fileSystem = file.getFileSystem(context.getConfiguration());
      long start = fs.getStart();
      long end = start + fs.getLength();
      // First record starting at or after the split start; last one starting before its end.
      firstIndex = (start + TeraRecord.LENGTH - 1) / TeraRecord.LENGTH;
      long endIndex = (end + TeraRecord.LENGTH - 1) / TeraRecord.LENGTH;
      count = Math.max(0, endIndex - firstIndex);
      raw = fileSystem.open(file);
      raw.seek(firstIndex * TeraRecord.LENGTH);
      in = new BufferedInputStream(raw, BUFFER);
      index = firstIndex - 1;
    }

    @Override
    public boolean nextKeyValue() throws IOException {
      if (index + 1 >= firstIndex + count) {
        return false;
      }
      int read = 0;
      while (read < TeraRecord.LENGTH) {
        int n = in.read(buf, read, TeraRecord.LENGTH - read);
        if (n < 0) {
          if (read == 0) {
            return false;
          }
          throw new EOFException(
              file + ": partial record of " + read + " bytes at record " + (index + 1));
        }
        read += n;
      }
      index++;
      key.set(buf, 0, TeraRecord.KEY_LENGTH);
      value.set(buf, TeraRecord.KEY_LENGTH, TeraRecord.VALUE_LENGTH);
      return true;
    }

    /** 0-based index in the file of the current record. */
    public long index() {
      return index;
    }

    @Override
    public Text getCurrentKey() {
      return key;
    }

    @Override
    public Text getCurrentValue() {
      return value;
    }

    @Override
    public float getProgress() {
      return count == 0 ? 1f : Math.min(1f, (index + 1 - firstIndex) / (float) count);
    }

    @Override
    public void close() throws IOException {
      if (in != null) {
        in.close();
      }
    }
  }
}
