package io.hbench.core.mapreduce;

import io.hbench.core.annotation.Internal;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipInputStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;

/**
 * The Java a job's ApplicationMaster and tasks run on, when it is not the NodeManagers' own
 * ({@code --task-java-home}, {@code --task-jdk-archive}); and what a class-version failure of
 * theirs means. hbench's classes are Java 17's: on a cluster whose NodeManagers run Java 8 or
 * 11, every task and the ApplicationMaster die with {@code UnsupportedClassVersionError}. YARN
 * starts them with {@code $JAVA_HOME/bin/java}, and a {@code JAVA_HOME} set in the job's
 * environment wins over the NodeManager's, as Spark's {@code spark.executorEnv.JAVA_HOME} and
 * Flink's {@code containerized.taskmanager.env.JAVA_HOME} do; a JDK tarball shipped as one of
 * the job's archives is unpacked beside every container. Java 17's {@code --add-opens} flags are
 * added to their JVM options here, since a NodeManager on an older Java adds none
 * (MAPREDUCE-7449 adds them only when it runs 17 itself).
 */
@Internal
public final class TaskJava {

  /** A JDK directory present on every node ({@code --task-java-home}). */
  public static final String JAVA_HOME = "hbench.task.java-home";

  /** A JDK tarball or zip on the cluster's file system ({@code --task-jdk-archive}). */
  public static final String JDK_ARCHIVE = "hbench.task.jdk-archive";

  /** The link the archive is unpacked under, in each container's working directory. */
  static final String LINK = "hbench-jdk";

  /** What Hadoop's classes need opened on Java 17 (as Hadoop 3.4's own list). */
  static final List<String> ADD_OPENS = List.of(
      "--add-opens=java.base/java.lang=ALL-UNNAMED",
      "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
      "--add-opens=java.base/java.io=ALL-UNNAMED",
      "--add-opens=java.base/java.net=ALL-UNNAMED",
      "--add-opens=java.base/java.nio=ALL-UNNAMED",
      "--add-opens=java.base/java.util=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
      "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
      "--add-opens=java.base/java.util.regex=ALL-UNNAMED",
      "--add-opens=java.base/java.util.zip=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
      "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
      "--add-opens=java.base/sun.security.util=ALL-UNNAMED",
      "--add-opens=java.base/sun.security.x509=ALL-UNNAMED");

  private static final String[][] OPTS = {
    {"yarn.app.mapreduce.am.env", "yarn.app.mapreduce.am.command-opts", "-Xmx1024m"},
    {"mapreduce.map.env", "mapreduce.map.java.opts", null},
    {"mapreduce.reduce.env", "mapreduce.reduce.java.opts", null},
  };

  private TaskJava() {}

  /** Sets {@code job}'s Java as its configuration asks ({@link #JAVA_HOME}, {@link #JDK_ARCHIVE}). */
  public static void apply(Job job) throws IOException {
    Configuration conf = job.getConfiguration();
    String home = conf.getTrimmed(JAVA_HOME, "");
    String archive = conf.getTrimmed(JDK_ARCHIVE, "");
    if (home.isEmpty() && archive.isEmpty()) {
      return;
    }
    if (!archive.isEmpty()) {
      Path p = new Path(archive);
      FileSystem fs = p.getFileSystem(conf);
      Path qualified = fs.makeQualified(p);
      String top = topDirectory(fs, qualified);
      job.addCacheArchive(URI.create(qualified.toUri() + "#" + LINK));
      // Expanded by the container's launch script, in its working directory.
      home = "$PWD/" + LINK + (top.isEmpty() ? "" : "/" + top);
    }
    for (String[] o : OPTS) {
      conf.set(o[0], withJavaHome(conf.get(o[0], ""), home));
      // Hadoop's defaults: the ApplicationMaster's -Xmx1024m; a task's none (its heap is then
      // sized from its container, mapreduce.job.heap.memory-mb.ratio).
      String opts = o[1].startsWith("yarn.") ? conf.get(o[1], o[2])
          : conf.get(o[1], conf.get("mapred.child.java.opts", ""));
      conf.set(o[1], withAddOpens(opts));
    }
    // Added above for the Java the tasks run; Hadoop 3.4's own would add a placeholder that a
    // NodeManager of Hadoop 3.3 leaves in the command line (HDFS-17779).
    conf.setBoolean("mapreduce.jvm.add-opens-as-default", false);
  }

