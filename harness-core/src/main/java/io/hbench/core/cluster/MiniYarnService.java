package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import io.hbench.core.result.ServiceInfo;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.service.Service;
import org.apache.hadoop.util.VersionInfo;

/**
 * {@code yarn}: MiniYARNCluster with MapReduce (a ResourceManager, NodeManagers and the job
 * history server) in this process, running jobs on the store started before it.
 */
@Internal
public final class MiniYarnService implements ServiceProvider {

  @Override
  public String name() {
    return "yarn";
  }

  @Override
  public String description() {
    return "YARN with MapReduce (MiniMRYarnCluster): a ResourceManager and a NodeManager";
  }

  /** How long an orphaned ApplicationMaster keeps trying the ResourceManager, in ms. */
  private static final Map<String, String> ORPHAN_TIMEOUTS = Map.of(
      "yarn.resourcemanager.connect.max-wait.ms", "5000",
      "yarn.resourcemanager.connect.retry-interval.ms", "5000",
      "yarn.client.nodemanager-connect.max-wait-ms", "5000",
      "yarn.client.nodemanager-connect.retry-interval-ms", "5000",
      "yarn.app.mapreduce.am.scheduler.connection.wait.interval-ms", "15000");

  private static boolean given(Configuration conf, String key) {
    return ClusterConfiguration.given(conf, key);
  }

