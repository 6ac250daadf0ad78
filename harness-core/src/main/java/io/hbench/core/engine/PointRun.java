package io.hbench.core.engine;

import io.hbench.core.LoadFacts;
import io.hbench.core.LoadOptions;
import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.PointInTask;
import io.hbench.core.RunContext;
import io.hbench.core.error.PhaseFailedException;
import io.hbench.core.fs.Instrumentation;
import io.hbench.core.fs.IoOperation;
import io.hbench.core.fs.IoStatistics;
import io.hbench.core.fs.OperationStats;
import io.hbench.core.fs.OwnedDirectories;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import io.hbench.core.mapreduce.JobIo;
import io.hbench.core.mapreduce.StartBarrier;
import io.hbench.core.result.Check;
import io.hbench.core.result.Field;
import io.hbench.core.result.IoResult;
import io.hbench.core.result.JobJvms;
import io.hbench.core.result.OperationSummary;
import io.hbench.core.result.PhaseMetrics;
import io.hbench.core.result.PhaseResult;
import io.hbench.core.text.Console;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/**
 * The engine's {@link RunContext}: one per point and repeat, made by {@link PointExecutor}, which
 * reads back what the suite recorded through it (parameters, phases, checks, services).
 */
final class PointRun implements RunContext {

  /** {@code --request-prices}, or null. */
  private final RequestPrices prices;
  private final String label;
  /** The suite's declared load, or null; and its class, by which a map task finds it again. */
  private final LoadSpec loadSpec;
  private final Class<?> suiteClass;
  private final OptionValues options;
  private final Point point;
  private final String runId;
  private final java.util.Set<String> headlines;
  private final Configuration conf;
  private final OwnedDirectories dirs;
  private final Path pointDir;
  private final boolean keep;
  private final JobPhase jobs;
  private final Console console;
  private final Map<String, Object> params = new LinkedHashMap<>();
  private final List<PhaseResult> phases = new ArrayList<>();
  private final List<Check> checks = new ArrayList<>();
  private final IoStatistics clientIo;
  private final io.hbench.core.cluster.Needs needs;
  private final List<io.hbench.core.cluster.RunningService> services = new ArrayList<>();
  private final List<io.hbench.core.result.ServiceInfo> serviceInfo = new ArrayList<>();
  private boolean pointDirCreated;
  /** {@code --metrics}: the point's daemons, read around and during each phase; or null. */
  private final io.hbench.core.daemons.DaemonMetrics daemonMetrics;
  /** Where the point's loads are placed and driven. */
  private final LoadPhase loads;

  PointRun(
      LoadSpec loadSpec,
      Class<?> suiteClass,
      OptionValues options,
      Point point,
      String runId,
      java.util.Set<String> headlines,
      String label,
      Configuration conf,
      OwnedDirectories dirs,
      Path pointDir,
      boolean keep,
      JobPhase jobs,
      Console console,
      IoStatistics clientIo,
      io.hbench.core.cluster.Needs needs,
      io.hbench.core.daemons.DaemonMetrics daemonMetrics,
      java.util.Map<String, io.hbench.core.cluster.FaultActions> faults,
      RequestPrices prices) {
    this.prices = prices;
    this.daemonMetrics = daemonMetrics;
    this.loadSpec = loadSpec;
    this.suiteClass = suiteClass;
    this.options = options;
    this.point = point;
    this.runId = runId;
    this.headlines = headlines;
    this.label = label;
    this.conf = conf;
    this.dirs = dirs;
    this.pointDir = pointDir;
    this.keep = keep;
    this.jobs = jobs;
    this.console = console;
    this.clientIo = clientIo;
    this.needs = needs;
    this.loads = new LoadPhase(new LoadPhase.Timing() {
      @Override
      public PhaseResult phase(String name, long bytes, PhaseBody body, Figures figures)
          throws Exception {
        return PointRun.this.phase(name, bytes, body, figures);
      }

      @Override
      public PhaseResult job(String name, Job job, Figures figures, JobPhase.WhileRunning during)
          throws Exception {
        // A load's store requests are its clients' counts, kept interval by interval.
        return runJob(name, job, 0, org.apache.hadoop.mapreduce.TaskCounter.MAP_INPUT_RECORDS,
            null, figures, during, false);
      }

      @Override
      public void check(String name, boolean passed, String detail) {
        PointRun.this.check(name, passed, detail);
      }
    }, loadSpec, suiteClass, options, conf, dirs, console, label, faults, prices);
  }

