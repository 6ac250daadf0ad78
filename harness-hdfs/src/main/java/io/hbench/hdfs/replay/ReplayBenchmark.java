package io.hbench.hdfs.replay;

import static io.hbench.hdfs.replay.ReplayOptions.ANONYMIZE;
import static io.hbench.hdfs.replay.ReplayOptions.AS_USERS;
import static io.hbench.hdfs.replay.ReplayOptions.COMMANDS;
import static io.hbench.hdfs.replay.ReplayOptions.EMPTY_FILES;
import static io.hbench.hdfs.replay.ReplayOptions.RATE_FACTOR;
import static io.hbench.hdfs.replay.ReplayOptions.SEED_NAMESPACE;
import static io.hbench.hdfs.replay.ReplayOptions.SYNTHESIZE;
import static io.hbench.hdfs.replay.ReplayOptions.TRACE;
import static io.hbench.hdfs.replay.ReplayOptions.WRITE_TRACE;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.LoadOptions;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.Point;
import io.hbench.core.RunContext;
import io.hbench.core.cluster.Needs;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadPlan;
import io.hbench.core.load.LoadResult;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * A NameNode's own audit log replayed against the cluster's file system at its recorded pace
 * (or {@code --rate-factor} times it), from this process or {@code --maps} map tasks: each
 * command is started by the core when it is due and its latency measured from then, so a replay
 * that cannot keep up shows it. The trace's paths are mapped under the point's own directory,
 * so the cluster's data is never touched; {@code --seed-namespace} creates what the trace reads
 * before it creates it. Also writes traces: a synthetic one ({@code --synthesize}), or an
 * anonymized copy ({@code --anonymize KEY --write-trace FILE}). See docs/replay.md.
 */
public final class ReplayBenchmark implements Benchmark {

  /** Bytes of a seeded file: one small block. */
  static final int SEED_BYTES = 1024;

  /** Threads that seed the namespace. */
  static final int SEED_THREADS = 8;

  @Override
  public String name() {
    return "replay";
  }

  @Override
  public String description() {
    return "A NameNode audit log replayed at its recorded rate (or faster), latency from each"
        + " command's due time; also writes synthetic or anonymized traces.";
  }

  @Override
  public List<BenchmarkOption<?>> options() {
    return ReplayOptions.ALL;
  }

  @Override
  public LoadSpec load() {
    return new ReplayLoad();
  }

  /** Writing a trace needs no cluster; a replay needs the file system (YARN with --maps). */
  @Override
  public Needs needs(OptionValues o) {
    return writesOnly(o) ? Needs.localDirectory(System.getProperty("java.io.tmpdir"))
        : Needs.fileSystem();
  }

  private static boolean writesOnly(OptionValues o) {
    return !o.get(SYNTHESIZE).isEmpty() || !o.get(WRITE_TRACE).isEmpty();
  }

  @Override
  public void checkOptions(OptionValues o) {
    boolean synth = !o.get(SYNTHESIZE).isEmpty();
    boolean trace = !o.get(TRACE).isEmpty();
    if (synth == trace) {
      throw new InvalidInputException(synth ? "give --trace (replay a log) or --synthesize (write"
          + " one), not both" : "replay needs --trace PATH, the audit log to replay (or"
          + " --synthesize FILE to write one)");
    }
    if (!o.get(WRITE_TRACE).isEmpty() && (o.get(ANONYMIZE).isEmpty() || !trace)) {
      throw new InvalidInputException("--write-trace writes an anonymized copy of --trace: give"
          + " --trace and --anonymize KEY");
    }
    if (o.get(EMPTY_FILES) && !o.get(SEED_NAMESPACE)) {
      throw new InvalidInputException("--empty-files is how --seed-namespace seeds: give both");
    }
    if (o.get(LoadOptions.TARGET_RATE) > 0 || (o.has(LoadOptions.FIND_MAX)
        && o.get(LoadOptions.FIND_MAX))) {
      throw new InvalidInputException("replay runs at the trace's own rate: use --rate-factor,"
          + " not --target-rate or --find-max");
    }
    if (synth && !LoadOptions.timed(o)) {
      throw new InvalidInputException("--synthesize needs --duration, the trace's length, such"
          + " as --duration 60s");
    }
    if (trace && AuditTrace.local(o.get(TRACE))) {
      try {
        AuditTrace.check(new Configuration(), o.get(TRACE));
      } catch (IOException e) {
        throw new InvalidInputException("--trace " + o.get(TRACE) + ": " + e.getMessage());
      }
    }
    for (String file : List.of(o.get(SYNTHESIZE), o.get(WRITE_TRACE))) {
      if (!file.isEmpty()) {
        java.nio.file.Path f = java.nio.file.Path.of(file).toAbsolutePath();
        if (Files.exists(f)) {
          throw new InvalidInputException(file + " exists: replay writes a new file, never over"
              + " one");
        }
        if (!Files.isDirectory(f.getParent())) {
          throw new InvalidInputException(file + ": no directory " + f.getParent());
        }
      }
    }
  }

