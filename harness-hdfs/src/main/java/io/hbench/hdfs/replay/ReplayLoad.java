package io.hbench.hdfs.replay;

import io.hbench.core.LoadScope;
import io.hbench.core.LoadSpec;
import io.hbench.core.OptionValues;
import io.hbench.core.PhaseFigures;
import io.hbench.core.Point;
import io.hbench.core.load.ConcurrentLoad;
import io.hbench.core.load.LoadClients;
import io.hbench.core.load.LoadResult;
import java.io.Closeable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * replay's load: each client thread replays its part of the trace ({@link ReplayTimetable}), each
 * command started by the core when it is due and recorded under its audit name and its user;
 * the same in this process and in each map task of {@code --maps}, which reads the trace itself.
 */
final class ReplayLoad implements LoadSpec {

  /** The load's operation: what the lateness step is named after. */
  static final String OP = "replay";

  /** The prefix of a command's count of missing targets. */
  static final String INVALID = "invalid ";

  /** The prefix of the operation each user's commands are also kept under. */
  static final String USER = "user ";

  @Override
  public String operation(OptionValues options, Point point) {
    return OP;
  }

  @Override
  public int threads(OptionValues options, Point point) {
    return options.get(ReplayOptions.THREADS);
  }

  /**
   * The NameNode method behind each command that is one NameNode call, so that with {@code
   * --metrics} a command's time is taken apart with the server's own; create and append (a
   * second call completes the file) and concat are left out.
   */
  @Override
  public io.hbench.core.result.ServerCalls serverCalls(OptionValues options, Point point) {
    io.hbench.core.result.ServerCalls calls = io.hbench.core.result.ServerCalls.NONE;
    String[][] oneCall = {{"open", "getBlockLocations"}, {"getfileinfo", "getFileInfo"},
        {"listStatus", "getListing"}, {"mkdirs", "mkdirs"}, {"rename", "rename"},
        {"rename (options=[OVERWRITE])", "rename2"}, {"delete", "delete"},
        {"setPermission", "setPermission"}, {"setOwner", "setOwner"}, {"setTimes", "setTimes"},
        {"setReplication", "setReplication"}, {"contentSummary", "getContentSummary"},
        {"getAclStatus", "getAclStatus"}, {"setAcl", "setAcl"}, {"removeAcl", "removeAcl"},
        {"truncate", "truncate"}, {"getStoragePolicy", "getStoragePolicy"}};
    for (String[] c : oneCall) {
      calls = calls.nameNode(c[0], c[1]);
    }
    return calls;
  }

  @Override
  public LoadClients open(LoadScope scope) throws IOException {
    OptionValues o = scope.options();
    // In this process the trace read before the load; a map task reads it itself.
    AuditTrace read = scope.prepared(AuditTrace.class);
    List<AuditCommand> trace = (read != null ? read
        : ReplayBenchmark.trace(scope.configuration(), o)).commands();
    ReplayTimetable table = ReplayTimetable.of(trace, o.get(ReplayOptions.RATE_FACTOR),
        o.get(ReplayOptions.PARTITION_BY), scope.clients(), scope.firstClient(), scope.threads());
    Path root = new Path(scope.param(ReplayFields.ROOT));
    Boolean asUsers = scope.param(ReplayFields.AS_USERS);
    TraceUsers users = new TraceUsers(scope.fileSystem(), scope.configuration(),
        Boolean.TRUE.equals(asUsers));
    for (AuditCommand[] part : table.commands) {
      for (AuditCommand c : part) {
        users.fileSystem(c.user()); // opened before the clock
      }
    }
    // Paths and names made before the clock, each distinct one once.
    Map<String, Path> paths = new java.util.HashMap<>();
    Map<String, String> views = new java.util.HashMap<>();
    Path[][] src = new Path[table.commands.length][];
    Path[][] dst = new Path[table.commands.length][];
    String[][] user = new String[table.commands.length][];
    for (int t = 0; t < table.commands.length; t++) {
      int n = table.commands[t].length;
      src[t] = new Path[n];
      dst[t] = new Path[n];
      user[t] = new String[n];
      for (int i = 0; i < n; i++) {
        AuditCommand c = table.commands[t][i];
        if (table.calls[t][i] != ReplayedCall.CONCAT) {
          src[t][i] = paths.computeIfAbsent(c.src(), p -> mapped(root, p));
        }
        dst[t][i] = c.dst() == null ? null : paths.computeIfAbsent(c.dst(), p -> mapped(root, p));
        user[t][i] = views.computeIfAbsent(c.user(), u -> USER + u);
      }
    }
    ConcurrentLoad.SteppedCall call = (t, i, steps) -> {
      int k = (int) i;
      AuditCommand c = table.commands[t][k];
      ReplayedCall made = table.calls[t][k];
      steps.operation(made.command);
      steps.alsoAs(user[t][k]);
      Path[] sources = made == ReplayedCall.CONCAT ? mappedSources(root, c.src()) : null;
      if (!made.replay(users.fileSystem(c.user()), src[t][k], dst[t][k], sources, c)) {
        steps.count(INVALID + made.command, 1);
      }
      return 0;
    };
    return new LoadClients(table.perThread(), call, users).scheduled(table.schedule());
  }

