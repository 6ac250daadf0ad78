package io.hbench.core.embed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CommonOptionsTaskJavaTest {

  @Test
  void malformedOptionsAreNamed() {
    assertNull(CommonOptions.taskJavaProblem("/opt/jdk-17", null));
    assertNull(CommonOptions.taskJavaProblem(null, "hdfs:///jdk/OpenJDK17U-jdk_x64_linux.tar.gz"));
    assertEquals("--task-java-home must be an absolute directory (present on every node), got"
        + " 'jdk17'", CommonOptions.taskJavaProblem("jdk17", null));
    assertEquals("--task-java-home and --task-jdk-archive cannot be used together",
        CommonOptions.taskJavaProblem("/opt/jdk", "/jdk.tgz"));
    assertTrue(CommonOptions.taskJavaProblem(null, "/jdk/jdk17.rpm").startsWith(
        "--task-jdk-archive must name a .tar.gz, .tgz or .zip"));
    assertTrue(CommonOptions.taskJavaProblem(null, "/jdk/jdk.tgz#x").contains("no #fragment"));
  }

}
