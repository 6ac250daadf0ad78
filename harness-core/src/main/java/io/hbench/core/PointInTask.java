package io.hbench.core;

import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.result.Field;
import io.hbench.core.result.SecretRedactor;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;

/**
 * The point a map task works for, as the client runs it: the suite's options, parsed again with
 * the suite's own declarations from the texts the client was given, the point, the parameters
 * recorded for it before the job was submitted, and hbench's directories. {@link
 * RunContext#runJob} puts what identifies the point in every job it runs; a task reads it back
 * with {@link #of}, typed:
 *
 * <pre>{@code
 * PointInTask at = PointInTask.of(context.getConfiguration());
 * long size = at.options().get(DfsioBenchmark.SIZE).bytes();
 * }</pre>
 *
 * <p>A suite carries its settings to its tasks this way and never in configuration keys of its
 * own; the tasks of a declared load ({@link LoadSpec}) are opened from it too. Secret options
 * (a password) reach no task: their texts are redacted, as a job's configuration is readable
 * wherever the job is shown.
 */
public final class PointInTask {

  /** The job configuration key that holds the point's identity, as JSON. */
  static final String KEY = "hbench.point";

  private static final ObjectMapper JSON = new ObjectMapper();

  /** What identifies the point: the suite's class, every option as text, the point and more. */
  public record Identity(String suiteClass, Map<String, List<String>> options, String point,
      Map<String, Object> params, String baseDir, String pointDir, String runId) {}

  private final Identity id;
  private final Benchmark suite;
  private final OptionValues options;
  private Point point;

  private PointInTask(Identity id, Benchmark suite, OptionValues options) {
    this.id = id;
    this.suite = suite;
    this.options = options;
  }

  /** Writes {@code id} into {@code conf}, secret options' texts redacted. */
  public static void put(Configuration conf, Identity id) throws IOException {
    Map<String, List<String>> texts = new LinkedHashMap<>();
    id.options().forEach((name, values) -> {
      List<String> shown = new ArrayList<>();
      values.forEach(v -> shown.add(SecretRedactor.redact(name, v)));
      texts.put(name, shown);
    });
    conf.set(KEY, JSON.writeValueAsString(new Identity(id.suiteClass(), texts, id.point(),
        id.params(), id.baseDir(), id.pointDir(), id.runId())));
  }

  /**
   * The point of the job whose configuration {@code conf} is: its suite made again from its
   * class, its options parsed again.
   *
   * @throws IOException when the configuration holds no point (a job hbench did not run) or the
   *     suite cannot be made
   */
  public static PointInTask of(Configuration conf) throws IOException {
    String json = conf.get(KEY);
    if (json == null) {
      throw new IOException("no " + KEY + " in the job's configuration: a task of a job that"
          + " RunContext.runJob did not run");
    }
    Identity id = JSON.readValue(json, Identity.class);
    Benchmark suite;
    try {
      suite = Class.forName(id.suiteClass(), true, PointInTask.class.getClassLoader())
          .asSubclass(Benchmark.class).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      throw new IOException("task: cannot make suite " + id.suiteClass() + ": " + e, e);
    }
    return new PointInTask(id, suite,
        OptionValues.parseAll(LoadOptions.of(suite), id.options()));
  }

  /** The suite, made again from its class. */
  public Benchmark suite() {
    return suite;
  }

  /** The suite's options as the client was given them (secrets redacted). */
  public OptionValues options() {
    return options;
  }

  /** The point, found again among the suite's points for these options by its label. */
  public Point point() throws IOException {
    if (point == null) {
      point = suite.points(options).stream().filter(p -> p.label().equals(id.point()))
          .findFirst().orElseThrow(() -> new IOException("task: " + suite.name()
              + " has no point " + id.point() + " with these options"));
    }
    return point;
  }

  /**
   * A parameter of the point, from its sweep or recorded ({@link RunContext#param(Field,
   * Object)}) before the job was submitted, with its type; null when none was.
   */
  public <T> T param(Field<T> field) {
    return field.in(id.params());
  }

  /** The point's parameters so far, as recorded. */
  public Map<String, Object> params() {
    return Collections.unmodifiableMap(id.params());
  }

  /** hbench's base directory. */
  public Path baseDirectory() {
    return new Path(id.baseDir());
  }

  /** The point's own directory. */
  public Path pointDirectory() {
    return new Path(id.pointDir());
  }

  /** The base directory as the one place to create or delete in, for this run. */
  public OwnedDirectories directories(Configuration conf) throws IOException {
    Path base = baseDirectory();
    return new OwnedDirectories(base.getFileSystem(conf), base, id.runId());
  }
}
