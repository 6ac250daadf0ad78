package io.hbench.core.fs;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.util.EnumSet;
import java.util.concurrent.CompletableFuture;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.CreateFlag;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FSDataOutputStreamBuilder;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.FilterFileSystem;
import org.apache.hadoop.fs.FutureDataInputStreamBuilder;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Options;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.PathFilter;
import org.apache.hadoop.fs.PathHandle;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.impl.FutureDataInputStreamBuilderImpl;
import org.apache.hadoop.fs.impl.OpenFileParameters;
import org.apache.hadoop.fs.permission.FsPermission;
import org.apache.hadoop.util.Progressable;

/**
 * A {@link FilterFileSystem} that counts and times what is done through it: file system calls
 * ({@code create}, {@code open}, {@code rename}, {@code delete}, {@code mkdirs}, {@code
 * listStatus}, {@code getFileStatus}, ...) and the calls on the streams it returns ({@code write},
 * {@code hflush}, {@code hsync}, {@code close}, {@code read}, positional read, {@code seek}). It
 * wraps any Hadoop file system: hdfs, file, ofs/o3fs, s3a, viewfs.
 *
 * <p>Use it by configuration, with no code change in the program measured:
 *
 * <pre>
 *   fs.hdfs.impl = io.hbench.core.fs.InstrumentedFileSystem
 *   hbench.instrument.wrapped.hdfs = org.apache.hadoop.hdfs.DistributedFileSystem   (optional)
 *   hbench.instrument.print-on-close = true                                          (optional)
 * </pre>
 *
 * or wrap an instance with {@link Instrumentation#wrap(FileSystem)}. Figures are in {@link
 * #statistics()}. Counts are exact; {@code write}, {@code read} and {@code seek} are timed on a
 * random sample of calls ({@value #SAMPLE_KEY}, default {@value #DEFAULT_SAMPLE_EVERY}), every
 * other call is timed. See docs/instrumented-fs.md.
 */
public class InstrumentedFileSystem extends FilterFileSystem {

  /** Prefix of the key naming the wrapped implementation of a scheme. */
  public static final String WRAPPED_PREFIX = "hbench.instrument.wrapped.";

  /** Time one {@code write}/{@code read}/{@code seek} call in this many; 1 times every call. */
  public static final String SAMPLE_KEY = "hbench.instrument.sample";

  public static final int DEFAULT_SAMPLE_EVERY = 64;

  /**
   * JVM system property: {@code false} passes streams through uncounted; file system calls are
   * still counted. {@code --instrument} sets it for a job's ApplicationMaster, which publishes
   * no figures, and whose job-history stream, open for the whole job, would otherwise keep the
   * tick sampler waking a thousand times a second beside the tasks being measured.
   */
  public static final String STREAMS_PROPERTY = "hbench.instrument.streams";

  private static final boolean COUNT_STREAMS = !"false".equals(System.getProperty(STREAMS_PROPERTY));

  /** When true, {@link #close()} prints the instance's report lines to standard output. */
  public static final String PRINT_ON_CLOSE_KEY = "hbench.instrument.print-on-close";

  private IoStatistics statistics;
  private boolean printOnClose;
  private boolean closed;

  /** For Hadoop's {@code fs.<scheme>.impl}: the wrapped file system is made at initialize. */
  public InstrumentedFileSystem() {}

  /** Wraps an existing, initialized or not, file system. */
  public InstrumentedFileSystem(FileSystem wrapped) {
    super(wrapped);
  }

  @Override
  public void initialize(URI name, Configuration conf) throws IOException {
    if (fs == null) {
      fs = newWrapped(name.getScheme(), conf);
    }
    super.initialize(name, conf);
    int every = Math.max(1, conf.getInt(SAMPLE_KEY, DEFAULT_SAMPLE_EVERY));
    statistics =
        new IoStatistics(
            Integer.toString(System.identityHashCode(this)), fs.getUri().toString(), every);
    printOnClose = conf.getBoolean(PRINT_ON_CLOSE_KEY, false);
  }

