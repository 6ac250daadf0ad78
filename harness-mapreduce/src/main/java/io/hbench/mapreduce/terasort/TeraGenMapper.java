package io.hbench.mapreduce.terasort;

import java.io.IOException;
import java.util.zip.CRC32;
import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/** Writes one record per row number and adds it to the checksum. */
public final class TeraGenMapper extends Mapper<LongWritable, NullWritable, Text, Text> {

  private final byte[] buf = new byte[TeraRecord.LENGTH];
  private final Text key = new Text();
  private final Text value = new Text();
  private final CRC32 crc = new CRC32();
  private final TeraChecksum checksum = new TeraChecksum();

  @Override
  protected void map(LongWritable row, NullWritable ignored, Context context)
      throws IOException, InterruptedException {
    TeraRecord.generate(row.get(), buf);
    key.set(buf, 0, TeraRecord.KEY_LENGTH);
    value.set(buf, TeraRecord.KEY_LENGTH, TeraRecord.VALUE_LENGTH);
    context.write(key, value);
    crc.reset();
    crc.update(buf, 0, TeraRecord.LENGTH);
    checksum.add(crc.getValue());
  }

  @Override
  protected void cleanup(Context context) {
    checksum.publish(context);
  }
}
