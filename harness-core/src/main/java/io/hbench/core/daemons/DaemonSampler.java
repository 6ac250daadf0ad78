package io.hbench.core.daemons;

import io.hbench.core.annotation.Internal;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.cluster.JmxReader;
import io.hbench.core.result.DaemonFigures;
import io.hbench.core.result.Metric;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Samples the figures of a set of daemons while one phase runs: once as it starts, every
 * interval on a thread of its own, and once as it ends; {@link #finish} then makes each daemon's
 * {@link DaemonFigures}. A daemon that does not answer is noted, never an error: the cluster's
 * own figures describe the point, they are not the point.
 *
 * <p>Hadoop's daemons refresh what {@code /jmx} shows at most once per metrics period (10 s by
 * default), so {@link #finish} waits one period after the phase's end before its last read: a
 * read then finds either figures refreshed after the end or an expired cache, which it refreshes.
 * Without the wait a counter's growth missed the phase's last second (49 of 50 creates).
 */
@Internal
public final class DaemonSampler {

  /** When a read was made: as the phase began, during it, or after it. */
  enum When { START, DURING, END }

  /** One read of a daemon. */
  record Sample(double t, Map<String, Double> values, When when) {}

  /**
   * How often the read before the phase, and the read after it of a daemon that had answered
   * with its figures, are tried when the daemon answers without any: HBase stops its JVM's whole
   * metrics system for half a second, 5 s after a region opens or closes (its JmxCacheBuster),
   * and every bean is missing meanwhile (a table created just before a phase hit it: the phase
   * lost its counters).
   */
  static final int END_READ_TRIES = 4;

  private static final long END_READ_PAUSE_MILLIS = 500;

  private final List<Daemon> daemons;
  private final Duration settle;
  /**
   * Which JVM each daemon runs in (its {@code pid@host}), where known. A JVM's CPU load answers
   * for the time since it was last asked: asked once per daemon of a JVM that several share (a
   * mini cluster, the embedded one with hbench's client in it), each answer would cover
   * milliseconds. So each sample asks each JVM once and gives the answer to all its daemons.
   */
  private final Map<Daemon, String> jvmOf;
  /** Per daemon, what its RPC times are multiplied by to be milliseconds (1 unless said). */
  private final Map<Daemon, Double> rpcToMillis;
  /** Whether the NameNode's per-method bean is read (see {@link #start}). */
  private final boolean nameNodeMethods;
  /** When the first reads were done: the phase's clock starts right after. */
  private long t0;
  private final Map<Daemon, List<Sample>> samples = new LinkedHashMap<>();
  /** Each daemon's last failed read, and those of its reads before and after the phase. */
  private final Map<Daemon, String> failures = new LinkedHashMap<>();
  private final Map<Daemon, String> startFailures = new LinkedHashMap<>();
  private final Map<Daemon, String> endFailures = new LinkedHashMap<>();
  private final ScheduledExecutorService timer;

  private DaemonSampler(List<Daemon> daemons, Duration interval, Duration settle,
      Map<Daemon, Double> rpcToMillis, Map<Daemon, String> jvmOf, boolean nameNodeMethods) {
    this.nameNodeMethods = nameNodeMethods;
    this.daemons = List.copyOf(daemons);
    this.settle = settle;
    this.jvmOf = Map.copyOf(jvmOf);
    this.rpcToMillis = Map.copyOf(rpcToMillis);
    for (Daemon d : this.daemons) {
      samples.put(d, new ArrayList<>());
    }
    sampleAll(When.START);
    t0 = System.nanoTime();
    timer = Executors.newSingleThreadScheduledExecutor(r -> {
      Thread t = new Thread(r, "hbench-daemon-sampler");
      t.setDaemon(true);
      return t;
    });
    long ms = interval.toMillis();
    timer.scheduleAtFixedRate(() -> sampleAll(When.DURING), ms, ms, TimeUnit.MILLISECONDS);
  }

  /**
   * Takes the first sample of every daemon (before the phase's clock starts: call it first) and
   * then one every {@code interval}.
   *
   * @param settle the daemons' metrics period: how stale a read may be
   */
  public static DaemonSampler start(List<Daemon> daemons, Duration interval, Duration settle) {
    return start(daemons, interval, settle, Map.of(), Map.of());
  }

  /**
   * As {@link #start(List, Duration, Duration)}, with each daemon's RPC time unit (a NameNode's
   * {@code rpc.metrics.timeunit}, as the factor that makes its RPC times milliseconds) and JVM
   * ({@code pid@host}: daemons of one JVM share one read of its process and host figures).
   */
  public static DaemonSampler start(List<Daemon> daemons, Duration interval, Duration settle,
      Map<Daemon, Double> rpcToMillis, Map<Daemon, String> jvmOf) {
    return start(daemons, interval, settle, rpcToMillis, jvmOf, true);
  }

  /**
   * As {@link #start(List, Duration, Duration, Map, Map)}; without {@code nameNodeMethods} the
   * NameNode's per-method bean ({@code RpcDetailedActivityForPort<port>}) is not read.
   */
  public static DaemonSampler start(List<Daemon> daemons, Duration interval, Duration settle,
      Map<Daemon, Double> rpcToMillis, Map<Daemon, String> jvmOf, boolean nameNodeMethods) {
    return new DaemonSampler(daemons, interval, settle, rpcToMillis, jvmOf, nameNodeMethods);
  }

  private synchronized void sampleAll(When when) {
    Map<String, JsonNode> processes = new java.util.HashMap<>();
    for (Daemon d : daemons) {
      try {
        sample(d, when, processes);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  private void sample(Daemon d, When when, Map<String, JsonNode> processes)
      throws InterruptedException {
    for (int attempt = 1; ; attempt++) {
      // The reads before the phase count as at its start (t0 is taken once they are done).
      double t = when == When.START ? 0 : (System.nanoTime() - t0) / 1e9;
      try {
        samples.get(d).add(new Sample(Math.round(t * 1000) / 1000.0,
            read(d, rpcToMillis.getOrDefault(d, 1.0), jvmOf.get(d), processes, nameNodeMethods),
            when));
        return;
      } catch (NoFigures e) {
        failed(d, when, e.getMessage());
        // Before the phase (its clock not started) and after it, a read without figures is
        // tried again: HBase's metrics may be restarting (see END_READ_TRIES).
        boolean again = when == When.START
            || when == When.END && !samples.get(d).isEmpty();
        if (!again || attempt >= END_READ_TRIES) {
          return;
        }
        Thread.sleep(END_READ_PAUSE_MILLIS);
      } catch (IOException e) {
        failed(d, when, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        return;
      }
    }
  }

  private void failed(Daemon d, When when, String reason) {
    failures.put(d, reason);
    if (when == When.START) {
      startFailures.put(d, reason);
    } else if (when == When.END) {
      endFailures.put(d, reason);
    }
  }

  /** A daemon answered, but with none of the figures hbench reads of its role. */
  private static final class NoFigures extends IOException {
    NoFigures(Daemon d) {
      super("its /jmx had none of a " + d.role().label() + "'s figures (its metrics off, or"
          + " being registered again)");
    }
  }

  /** One read of {@code d}'s figures; a read without any of its role's figures is not a sample. */
  private static Map<String, Double> read(Daemon d, double rpcToMillis, String jvm,
      Map<String, JsonNode> processes, boolean nameNodeMethods)
      throws IOException, InterruptedException {
    Map<String, JsonNode> beans = new java.util.HashMap<>();
    if (d.role() != Daemon.Role.CLIENT) {
      for (String query : ServerFigure.queries(d)) {
        if (nameNodeMethods || !query.contains(ServerFigure.METHODS_BEAN)) {
          beans.putAll(JmxReader.read(d.http(), query));
        }
      }
    }
    if (d.role() != Daemon.Role.HIVESERVER2 && d.role() != Daemon.Role.DATANODE_VOLUME) {
      JsonNode os = jvm == null ? null : processes.get(jvm);
      if (os == null) {
        os = process(d);
        if (os != null && jvm != null) {
          processes.put(jvm, os);
        }
      }
      if (os != null) {
        beans.put(ServerFigure.OS_BEAN, os);
      }
    }
    Map<String, Double> values = new LinkedHashMap<>();
    boolean any = false;
    for (ServerFigure f : ServerFigure.of(d.role())) {
      Double v = f.read(d, beans);
      if (v != null && f.rpcTime()) {
        v *= rpcToMillis;
      }
      values.put(f.name(), v);
      any |= v != null && (f.role() != null || d.role() == Daemon.Role.CLIENT);
    }
    if (!any) {
      throw new NoFigures(d);
    }
    return values;
  }

  private static final io.hbench.thirdparty.jackson.databind.node.JsonNodeFactory NODES =
      io.hbench.thirdparty.jackson.databind.node.JsonNodeFactory.instance;

  /** {@code d}'s JVM's operating system bean; null when it does not answer with it. */
  private static JsonNode process(Daemon d) throws InterruptedException {
    if (d.role() == Daemon.Role.CLIENT) {
      return ownProcess();
    }
    try {
      return JmxReader.read(d.http(), ServerFigure.OS_BEAN).get(ServerFigure.OS_BEAN);
    } catch (IOException e) {
      return null; // its process's and host's figures are missing from this sample
    }
  }

  /** This JVM's operating system bean, as a daemon's {@code /jmx} would show it. */
  private static JsonNode ownProcess() {
    var os = (com.sun.management.OperatingSystemMXBean)
        java.lang.management.ManagementFactory.getOperatingSystemMXBean();
    var bean = NODES.objectNode();
    bean.put("ProcessCpuLoad", os.getProcessCpuLoad());
    bean.put("CpuLoad", os.getCpuLoad());
    bean.put("FreePhysicalMemorySize", os.getFreeMemorySize());
    if (os instanceof com.sun.management.UnixOperatingSystemMXBean unix) {
      bean.put("OpenFileDescriptorCount", unix.getOpenFileDescriptorCount());
    }
    return bean;
  }

  /** Stops sampling without a last read: the phase failed, and no figure of it is kept. */
  public void cancel() {
    timer.shutdownNow();
  }

  /**
   * Stops sampling after a last read (one metrics period after the phase's end) and returns each
   * daemon's figures, in the order the daemons were given.
   */
  public List<DaemonFigures> finish() throws InterruptedException {
    timer.shutdownNow();
    timer.awaitTermination(JmxReader.TIMEOUT_MILLIS * 2L, TimeUnit.MILLISECONDS);
    Thread.sleep(settle.toMillis());
    sampleAll(When.END);
    List<DaemonFigures> out = new ArrayList<>();
    // A NameNode says it is active whether or not it has a peer: its state is news under HA only.
    boolean pair = daemons.stream().filter(d -> d.role() == Daemon.Role.NAMENODE).count() > 1;
    for (Daemon d : daemons) {
      List<Sample> got = samples.get(d);
      String failure = got.isEmpty() ? failures.get(d)
          : got.get(0).when() != When.START ? startFailures.get(d)
          : got.get(got.size() - 1).when() != When.END ? endFailures.get(d) : null;
      DaemonFigures f = figures(d, got, failure);
      if (d.role() == Daemon.Role.NAMENODE && pair) {
        f = f.withHaState(haState(got));
      } else if (f.series() != null) {
        f.series().remove(ServerFigure.HA_ACTIVE);
      }
      out.add(f);
    }
    return out;
  }

  /**
   * An HA NameNode's state over the phase from its samples: {@code active} or {@code standby},
   * {@code standby->active} when it changed (each change in order), null when it never said.
   */
  static String haState(List<Sample> got) {
    List<String> states = new ArrayList<>();
    for (Sample s : got) {
      Double v = s.values().get(ServerFigure.HA_ACTIVE);
      String state = v == null ? null : v == 1 ? "active" : "standby";
      if (state != null && (states.isEmpty() || !states.get(states.size() - 1).equals(state))) {
        states.add(state);
      }
    }
    return states.isEmpty() ? null : String.join("->", states);
  }

  private static double thousandths(double v) {
    return Math.round(v * 1000) / 1000.0;
  }

  static DaemonFigures figures(Daemon d, List<Sample> got, String failure) {
    if (got.isEmpty()) {
      return new DaemonFigures(d.role().label(), d.node(),
          failure == null ? "no answer" : failure, 0, null, null);
    }
    // A counter's growth needs the reads before and after the phase: from the samples between,
    // it would be too small, and is left out.
    boolean bracketed = got.get(0).when() == When.START
        && got.get(got.size() - 1).when() == When.END;
    List<Metric> metrics = new ArrayList<>();
    Map<String, List<Double>> series = new LinkedHashMap<>();
    series.put("t", got.stream().map(Sample::t).toList());
    List<Double> regions = values(got, ServerFigure.REGIONS.name());
    boolean sameRegions = regions.stream().filter(v -> v != null).distinct().count() == 1;
    for (ServerFigure f : ServerFigure.of(d.role())) {
      List<Double> values = values(got, f.name());
      if (f.counter() && d.role() == Daemon.Role.HIVESERVER2 && values.get(0) == null
          && bracketed) {
        // HiveServer2 creates a counter at its first event (the first failed query): absent
        // from a read that found the server's other figures, it was 0.
        values.set(0, 0.0);
      }
      if (f.counter() && d.role() == Daemon.Role.NAMENODE && f.methodCalls()
          && values.get(0) == null && bracketed
          && values.stream().skip(1).anyMatch(v -> v != null)) {
        // The NameNode shows a method's figures from the first snapshot of its metrics after
        // its first call: absent from the read before the phase and present after, the method
        // had not been called (or a few times in the last half second). Left out, a phase that
        // began right after the method's first call had no figure for its calls at all.
        values.set(0, 0.0);
      }
      List<Double> present = values.stream().filter(v -> v != null).toList();
      if (present.isEmpty()) {
        continue;
      }
      series.put(f.name(), values);
      if (f.name().equals(ServerFigure.HA_ACTIVE)) {
        continue; // a state, kept as the daemon's ha_state: no minimum or mean of it
      }
      if (f.cpuUse()) {
        // A CPU load covers the time since the JVM's previous read: the read before the phase
        // covers time before it, and the read after it the wait for the daemons' last figures.
        List<Double> inPhase = new ArrayList<>();
        for (int i = 0; i < got.size(); i++) {
          if (values.get(i) != null && got.get(i).when() == When.DURING) {
            inPhase.add(values.get(i));
          }
        }
        present = inPhase.isEmpty() ? present : inPhase;
      }
      if (f.meanTime()) {
        // A mean time covers the daemon's last metrics period: the read before the phase covers
        // time before it (a NameNode's 9.75 ms per mkdirs before a phase of 0.1-0.3 ms ones); a
        // read after it, its last period with calls: the phase's. A period without the
        // operation reads 0, which is no time of an operation.
        List<Double> calls = f.callsFigure() == null ? null : values(got, f.callsFigure());
        List<Double> timed = new ArrayList<>();
        List<Double> inPhase = new ArrayList<>();
        boolean readInPhase = false;
        for (int i = 0; i < got.size(); i++) {
          if (values.get(i) == null) {
            continue;
          }
          boolean during = got.get(i).when() != When.START;
          readInPhase |= during;
          if (withOperations(values, calls, got, i)) {
            timed.add(values.get(i));
            if (during) {
              inPhase.add(values.get(i));
            }
          }
        }
        // The read before the phase stands only where nothing was read during or after it.
        present = readInPhase ? inPhase : timed;
        if (present.isEmpty()) {
          continue;
        }
      }
      if (f.counter()) {
        if (bracketed && values.get(0) != null && values.get(values.size() - 1) != null
            && rising(present) && (!f.overRegions() || sameRegions)) {
          double growth = present.get(present.size() - 1) - present.get(0);
          if (growth == 0 && f.methodCalls()) {
            // A method the phase did not call: ten such per NameNode say nothing.
            series.remove(f.name());
            continue;
          }
          metrics.add(Metric.of(f.name(), f.unit(), growth, f.better()));
        }
      } else {
        double min = present.stream().mapToDouble(Double::doubleValue).min().orElse(0);
        double max = present.stream().mapToDouble(Double::doubleValue).max().orElse(0);
        double mean = present.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        metrics.add(f.min().value(thousandths(min)));
        metrics.add(f.key().value(thousandths(mean)));
        metrics.add(f.max().value(thousandths(max)));
      }
    }
    String missed = bracketed ? null
        : "the read " + (got.get(0).when() != When.START ? "before" : "after") + " the phase failed ("
            + (failure == null ? "no answer" : failure) + "): its counters are left out";
    return new DaemonFigures(d.role().label(), d.node(), missed, got.size(), metrics, series);
  }

  /**
   * Whether read {@code i} of a mean time timed operations: it is not 0, or, where the daemon
   * counts the operations ({@link ServerFigure#callsFigure}), it was read during the phase and the
   * count grew since the read before (a RegionServer's sub-millisecond gets read 0).
   */
  private static boolean withOperations(List<Double> means, List<Double> calls, List<Sample> got,
      int i) {
    if (means.get(i) > 0) {
      return true;
    }
    return calls != null && i > 0 && got.get(i).when() == When.DURING && calls.get(i) != null
        && calls.get(i - 1) != null && calls.get(i) > calls.get(i - 1);
  }

  private static List<Double> values(List<Sample> got, String figure) {
    List<Double> out = new ArrayList<>();
    for (Sample s : got) {
      out.add(s.values().get(figure));
    }
    return out;
  }

  /**
   * Whether a counter never went down between two reads: one that did was reset (its daemon
   * restarted) or lost part of what it sums, and its growth is left out.
   */
  private static boolean rising(List<Double> present) {
    for (int i = 1; i < present.size(); i++) {
      if (present.get(i) < present.get(i - 1)) {
        return false;
      }
    }
    return true;
  }
}
