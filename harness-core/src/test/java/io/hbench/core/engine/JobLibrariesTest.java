package io.hbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapreduce.Job;
import org.apache.hadoop.mapreduce.MRJobConfig;
import org.apache.hadoop.util.ClassUtil;
import org.junit.jupiter.api.Test;

/**
 * What a job of the standalone form ships beside its jar to a real cluster. Here the core's
 * classes come from a directory, not a jar, so only HdrHistogram's jar can be added.
 */
class JobLibrariesTest {

  private static final String HDR =
      new File(ClassUtil.findContainingJar(org.HdrHistogram.Histogram.class)).toURI().toString();

  private static Job job(boolean miniCluster, String tmpjars) throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(MRJobConfig.JAR, "/opt/hbench/lib/harness-mapreduce-0.1.jar");
    conf.setBoolean("yarn.is.minicluster", miniCluster);
    if (tmpjars != null) {
      conf.set("tmpjars", tmpjars);
    }
    return Job.getInstance(conf);
  }

  @Test
  void aRealClusterGetsHdrHistogramsJarAfterTheUsersOwn() throws Exception {
    Job job = job(false, "file:/home/u/extra.jar");
    JobPhase.shipLibrariesBesideJobJar(job);
    assertEquals("file:/home/u/extra.jar," + HDR, job.getConfiguration().get("tmpjars"));
    JobPhase.shipLibrariesBesideJobJar(job);
    assertEquals("file:/home/u/extra.jar," + HDR, job.getConfiguration().get("tmpjars"),
        "added once");
  }

  @Test
  void aMiniClusterGetsNothing() throws Exception {
    Job job = job(true, null);
    JobPhase.shipLibrariesBesideJobJar(job);
    assertNull(job.getConfiguration().get("tmpjars"), "its tasks have the client's class path");
  }

  @Test
  void aJarThatHoldsTheLibrariesItselfGetsNothing() throws Exception {
    Job job = job(false, null);
    job.getConfiguration().set(MRJobConfig.JAR, new File(HDR.substring("file:".length())).getPath());
    JobPhase.shipLibrariesBesideJobJar(job);
    assertTrue(job.getConfiguration().get("tmpjars") == null, job.getConfiguration().get("tmpjars"));
  }
}
