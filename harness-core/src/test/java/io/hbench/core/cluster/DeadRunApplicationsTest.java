package io.hbench.core.cluster;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DeadRunApplicationsTest {

  private static String self() {
    return List.of(DeadRunApplications.tags().split(",")).stream()
        .filter(t -> t.startsWith("hbench-pid:")).findFirst().orElseThrow()
        .substring("hbench-pid:".length());
  }

  @Test
  void thisProcessIsNotGoneAndItsTagsFitYarn() {
    assertFalse(DeadRunApplications.gone(self()));
    for (String tag : DeadRunApplications.tags().split(",")) {
      assertTrue(tag.length() <= 100 && tag.chars().allMatch(c -> c < 128) && tag.equals(
          tag.toLowerCase(java.util.Locale.ROOT)), tag);
    }
    assertTrue(DeadRunApplications.tags().startsWith("hbench,"));
  }

  @Test
  void aProcessThatEndedIsGoneAndSoIsAReusedPid() throws Exception {
    Process p = new ProcessBuilder("true").start();
    long pid = p.pid();
    String started = p.info().startInstant().map(i -> Long.toString(i.toEpochMilli())).orElse("");
    p.waitFor();
    assertTrue(DeadRunApplications.gone(pid + ":" + started));
    // This process's pid with another start time: a later process that got the pid of one gone.
    String mine = self();
    assertTrue(DeadRunApplications.gone(mine.split(":")[0] + ":1"));
    assertFalse(DeadRunApplications.gone("not-a-pid:1"));
  }
}
