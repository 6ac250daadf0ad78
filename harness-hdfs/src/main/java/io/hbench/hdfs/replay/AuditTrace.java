package io.hbench.hdfs.replay;

import io.hbench.core.error.InvalidInputException;
import java.io.BufferedReader;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;

/**
 * An audit log read whole: one file or every file of a directory (hidden ones left out), plain
 * or compressed (by the name's suffix: {@code .gz}, {@code .bz2}), on any Hadoop file system.
 * A path without a scheme is a local file. The commands are ordered by time, a file's own order kept among equal times. Lines that are
 * not audit lines are counted, and the first {@link #SHOWN} are kept with where they were.
 *
 * @param commands the audit lines, ordered by time
 * @param malformed lines that are not audit lines
 * @param firstMalformed the first of them, as {@code file:line: text}
 */
public record AuditTrace(List<AuditCommand> commands, long malformed, List<String> firstMalformed) {

  /** How many malformed lines are shown. */
  static final int SHOWN = 5;

  /**
   * Reads {@code path}.
   *
   * @throws InvalidInputException when there is no such file or directory, or no audit line in it
   */
  public static AuditTrace read(Configuration conf, String path) throws IOException {
    return scan(conf, path, false);
  }

  /**
   * Refuses {@code path} as {@link #read} would, reading only up to its first audit line: the
   * check before anything is started.
   */
  public static void check(Configuration conf, String path) throws IOException {
    scan(conf, path, true);
  }

  /** Whether {@code path} is on this machine: no scheme, or {@code file:}. */
  static boolean local(String path) {
    String scheme = new Path(path).toUri().getScheme();
    return scheme == null || scheme.equals("file");
  }

  private static AuditTrace scan(Configuration conf, String path, boolean first)
      throws IOException {
    Path p = new Path(path);
    // A path without a scheme is this machine's, where a NameNode's log usually is.
    FileSystem fs = p.toUri().getScheme() == null ? FileSystem.getLocal(conf) : p.getFileSystem(conf);
    FileStatus[] files;
    try {
      FileStatus st = fs.getFileStatus(p);
      files = st.isDirectory()
          ? fs.listStatus(p, f -> !f.getName().startsWith(".") && !f.getName().startsWith("_"))
          : new FileStatus[] {st};
    } catch (FileNotFoundException e) {
      throw new InvalidInputException("--trace " + path + ": no such file or directory");
    }
    Arrays.sort(files, Comparator.comparing(f -> f.getPath().getName()));
    CompressionCodecFactory codecs = new CompressionCodecFactory(conf);
    List<AuditCommand> commands = new ArrayList<>();
    List<String> shown = new ArrayList<>();
    long malformed = 0;
    AuditCommand.Reader reader = new AuditCommand.Reader();
    for (FileStatus f : files) {
      if (!f.isFile()) {
        continue;
      }
      CompressionCodec codec = codecs.getCodec(f.getPath());
      try (InputStream raw = fs.open(f.getPath());
          InputStream in = codec == null ? raw : codec.createInputStream(raw);
          BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        String line;
        long n = 0;
        while ((line = r.readLine()) != null) {
          n++;
          if (line.isBlank()) {
            continue;
          }
          AuditCommand c = reader.parse(line);
          if (c != null && first) {
            return null;
          }
          if (c != null) {
            commands.add(c);
          } else {
            malformed++;
            if (shown.size() < SHOWN) {
              shown.add(f.getPath().getName() + ":" + n + ": "
                  + (line.length() > 120 ? line.substring(0, 120) + "..." : line));
            }
          }
        }
      }
    }
    if (commands.isEmpty()) {
      throw new InvalidInputException("--trace " + path + ": no audit line"
          + (malformed == 0 ? " (empty)" : " among " + malformed + " lines, first: "
          + shown.get(0)));
    }
    // A stable sort: equal times keep their file's order.
    commands.sort(Comparator.comparingLong(AuditCommand::millis));
    return new AuditTrace(List.copyOf(commands), malformed, List.copyOf(shown));
  }
}