  /** The trace's path under the replay's own root: the cluster's own data is never touched. */
  static Path mapped(Path root, String path) {
    if (path == null) {
      return null;
    }
    String rel = path.startsWith("/") ? path.substring(1) : path;
    return rel.isEmpty() ? root : new Path(root, rel);
  }

  private static Path[] mappedSources(Path root, String src) {
    List<String> s = NamespaceSeed.concatSources(src);
    Path[] out = new Path[s.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = mapped(root, s.get(i));
    }
    return out;
  }

  /**
   * The replay's own figures: commands with a missing target by command, how late the commands
   * started, and whether the replay fell behind its timetable.
   */
  @Override
  public void figures(LoadResult r, LoadScope scope, PhaseFigures into) {
    Map<String, Long> invalid = new TreeMap<>();
    long all = 0;
    for (Map.Entry<String, Long> e : r.counts().entrySet()) {
      if (e.getKey().startsWith(INVALID)) {
        invalid.put(e.getKey().substring(INVALID.length()), e.getValue());
        all += e.getValue();
      }
    }
    into.figure(ReplayFields.INVALID, all).figure(ReplayFields.INVALID_BY_COMMAND, invalid);
    Lateness late = Lateness.of(r, scope.options().get(ReplayOptions.MAX_LATENESS).toNanos());
    if (late != null) {
      into.figure(ReplayFields.LATENESS_P99, late.p99Millis())
          .figure(ReplayFields.LATENESS_MAX, late.maxSeconds())
          .figure(ReplayFields.FELL_BEHIND, late.fellBehind());
    }
  }

  /** How late a replay's commands started. */
  record Lateness(double p99Millis, double maxSeconds, double lateShare, boolean fellBehind) {

    static Lateness of(LoadResult r, long maxNanos) {
      String step = OP + ConcurrentLoad.LATENESS;
      if (!r.tally().stats().containsKey(step)) {
        return null;
      }
      Histogram h = r.tally().stats(step).histogram();
      if (h.getTotalCount() == 0) {
        return null;
      }
      double share = 1 - h.getCountBetweenValues(0, maxNanos) / (double) h.getTotalCount();
      return new Lateness(Math.round(h.getValueAtPercentile(99) / 1e3) / 1e3,
          Math.round(h.getMaxValue() / 1e6) / 1e3, share, share > 0.01);
    }
  }

  /**
   * The file systems the commands run through: the running user's, or with {@code --as-users}
   * one per trace user as a proxy user of the running one, opened before the clock.
   */
  static final class TraceUsers implements Closeable {
    private final FileSystem own;
    private final org.apache.hadoop.conf.Configuration conf;
    private final boolean asUsers;
    private final Map<String, FileSystem> byUser = new java.util.concurrent.ConcurrentHashMap<>();

    TraceUsers(FileSystem own, org.apache.hadoop.conf.Configuration conf, boolean asUsers) {
      this.own = own;
      this.conf = conf;
      this.asUsers = asUsers;
    }

    FileSystem fileSystem(String user) throws IOException {
      if (!asUsers) {
        return own;
      }
      FileSystem fs = byUser.get(user);
      if (fs == null) {
        fs = proxied(own, conf, user);
        byUser.put(user, fs);
      }
      return fs;
    }

    /**
     * Why the cluster refuses this user acting for {@code user} (one call on {@code root}), or
     * null when it allows it. Here, not in the suite, so that the suite loads without Hadoop.
     */
    static String refusal(FileSystem own, org.apache.hadoop.conf.Configuration conf, String user,
        Path root) throws IOException {
      try (FileSystem as = proxied(own, conf, user)) {
        as.getFileStatus(root);
        return null;
      } catch (org.apache.hadoop.security.authorize.AuthorizationException
          | org.apache.hadoop.ipc.RemoteException e) {
        return io.hbench.core.fs.OperationTally.problem(e);
      }
    }

    /** A file system of its own acting for {@code user} as a proxy user of this one. */
    static FileSystem proxied(FileSystem own, org.apache.hadoop.conf.Configuration conf,
        String user) throws IOException {
      org.apache.hadoop.security.UserGroupInformation proxy =
          org.apache.hadoop.security.UserGroupInformation.createProxyUser(user,
              org.apache.hadoop.security.UserGroupInformation.getCurrentUser());
      try {
        return proxy.doAs((java.security.PrivilegedExceptionAction<FileSystem>)
            () -> FileSystem.newInstance(own.getUri(), conf));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted opening " + user + "'s file system", e);
      }
    }

    @Override
    public void close() throws IOException {
      List<IOException> failed = new ArrayList<>();
      for (FileSystem fs : byUser.values()) {
        try {
          fs.close();
        } catch (IOException e) {
          failed.add(e);
        }
      }
      if (!failed.isEmpty()) {
        throw failed.get(0);
      }
    }
  }
}