  /**
   * A trace on a cluster's file system is refused (no such file, no audit line in it) once the
   * cluster is reachable, before anything is made; a local one already by {@link #checkOptions}.
   */
  @Override
  public void checkInputs(OptionValues o, Configuration conf, Path base) throws IOException {
    if (!o.get(TRACE).isEmpty() && !AuditTrace.local(o.get(TRACE))) {
      AuditTrace.check(conf, o.get(TRACE));
    }
  }

  /** The trace as the options give it: read, and anonymized with {@code --anonymize}. */
  static AuditTrace trace(Configuration conf, OptionValues o) throws IOException {
    AuditTrace t = AuditTrace.read(conf, o.get(TRACE));
    if (o.get(ANONYMIZE).isEmpty()) {
      return t;
    }
    TraceAnonymizer a = new TraceAnonymizer(o.get(ANONYMIZE));
    return new AuditTrace(t.commands().stream().map(a::anonymize).toList(), t.malformed(),
        t.firstMalformed());
  }

  @Override
  public List<Point> points(OptionValues o) {
    if (!o.get(SYNTHESIZE).isEmpty()) {
      return List.of(Point.of("synthesize").with("commands", o.get(COMMANDS))
          .with("duration_s", o.get(LoadOptions.DURATION).toMillis() / 1000.0)
          .with("mix", o.get(ReplayOptions.MIX)).with("users", o.get(ReplayOptions.USERS))
          .with("depth", o.get(ReplayOptions.DEPTH))
          .with("missing_percent", o.get(ReplayOptions.MISSING))
          .with("random_seed", o.get(ReplayOptions.RANDOM_SEED)));
    }
    if (!o.get(WRITE_TRACE).isEmpty()) {
      return List.of(Point.of("anonymize").with("trace", o.get(TRACE)));
    }
    Point p = Point.of("replay").with("trace", o.get(TRACE))
        .with(ReplayFields.RATE_FACTOR, o.get(RATE_FACTOR))
        .with("partition_by", o.get(ReplayOptions.PARTITION_BY).text())
        .with("seed_namespace", o.get(SEED_NAMESPACE))
        .with("anonymized", !o.get(ANONYMIZE).isEmpty());
    return List.of(p);
  }

  @Override
  public void run(Point point, OptionValues o, RunContext ctx) throws Exception {
    if (!o.get(SYNTHESIZE).isEmpty()) {
      List<AuditCommand> lines = SyntheticTrace.generate(o.get(COMMANDS),
          o.get(LoadOptions.DURATION).toMillis(), o.get(ReplayOptions.MIX),
          o.get(ReplayOptions.USERS), o.get(ReplayOptions.DEPTH), o.get(ReplayOptions.MISSING),
          o.get(ReplayOptions.RANDOM_SEED));
      write(ctx, "synthesize", o.get(SYNTHESIZE), lines);
      return;
    }
    AuditTrace trace = trace(ctx.configuration(), o);
    if (!o.get(WRITE_TRACE).isEmpty()) {
      write(ctx, "anonymize", o.get(WRITE_TRACE), trace.commands());
      return;
    }
    replay(o, ctx, trace);
  }

  private static void write(RunContext ctx, String phase, String file, List<AuditCommand> lines)
      throws Exception {
    ctx.param("file", file);
    long[] bytes = new long[1];
    ctx.phase(phase, 0, () -> {
      java.nio.file.Path f = java.nio.file.Path.of(file);
      try (OutputStream raw = Files.newOutputStream(f, java.nio.file.StandardOpenOption.CREATE_NEW);
          OutputStream out = file.endsWith(".gz") ? new GZIPOutputStream(raw) : raw;
          Writer w = new OutputStreamWriter(out, StandardCharsets.UTF_8)) {
        for (AuditCommand c : lines) {
          w.write(c.toLine());
          w.write('\n');
        }
      }
      bytes[0] = Files.size(f);
      return (long) lines.size();
    }, (timed, into) -> into.work(bytes[0], lines.size()));
    long back = AuditTrace.read(ctx.configuration(), file).commands().size();
    ctx.check("read_back", back == lines.size(), "wrote " + lines.size() + " audit lines to "
        + file + ", read back " + back);
  }