  /** The point's label as tables and progress lines show it ({@code 64M #2} for a repeat). */
  public String label() {
    return label;
  }

  /** This point's configuration; changes made to it stay with this point. */
  public Configuration configuration() {
    return conf;
  }

  /** The file system of the base directory. */
  public FileSystem fileSystem() {
    return dirs.fileSystem();
  }

  /** Creates and deletes directories safely; see {@link OwnedDirectories}. */
  public OwnedDirectories directories() {
    return dirs;
  }

  /**
   * This point's own directory under the base directory, created (with its marker) on first
   * call and deleted after the point unless {@code --keep}.
   */
  public Path pointDirectory() throws IOException {
    if (!pointDirCreated) {
      // The run's directory is made with the first point that needs one, so suites that write
      // elsewhere (teragen's kept output) leave no empty run directory behind.
      Path runDir = pointDir.getParent();
      if (!dirs.isOwned(runDir)) {
        dirs.create(runDir);
      }
      dirs.create(pointDir);
      pointDirCreated = true;
    }
    return pointDir;
  }

  /** Whether the user asked to keep the data ({@code --keep}). */
  public boolean keep() {
    return keep;
  }

  /**
   * Adds a parameter the suite worked out (a description, a setting it chose) to the result
   * record; one that is read back, by a report or by the load's clients, is a {@link Field}.
   */
  public void param(String key, Object value) {
    params.put(key, value);
  }

  /**
   * Adds the parameter {@code field} to the result record, read back with its type by reports
   * ({@code record.param(field)}) and by the load's clients ({@link LoadScope#param}).
   */
  public <T> void param(Field<T> field, T value) {
    params.put(field.name(), field.encode(value));
  }

  /** Runs and times {@code body} as the phase {@code name} processing {@code bytes}. */
  public PhaseResult phase(String name, long bytes, PhaseBody body) throws Exception {
    return phase(name, bytes, body, null);
  }

  /**
   * As {@link #phase(String, long, PhaseBody)}, with the suite's figures of it, added after its
   * clock stopped from the phase as timed (its seconds), and recorded with it.
   */
  public PhaseResult phase(String name, long bytes, PhaseBody body, Figures figures)
      throws Exception {
    Map<IoOperation, OperationStats> before = clientIo == null ? null : clientIo.snapshot();
    io.hbench.core.daemons.DaemonSampler sampler = startSampling();
    PhaseResult r;
    try {
      long started = System.currentTimeMillis();
      long t0 = System.nanoTime();
      Long records = body.run();
      double seconds = (System.nanoTime() - t0) / 1e9;
      r = new PhaseResult(name, seconds, bytes, records, null).withStart(started);
    } catch (Exception | Error e) {
      stopSampling(sampler);
      throw e;
    }
    if (clientIo != null) {
      r = r.withIo(new IoResult(null, null, clientFigures(before)));
    }
    r = withDaemons(r, sampler);
    return record(r, figures);
  }

  /** Records {@code timed} with the suite's figures, completed, once; returns it. */
  private PhaseResult record(PhaseResult timed, Figures figures) throws Exception {
    return record(timed, figures, null);
  }

  /** As above, with the JVMs the phase's job ran in (or null), a figure of the core's. */
  private PhaseResult record(PhaseResult timed, Figures figures, JobJvms jvms) throws Exception {
    PhaseResult r = timed;
    if (figures != null) {
      PhaseFigures f = new PhaseFigures(timed.name());
      figures.add(timed, f);
      r = f.applyTo(timed);
    }
    if (jvms != null) {
      Map<String, Object> all = new LinkedHashMap<>(r.figures() == null ? Map.of() : r.figures());
      all.put(JobJvms.FIELD.name(), JobJvms.FIELD.encode(jvms));
      r = r.withFigures(all);
    }
    r = PhaseMetrics.complete(r, headlines);
    phases.add(r);
    return r;
  }

