package io.hbench.cli;

import io.hbench.core.cluster.EmbeddedCluster;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;

/**
 * An integration-test class's one embedded cluster: started before its tests (a subclass's own
 * {@code @BeforeAll} runs after, with the cluster up), its client configuration written to
 * {@link #confDir} as bench run as a process reads it with {@code HADOOP_CONF_DIR}, stopped and
 * its temporary directory removed after them, also when it failed to start.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OnEmbeddedCluster {

  /** The class's temporary directory: the runs' results files and whatever else it writes. */
  protected Path tmp;
  /** The cluster's client configuration ({@code core-site.xml} and the others). */
  protected Path confDir;
  protected EmbeddedCluster cluster;

  /** The services, as {@code embedded-cluster --with} names them. */
  protected abstract String[] services();

  /** The servers' settings; none of its own by default. */
  protected Configuration serverConf() {
    return new Configuration();
  }

  protected int datanodes() {
    return 1;
  }

  /** What must be in place before the cluster starts (a console capture its servers print to). */
  protected void beforeStart() {}

  /** What must be undone once the cluster has stopped. */
  protected void afterStop() {}

  @BeforeAll
  final void startEmbeddedCluster() throws Exception {
    beforeStart();
    tmp = Files.createTempDirectory("hbench-" + getClass().getSimpleName() + "-");
    cluster = EmbeddedCluster.start(serverConf(), datanodes(), services());
    confDir = tmp.resolve("conf");
    cluster.writeConfiguration(confDir);
  }

  @AfterAll
  final void stopEmbeddedCluster() {
    if (cluster != null) {
      cluster.close();
    }
    if (tmp != null) {
      FileUtil.fullyDelete(tmp.toFile());
    }
    afterStop();
  }
}