  /**
   * The class that would serve {@code scheme} without us: {@code hbench.instrument.wrapped.<scheme>}
   * if set, else what Hadoop finds with our {@code fs.<scheme>.impl} taken away.
   */
  static Class<? extends FileSystem> wrappedClass(String scheme, Configuration conf)
      throws IOException {
    Class<? extends FileSystem> named = conf.getClass(WRAPPED_PREFIX + scheme, null, FileSystem.class);
    if (named != null) {
      return named;
    }
    Configuration plain = new Configuration(conf);
    plain.unset("fs." + scheme + ".impl");
    Class<? extends FileSystem> found = FileSystem.getFileSystemClass(scheme, plain);
    if (InstrumentedFileSystem.class.isAssignableFrom(found)) {
      throw new IOException(
          "cannot tell which file system to wrap for scheme '" + scheme + "': set "
              + WRAPPED_PREFIX + scheme);
    }
    return found;
  }

  private static FileSystem newWrapped(String scheme, Configuration conf) throws IOException {
    Class<? extends FileSystem> cls = wrappedClass(scheme, conf);
    try {
      // Not ReflectionUtils.newInstance: it would set a Configuration, and FilterFileSystem only
      // initializes a wrapped file system that has none.
      return cls.getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException e) {
      throw new IOException("cannot create " + cls.getName() + ": " + e, e);
    }
  }

  /** The figures of this instance. */
  public IoStatistics statistics() {
    return statistics;
  }

  /** Runs a file system call and records it as {@code op}. */
  @FunctionalInterface
  private interface Call<T> {
    T run() throws IOException;
  }

  private <T> T timed(IoOperation op, Call<T> call) throws IOException {
    long t0 = System.nanoTime();
    boolean ok = false;
    try {
      T result = call.run();
      ok = true;
      return result;
    } finally {
      statistics.record(op, System.nanoTime() - t0, 0, !ok);
    }
  }

  private FSDataOutputStream out(FSDataOutputStream raw) throws IOException {
    return COUNT_STREAMS ? InstrumentedOutputStream.wrap(raw, statistics) : raw;
  }

  private FSDataInputStream in(FSDataInputStream raw) {
    return COUNT_STREAMS ? InstrumentedInputStream.wrap(raw, statistics) : raw;
  }

  @Override
  public FSDataOutputStream create(
      Path f,
      FsPermission permission,
      boolean overwrite,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress)
      throws IOException {
    return out(
        timed(
            IoOperation.CREATE,
            () -> fs.create(f, permission, overwrite, bufferSize, replication, blockSize, progress)));
  }

  @Override
  public FSDataOutputStream create(
      Path f,
      FsPermission permission,
      EnumSet<CreateFlag> flags,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress,
      Options.ChecksumOpt checksumOpt)
      throws IOException {
    return out(
        timed(
            IoOperation.CREATE,
            () ->
                fs.create(
                    f, permission, flags, bufferSize, replication, blockSize, progress,
                    checksumOpt)));
  }

  @Override
  public FSDataOutputStream createNonRecursive(
      Path f,
      FsPermission permission,
      EnumSet<CreateFlag> flags,
      int bufferSize,
      short replication,
      long blockSize,
      Progressable progress)
      throws IOException {
    return out(
        timed(
            IoOperation.CREATE_NON_RECURSIVE,
            () ->
                fs.createNonRecursive(
                    f, permission, flags, bufferSize, replication, blockSize, progress)));
  }

  @Override
  public FSDataOutputStream append(Path f, int bufferSize, Progressable progress)
      throws IOException {
    return out(timed(IoOperation.APPEND, () -> fs.append(f, bufferSize, progress)));
  }

  @Override
  public FSDataInputStream open(Path f, int bufferSize) throws IOException {
    return in(timed(IoOperation.OPEN, () -> fs.open(f, bufferSize)));
  }

  @Override
  public FSDataInputStream open(PathHandle fd, int bufferSize) throws IOException {
    return in(timed(IoOperation.OPEN, () -> fs.open(fd, bufferSize)));
  }

  @Override
  public FutureDataInputStreamBuilder openFile(Path path) {
    return new InputBuilder(this, path);
  }

  @Override
  protected CompletableFuture<FSDataInputStream> openFileWithOptions(
      Path path, OpenFileParameters parameters) throws IOException {
    return timed(IoOperation.OPEN_FILE, () -> super.openFileWithOptions(path, parameters))
        .thenApply(this::in);
  }

  @Override
  protected CompletableFuture<FSDataInputStream> openFileWithOptions(
      PathHandle pathHandle, OpenFileParameters parameters) throws IOException {
    return timed(IoOperation.OPEN_FILE, () -> super.openFileWithOptions(pathHandle, parameters))
        .thenApply(this::in);
  }