  /**
   * Whether the phase about to start is a load that names NameNode methods ({@link
   * LoadSpec#serverCalls}): only then are the NameNode's per-method figures read, its largest
   * bean (60% of what a NameNode's reads carry), which only the call breakdown uses.
   */
  private boolean phaseCallsNameNodeMethods;

  /** The phase's first reads of the daemons, before its clock starts; null without --metrics. */
  private io.hbench.core.daemons.DaemonSampler startSampling() {
    return daemonMetrics == null || daemonMetrics.daemons().isEmpty() ? null
        : daemonMetrics.start(phaseCallsNameNodeMethods);
  }

  private static void stopSampling(io.hbench.core.daemons.DaemonSampler sampler) {
    if (sampler != null) {
      sampler.cancel();
    }
  }

  /** {@code r} with the daemons' figures, read once more after its clock stopped. */
  private static PhaseResult withDaemons(PhaseResult r, io.hbench.core.daemons.DaemonSampler sampler)
      throws InterruptedException {
    return sampler == null ? r : r.withDaemons(sampler.finish());
  }

  /**
   * As {@link #phase}, for one of several independent pieces of work of a point (a query of a
   * stream) whose failure must not stop the others: on success the phase is recorded and
   * returned; on failure no figure is kept, the failure becomes the failed check {@code name}
   * with {@code describe}'s one line (so the point is recorded failed), and null is returned.
   */
  public PhaseResult attempt(String name, long bytes, PhaseBody body,
      java.util.function.Function<Exception, String> describe) throws InterruptedException {
    try {
      return phase(name, bytes, body);
    } catch (InterruptedException e) {
      throw e;
    } catch (Exception e) {
      check(name, false, describe.apply(e));
      return null;
    }
  }

  /**
   * Runs the suite's declared load ({@code Benchmark.load()}) for this point as the phase {@code
   * name}: in this process, or with {@code --maps M} as M map tasks on YARN, placed by the core.
   * The phase's bytes are what the calls moved, its records the calls, its loads the operations'
   * figures, with the suite's own ({@link LoadSpec#figures}). The suite checks its work against
   * the returned result.
   */
  public LoadResult load(String name) throws Exception {
    return load(name, null);
  }

  /**
   * As {@link #load(String)}, with what this process prepared for a load that cannot leave it
   * (an in-process NameNode): the clients read it with {@link LoadScope#prepared}; a map task has
   * none.
   */
  public LoadResult load(String name, Object prepared) throws Exception {
    return load(name, prepared, point);
  }

  /**
   * As {@link #load(String)}, the load as the suite declares it for {@code as}, a point of the
   * suite's making that is not among the run's (hbase-pe's write of the table a read on a fresh
   * embedded cluster needs): in this process only, since a map task finds its point by label
   * among the run's.
   *
   * @throws IllegalStateException with {@code --maps}
   */
  public LoadResult loadAs(String name, Point as) throws Exception {
    if (LoadOptions.maps(options) > 0) {
      throw new IllegalStateException("a load of another point runs in this process only");
    }
    return load(name, null, as);
  }

  private LoadResult load(String name, Object prepared, Point point) throws Exception {
    LoadSpec spec = loadSpec;
    if (spec == null) {
      throw new IllegalStateException(suiteClass.getName() + " declares no load");
    }
    // What the suite declares its load's operations ask of the servers; recorded even when it
    // is nothing, so that no operation of the load is taken apart by a guess from its name.
    io.hbench.core.result.ServerCalls declared = spec.serverCalls(options, point);
    io.hbench.core.result.ServerCalls calls =
        declared == null ? io.hbench.core.result.ServerCalls.NONE : declared;
    phaseCallsNameNodeMethods = !calls.nameNode().isEmpty();
    try {
      int maps = LoadOptions.maps(options);
      int threads = spec.threads(options, point);
      if (point == this.point) {
        recordFacts(spec, maps, threads);
      }
      LoadScope whole = new LoadScope(conf, options, point, paramsSoFar(), dirs,
          pointDirectory(), 0, Math.max(1, maps), threads, prepared).inPhase(name);
      return loads.declared(name, whole, calls);
    } finally {
      phaseCallsNameNodeMethods = false;
    }
  }

