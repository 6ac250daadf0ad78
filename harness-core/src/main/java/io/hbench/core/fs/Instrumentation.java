package io.hbench.core.fs;

import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;

/**
 * The library entry points of the instrumented file system, for tools that embed hbench:
 *
 * <pre>{@code
 * Instrumentation.enable(conf, "hdfs");              // every hdfs:// FileSystem made from conf
 * FileSystem fs = FileSystem.newInstance(uri, conf);
 * ... work ...
 * Map<IoOperation, OperationStats> figures = Instrumentation.statistics(fs).snapshot();
 *
 * InstrumentedFileSystem wrapped = Instrumentation.wrap(existingFs);   // or wrap one instance
 * }</pre>
 */
public final class Instrumentation {

  private Instrumentation() {}

  /**
   * Makes {@code scheme} file systems created from {@code conf} instrumented: sets {@code
   * fs.<scheme>.impl} to {@link InstrumentedFileSystem} and names the implementation it replaces
   * in {@code hbench.instrument.wrapped.<scheme>}. Instances already in Hadoop's FileSystem cache
   * are not affected; use {@link FileSystem#newInstance} or a new configuration's cache key.
   */
  public static void enable(Configuration conf, String scheme) throws IOException {
    String implKey = "fs." + scheme + ".impl";
    String wrappedKey = InstrumentedFileSystem.WRAPPED_PREFIX + scheme;
    String current = conf.getTrimmed(implKey);
    if (conf.get(wrappedKey) == null) {
      boolean ours = InstrumentedFileSystem.class.getName().equals(current);
      conf.set(
          wrappedKey,
          current != null && !ours
              ? current
              : InstrumentedFileSystem.wrappedClass(scheme, conf).getName());
    }
    conf.set(implKey, InstrumentedFileSystem.class.getName());
  }

  /** Wraps one file system instance; closing the wrapper closes it. */
  public static InstrumentedFileSystem wrap(FileSystem fs) throws IOException {
    if (fs instanceof InstrumentedFileSystem already) {
      return already;
    }
    InstrumentedFileSystem wrapped = new InstrumentedFileSystem(fs);
    wrapped.initialize(fs.getUri(), fs.getConf() != null ? fs.getConf() : new Configuration());
    return wrapped;
  }

  /** The figures of {@code fs} when it is instrumented (directly or under filters), else null. */
  public static IoStatistics statistics(FileSystem fs) {
    FileSystem f = fs;
    while (f instanceof FilterFileSystem filter) {
      if (f instanceof InstrumentedFileSystem i) {
        return i.statistics();
      }
      f = filter.getRawFileSystem();
    }
    return null;
  }

  /** The file system under {@code fs}'s instrumentation, for I/O that must not be counted. */
  public static FileSystem uncounted(FileSystem fs) {
    return fs instanceof InstrumentedFileSystem i ? i.getRawFileSystem() : fs;
  }

  /** What happened between two snapshots of the same figures. */
  public static Map<IoOperation, OperationStats> difference(
      Map<IoOperation, OperationStats> before, Map<IoOperation, OperationStats> after) {
    EnumMap<IoOperation, OperationStats> d = new EnumMap<>(IoOperation.class);
    after.forEach(
        (op, st) -> {
          OperationStats delta = st.minus(before.get(op));
          if (delta.calls() > 0) {
            d.put(op, delta);
          }
        });
    return d;
  }
}
