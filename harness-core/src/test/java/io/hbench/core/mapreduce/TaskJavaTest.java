package io.hbench.core.mapreduce;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.mapreduce.Job;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TaskJavaTest {

  @TempDir java.nio.file.Path tmp;

  @Test
  void classVersionFailuresAreSaidAsWhatToDo() {
    // As Java 17 says it of a class compiled for Java 25 (run here), and Java 8 of one for 17.
    String java17 = "Error: java.lang.UnsupportedClassVersionError: io/hbench/X has been compiled"
        + " by a more recent version of the Java Runtime (class file version 69.0), this version"
        + " of the Java Runtime only recognizes class file versions up to 61.0";
    assertEquals("the cluster's containers run Java 17, and hbench's classes need Java 25: run"
        + " them on Java 25 with --task-java-home DIR (a JDK on every node) or --task-jdk-archive"
        + " URI (a JDK tarball on the cluster's file system)",
        TaskJava.classVersionFailure("Task failed task_1: " + java17));
    String java8 = "Error: java.lang.UnsupportedClassVersionError: io/hbench/X : Unsupported"
        + " major.minor version 61.0";
    assertTrue(TaskJava.classVersionFailure(java8)
        .startsWith("the cluster's containers run Java 8 or older, and hbench's classes need Java"
            + " 17: run them on Java 17 with --task-java-home DIR"));
    assertNull(TaskJava.classVersionFailure("Task failed task_1: java.io.IOException: disk full"));
    assertNull(TaskJava.classVersionFailure(null));
  }

  @Test
  void aNodeManagerOnAnOlderJavaIsSaidBeforeAnyJob() {
    // As a NodeManager's java.lang:type=Runtime gives its SpecVersion.
    assertEquals("the cluster's NodeManagers run Java 11 (nm1:8042), and so do their containers"
        + " unless told otherwise; hbench's classes need Java 17: run its jobs on Java 17 with"
        + " --task-java-home DIR (a JDK on every node) or --task-jdk-archive URI (a JDK tarball"
        + " on the cluster's file system)", TaskJava.nodeManagerJavaProblem("nm1:8042", "11"));
    assertTrue(TaskJava.nodeManagerJavaProblem("nm1:8042", "1.8").contains("run Java 8 ("));
    assertNull(TaskJava.nodeManagerJavaProblem("nm1:8042", "17"));
    assertNull(TaskJava.nodeManagerJavaProblem("nm1:8042", "21"));
    assertNull(TaskJava.nodeManagerJavaProblem("nm1:8042", "unknown"));
    // Told a Java, or told none but in local mode: nothing is asked of any NodeManager.
    Configuration told = new Configuration(false);
    told.set("mapreduce.framework.name", "yarn");
    told.set("yarn.resourcemanager.webapp.address", "127.0.0.1:9");
    told.set(TaskJava.JAVA_HOME, "/opt/jdk17");
    TaskJava.checkNodeManagers(told);
    told.unset(TaskJava.JAVA_HOME);
    told.set("mapreduce.map.env", "JAVA_HOME=/opt/jdk17");
    TaskJava.checkNodeManagers(told);
    // No ResourceManager answers (port 9): said nothing, the job's own failure would say it.
    told.unset("mapreduce.map.env");
    TaskJava.checkNodeManagers(told);
  }

  @Test
  void theJobsJvmsGetTheJavaHomeAndTheFlags() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(TaskJava.JAVA_HOME, "/opt/jdk-17");
    conf.set("mapreduce.map.env", "LANG=C,JAVA_HOME=/usr/lib/jvm/java-8");
    conf.set("mapreduce.map.java.opts", "-Xmx512m");
    Job job = Job.getInstance(conf);
    TaskJava.apply(job);
    Configuration c = job.getConfiguration();
    assertEquals("LANG=C,JAVA_HOME=/opt/jdk-17", c.get("mapreduce.map.env"));
    assertEquals("JAVA_HOME=/opt/jdk-17", c.get("mapreduce.reduce.env"));
    assertEquals("JAVA_HOME=/opt/jdk-17", c.get("yarn.app.mapreduce.am.env"));
    assertTrue(c.get("mapreduce.map.java.opts").startsWith("-Xmx512m --add-opens="),
        c.get("mapreduce.map.java.opts"));
    for (String key : new String[] {"mapreduce.map.java.opts", "mapreduce.reduce.java.opts",
        "yarn.app.mapreduce.am.command-opts"}) {
      for (String flag : TaskJava.ADD_OPENS) {
        assertTrue(c.get(key).contains(flag), key + ": " + c.get(key));
      }
    }
    assertEquals("false", c.get("mapreduce.jvm.add-opens-as-default"));
    // Applied twice (a second job of the same configuration), nothing is doubled.
    String once = c.get("mapreduce.map.java.opts");
    TaskJava.apply(job);
    assertEquals(once, c.get("mapreduce.map.java.opts"));
  }

  @Test
  void aJdkArchiveIsShippedAndItsTopDirectoryIsTheJavaHome() throws Exception {
    java.nio.file.Path jdk = Files.createDirectories(tmp.resolve("jdk-17.0.15+6/bin"));
    Files.writeString(jdk.resolve("java"), "#!/bin/sh\n");
    java.nio.file.Path archive = tmp.resolve("jdk.tar.gz");
    Process tar = new ProcessBuilder("tar", "czf", archive.toString(), "-C", tmp.toString(),
        "jdk-17.0.15+6").inheritIO().start();
    assertEquals(0, tar.waitFor());
    Configuration conf = new Configuration(false);
    conf.set(TaskJava.JDK_ARCHIVE, archive.toUri().toString());
    Job job = Job.getInstance(conf);
    TaskJava.apply(job);
    assertEquals("JAVA_HOME=$PWD/hbench-jdk/jdk-17.0.15+6",
        job.getConfiguration().get("mapreduce.map.env"));
    String shipped = job.getCacheArchives()[0].toString();
    assertTrue(shipped.startsWith("file:/") && shipped.endsWith(tmp.getFileName()
        + "/jdk.tar.gz#hbench-jdk"), shipped);
    FileSystem local = FileSystem.getLocal(new Configuration());
    assertEquals("jdk-17.0.15+6", TaskJava.topDirectory(local, new Path(archive.toUri())));
  }
}