  /**
   * The point's {@link LoadFacts}, recorded before its load so that its tasks read them too: the
   * core's to record, never a suite's. A point whose loads differ records its last one's.
   */
  private void recordFacts(LoadSpec spec, int maps, int threads) {
    if (maps > 0) {
      param(LoadFacts.MAPS, maps);
    }
    param(LoadFacts.THREADS, threads);
    param(LoadFacts.CLIENTS, LoadOptions.clients(options, threads));
    if (spec.timed(options, point)) {
      param(LoadFacts.DURATION_S, options.get(LoadOptions.DURATION).toMillis() / 1000.0);
    }
    if (options.get(LoadOptions.TARGET_RATE) > 0) {
      param(LoadFacts.TARGET_RATE, options.get(LoadOptions.TARGET_RATE));
    }
  }

  /**
   * Runs {@code clients} in this process as the phase {@code name}, each thread making its
   * calls, recorded as {@code op} (or what a call names): for a load that by its nature stays in
   * one process, such as TPC-H's query streams on their JDBC connections. A load that can run
   * from many machines is declared ({@link #load(String)}).
   */
  public LoadResult load(String name, String op, LoadClients clients, LoadFigures figures)
      throws Exception {
    return loads.clients(name, op, clients, figures);
  }

  /**
   * Under Kerberos, the job's tasks have no ticket: the named services the suite needs add their
   * delegation tokens to the job ({@link io.hbench.core.cluster.ServiceProvider#addDelegationTokens}),
   * as JobSubmitter adds HDFS's.
   */
  private void addServiceTokens(Job job) throws IOException {
    if (needs == null || !org.apache.hadoop.security.UserGroupInformation.isSecurityEnabled()) {
      return;
    }
    for (String name : needs.services()) {
      io.hbench.core.cluster.ServiceProviders.provider(name).addDelegationTokens(
          needs.withSettings(name, job.getConfiguration()), job.getCredentials());
    }
  }

  /** The point's parameters and those recorded for it so far, in order: what its tasks get. */
  private Map<String, Object> paramsSoFar() {
    Map<String, Object> all = new LinkedHashMap<>(point.params());
    all.putAll(params);
    return all;
  }

  /** Whether this run counts file system calls ({@code --instrument}). */
  public boolean instrumented() {
    return clientIo != null;
  }

  private Map<String, OperationSummary> clientFigures(Map<IoOperation, OperationStats> before) {
    return JobIo.summaries(Instrumentation.difference(before, clientIo.snapshot()), true);
  }

  /**
   * Runs a MapReduce job as the phase {@code name}: submitted, followed with a progress line,
   * timed from submission to completion (preparation included, see below), start-up cost and
   * counters recorded. A failed job throws {@link PhaseFailedException}, which fails the point.
   * Its tasks find the point they work for, the suite's options typed, with {@link
   * PointInTask#of}: a suite carries no settings of its own in the job's configuration. A job
   * whose maps must start their timed work together asks for it with {@link
   * StartBarrier#together}; this process then gives them their start.
   *
   * @param recordCounter the counter whose value is the phase's record count
   */
  public PhaseResult runJob(String name, Job job, long bytes, Enum<?> recordCounter)
      throws Exception {
    return runJob(name, job, bytes, recordCounter, null);
  }

  /**
   * As {@link #runJob(String, Job, long, Enum)}, with client-side work (such as sampling the
   * input) that counts in the phase's time, done after the clock starts and before submission.
   */
  public PhaseResult runJob(
      String name, Job job, long bytes, Enum<?> recordCounter, RunContext.Preparation beforeSubmit)
      throws Exception {
    return runJob(name, job, bytes, recordCounter, beforeSubmit, null);
  }

  /**
   * As {@link #runJob(String, Job, long, Enum, RunContext.Preparation)}, with the suite's figures
   * of the finished job (read from its output or counters after the clock stopped), recorded
   * with the phase.
   */
  public PhaseResult runJob(String name, Job job, long bytes, Enum<?> recordCounter,
      RunContext.Preparation beforeSubmit, Figures figures) throws Exception {
    return runJob(name, job, bytes, recordCounter, beforeSubmit, figures, null, true);
  }

