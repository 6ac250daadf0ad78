package io.hbench.mapreduce.terasort;

import java.math.BigInteger;
import org.apache.hadoop.mapreduce.Counters;
import org.apache.hadoop.mapreduce.TaskInputOutputContext;

/**
 * The data set's checksum: the sum of every record's CRC32, as Hadoop's TeraGen and TeraValidate
 * define it (a 128-bit sum, printed in hex), so it does not depend on record order. Tasks add
 * their part to two job counters, the high and low 16 bits of each CRC summed apart, so no long
 * counter overflows below 2^47 records.
 */
public final class TeraChecksum {

  /** Job counters carrying the checksum and the record count. */
  public enum Counter {
    CHECKSUM_HIGH16,
    CHECKSUM_LOW16,
    RECORDS,
    ORDER_ERRORS
  }

  private long high;
  private long low;
  private long records;

  public void add(long crc32) {
    high += crc32 >>> 16;
    low += crc32 & 0xFFFF;
    records++;
  }

  /** Adds this task's part to the job counters. */
  public void publish(TaskInputOutputContext<?, ?, ?, ?> context) {
    context.getCounter(Counter.CHECKSUM_HIGH16).increment(high);
    context.getCounter(Counter.CHECKSUM_LOW16).increment(low);
    context.getCounter(Counter.RECORDS).increment(records);
  }

  /** The whole job's checksum, in hex, from its counters. */
  public static String of(Counters counters) {
    BigInteger hi = BigInteger.valueOf(counters.findCounter(Counter.CHECKSUM_HIGH16).getValue());
    BigInteger lo = BigInteger.valueOf(counters.findCounter(Counter.CHECKSUM_LOW16).getValue());
    return hi.shiftLeft(16).add(lo).toString(16);
  }

  /** Records counted by the job's tasks. */
  public static long records(Counters counters) {
    return counters.findCounter(Counter.RECORDS).getValue();
  }
}
