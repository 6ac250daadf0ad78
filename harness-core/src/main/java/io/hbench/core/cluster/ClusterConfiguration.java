package io.hbench.core.cluster;

import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hdfs.HdfsConfiguration;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.yarn.conf.YarnConfiguration;

/**
 * Builds a run's Hadoop configuration the way Hadoop's own tools do: the site files on the
 * classpath, then those in {@code HADOOP_CONF_DIR} (so a standalone jar finds the cluster the
 * {@code hadoop} command would), then each {@code --conf} file, then each {@code -D}. It also
 * keeps the settings given explicitly, for the result record.
 */
public final class ClusterConfiguration {

  private static final String[] SITE_FILES = {
    "core-site.xml", "hdfs-site.xml", "yarn-site.xml", "mapred-site.xml"
  };

  /**
   * The keys of a storage tool's {@code key=value} file (Doris's fs_benchmark_tool) and the s3a
   * settings they stand for, so that such a file works with {@code --conf} as it is.
   */
  private static final Map<String, String> S3_KEYS =
      Map.of(
          "AWS_ACCESS_KEY", "fs.s3a.access.key",
          "AWS_SECRET_KEY", "fs.s3a.secret.key",
          "AWS_ENDPOINT", "fs.s3a.endpoint",
          "AWS_REGION", "fs.s3a.endpoint.region");

  /**
   * The cluster's daemons' metrics period, in seconds, when it is not Hadoop's default (10 s):
   * what their {@code /jmx} shows is refreshed this often. The embedded cluster sets 0.5.
   */
  public static final String METRICS_PERIOD_KEY = "hbench.metrics.period";

  /** The key of such a file that names where to work: the default base directory. */
  public static final String BASE_DIR_KEY = "base_dir";

  private final Configuration conf;
  private final Map<String, String> explicit;

  private ClusterConfiguration(Configuration conf, Map<String, String> explicit) {
    this.conf = conf;
    this.explicit = explicit;
  }

  /**
   * @param hadoopConfDir the {@code HADOOP_CONF_DIR} to read, or null
   * @param confFiles {@code --conf} files: Hadoop XML, or {@code key=value} lines
   * @param defines {@code -D key=value} settings, applied last
   */
  public static ClusterConfiguration load(
      String hadoopConfDir, List<String> confFiles, Map<String, String> defines) {
    // Load the HDFS, MapReduce and YARN defaults and site files now, as every job will: the
    // settings checked and recorded are then the ones the jobs really use (a framework name set
    // only in core-site.xml, for one, is overridden by mapred-default.xml).
    Configuration conf = new JobConf(new YarnConfiguration(new HdfsConfiguration()));
    if (hadoopConfDir != null && !hadoopConfDir.isBlank()) {
      Path dir = Path.of(hadoopConfDir);
      if (!Files.isDirectory(dir)) {
        throw new InvalidInputException("HADOOP_CONF_DIR " + hadoopConfDir + " is not a directory");
      }
      for (String site : SITE_FILES) {
        Path f = dir.resolve(site);
        if (Files.isRegularFile(f)) {
          conf.addResource(new org.apache.hadoop.fs.Path(f.toUri()));
        }
      }
    }
    Map<String, String> explicit = new LinkedHashMap<>();
    for (String file : confFiles) {
      Map<String, String> settings = readConfFile(file);
      settings.forEach(conf::set);
      explicit.putAll(settings);
    }
    defines.forEach(conf::set);
    explicit.putAll(defines);
    // Secrets of the site files too (an s3a key in core-site.xml): an error message may quote one.
    for (Map.Entry<String, String> e : conf) {
      if (io.hbench.core.result.SecretRedactor.isSecret(e.getKey())) {
        io.hbench.core.result.SecretRedactor.remember(e.getValue());
      }
    }
    return new ClusterConfiguration(conf, explicit);
  }

  /**
   * Reads a Hadoop XML file or a file of {@code key=value} lines ({@code #} starts a comment), in
   * which {@code AWS_ACCESS_KEY}, {@code AWS_SECRET_KEY}, {@code AWS_ENDPOINT} and {@code
   * AWS_REGION} stand for their s3a settings.
   */
  /**
   * Sets {@code key} to {@code value} unless the user gave it (with {@code -D} or {@code --conf},
   * or a caller's code): a value from a {@code *-default.xml} is not given. {@code
   * Configuration.setIfUnset} takes a default for a value: once HDFS's classes had loaded
   * hdfs-default.xml, the embedded cluster's own settings (its 20 ms wait to complete a file,
   * HDFS's 400) were never applied, and every small file's close waited 400 ms.
   */
  public static void setUnlessGiven(Configuration conf, String key, String value) {
    if (!given(conf, key)) {
      conf.set(key, value);
    }
  }

  /** Whether {@code key} was given (with -D or --conf, or set by code), not a *-default.xml value. */
  public static boolean given(Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    return sources != null
        && java.util.Arrays.stream(sources).noneMatch(s -> s.endsWith("-default.xml"));
  }

  static Map<String, String> readConfFile(String file) {
    Path p = Path.of(file);
    if (!Files.isRegularFile(p)) {
      throw new InvalidInputException("--conf file " + file + " does not exist");
    }
    Map<String, String> out = new LinkedHashMap<>();
    try {
      String text = Files.readString(p, StandardCharsets.UTF_8);
      if (text.stripLeading().startsWith("<")) {
        Configuration xml = new Configuration(false);
        xml.addResource(new org.apache.hadoop.fs.Path(p.toUri()));
        try {
          for (Map.Entry<String, String> e : xml) {
            out.put(e.getKey(), e.getValue());
          }
        } catch (RuntimeException e) {
          throw new InvalidInputException("--conf file " + file + " is not valid Hadoop XML");
        }
        return out;
      }
      int n = 0;
      for (String line : text.split("\\R")) {
        n++;
        String l = line.strip();
        if (l.isEmpty() || l.startsWith("#")) {
          continue;
        }
        int eq = l.indexOf('=');
        if (eq <= 0) {
          throw new InvalidInputException(
              "--conf file " + file + " line " + n + ": expected key=value");
        }
        String key = l.substring(0, eq).strip();
        String value = l.substring(eq + 1).strip();
        out.put(S3_KEYS.getOrDefault(key, key), value);
        if (S3_KEYS.containsKey(key)) {
          // Such files name objects as s3://bucket/key: served by S3A, Hadoop's S3 client.
          out.putIfAbsent("fs.s3.impl", "org.apache.hadoop.fs.s3a.S3AFileSystem");
        }
      }
      return out;
    } catch (IOException e) {
      throw new InvalidInputException("--conf file " + file + " cannot be read: " + e.getMessage());
    }
  }

  public Configuration configuration() {
    return conf;
  }

  /** The settings given by {@code --conf} and {@code -D}, in order (not yet redacted). */
  public Map<String, String> explicitSettings() {
    return explicit;
  }

  /** The base directory a {@code --conf} file names ({@code base_dir=...}), or null. */
  public String baseDir() {
    String dir = explicit.get(BASE_DIR_KEY);
    return dir == null || dir.isBlank() ? null : dir;
  }

  /** Whether the configuration names a cluster file system, not the local one. */
  public boolean namesCluster() {
    String fs = conf.get("fs.defaultFS", "file:///");
    return !fs.startsWith("file:");
  }
}