  @Override
  public FSDataOutputStreamBuilder createFile(Path path) {
    return new OutputBuilder(this, path).create().overwrite(true);
  }

  @Override
  public FSDataOutputStreamBuilder appendFile(Path path) {
    return new OutputBuilder(this, path).append();
  }

  @Override
  public boolean rename(Path src, Path dst) throws IOException {
    return timed(IoOperation.RENAME, () -> fs.rename(src, dst));
  }

  @Override
  protected void rename(Path src, Path dst, Options.Rename... options) throws IOException {
    timed(
        IoOperation.RENAME,
        () -> {
          super.rename(src, dst, options);
          return null;
        });
  }

  @Override
  public boolean delete(Path f, boolean recursive) throws IOException {
    return timed(IoOperation.DELETE, () -> fs.delete(f, recursive));
  }

  @Override
  public boolean mkdirs(Path f, FsPermission permission) throws IOException {
    return timed(IoOperation.MKDIRS, () -> fs.mkdirs(f, permission));
  }

  @Override
  public boolean mkdirs(Path f) throws IOException {
    return timed(IoOperation.MKDIRS, () -> fs.mkdirs(f));
  }

  @Override
  public FileStatus[] listStatus(Path f) throws IOException {
    return timed(IoOperation.LIST_STATUS, () -> fs.listStatus(f));
  }

  @Override
  public RemoteIterator<FileStatus> listStatusIterator(Path f) throws IOException {
    return timed(IoOperation.LIST_STATUS, () -> fs.listStatusIterator(f));
  }

  @Override
  public RemoteIterator<LocatedFileStatus> listLocatedStatus(Path f) throws IOException {
    return timed(IoOperation.LIST_LOCATED_STATUS, () -> fs.listLocatedStatus(f));
  }

  @Override
  protected RemoteIterator<LocatedFileStatus> listLocatedStatus(Path f, PathFilter filter)
      throws IOException {
    return timed(IoOperation.LIST_LOCATED_STATUS, () -> super.listLocatedStatus(f, filter));
  }

  @Override
  public FileStatus getFileStatus(Path f) throws IOException {
    return timed(IoOperation.GET_FILE_STATUS, () -> fs.getFileStatus(f));
  }

  @Override
  public void close() throws IOException {
    synchronized (this) {
      if (closed) {
        return;
      }
      closed = true;
    }
    if (printOnClose && statistics != null) {
      PrintStream out = System.out;
      out.print(statistics.report());
      out.flush();
    }
    super.close();
  }

  /** {@code createFile}/{@code appendFile} built on this file system, so the stream is counted. */
  private static final class OutputBuilder
      extends FSDataOutputStreamBuilder<FSDataOutputStream, OutputBuilder> {

    OutputBuilder(FileSystem fs, Path path) {
      super(fs, path);
    }

    @Override
    public OutputBuilder getThisBuilder() {
      return this;
    }

    @Override
    public FSDataOutputStream build() throws IOException {
      EnumSet<CreateFlag> flags = getFlags();
      if (flags.contains(CreateFlag.APPEND)) {
        return getFS().append(getPath(), getBufferSize(), getProgress());
      }
      if (isRecursive()) {
        return getFS()
            .create(getPath(), getPermission(), flags, getBufferSize(), getReplication(),
                getBlockSize(), getProgress(), getChecksumOpt());
      }
      return getFS()
          .createNonRecursive(getPath(), getPermission(), flags, getBufferSize(),
              getReplication(), getBlockSize(), getProgress());
    }
  }

  /** {@code openFile} built on this file system, so the stream is counted. */
  private static final class InputBuilder extends FutureDataInputStreamBuilderImpl {

    private final InstrumentedFileSystem owner;

    InputBuilder(InstrumentedFileSystem owner, Path path) {
      super(owner, path);
      this.owner = owner;
    }

    @Override
    public CompletableFuture<FSDataInputStream> build() throws IOException {
      OpenFileParameters parameters =
          new OpenFileParameters()
              .withMandatoryKeys(getMandatoryKeys())
              .withOptionalKeys(getOptionalKeys())
              .withOptions(getOptions())
              .withStatus(getStatus())
              .withBufferSize(
                  getOptions().getInt("fs.option.openfile.buffer.size", getBufferSize()));
      return owner.openFileWithOptions(getPath(), parameters);
    }
  }
}
