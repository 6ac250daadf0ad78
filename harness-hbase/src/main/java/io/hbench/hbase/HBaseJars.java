package io.hbench.hbase;

import org.apache.hadoop.conf.Configuration;

/**
 * The jars a map task needs to be an HBase client, shipped with a load's job ({@code --maps}) as
 * {@code TableMapReduceUtil} ships them, so that tasks on a cluster whose YARN class path has no
 * HBase can connect.
 */
final class HBaseJars {

  private HBaseJars() {}

  /** Classes whose jars a task needs to be an HBase client; the cluster's Hadoop has the rest. */
  private static final String[] CLIENT_CLASSES = {
    "org.apache.hadoop.hbase.client.Connection", // hbase-client
    "org.apache.hadoop.hbase.HConstants", // hbase-common
    "org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos", // hbase-protocol-shaded
    "org.apache.hadoop.hbase.protobuf.generated.ClientProtos", // hbase-protocol
    "org.apache.hadoop.hbase.zookeeper.ZKWatcher", // hbase-zookeeper, where present
    "org.apache.hadoop.hbase.metrics.MetricRegistry", // hbase-metrics-api
    "org.apache.hadoop.hbase.logging.Log4jUtils", // hbase-logging
    "org.apache.hadoop.hbase.util.UnsafeAvailChecker", // hbase-unsafe
    "org.apache.hbase.thirdparty.com.google.protobuf.Message",
    "org.apache.hbase.thirdparty.io.netty.channel.Channel",
    "org.apache.hbase.thirdparty.com.google.common.collect.Lists",
    "org.apache.hbase.thirdparty.com.google.gson.Gson",
    "org.apache.zookeeper.ZooKeeper",
    "io.opentelemetry.api.trace.Span",
    "io.opentelemetry.context.Context",
    "io.opentelemetry.semconv.trace.attributes.SemanticAttributes",
    "io.dropwizard.metrics.core.MetricRegistry",
    "com.codahale.metrics.MetricRegistry",
  };

  /**
   * Adds HBase's client jars to the jobs made from {@code conf} ({@code tmpjars}). A mini
   * cluster's tasks have the client's class path already.
   */
  static void ship(Configuration job) {
    if (job.getBoolean("yarn.is.minicluster", false)) {
      return;
    }
    java.util.Set<String> jars = new java.util.LinkedHashSet<>();
    String given = job.get("tmpjars", "");
    if (!given.isBlank()) {
      jars.addAll(java.util.Arrays.asList(given.split(",")));
    }
    for (String name : CLIENT_CLASSES) {
      try {
        String jar = org.apache.hadoop.util.ClassUtil.findContainingJar(
            Class.forName(name, false, HBaseJars.class.getClassLoader()));
        if (jar != null) {
          jars.add(new java.io.File(jar).toURI().toString());
        }
      } catch (ClassNotFoundException | LinkageError e) {
        // Not in this HBase version: nothing to ship.
      }
    }
    if (!jars.isEmpty()) {
      job.set("tmpjars", String.join(",", jars));
    }
  }
}