  private static void replay(OptionValues o, RunContext ctx, AuditTrace trace) throws Exception {
    FileSystem fs = ctx.fileSystem();
    List<AuditCommand> lines = trace.commands();
    ReplayTimetable whole = ReplayTimetable.of(lines, o.get(RATE_FACTOR),
        o.get(ReplayOptions.PARTITION_BY), 1, 0, 1);
    if (trace.malformed() > 0) {
      ctx.console().status("[" + ctx.label() + "] " + trace.malformed() + " lines of the trace"
          + " are not audit lines and are left out; the first: "
          + String.join(" | ", trace.firstMalformed()));
    }
    if (!whole.unsupported.isEmpty()) {
      ctx.console().status("[" + ctx.label() + "] not replayed, no FileSystem call makes them: "
          + whole.unsupported);
    }
    ctx.param(ReplayFields.MALFORMED, trace.malformed());
    ctx.param(ReplayFields.REPLAYED, whole.replayed);
    ctx.param(ReplayFields.REFUSED, whole.refused);
    ctx.param(ReplayFields.UNSUPPORTED, whole.unsupported);
    ctx.param(ReplayFields.TRACE_SECONDS, (whole.lastMillis - whole.t0) / 1000.0);
    Path root = new Path(ctx.pointDirectory(), "ns");
    fs.mkdirs(root);
    ctx.param(ReplayFields.ROOT, root.toString());
    ctx.param(ReplayFields.AS_USERS, o.get(AS_USERS) && proxyAllowed(ctx, fs, root, lines));
    if (o.get(SEED_NAMESPACE)) {
      seed(ctx, fs, root, NamespaceSeed.of(lines), o.get(EMPTY_FILES));
    }
    LoadResult r = ctx.load("replay", trace);
    long due = o.get(LoadOptions.DURATION).isZero() ? whole.replayed : -1;
    long invalid = r.counts().entrySet().stream()
        .filter(e -> e.getKey().startsWith(ReplayLoad.INVALID)).mapToLong(e -> e.getValue()).sum();
    long made = r.calls() + r.warmupCalls();
    ctx.check("replayed", due < 0 ? made > 0 : made == due,
        made + " commands replayed" + (due < 0 ? "" : " of " + due)
            + (r.warmupCalls() > 0 ? " (" + r.warmupCalls() + " in the warm-up)" : "") + ", "
            + invalid + " with a missing target, " + r.failures() + " failed");
    // Commands that failed beyond the budget fail the point, as any load's failures do.
    double budget = o.get(ReplayOptions.MAX_FAILURES);
    long calls = r.calls();
    double failedPct = calls == 0 ? 0 : 100.0 * r.failures() / calls;
    ctx.check("failures", calls > 0 && failedPct <= budget, String.format(java.util.Locale.ROOT,
        "%d of %d commands failed (%s%%), at most %s%% allowed (--max-failures)%s", r.failures(),
        calls, percent(failedPct), percent(budget),
        r.failures() == 0 ? "" : "; the first: " + r.firstProblem()));
    ReplayLoad.Lateness late =
        ReplayLoad.Lateness.of(r, o.get(ReplayOptions.MAX_LATENESS).toNanos());
    if (late != null && late.fellBehind()) {
      ctx.console().status(String.format(java.util.Locale.ROOT, "[%s] the replay fell behind its"
          + " timetable: %.1f%% of the commands started more than %d ms late, the latest %.3f s"
          + " late (p99 %.1f ms)", ctx.label(), late.lateShare() * 100,
          o.get(ReplayOptions.MAX_LATENESS).toMillis(), late.maxSeconds(), late.p99Millis()));
    }
  }

  /** A share in percent, three significant digits at most: 99.5, 1, 0.25. */
  private static String percent(double v) {
    return v == 0 ? "0" : new java.math.BigDecimal(v).round(new java.math.MathContext(3))
        .stripTrailingZeros().toPlainString();
  }

  /**
   * Whether the cluster lets this user act for the trace's users: one call as the first of them
   * before the clock; the record says when it does not, and the commands run as this user.
   */
  private static boolean proxyAllowed(RunContext ctx, FileSystem fs, Path root,
      List<AuditCommand> lines) throws IOException {
    String user = lines.get(0).user();
    String refused = ReplayLoad.TraceUsers.refusal(fs, ctx.configuration(), user, root);
    if (refused == null) {
      return true;
    }
    ctx.param("as_trace_users_refused", refused);
    ctx.console().status("[" + ctx.label() + "] --as-users: the cluster does not let this user"
        + " act for " + user + "; replaying as this user");
    return false;
  }

  /** Creates the seed's paths under {@code root}, from several threads, as its own phase. */
  private static void seed(RunContext ctx, FileSystem fs, Path root, NamespaceSeed seed,
      boolean empty) throws Exception {
    List<Path> dirs = new ArrayList<>();
    seed.directories().forEach(d -> dirs.add(ReplayLoad.mapped(root, d)));
    List<Path> files = new ArrayList<>();
    seed.files().forEach(f -> files.add(ReplayLoad.mapped(root, f)));
    int n = dirs.size() + files.size();
    ctx.param(ReplayFields.SEEDED, (long) n);
    if (n == 0) {
      return;
    }
    byte[] block = new byte[empty ? 0 : SEED_BYTES];
    int threads = Math.min(SEED_THREADS, n);
    long[] each = LoadPlan.split(n, threads);
    long[] firstOf = new long[threads];
    for (int t = 1; t < threads; t++) {
      firstOf[t] = firstOf[t - 1] + each[t - 1];
    }
    ctx.load("seed", "seed", new LoadClients(each, (t, i, steps) -> {
      int k = (int) (firstOf[t] + i);
      if (k < dirs.size()) {
        steps.operation("seed_directory");
        fs.mkdirs(dirs.get(k));
        return 0;
      }
      steps.operation("seed_file");
      try (org.apache.hadoop.fs.FSDataOutputStream out = fs.create(files.get(k - dirs.size()),
          true)) {
        out.write(block);
      }
      return block.length;
    }, null), null);
  }
}
