package io.hbench.mapreduce.terasort;

import java.io.IOException;
import java.util.zip.CRC32;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableComparator;
import org.apache.hadoop.mapreduce.Mapper;
import org.apache.hadoop.mapreduce.lib.input.FileSplit;

/**
 * Checks one whole file (one map per file): every key is at least the one before it. Emits, keyed
 * by file name, the file's record count, first and last key and first out-of-order position,
 * for {@link TeraValidateReducer} to check the boundaries between files.
 */
public final class TeraValidateMapper extends Mapper<Text, Text, Text, Text> {

  private final byte[] previous = new byte[TeraRecord.KEY_LENGTH];
  private byte[] first;
  private long index;
  private long errors;
  private String firstError;
  private String file;
  private final CRC32 crc = new CRC32();
  private final TeraChecksum checksum = new TeraChecksum();

  @Override
  protected void setup(Context context) {
    file = ((FileSplit) context.getInputSplit()).getPath().getName();
  }

  @Override
  protected void map(Text key, Text value, Context context) {
    byte[] k = key.getBytes();
    int len = key.getLength();
    if (index > 0
        && WritableComparator.compareBytes(previous, 0, previous.length, k, 0, len) > 0) {
      errors++;
      if (firstError == null) {
        firstError =
            String.format(
                "%s record %d (byte offset %d): key %s sorts before the previous key %s",
                file,
                index,
                index * TeraRecord.LENGTH,
                TeraRecord.hex(k, len),
                TeraRecord.hex(previous, previous.length));
      }
    }
    if (first == null) {
      first = new byte[TeraRecord.KEY_LENGTH];
      System.arraycopy(k, 0, first, 0, Math.min(len, first.length));
    }
    System.arraycopy(k, 0, previous, 0, Math.min(len, previous.length));
    checksum.add(TeraRecord.crc(crc, k, len, value.getBytes(), value.getLength()));
    index++;
  }

  @Override
  protected void cleanup(Context context) throws IOException, InterruptedException {
    checksum.publish(context);
    context.getCounter(TeraChecksum.Counter.ORDER_ERRORS).increment(errors);
    String summary =
        index
            + "\t"
            + (first == null ? "-" : TeraRecord.hex(first, first.length))
            + "\t"
            + (index == 0 ? "-" : TeraRecord.hex(previous, previous.length))
            + "\t"
            + (firstError == null ? "-" : firstError);
    context.write(new Text(file), new Text(summary));
  }
}
