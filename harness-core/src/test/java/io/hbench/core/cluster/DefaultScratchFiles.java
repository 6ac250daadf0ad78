package io.hbench.core.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;

/**
 * What MapReduce's local runner leaves on this machine when left to its defaults: its staging
 * directories in /tmp/hadoop/mapred/staging and its jobs' directories in hadoop.tmp.dir's
 * mapred/local; and hbench's own scratch directories in java.io.tmpdir ({@link
 * ScratchDirectory}). Tests compare it before and after a run.
 */
public final class DefaultScratchFiles {

  private DefaultScratchFiles() {}

  /** Every such path now. */
  public static Set<String> now() throws IOException {
    Set<String> out = new TreeSet<>();
    String hadoopTmp = new Configuration().get("hadoop.tmp.dir");
    for (Path dir : List.of(Path.of("/tmp/hadoop/mapred/staging"),
        Path.of(hadoopTmp, "mapred", "local"))) {
      if (Files.isDirectory(dir)) {
        try (Stream<Path> s = Files.walk(dir, 3)) {
          s.forEach(p -> out.add(p.toString()));
        }
      }
    }
    try (Stream<Path> s = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      s.filter(p -> p.getFileName().toString().startsWith(DeadRunDirectories.SCRATCH_PREFIX))
          .forEach(p -> out.add(p.toString()));
    }
    return out;
  }

  /** What {@link #now()} has that {@code before} had not. */
  public static Set<String> addedSince(Set<String> before) throws IOException {
    Set<String> added = now();
    added.removeAll(before);
    return added;
  }
}