  /** {@code env} (comma-separated NAME=VALUE) with JAVA_HOME set to {@code home}. */
  static String withJavaHome(String env, String home) {
    List<String> kept = new ArrayList<>();
    for (String e : env.split(",")) {
      if (!e.isBlank() && !e.strip().startsWith("JAVA_HOME=")) {
        kept.add(e.strip());
      }
    }
    kept.add("JAVA_HOME=" + home);
    return String.join(",", kept);
  }

  /** {@code opts} with every flag of {@link #ADD_OPENS} it lacks. */
  static String withAddOpens(String opts) {
    StringBuilder s = new StringBuilder(opts == null ? "" : opts.strip());
    for (String flag : ADD_OPENS) {
      if (!s.toString().contains(flag)) {
        s.append(s.length() == 0 ? "" : " ").append(flag);
      }
    }
    return s.toString();
  }

  /** The archive's one top directory ("jdk-17.0.15+6"), or "" when its entries have none. */
  static String topDirectory(FileSystem fs, Path archive) throws IOException {
    String first;
    try (InputStream in = fs.open(archive)) {
      if (archive.getName().toLowerCase(Locale.ROOT).endsWith(".zip")) {
        var zip = new ZipInputStream(in);
        var e = zip.getNextEntry();
        first = e == null ? null : e.getName();
      } else {
        byte[] header = new GZIPInputStream(in).readNBytes(512);
        first = header.length < 512 ? null : tarName(header);
      }
    } catch (java.io.FileNotFoundException e) {
      throw new IOException("--task-jdk-archive: " + archive + " does not exist", e);
    }
    if (first == null || first.isEmpty()) {
      throw new IOException("--task-jdk-archive: " + archive + " holds no file");
    }
    if (first.startsWith("./")) {
      first = first.substring(2);
    }
    int slash = first.indexOf('/');
    return slash < 0 ? "" : first.substring(0, slash);
  }

  /** A tar header's entry name: its ustar prefix, then its name. */
  private static String tarName(byte[] h) {
    String name = cString(h, 0, 100);
    String prefix = new String(h, 257, 5, StandardCharsets.US_ASCII).equals("ustar")
        ? cString(h, 345, 155) : "";
    return prefix.isEmpty() ? name : prefix + "/" + name;
  }

  private static String cString(byte[] h, int from, int len) {
    int end = from;
    while (end < from + len && h[end] != 0) {
      end++;
    }
    return new String(h, from, end - from, StandardCharsets.UTF_8);
  }

  /** Java 8's words: "Unsupported major.minor version 61.0". */
  private static final Pattern JAVA8_CLASS_VERSION =
      Pattern.compile("Unsupported major\\.minor version (\\d+)\\.\\d+");

  private static final Pattern CLASS_VERSION = Pattern.compile(
      "class file version (\\d+)\\.\\d+\\), this version of the Java Runtime only recognizes"
          + " class file versions up to (\\d+)\\.\\d+");

  /**
   * What a job's failure means when a task or the ApplicationMaster could not load hbench's
   * classes on its Java: one line naming both Javas and the options; null when {@code text}
   * holds no class-version failure.
   */
  public static String classVersionFailure(String text) {
    if (text == null) {
      return null;
    }
    Matcher m = CLASS_VERSION.matcher(text);
    Matcher java8 = JAVA8_CLASS_VERSION.matcher(text);
    if (!m.find() && java8.find()) {
      int needs = Integer.parseInt(java8.group(1)) - 44;
      return advice("Java 8 or older", needs);
    }
    if (!m.reset().find()) {
      return text.contains("UnsupportedClassVersionError")
          ? "the cluster's containers run a Java older than hbench's classes need (Java 17): run"
              + " them on Java 17 with --task-java-home DIR or --task-jdk-archive URI" : null;
    }
    return advice("Java " + (Integer.parseInt(m.group(2)) - 44),
        Integer.parseInt(m.group(1)) - 44);
  }