  /** @param storeCounts whether the tasks count their object store's requests for the phase */
  private PhaseResult runJob(String name, Job job, long bytes, Enum<?> recordCounter,
      RunContext.Preparation beforeSubmit, Figures figures, JobPhase.WhileRunning during,
      boolean storeCounts) throws Exception {
    PointJob prepared = PointJob.prepare(name, job, new PointInTask.Identity(
        suiteClass.getName(), options.texts(), point.label(), paramsSoFar(),
        fileSystem().makeQualified(dirs.base()).toString(),
        fileSystem().makeQualified(pointDir).toString(), runId), dirs, pointDirectory(),
        clientIo != null, storeCounts, console, label, during);
    addServiceTokens(job);
    Map<IoOperation, OperationStats> before = clientIo == null ? null : clientIo.snapshot();
    io.hbench.core.daemons.DaemonSampler sampler = startSampling();
    PhaseResult r;
    long started = System.currentTimeMillis();
    try {
      r = jobs.run(name, label, job, bytes, recordCounter, beforeSubmit, prepared.during())
          .withStart(started);
    } catch (Exception | Error e) {
      stopSampling(sampler);
      throw e;
    }
    r = withDaemons(r, sampler);
    JobJvms jvms = prepared.jvms();
    if (clientIo != null) {
      Map<String, OperationSummary> client = clientFigures(before);
      // Read after the clock stopped: merging side files is not part of the phase.
      IoResult tasks = prepared.taskIo();
      r = r.withIo(new IoResult(tasks.tasks(), tasks.perTask(), client));
    }
    // The object store's requests its tasks counted, added up by MapReduce; none off S3A.
    Map<String, Long> store = StoreRequests.totals(job.getCounters());
    Figures all = store.isEmpty() ? figures : (timed, into) -> {
      if (figures != null) {
        figures.add(timed, into);
      }
      String line = StoreRequests.record(store, 0, prices, into::metric);
      if (line != null) {
        String committer = StoreRequests.committer(job.getConfiguration());
        into.figure(StoreRequests.COMMITTER, committer);
        console.status("[" + label + "] " + name + ": " + line.replace("the store served",
            "its tasks made") + " (the ApplicationMaster's set-up and job commit not counted); "
            + StoreRequests.committerNote(committer));
      }
    };
    return record(r, all, jvms);
  }

  /** Records a validation check. Any failed check fails the point. */
  public void check(String name, boolean passed, String detail) {
    checks.add(new Check(name, passed, detail));
  }

  public Console console() {
    return console;
  }

  /**
   * Starts the embedded service {@code name} for this point only, through its {@link
   * io.hbench.core.cluster.ServiceProvider}: a service whose state is the point's own (the
   * in-process NameNode of {@code nnthroughput --mode direct}, fresh or kept per operation). It is
   * recorded in this point's {@code environment.services} and stopped when the point ends, if the
   * suite has not closed it before. Services the whole run needs are declared with {@link
   * Benchmark#needs} instead.
   *
   * @param conf the service's settings
   * @param dir a directory of this machine for its files, which the suite owns
   */
  public io.hbench.core.cluster.RunningService startService(
      String name, Configuration conf, java.nio.file.Path dir) throws IOException {
    io.hbench.core.cluster.RunningService s =
        io.hbench.core.cluster.ServiceProviders.provider(name).start(conf, dir, 1);
    services.add(s);
    serviceInfo.add(s.info());
    return s;
  }

  /** Stops the services this point started. */
  void stopServices() {
    for (int i = services.size() - 1; i >= 0; i--) {
      services.get(i).close();
    }
  }

  List<io.hbench.core.result.ServiceInfo> services() {
    return serviceInfo;
  }

  Map<String, Object> params() {
    return params;
  }

  /** What the cluster's servers are, as read when the point began ({@code --metrics}). */
  io.hbench.core.daemons.ServerFingerprints serverFingerprints() {
    return daemonMetrics == null ? io.hbench.core.daemons.ServerFingerprints.NONE
        : daemonMetrics.fingerprints();
  }

  List<PhaseResult> phases() {
    return phases;
  }

  List<Check> checks() {
    return checks;
  }

  boolean pointDirectoryCreated() {
    return pointDirCreated;
  }

  Path pointDirectoryPath() {
    return pointDir;
  }
}
