package io.hbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.hbench.core.mapreduce.TaskJava;
import org.junit.jupiter.api.Test;

class AmFailureTest {

  @Test
  void theCauseIsWhatMrAppMasterExitedWith() {
    // As an ApplicationMaster on Java 17 logged it of a mapper compiled for Java 25.
    String log = "2026-11-28 22:19:48,267 ERROR [main] org.apache.hadoop.mapreduce.v2.app"
        + ".MRAppMaster: Error starting MRAppMaster\n"
        + "java.lang.UnsupportedClassVersionError: probe/NewerMapper has been compiled by a more"
        + " recent version of the Java Runtime (class file version 69.0), this version of the"
        + " Java Runtime only recognizes class file versions up to 61.0\n"
        + "\tat java.base/java.lang.ClassLoader.defineClass1(Native Method)\n"
        + "2026-11-28 22:19:48,269 INFO [main] org.apache.hadoop.util.ExitUtil: Exiting with"
        + " status 1: java.lang.UnsupportedClassVersionError: probe/NewerMapper has been compiled"
        + " by a more recent version of the Java Runtime (class file version 69.0), this version"
        + " of the Java Runtime only recognizes class file versions up to 61.0\n";
    String cause = AmFailure.exitCause(log);
    assertEquals("java.lang.UnsupportedClassVersionError: probe/NewerMapper has been compiled by"
        + " a more recent version of the Java Runtime (class file version 69.0), this version of"
        + " the Java Runtime only recognizes class file versions up to 61.0", cause);
    assertEquals("the cluster's containers run Java 17, and hbench's classes need Java 25: run"
        + " them on Java 25 with --task-java-home DIR (a JDK on every node) or --task-jdk-archive"
        + " URI (a JDK tarball on the cluster's file system)",
        TaskJava.classVersionFailure("its ApplicationMaster failed: " + cause));
    assertNull(AmFailure.exitCause("2026-11-28 INFO [main] MRAppMaster: Created MRAppMaster\n"));
  }
}