  private static String advice(String runs, int needs) {
    return "the cluster's containers run " + runs + ", and hbench's classes need Java " + needs
        + ": run them on Java " + needs + OPTIONS;
  }

  private static final String OPTIONS = " with --task-java-home DIR (a JDK on every node) or"
      + " --task-jdk-archive URI (a JDK tarball on the cluster's file system)";

  /** The Java hbench's classes are compiled for. */
  static final int NEEDS = 17;

  /** How many NodeManagers {@link #checkNodeManagers} asks before it gives up. */
  private static final int NODE_MANAGERS_ASKED = 2;

  /**
   * Refuses, before anything is created, a run whose jobs' containers would start on a Java
   * older than hbench's classes: YARN starts them with the NodeManager's own Java unless the job
   * names another ({@code --task-java-home}, {@code --task-jdk-archive}, or a {@code JAVA_HOME}
   * in the job's environment settings). Asks one NodeManager's {@code /jmx} for its Java (the
   * next if it does not answer); says nothing when none answers, and the job's own failure is
   * then said as {@link #classVersionFailure} says it.
   *
   * @throws io.hbench.core.error.InvalidInputException naming the NodeManager's Java, the Java needed
   *     and the options
   */
  public static void checkNodeManagers(Configuration conf) {
    if (!conf.getTrimmed(JAVA_HOME, "").isEmpty() || !conf.getTrimmed(JDK_ARCHIVE, "").isEmpty()) {
      return;
    }
    for (String[] o : OPTS) {
      if (conf.get(o[0], "").contains("JAVA_HOME=")) {
        return;
      }
    }
    int asked = 0;
    for (io.hbench.core.cluster.Daemon nm : io.hbench.core.daemons.ClusterDaemons.nodeManagersByWeb(conf)) {
      if (asked++ >= NODE_MANAGERS_ASKED) {
        return;
      }
      String spec = javaOf(nm.http());
      if (spec != null) {
        String problem = nodeManagerJavaProblem(nm.node(), spec);
        if (problem != null) {
          throw new io.hbench.core.error.InvalidInputException(problem);
        }
        return;
      }
    }
  }

  /**
   * The Java specification version a daemon's JVM runs ({@code java.lang:type=Runtime}'s {@code
   * SpecVersion}: {@code 1.8}, {@code 11}, {@code 17}), or null when its {@code /jmx} does not
   * answer.
   */
  public static String javaOf(URI daemonWeb) {
    try {
      return io.hbench.core.cluster.JmxReader.read(daemonWeb, RUNTIME).values().stream()
          .map(b -> b.path("SpecVersion").asText("")).filter(v -> !v.isEmpty()).findFirst()
          .orElse(null);
    } catch (IOException | RuntimeException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  private static final String RUNTIME = "java.lang:type=Runtime";

  /**
   * What a NodeManager's Java means for hbench's jobs: one line naming it, the Java needed and
   * the options; null when it runs {@link #NEEDS} or newer (or its version cannot be read).
   */
  static String nodeManagerJavaProblem(String node, String specVersion) {
    int feature;
    try {
      feature = specVersion.startsWith("1.") ? Integer.parseInt(specVersion.substring(2))
          : Integer.parseInt(specVersion.split("\\.")[0]);
    } catch (NumberFormatException e) {
      return null;
    }
    if (feature >= NEEDS) {
      return null;
    }
    return "the cluster's NodeManagers run Java " + feature + " (" + node + "), and so do their"
        + " containers unless told otherwise; hbench's classes need Java " + NEEDS + ": run its"
        + " jobs on Java " + NEEDS + OPTIONS;
  }
}
