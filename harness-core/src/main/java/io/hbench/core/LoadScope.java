package io.hbench.core;

import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.result.Field;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What one process's clients of a load are opened with ({@link LoadSpec#open}), the same in this
 * process and in a map task: the configuration, the suite's options and point, the parameters
 * recorded for the point so far, the point's directories, and which clients are this process's.
 */
public final class LoadScope {

  private final Configuration conf;
  private final OptionValues options;
  private final Point point;
  private final Map<String, Object> params;
  private final OwnedDirectories dirs;
  private final Path pointDirectory;
  private final int process;
  private final int processes;
  private final int threads;
  private final Object prepared;

  LoadScope(Configuration conf, OptionValues options, Point point, Map<String, Object> params,
      OwnedDirectories dirs, Path pointDirectory, int process, int processes, int threads,
      Object prepared) {
    this.conf = conf;
    this.options = options;
    this.point = point;
    this.params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
    this.dirs = dirs;
    this.pointDirectory = pointDirectory;
    this.process = process;
    this.processes = processes;
    this.threads = threads;
    this.prepared = prepared;
  }

  /** The point's configuration (the job's, in a map task). */
  public Configuration configuration() {
    return conf;
  }

  public OptionValues options() {
    return options;
  }

  public Point point() {
    return point;
  }

  /**
   * A parameter recorded for the point before the load (by {@link Benchmark#points} or {@link
   * RunContext#param(Field, Object)}), with its type; null when none was.
   */
  public <T> T param(Field<T> field) {
    return field.in(params);
  }

  /** The file system of the base directory. */
  public FileSystem fileSystem() {
    return dirs.fileSystem();
  }

  /** The base directory and the only place to create or delete in ({@link OwnedDirectories}). */
  public OwnedDirectories directories() {
    return dirs;
  }

  /** The point's own directory, already made when the load's clients open. */
  public Path pointDirectory() {
    return pointDirectory;
  }

  /** This process's first client, numbered over every process: {@code process() x threads()}. */
  public int firstClient() {
    return process * threads;
  }

  /** This process's client threads. */
  public int threads() {
    return threads;
  }

  /** Client threads over every process. */
  public int clients() {
    return threads * processes;
  }

  /** This process: 0 in this process, the task's number in a map task. */
  public int process() {
    return process;
  }

  /** Processes running the load: 1, or the map tasks. */
  public int processes() {
    return processes;
  }

  /**
   * What the suite prepared in this process for a load that cannot leave it ({@link
   * RunContext#load(String, Object)}: nnthroughput's in-process NameNode and its simulated
   * datanodes), or null, as in every map task.
   */
  public <T> T prepared(Class<T> type) {
    return type.isInstance(prepared) ? type.cast(prepared) : null;
  }
}
