package io.hbench.hbase;

import java.io.File;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HBaseConfiguration;

/**
 * The one place an HBase client's configuration is built, for the suite, its map tasks and the
 * reachability check: the run's configuration (with {@code --conf} files and {@code -D}) over
 * {@code hbase-default.xml}, {@code hbase-site.xml} from the class path ({@code hbase
 * mapredcp}, {@code HBASE_CONF_DIR} on the class path) and {@code $HBASE_CONF_DIR/hbase-site.xml}.
 */
final class HBaseClientConfiguration {

  /** Set by the embedded HBase when it changed the WAL provider: said in every record. */
  static final String WAL_PROVIDER_CHANGED = "hbench.hbase.wal-provider-changed";

  /** Set by the embedded HBase when it turned automatic region splits off: said in every record. */
  static final String SPLITS_DISABLED = "hbench.hbase.splits-disabled";

  private HBaseClientConfiguration() {}

  static Configuration of(Configuration run) {
    Configuration c = HBaseConfiguration.create();
    String dir = System.getenv("HBASE_CONF_DIR");
    if (dir != null && new File(dir, "hbase-site.xml").isFile()) {
      c.addResource(new Path(new File(dir, "hbase-site.xml").toURI()));
    }
    // The run's own settings win: -D and --conf are the user's last word.
    HBaseConfiguration.merge(c, run);
    return c;
  }

  /** Whether the configuration names an HBase cluster rather than HBase's local defaults. */
  static boolean namesCluster(Configuration c) {
    return !"localhost".equals(c.get("hbase.zookeeper.quorum", "localhost"))
        || c.get("hbase.client.bootstrap.servers") != null
        || c.get("hbase.masters") != null;
  }

  /** Records what the embedded HBase changed from HBase's defaults, in the point's params. */
  static void recordChanges(io.hbench.core.RunContext ctx) {
    if (ctx.configuration().getBoolean(SPLITS_DISABLED, false)) {
      ctx.param("region_splits", "off (set by hbench's embedded HBase: a split needs protobuf"
          + " 2.5, which the class path's protobuf 3 replaces; --presplit makes regions)");
    }
    if (ctx.configuration().getBoolean(WAL_PROVIDER_CHANGED, false)) {
      ctx.param("wal_provider", "filesystem (set by hbench's embedded HBase: AsyncFSWAL fails"
          + " on Hadoop 3.4; writes are slower than with asyncfs)");
    }
  }
}