  @Override
  public RunningService start(Configuration conf, Path root, int nodes) throws IOException {
    Map<String, String> userSet = new java.util.HashMap<>();
    for (String key : ORPHAN_TIMEOUTS.keySet()) {
      if (given(conf, key)) {
        userSet.put(key, conf.get(key));
      }
    }
    // Room for an ApplicationMaster and several tasks; vmem checks misfire on small machines.
    ClusterConfiguration.setUnlessGiven(conf, "yarn.nodemanager.resource.memory-mb", "8192");
    // MiniYARNCluster gives its NodeManagers this key's memory (4 GB unless set), not the one
    // above: an ApplicationMaster and two 1 GB tasks, so a job's third map waited for one of
    // the first two to end.
    ClusterConfiguration.setUnlessGiven(conf, "yarn.minicluster.yarn.nodemanager.resource.memory-mb",
        conf.get("yarn.nodemanager.resource.memory-mb"));
    ClusterConfiguration.setUnlessGiven(conf, "yarn.nodemanager.resource.cpu-vcores", "8");
    ClusterConfiguration.setUnlessGiven(conf, "yarn.nodemanager.vmem-check-enabled", "false");
    // Heartbeats every 0.1 s, not 1 s: a container is given, and a task seen started and done,
    // up to a second sooner at each step. A small job's phase fell from 18-19 s to 13 s (dfsio,
    // 2 files of 1 MB); on one machine the heartbeats cost next to nothing.
    ClusterConfiguration.setUnlessGiven(conf, "yarn.resourcemanager.nodemanagers.heartbeat-interval-ms",
        "100");
    ClusterConfiguration.setUnlessGiven(conf, "yarn.app.mapreduce.am.scheduler.heartbeat.interval-ms",
        "100");
    // A finished application's container logs are kept 5 s, not YARN's 3 hours: the NodeManager
    // holds an application until its logs are deleted, and its stop waited 7 s for the ones it
    // held and 10 s more for their pending deletions, 17 s at the end of every run that ran a
    // job (a dfsio write of 1 MB took 41.2 s in all, 28.7 s with 5 s: medians of 3). Not 0: a
    // failed container's logs outlive its application by a few seconds, for a reader at its end.
    ClusterConfiguration.setUnlessGiven(conf, "yarn.nodemanager.log.retain-seconds", "5");
    // No speculative attempts: on one machine a second attempt of a slow task is as slow and
    // takes a core from the first; a relaunch count would vary from run to run.
    ClusterConfiguration.setUnlessGiven(conf, "mapreduce.map.speculative", "false");
    ClusterConfiguration.setUnlessGiven(conf, "mapreduce.reduce.speculative", "false");
    // The NodeManager measures its node's CPU (NodeCpuUtilization, --metrics' node_cpu_cores)
    // only with its resource monitor on, which MiniYARNCluster turns off unless told that the
    // configuration controls monitoring; containers' monitoring stays off, as it has it. These
    // have yarn-default.xml values: set unless given.
    Map<String, String> monitoring = Map.of(
        "yarn.minicluster.control-resource-monitoring", "true",
        "yarn.nodemanager.container-monitor.enabled", "false",
        "yarn.nodemanager.resource-monitor.interval-ms", "1000");
    monitoring.forEach((key, value) -> {
      if (!given(conf, key)) {
        conf.set(key, value);
      }
    });
    // Task JVMs need an absolute class path (see absoluteClassPath); the property is put
    // back when YARN stops, and the running class loader is unaffected.
    String classPath = System.getProperty("java.class.path", "");
    System.setProperty("java.class.path", absoluteClassPath(classPath));
    MiniMRYarnCluster yarn = historyServerLast("hbench", nodes);
    Thread self = Thread.currentThread();
    ClassLoader loader = self.getContextClassLoader();
    try {
      self.setContextClassLoader(NameserviceSites.loader(conf, root, loader));
      yarn.init(conf);
      yarn.start();
      historyAddress(yarn);
    } catch (RuntimeException | IOException e) {
      try {
        yarn.stop();
      } catch (RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      System.setProperty("java.class.path", classPath);
      throw e;
    } finally {
      self.setContextClassLoader(loader);
    }
    // Clients, here and in later services, need the ResourceManager's and history's addresses.
    for (Map.Entry<String, String> e : yarn.getConfig()) {
      if (!e.getValue().equals(conf.get(e.getKey()))) {
        conf.set(e.getKey(), e.getValue());
      }
    }
    // The ApplicationMaster and tasks are processes of their own: if hbench is killed (kill -9),
    // they are orphans, and an ApplicationMaster retries the vanished ResourceManager for 15
    // minutes by default (one measured alive after 9). Jobs get these, so it gives up sooner:
    // the proxy retries max-wait / retry-interval times, each try itself ~11 s of IPC connect
    // retries, so one retry, then the allocator stops at once (its own wait is already over);
    // stopping, it asks the vanished NodeManager to kill its tasks, 3 minutes by default.
    // Set after the copy above: MiniYARNCluster writes the defaults into its configuration.
    for (Map.Entry<String, String> e : ORPHAN_TIMEOUTS.entrySet()) {
      conf.set(e.getKey(), userSet.getOrDefault(e.getKey(), e.getValue()));
    }
    return new Running(yarn, conf.get("yarn.resourcemanager.address"), classPath);
  }

  /** How long the history server has to bind its port. */
  private static final long HISTORY_BIND_MILLIS = 60_000;

  /**
   * Puts the history server's real address into the cluster's configuration. MiniMRYarnCluster
   * copies it as the history server starts on a thread of its own, before that thread has bound
   * its port, so the copy says port 0. A client that asks about a job whose ApplicationMaster has
   * exited is sent to the history server: with port 0 it failed ("Your endpoint configuration is
   * wrong"), as a terasort on {@code bench embedded-cluster}'s configuration did once --metrics' last
   * read held the point past the ApplicationMaster's exit.
   */
  private static void historyAddress(MiniMRYarnCluster yarn) throws IOException {
    String key = org.apache.hadoop.mapreduce.v2.jobhistory.JHAdminConfig.MR_HISTORY_ADDRESS;
    long deadline = System.nanoTime() + HISTORY_BIND_MILLIS * 1_000_000;
    while (true) {
      org.apache.hadoop.mapreduce.v2.hs.JobHistoryServer history = yarn.getHistoryServer();
      java.net.InetSocketAddress bound = history == null || history.getClientService() == null
          ? null : history.getClientService().getBindAddress();
      if (bound != null && bound.getPort() > 0) {
        String configured = yarn.getConfig().get(key, "localhost:0");
        String host = configured.substring(0, Math.max(0, configured.lastIndexOf(':')));
        yarn.getConfig().set(key, (host.isEmpty() ? "localhost" : host) + ":" + bound.getPort());
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("the embedded YARN's history server did not bind its port in "
            + HISTORY_BIND_MILLIS / 1000 + " s");
      }
      try {
        Thread.sleep(100);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted waiting for the history server", e);
      }
    }
  }

  /**
   * A MiniMRYarnCluster of {@code nodes} NodeManagers whose history server starts last. It
   * starts on a thread of its own, and MiniMRYarnCluster goes on before its web app is up;
   * started first, it raced the ResourceManager's web app for Jetty's directory ("Unable to
   * create temp dir", or a web app's resources not found as Jetty unpacked them, in CI).
   * Started last, it races nothing.
   */
  public static MiniMRYarnCluster historyServerLast(String name, int nodes) {
    return new MiniMRYarnCluster(name, nodes) {
      @Override
      public void serviceInit(Configuration c) throws Exception {
        super.serviceInit(c);
        for (Service s : getServices()) {
          if (s.getName().endsWith("JobHistoryServerWrapper")) {
            removeService(s);
            addService(s);
          }
        }
      }
    };
  }

  private static final class Running extends InProcessService {
    private final MiniMRYarnCluster yarn;
    private final String endpoint;
    private final String savedClassPath;

    Running(MiniMRYarnCluster yarn, String endpoint, String savedClassPath) {
      this.yarn = yarn;
      this.endpoint = endpoint;
      this.savedClassPath = savedClassPath;
    }

    @Override
    public ServiceInfo info() {
      // The NodeManagers that registered, as the ResourceManager counts them.
      int running = yarn.getResourceManager().getRMContext().getRMNodes().size();
      return new ServiceInfo(
          "yarn", "embedded", VersionInfo.getVersion(), endpoint, Map.of("node_managers", running));
    }

    @Override
    protected void stop() {
      try {
        yarn.stop();
      } finally {
        System.setProperty("java.class.path", savedClassPath);
      }
    }
  }

  /**
   * {@code classPath} with every entry made absolute. The task JVMs of a mini cluster get {@code
   * java.class.path} exactly as written (MRApps propagates it when {@code yarn.is.minicluster} is
   * set) and start in directories of their own: a relative entry ({@code java -jar
   * harness-cli/target/...}) makes every ApplicationMaster fail. The CLI sets the property to this
   * at start; the embedded YARN sets it while it runs and puts it back.
   */
  public static String absoluteClassPath(String classPath) {
    StringBuilder abs = new StringBuilder();
    for (String entry : classPath.split(File.pathSeparator)) {
      if (!entry.isEmpty()) {
        if (abs.length() > 0) {
          abs.append(File.pathSeparator);
        }
        abs.append(new File(entry).getAbsolutePath());
      }
    }
    return abs.toString();
  }
}
