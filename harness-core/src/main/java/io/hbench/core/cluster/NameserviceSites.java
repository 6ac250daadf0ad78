package io.hbench.core.cluster;

import java.io.IOException;
import java.io.OutputStream;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * The class loader YARN's daemons start under when the store is a logical HDFS nameservice
 * ({@code hdfs://hbench-ns}, the embedded HA pair): YARN's NodeManager localizes a job's files
 * with a configuration of its own, made from the default resources ({@code new
 * YarnConfiguration()} in {@code ContainerLocalizer}), which know no nameservice, so every job
 * failed to localize ({@code UnknownHostException: hbench-ns}). The daemons' threads inherit this
 * loader as their context class loader, and it answers {@code core-site.xml} with the
 * nameservice's client settings; nothing else in the process sees it.
 */
final class NameserviceSites {

  private NameserviceSites() {}

  /** {@code parent} itself when {@code conf}'s file system names no nameservice. */
  static ClassLoader loader(Configuration conf, Path root, ClassLoader parent) throws IOException {
    String services = conf.getTrimmed("dfs.nameservices", "");
    if (services.isEmpty()) {
      return parent;
    }
    Configuration site = new Configuration(false);
    for (Map.Entry<String, String> e : conf) {
      String k = e.getKey();
      if (k.equals("fs.defaultFS") || k.equals("dfs.nameservices") || k.startsWith("dfs.ha.")
          || k.startsWith("dfs.namenode.rpc-address.") || k.startsWith("dfs.namenode.http-address.")
          || k.startsWith("dfs.client.failover.")) {
        site.set(k, e.getValue());
      }
    }
    Path file = Files.createDirectories(root.resolve("client-site")).resolve("core-site.xml");
    try (OutputStream out = Files.newOutputStream(file)) {
      site.writeXml(out);
    }
    URL url = file.toUri().toURL();
    return new ClassLoader(parent != null ? parent : NameserviceSites.class.getClassLoader()) {
      @Override
      public URL getResource(String name) {
        return name.equals("core-site.xml") ? url : super.getResource(name);
      }
    };
  }
}
