package io.hbench.core.cluster;

import io.hbench.core.result.ServiceInfo;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.v2.MiniMRYarnCluster;
import org.apache.hadoop.util.VersionInfo;

/**
 * {@code yarn}: MiniYARNCluster with MapReduce (a ResourceManager, NodeManagers and the job
 * history server) in this process, running jobs on the store started before it.
 */
public final class MiniYarnService implements ServiceProvider {

  @Override
  public String name() {
    return "yarn";
  }

  @Override
  public String description() {
    return "YARN with MapReduce (MiniMRYarnCluster): a ResourceManager and a NodeManager";
  }

  @Override
  public RunningService start(Configuration conf, Path root, int nodes) throws IOException {
    // Room for an ApplicationMaster and several tasks; vmem checks misfire on small machines.
    conf.setIfUnset("yarn.nodemanager.resource.memory-mb", "8192");
    conf.setIfUnset("yarn.nodemanager.resource.cpu-vcores", "8");
    conf.setIfUnset("yarn.nodemanager.vmem-check-enabled", "false");
    // Task JVMs need an absolute class path (see JobPhase.absoluteClassPath); the property is put
    // back when YARN stops, and the running class loader is unaffected.
    String classPath = System.getProperty("java.class.path", "");
    System.setProperty("java.class.path", io.hbench.core.mapreduce.JobPhase.absoluteClassPath(classPath));
    MiniMRYarnCluster yarn = new MiniMRYarnCluster("hbench", nodes);
    try {
      yarn.init(conf);
      yarn.start();
    } catch (RuntimeException e) {
      try {
        yarn.stop();
      } catch (RuntimeException suppressed) {
        e.addSuppressed(suppressed);
      }
      System.setProperty("java.class.path", classPath);
      throw e;
    }
    // Clients, here and in later services, need the ResourceManager's and history's addresses.
    for (Map.Entry<String, String> e : yarn.getConfig()) {
      if (!e.getValue().equals(conf.get(e.getKey()))) {
        conf.set(e.getKey(), e.getValue());
      }
    }
    return new Running(yarn, conf.get("yarn.resourcemanager.address"), classPath);
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
}
