package io.hbench.core.fs;

import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * The only way hbench creates and deletes directories. Every directory it creates gets a marker
 * file, {@value #MARKER} (hidden from MapReduce input listings by its leading dot); it deletes or
 * reuses only directories that carry the marker and lie under the run's base directory. Anything
 * else is refused with a message that names the directory.
 */
public final class OwnedDirectories {

  /** Name of the marker file in every directory hbench created. */
  public static final String MARKER = ".hbench-owned";

  private final FileSystem fs;
  private final Path base;
  private final String runId;
  private boolean createdBase;

  /**
   * @param fs the file system the base directory lives on
   * @param base the base directory; everything created or deleted lies under it
   * @param runId written into markers, to tell which run created a directory
   */
  public OwnedDirectories(FileSystem fs, Path base, String runId) {
    this.fs = fs;
    this.base = fs.makeQualified(base);
    this.runId = runId;
  }

  public Path base() {
    return base;
  }

  public FileSystem fileSystem() {
    return fs;
  }

  /**
   * Makes sure the base directory exists and is hbench's: creates and marks it when missing,
   * accepts it when marked, refuses it when it exists without a marker.
   */
  public void prepareBase() throws IOException {
    if (!fs.exists(base)) {
      fs.mkdirs(base);
      writeMarker(base);
      createdBase = true;
      return;
    }
    requireOwned(base, "use");
  }

  /**
   * Creates {@code dir} (under the base) with a marker, replacing it if it already exists and is
   * marked. Refuses an existing directory without a marker.
   */
  public Path create(Path dir) throws IOException {
    Path d = underBase(dir);
    if (fs.exists(d)) {
      requireOwned(d, "overwrite");
      fs.delete(d, true);
    }
    fs.mkdirs(d);
    writeMarker(d);
    return d;
  }

  /** Deletes {@code dir} recursively if it is under the base and marked; refuses otherwise. */
  public void delete(Path dir) throws IOException {
    Path d = underBase(dir);
    if (!fs.exists(d)) {
      return;
    }
    requireOwned(d, "delete");
    fs.delete(d, true);
  }

  /**
   * Removes the base directory if {@link #prepareBase()} created it and nothing but the marker is
   * left in it, so that a run leaves nothing behind (a local suite's base is in /tmp); a base that
   * was there before, or that holds what another run kept, stays.
   */
  public void removeBaseIfEmpty() throws IOException {
    if (!createdBase || !fs.exists(base)) {
      return;
    }
    for (org.apache.hadoop.fs.FileStatus s : fs.listStatus(base)) {
      if (!s.getPath().getName().equals(MARKER)) {
        return;
      }
    }
    fs.delete(base, true);
  }

  /** Whether {@code dir} exists and carries hbench's marker. */
  public boolean isOwned(Path dir) throws IOException {
    return fs.exists(new Path(dir, MARKER));
  }

  private void requireOwned(Path dir, String action) throws IOException {
    if (!fs.getFileStatus(dir).isDirectory() || !isOwned(dir)) {
      throw new InvalidInputException(
          "refusing to "
              + action
              + " "
              + dir
              + ": it was not created by hbench (no "
              + MARKER
              + " marker); choose another --base-dir or --output");
    }
  }

  private Path underBase(Path dir) {
    Path d = fs.makeQualified(dir);
    String b = base.toUri().getPath();
    String p = d.toUri().getPath();
    boolean sameFs = d.toUri().getScheme() == null
        || (base.toUri().getScheme() + "://" + base.toUri().getAuthority())
            .equals(d.toUri().getScheme() + "://" + d.toUri().getAuthority());
    if (!sameFs || !(p.equals(b) || p.startsWith(b.endsWith("/") ? b : b + "/"))) {
      throw new InvalidInputException(
          "refusing to touch " + d + ": it is outside the base directory " + base);
    }
    return d;
  }

  private void writeMarker(Path dir) throws IOException {
    try (OutputStream out = fs.create(new Path(dir, MARKER), true)) {
      out.write(
          ("created by hbench run " + runId + " at " + Instant.now() + "\n")
              .getBytes(StandardCharsets.UTF_8));
    }
  }
}
