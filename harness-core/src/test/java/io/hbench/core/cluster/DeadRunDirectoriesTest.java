package io.hbench.core.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeadRunDirectoriesTest {

  @TempDir Path tmp;

  private Path runDir(String name, String owner) throws Exception {
    Path dir = Files.createDirectories(tmp.resolve(DeadRunDirectories.PREFIX + name));
    Files.writeString(dir.resolve("work.dat"), "data");
    if (owner != null) {
      Files.writeString(dir.resolve(DeadRunDirectories.OWNER), owner);
    }
    return dir;
  }

  @Test
  void removesOnlyTheDirectoriesOfOwnersThatAreGone() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    String host = InetAddress.getLocalHost().getHostName();
    Path dead = runDir("dead", "host=" + host + "\npid=" + p.pid() + "\nstarted=\n");
    Path alive = runDir("alive", null);
    DeadRunDirectories.claim(alive);
    Path unmarked = runDir("unmarked", null);
    Path elsewhere = runDir("elsewhere", "host=not-" + host + "\npid=" + p.pid() + "\n");
    Path notOurs = Files.createDirectories(tmp.resolve("jetty-0"));

    assertEquals(List.of(dead), DeadRunDirectories.removeAll(tmp));
    assertFalse(Files.exists(dead));
    assertTrue(Files.exists(alive.resolve("work.dat")), "a live owner's directory stays");
    assertTrue(Files.exists(unmarked.resolve("work.dat")), "no marker, not ours to judge");
    assertTrue(Files.exists(elsewhere.resolve("work.dat")), "another host's process is unknown");
    assertTrue(Files.exists(notOurs));
  }

  @Test
  void aReusedPidIsNotTheOwner() throws Exception {
    long self = ProcessHandle.current().pid();
    String host = InetAddress.getLocalHost().getHostName();
    Path reused = runDir("reused", "host=" + host + "\npid=" + self + "\nstarted=2001-01-01T00:00:00Z\n");
    assertEquals(List.of(reused), DeadRunDirectories.removeAll(tmp));
  }

  @Test
  void releaseRemovesWhatALateWriterAddsAndTheMarkerLast() throws Exception {
    Path own = runDir("own", null);
    DeadRunDirectories.claim(own);
    Path late = own.resolve("hdfs/dfs/data/current/replicas");
    // A daemon still stopping writes once the first pass has begun.
    Thread writer = new Thread(() -> {
      try {
        Thread.sleep(50);
        Files.createDirectories(late.getParent());
        Files.writeString(late, "replica cache");
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    writer.start();
    DeadRunDirectories.release(own);
    writer.join();
    assertFalse(Files.exists(own), "left: " + (Files.exists(own) ? Files.list(own).toList() : ""));
  }

  @Test
  void whatCannotBeRemovedKeepsItsMarkerForTheNextRun() throws Exception {
    Path own = runDir("stuck", null);
    DeadRunDirectories.claim(own);
    // A writer that never stops: it outlasts every pass.
    java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
    Thread writer = new Thread(() -> {
      while (!stop.get()) {
        try {
          Files.createDirectories(own.resolve("work"));
          Files.writeString(own.resolve("work/metrics"), "again");
          Thread.sleep(20);
        } catch (Exception e) {
          // the directory vanished mid-write: try again
        }
      }
    });
    writer.start();
    try {
      DeadRunDirectories.release(own);
    } finally {
      stop.set(true);
      writer.join();
    }
    assertTrue(Files.exists(own.resolve(DeadRunDirectories.OWNER)), "the next run can find it");
  }

  @Test
  void aTreeSomeoneElseIsRemovingAtTheSameTimeIsRemovedWithoutError() throws Exception {
    // The local job runner removes a job's staging files while hbench removes the scratch
    // directory they are in: whichever comes second finds files gone under it.
    for (int round = 0; round < 20; round++) {
      Path tree = Files.createDirectories(tmp.resolve("tree" + round));
      for (int d = 0; d < 20; d++) {
        Path dir = Files.createDirectories(tree.resolve("staging/job" + d));
        for (int f = 0; f < 20; f++) {
          Files.writeString(dir.resolve("job.jar" + f), "x");
        }
      }
      java.util.concurrent.CompletableFuture<Void> other =
          java.util.concurrent.CompletableFuture.runAsync(() -> DeadRunDirectories.deleteTree(tree));
      DeadRunDirectories.deleteTree(tree);
      other.get();
      assertFalse(Files.exists(tree));
    }
  }
}
