package io.hbench.hdfs.namenode;

import io.hbench.core.cluster.RunningService;
import io.hbench.core.cluster.ServiceProvider;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/**
 * {@code namenode}: an HDFS NameNode alone in this process, with no datanodes, set up as
 * NNThroughputBenchmark sets up its own. nnthroughput's {@code --mode direct} starts one per point
 * ({@link io.hbench.core.RunContext#startService}) and calls its methods directly; {@code bench
 * embedded-cluster --with namenode} or {@code --cluster mini-namenode} serves it over RPC, a store
 * for metadata operations only.
 */
public final class NameNodeService implements ServiceProvider {

  /** Start from the namespace already in the directory, if any, instead of formatting it. */
  public static final String REUSE = "hbench.namenode.reuse";

  /** Simulated datanodes will report to it: slow heartbeats, no background redundancy work. */
  public static final String DATANODE_OPS = "hbench.namenode.datanode-ops";

  @Override
  public String name() {
    return "namenode";
  }

  @Override
  public String description() {
    return "an HDFS NameNode alone, no datanodes: metadata operations only (nnthroughput)";
  }

  @Override
  public boolean storage() {
    return true;
  }

  /** A NameNode alone: no datanodes, whatever {@code --datanodes} says. */
  @Override
  public String nodeKind() {
    return null;
  }

  @Override
  public RunningService start(Configuration conf, Path root, int nodes) throws IOException {
    InProcessNameNode nn =
        InProcessNameNode.start(conf, root, conf.getBoolean(REUSE, false),
            conf.getBoolean(DATANODE_OPS, false));
    conf.set("fs.defaultFS", nn.defaultFs());
    return nn;
  }
}
