package io.hbench.core.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.stream.Stream;

/**
 * The embedded cluster's temporary directories, and hbench's scratch directories, claimed by the
 * process that made them. A process killed with {@code kill -9} cannot remove its
 * own; the next run finds it by its owner marker, sees that the owner is gone, and removes it. A directory without our marker, or claimed by a
 * process on another host (a /tmp shared between containers), is never touched.
 */
final class DeadRunDirectories {

  /** How the embedded cluster's directories are named in {@code java.io.tmpdir}. */
  static final String PREFIX = "hbench-embedded-";

  /** How hbench's scratch directories are named ({@link ScratchDirectory}). */
  static final String SCRATCH_PREFIX = "hbench-scratch-";

  /** The owner marker inside each: host, process id and the process's start time. */
  static final String OWNER = ".hbench-owner";

  private DeadRunDirectories() {}

  /** Marks {@code root} as this process's. */
  static void claim(Path root) throws IOException {
    ProcessHandle self = ProcessHandle.current();
    Properties p = new Properties();
    p.setProperty("host", host());
    p.setProperty("pid", Long.toString(self.pid()));
    p.setProperty("started", self.info().startInstant().map(Object::toString).orElse(""));
    try (var out = Files.newBufferedWriter(root.resolve(OWNER), StandardCharsets.UTF_8)) {
      p.store(out, "hbench; removed by the next run once this process is gone");
    }
  }

  /** Removes the directories in {@code tmp} whose owner process is gone; returns them. */
  static List<Path> removeAll(Path tmp) {
    List<Path> removed = new ArrayList<>();
    try (DirectoryStream<Path> dirs =
        Files.newDirectoryStream(tmp, "{" + PREFIX + "," + SCRATCH_PREFIX + "}*")) {
      for (Path dir : dirs) {
        if (ownerGone(dir.resolve(OWNER))) {
          deleteTree(dir);
          removed.add(dir);
        }
      }
    } catch (IOException e) {
      // An unreadable temporary directory: nothing of ours to clean there.
    }
    return removed;
  }

  /** {@link #removeAll(Path)} in {@code java.io.tmpdir}. */
  static List<Path> removeAll() {
    return removeAll(Path.of(System.getProperty("java.io.tmpdir")));
  }

  private static boolean ownerGone(Path marker) {
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(marker, StandardCharsets.UTF_8)) {
      p.load(in);
    } catch (IOException e) {
      return false; // not claimed (or not yet): not ours to judge
    }
    if (!host().equals(p.getProperty("host"))) {
      return false;
    }
    return gone(p.getProperty("pid", ""), p.getProperty("started", ""), Object::toString);
  }

  /**
   * Whether the process {@code pid} of this host is gone: not running, or its pid now a later
   * process's, one whose start ({@code startOf} its start instant) is not {@code started}. An
   * unreadable pid is not judged.
   */
  static boolean gone(String pid, String started,
      java.util.function.Function<java.time.Instant, String> startOf) {
    Optional<ProcessHandle> owner;
    try {
      owner = ProcessHandle.of(Long.parseLong(pid));
    } catch (NumberFormatException e) {
      return false;
    }
    if (owner.isEmpty() || !owner.get().isAlive()) {
      return true;
    }
    String now = owner.get().info().startInstant().map(startOf).orElse("");
    return !started.isEmpty() && !now.isEmpty() && !started.equals(now);
  }

  static String host() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "localhost";
    }
  }

  /**
   * Removes this process's own directory {@code root}, its owner marker last. A daemon finishing
   * its shutdown on a thread of its own (a datanode saving its replica cache when SIGTERM runs
   * the JVM's hooks side by side) can write into it after a first pass; each pass removes what
   * came since. What is still there after the last pass keeps the marker, so the next run
   * removes it once this process is gone, instead of an unmarked directory staying for good.
   */
  static void release(Path root) {
    Path marker = root.resolve(OWNER);
    for (int pass = 0; pass < 5; pass++) {
      try (Stream<Path> entries = Files.list(root)) {
        for (Path p : entries.filter(p -> !p.equals(marker)).toList()) {
          deleteTree(p);
        }
      } catch (IOException e) {
        return; // gone already, or unreadable: nothing more to do here
      }
      try {
        Thread.sleep(200); // a writer caught mid-way shows itself by now
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
      try (Stream<Path> entries = Files.list(root)) {
        if (entries.allMatch(p -> p.equals(marker))) {
          deleteTree(root);
          return;
        }
      } catch (IOException e) {
        return;
      }
    }
  }

  /**
   * Removes {@code root} and everything under it. Someone else may be removing part of it at the
   * same time (the local job runner its job's staging files, which lie in hbench's scratch
   * directory): what is gone already is passed over, never an error.
   */
  static void deleteTree(Path root) {
    try {
      Files.walkFileTree(root, new SimpleFileVisitor<>() {
        @Override
        public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) {
          deleteIfPresent(file);
          return FileVisitResult.CONTINUE;
        }

        @Override
        public FileVisitResult visitFileFailed(Path file, IOException e) {
          return FileVisitResult.CONTINUE; // gone meanwhile, or unreadable: left to the OS
        }

        @Override
        public FileVisitResult postVisitDirectory(Path dir, IOException e) {
          deleteIfPresent(dir);
          return FileVisitResult.CONTINUE;
        }
      });
    } catch (IOException e) {
      // What could not be removed is left to the OS.
    }
  }

  private static void deleteIfPresent(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      // not empty (a writer came back) or not ours to remove: a later pass, or the OS
    }
  }
}
